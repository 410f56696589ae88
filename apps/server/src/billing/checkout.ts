/**
 * Card checkout: create a Stripe Checkout Session for an amount in USD, then add the credits once,
 * whichever arrives first of the browser's return (we ask Stripe whether the session is paid) and
 * the signed checkout.session.completed webhook.
 */
import type { AppContext } from '../context.ts';
import type { Config } from '../config.ts';
import type { Principal } from '../auth/principal.ts';
import { errors } from '../errors/catalogue.ts';
import { writeAudit, actorOf } from '../audit/write-audit.ts';
import { creditsForCents, depositCredits, withdrawCredits } from './ledger.ts';
import { claimPaidSession, claimRefund, expireSession, getCheckoutSession, insertCheckoutSession } from './checkout-store.ts';
import {
  createCheckoutSession, retrieveCheckoutSession, verifyStripeSignature, StripeError,
  type StripeCheckoutSession, type StripeOptions,
} from './stripe-client.ts';

export const MIN_PURCHASE_USD = 5;
export const MAX_PURCHASE_USD = 10_000;
const DEFAULT_STRIPE_BASE = 'https://api.stripe.com';

/** Stripe settings, or null when card payments are off (no secret key and no stand-in base URL). */
export function stripeOptions(config: Config): StripeOptions | null {
  const base = config.STRIPE_API_BASE.replace(/\/+$/, '');
  if (config.STRIPE_SECRET_KEY) return { apiBase: base, secretKey: config.STRIPE_SECRET_KEY };
  // A non-default base URL is a local stand-in (development, tests), which takes any key.
  if (base !== DEFAULT_STRIPE_BASE) return { apiBase: base, secretKey: 'sk_test_stand_in' };
  return null;
}

/** Parses the spec's purchase amount (USD, min $5.00, cents precision) into cents. */
export function parseAmountCents(raw: unknown): number {
  const amount = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) throw errors.invalidAmount();
  if (amount < MIN_PURCHASE_USD) throw errors.minimumAmount();
  if (amount > MAX_PURCHASE_USD) throw errors.maximumAmount(MAX_PURCHASE_USD);
  return Math.round(amount * 100);
}

/** Creates the hosted checkout session; `origin` is where the browser comes back to. */
export async function startCheckout(ctx: AppContext, p: Principal, amountRaw: unknown, origin: string): Promise<{ sessionId: string; url: string | null; credits: number; amount: number }> {
  const amountCents = parseAmountCents(amountRaw);
  const stripe = stripeOptions(ctx.config);
  if (!stripe) throw errors.checkoutNotConfigured();
  const credits = creditsForCents(amountCents);
  let session: StripeCheckoutSession;
  try {
    session = await createCheckoutSession(stripe, {
      amountCents,
      productName: `Ladingwise credits (${credits.toLocaleString('en-US')})`,
      successUrl: `${origin}/api/billing/checkout-return?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/app/billing?cancelled=true`,
      clientReferenceId: p.tenantId,
      metadata: { tenantId: p.tenantId, credits: String(credits) },
      ...(p.email ? { customerEmail: p.email } : {}),
      idempotencyKey: crypto.randomUUID(),
    });
  } catch (err) {
    ctx.logger.warn({ err: (err as Error).message, status: err instanceof StripeError ? err.status : undefined }, 'stripe: session create failed');
    throw errors.checkoutFailed();
  }
  await insertCheckoutSession(ctx.db, { id: session.id, tenantId: p.tenantId, userId: p.userId, amountCents, credits });
  await writeAudit(ctx.db, {
    tenantId: p.tenantId, userId: p.userId, actor: actorOf(p), action: 'billing.checkout.create', targetType: 'checkout_session',
    targetId: session.id, details: { amountCents, credits },
  });
  return { sessionId: session.id, url: session.url, credits, amount: amountCents / 100 };
}

export type CreditOutcome = 'credited' | 'already-credited' | 'unpaid' | 'unknown-session';

/**
 * Adds a paid session's credits once. The credits and tenant come from our own row (written when
 * the session was created), never from the payment provider's metadata; the paid amount must match.
 */
