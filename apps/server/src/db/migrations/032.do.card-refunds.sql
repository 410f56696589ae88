-- Card refunds made in the payment provider's dashboard take the bought credits back.
-- payment_intent links a refunded charge to its checkout session; refunded_credits is how many were taken back so far
-- (refund events carry the cumulative refunded amount, so only the difference is applied).
ALTER TABLE checkout_sessions ADD COLUMN payment_intent text;
ALTER TABLE checkout_sessions ADD COLUMN refunded_credits integer NOT NULL DEFAULT 0 CHECK (refunded_credits >= 0);
CREATE UNIQUE INDEX checkout_sessions_payment_intent_key ON checkout_sessions (payment_intent) WHERE payment_intent IS NOT NULL;
