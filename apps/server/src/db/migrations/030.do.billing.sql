-- Credits ledger. credit_accounts holds the running balance (never negative) and any shortfall a
-- completed job could not pay (owed, settled by the next deposit); credit_transactions is the
-- append-only history, and sum(amount) over a tenant's rows always equals its balance.
CREATE TABLE credit_accounts (
  tenant_id   uuid PRIMARY KEY REFERENCES tenants(id),
  balance     integer NOT NULL DEFAULT 0 CHECK (balance >= 0),
  owed        integer NOT NULL DEFAULT 0 CHECK (owed >= 0),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- kind: welcome | deposit (card) | charge (job; 0 credits for marketplace-billed tenants) | refund | settlement (owed paid from a deposit).
CREATE TABLE credit_transactions (
  id           uuid PRIMARY KEY,
  tenant_id    uuid NOT NULL REFERENCES tenants(id),
  kind         text NOT NULL CHECK (kind IN ('welcome', 'deposit', 'charge', 'refund', 'settlement')),
  amount       integer NOT NULL,
  description  text NOT NULL,
  job_id       uuid,
  external_ref text,
  metadata     jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at   timestamptz NOT NULL DEFAULT now()
);
-- The once-only guarantees live in the database, so races cannot break them.
CREATE UNIQUE INDEX credit_transactions_welcome_once ON credit_transactions (tenant_id) WHERE kind = 'welcome';
CREATE UNIQUE INDEX credit_transactions_charge_once ON credit_transactions (job_id) WHERE kind = 'charge';
CREATE UNIQUE INDEX credit_transactions_refund_once ON credit_transactions (job_id) WHERE kind = 'refund';
CREATE UNIQUE INDEX credit_transactions_deposit_once ON credit_transactions (external_ref) WHERE kind = 'deposit';
CREATE INDEX credit_transactions_tenant_idx ON credit_transactions (tenant_id, created_at DESC, id);

-- Card checkout sessions (Stripe Checkout). credited_at is set once, by whichever of the return-URL
-- check or the webhook sees the session paid first.
CREATE TABLE checkout_sessions (
  id            text PRIMARY KEY,
  tenant_id     uuid NOT NULL REFERENCES tenants(id),
  user_id       uuid,
  amount_cents  integer NOT NULL CHECK (amount_cents > 0),
  credits       integer NOT NULL CHECK (credits > 0),
  status        text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'expired')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  credited_at   timestamptz
);
CREATE INDEX checkout_sessions_tenant_idx ON checkout_sessions (tenant_id, created_at DESC);