export async function creditPaidSession(ctx: AppContext, session: Pick<StripeCheckoutSession, 'id' | 'payment_status' | 'amount_total' | 'payment_intent'>, via: 'return' | 'webhook'): Promise<CreditOutcome> {
  const row = await getCheckoutSession(ctx.db, session.id);
  if (!row) return 'unknown-session';
  if (session.payment_status !== 'paid') return 'unpaid';
  if (session.amount_total !== null && session.amount_total !== row.amount_cents) {
    ctx.logger.error({ sessionId: session.id, expected: row.amount_cents, got: session.amount_total }, 'stripe: paid amount differs from the session we created; not credited');
    return 'unpaid';
  }
  return ctx.db.transaction(async (tx) => {
    const claimed = await claimPaidSession(tx, session.id, session.payment_intent ?? null);
    if (!claimed) return 'already-credited';
    await depositCredits(tx, {
      tenantId: claimed.tenant_id, credits: claimed.credits, externalRef: claimed.id,
      description: `Credits purchased ($${(claimed.amount_cents / 100).toFixed(2)})`,
      metadata: { source: 'card', sessionId: claimed.id, amountUsd: claimed.amount_cents / 100 },
    });
    await writeAudit(tx, {
      tenantId: claimed.tenant_id, userId: claimed.user_id, actor: via === 'webhook' ? 'system:stripe-webhook' : 'system:checkout-return',
      action: 'billing.credits.deposit', targetType: 'checkout_session', targetId: claimed.id, details: { credits: claimed.credits, amountCents: claimed.amount_cents },
    });
    return 'credited';
  });
}

/** The return-URL check: asks Stripe for the session's state, then credits it if paid. */
export async function confirmCheckout(ctx: AppContext, sessionId: string): Promise<CreditOutcome> {
  const stripe = stripeOptions(ctx.config);
  if (!stripe) throw errors.checkoutNotConfigured();
  const row = await getCheckoutSession(ctx.db, sessionId);
  if (!row) return 'unknown-session';
  if (row.credited_at) return 'already-credited';
  const session = await retrieveCheckoutSession(stripe, sessionId);
  return creditPaidSession(ctx, session, 'return');
}

/** Handles one Stripe webhook delivery; throws invalidWebhookSignature for a bad or stale signature. */
export async function handleStripeWebhook(ctx: AppContext, rawBody: string, signature: string | undefined): Promise<{ type: string; outcome: string }> {
  const secret = ctx.config.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw errors.checkoutNotConfigured();
  if (!verifyStripeSignature(rawBody, signature, secret, Math.floor(ctx.now().getTime() / 1000))) throw errors.invalidWebhookSignature();
  let event: { id?: string; type?: string; data?: { object?: StripeCheckoutSession & { amount_refunded?: number } } };
  try {
    event = JSON.parse(rawBody) as typeof event;
  } catch {
    throw errors.malformedJson();
  }
  const type = event.type ?? '';
  const obj = event.data?.object;
  if (!obj?.id) return { type, outcome: 'ignored' };
  if (type === 'checkout.session.completed' || type === 'checkout.session.async_payment_succeeded') {
    return { type, outcome: await creditPaidSession(ctx, obj, 'webhook') };
  }
  if (type === 'charge.refunded' && obj.payment_intent) {
    return { type, outcome: await applyCardRefund(ctx, obj.payment_intent, obj.amount_refunded ?? 0, obj.id) };
  }
  if (type === 'checkout.session.expired') {
    await expireSession(ctx.db, obj.id);
    return { type, outcome: 'expired' };
  }
  return { type, outcome: 'ignored' };
}

/** A card payment refunded at the payment provider takes back the same share of its credits, once. */
async function applyCardRefund(ctx: AppContext, paymentIntent: string, refundedCents: number, chargeId: string): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const claimed = await claimRefund(tx, paymentIntent, refundedCents);
    if (!claimed) return 'ignored';
    const { row, credits } = claimed;
    await withdrawCredits(tx, {
      tenantId: row.tenant_id, credits, description: `Card payment refunded ($${(refundedCents / 100).toFixed(2)} of $${(row.amount_cents / 100).toFixed(2)})`,
      metadata: { source: 'card-refund', sessionId: row.id, chargeId },
    });
    await writeAudit(tx, { tenantId: row.tenant_id, actor: 'system:stripe-webhook', action: 'billing.credits.refund', targetType: 'checkout_session', targetId: row.id, details: { credits, refundedCents } });
    return 'refunded';
  });
}
