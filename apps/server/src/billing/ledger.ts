/**
 * The credits ledger. Credits are integers; 40 credits per USD; the welcome credit is $10 = 400
 * credits; a completed document costs the tenant's plan's credits (6 or 8, docs/pricing.md). The once-only rules
 * (welcome once per tenant and per e-mail address ever, one charge per job, one deposit per checkout session) are unique
 * indexes, and the balance row is locked (SELECT ... FOR UPDATE) for every change, so concurrent
 * calls can neither double-count nor drive the balance below zero.
 */
import { randomUUID } from 'node:crypto';
import type { PricingPlan } from '@ladingwise/shared';
import type { Queryable } from '../db/database.ts';
import { errors } from '../errors/catalogue.ts';
import { settleCredits } from './credit-reservations.ts';
import { getTenantBilling } from '../accounts/tenant-store.ts';

export const CREDITS_PER_USD = 40;
export const WELCOME_CREDITS = 10 * CREDITS_PER_USD;
/**
 * Credits one completed document costs on each plan. The advertised per-bill prices are the contract
 * (15 and 20 cents); at 40 credits per USD that is 6 and 8 credits (docs/pricing.md).
 */
export const PLAN_CREDITS: Readonly<Record<PricingPlan, number>> = { 'good-as-a-human': 6, 'better-than-a-human': 8 };
/** Bills the welcome credit pays for on a plan. */
export function welcomeBills(plan: PricingPlan): number {
  return Math.floor(WELCOME_CREDITS / PLAN_CREDITS[plan]);
}
/** The one welcome offer customers are told about: bills free on every plan (the least the credit covers). */
export const FREE_BILLS = Math.min(welcomeBills('good-as-a-human'), welcomeBills('better-than-a-human'));
/** How the welcome deposit reads in the transaction history. */
export const WELCOME_DESCRIPTION = `Welcome offer: your first ${FREE_BILLS} bills free ($10 credit)`;

/** Credits bought for an amount in cents (floored: credits are whole). */
export function creditsForCents(cents: number): number {
  return Math.floor((cents * CREDITS_PER_USD) / 100);
}

/** The credits one document costs on a plan (unknown values fall back to the base plan). */
export function planCredits(plan: string | null | undefined): number {
  return plan === 'better-than-a-human' ? PLAN_CREDITS['better-than-a-human'] : PLAN_CREDITS['good-as-a-human'];
}

/**
 * The key an e-mail address is remembered by for the welcome credit: SHA-256 of the address with case,
 * a "+tag" and (for Gmail, which ignores them) dots in the name taken off, so one mailbox counts once.
 * A tenant without a user (none is created that way, but the ledger does not rely on it) counts by its id.
 */
const EMAIL_KEY_SQL = `encode(sha256(convert_to(
  CASE WHEN split_part(lower(trim(u.email)), '@', 2) IN ('gmail.com', 'googlemail.com')
       THEN replace(split_part(split_part(lower(trim(u.email)), '@', 1), '+', 1), '.', '') || '@gmail.com'
       ELSE split_part(split_part(lower(trim(u.email)), '@', 1), '+', 1) || '@' || split_part(lower(trim(u.email)), '@', 2) END,
  'UTF8')), 'hex')`;

// One statement, so it is atomic even outside a transaction: the e-mail's row in welcome_grants decides
// whether this address was ever welcomed (by any account, deleted ones included), the tenant's unique
// welcome row decides the per-tenant winner, and only a row that passed both feeds the balance upsert.
const WELCOME_SQL = `
  WITH who AS (
    SELECT coalesce((SELECT ${EMAIL_KEY_SQL} FROM users u WHERE u.tenant_id = $2 ORDER BY u.created_at, u.id LIMIT 1), 'tenant:' || $2::text) AS email_key
  ), g AS (
    INSERT INTO welcome_grants (email_key, tenant_id) SELECT email_key, $2 FROM who
    ON CONFLICT (email_key) DO NOTHING
    RETURNING tenant_id
  ), w AS (
    INSERT INTO credit_transactions (id, tenant_id, kind, amount, description, metadata)
    SELECT $1, tenant_id, 'welcome', $3, $4, '{"source":"welcome"}'::jsonb FROM g
    ON CONFLICT (tenant_id) WHERE kind = 'welcome' DO NOTHING
    RETURNING tenant_id, amount
  )
  INSERT INTO credit_accounts (tenant_id, balance)
  SELECT tenant_id, amount FROM w
  ON CONFLICT (tenant_id) DO UPDATE SET balance = credit_accounts.balance + EXCLUDED.balance, updated_at = now()`;

/**
 * Adds the $10 welcome credit once per tenant and once per e-mail address ever (idempotent): deleting
 * an account and signing up again, or a "+tag" of the same mailbox, opens an account at 0 credits.
 */
export async function grantWelcomeCredit(tx: Queryable, tenantId: string): Promise<void> {
  await tx.query(WELCOME_SQL, [randomUUID(), tenantId, WELCOME_CREDITS, WELCOME_DESCRIPTION]);
  // An address welcomed before still gets its (empty) account, so billing does not ask again.
  await tx.query('INSERT INTO credit_accounts (tenant_id, balance) VALUES ($1, 0) ON CONFLICT (tenant_id) DO NOTHING', [tenantId]);
}

/**
 * Every account starts with the welcome credit. First-time setup grants it; an account touched by
 * billing before setup (an upload, a balance read) gets it then, so the balance a user first sees
 * never jumps later. Idempotent (one statement, unique welcome row).
 */
export async function openCreditAccount(db: Queryable, tenantId: string): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM credit_accounts WHERE tenant_id = $1', [tenantId]);
  if (rows.length === 0) await grantWelcomeCredit(db, tenantId);
}

/**
 * Throws errors.insufficientCredits() when the tenant cannot pay for `documents` more documents.
 * Documents already queued or processing are counted as spoken for, so a burst of uploads cannot
 * promise more documents than the balance pays for. Marketplace-billed tenants need a live subscription instead.
 */
export async function assertCanAfford(db: Queryable, tenantId: string, documents: number): Promise<void> {
  const t = await getTenantBilling(db, tenantId);
  if (!t) throw errors.insufficientCredits();
  if (t.billing_mode === 'marketplace') {
    const { rows } = await db.query(
      "SELECT 1 FROM marketplace_subscriptions WHERE tenant_id = $1 AND status = 'Subscribed'", [tenantId]);
    if (rows.length === 0) throw errors.marketplaceSubscriptionInactive();
    return;
  }
  await openCreditAccount(db, tenantId);
  const { rows } = await db.query<{ balance: number; owed: number; reserved: number }>(
    'SELECT balance, owed, reserved FROM credit_accounts WHERE tenant_id = $1', [tenantId]);
  const a = rows[0];
  const price = planCredits(t.pricing_plan);
  // A quick refusal before any work; the binding check is reserveCredits, in the transaction that accepts the job.
  if (!a || a.owed > 0 || a.balance - a.reserved < documents * price) throw errors.insufficientCredits();
}

/** The balance row, locked for the rest of the transaction (opened with the welcome credit when missing). */
async function lockAccount(tx: Queryable, tenantId: string): Promise<{ balance: number; owed: number }> {
  await openCreditAccount(tx, tenantId);
  const { rows } = await tx.query<{ balance: number; owed: number }>(
    'SELECT balance, owed FROM credit_accounts WHERE tenant_id = $1 FOR UPDATE', [tenantId]);
  return rows[0]!;
}

/**
 * Charges a completed job exactly once (no-op when already charged); call inside the completion transaction.
 * A completed document is always charged: the EDI was delivered. If the balance cannot cover it (a race
 * past assertCanAfford, or a plan change mid-flight) the balance goes to zero and the shortfall is
 * recorded as owed; uploads stay refused until a deposit settles it. Marketplace tenants record one
 * usage unit for the metering API instead.
 */
export async function chargeJob(tx: Queryable, job: { tenantId: string; jobId: string }): Promise<void> {
  const t = await getTenantBilling(tx, job.tenantId);
  if (!t) return;
  if (t.billing_mode === 'marketplace') return recordMarketplaceUsage(tx, job);
  // The normal case: the credits held since the document was accepted become its charge.
  if ((await settleCredits(tx, { tenantId: job.tenantId, jobId: job.jobId, plan: t.pricing_plan })) !== null) return;
  // A job accepted before reservations existed holds none: charged from the balance as before.
  const price = planCredits(t.pricing_plan);
  // Lock first so concurrent charges for one tenant queue up on the balance row.
  const acct = await lockAccount(tx, job.tenantId);
  const claimed = await tx.query(
    `INSERT INTO credit_transactions (id, tenant_id, kind, amount, description, job_id, metadata)
     VALUES ($1, $2, 'charge', $3, 'Document processed', $4, $5::jsonb)
     ON CONFLICT (job_id) WHERE kind = 'charge' DO NOTHING RETURNING id`,
    [randomUUID(), job.tenantId, -price, job.jobId, JSON.stringify({ source: 'processing', plan: t.pricing_plan, credits: price })]);
  if (claimed.rowCount === 0) return;
  const paid = Math.min(acct.balance, price);
  const short = price - paid;
  await tx.query('UPDATE credit_accounts SET balance = balance - $2, owed = owed + $3, updated_at = now() WHERE tenant_id = $1',
    [job.tenantId, paid, short]);
  if (short > 0) {
    await tx.query(`UPDATE credit_transactions SET amount = $2, metadata = metadata || $3::jsonb WHERE kind = 'charge' AND job_id = $1`,
      [job.jobId, -paid, JSON.stringify({ owed: short })]);
  }
}

async function recordMarketplaceUsage(tx: Queryable, job: { tenantId: string; jobId: string }): Promise<void> {
  const { rows } = await tx.query<{ id: string; plan_id: string }>(
    "SELECT id, plan_id FROM marketplace_subscriptions WHERE tenant_id = $1 AND status <> 'Unsubscribed' ORDER BY activated_at DESC NULLS LAST LIMIT 1",
    [job.tenantId]);
  const sub = rows[0];
  if (!sub) return;
  const inserted = await tx.query(
    `INSERT INTO marketplace_usage (job_id, tenant_id, subscription_id, plan_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (job_id) DO NOTHING RETURNING job_id`, [job.jobId, job.tenantId, sub.id, sub.plan_id]);
  if (inserted.rowCount === 0) return;
  await tx.query(
    `INSERT INTO credit_transactions (id, tenant_id, kind, amount, description, job_id, metadata)
     VALUES ($1, $2, 'charge', 0, 'Document processed (billed through your cloud marketplace subscription)', $3, $4::jsonb)
     ON CONFLICT (job_id) WHERE kind = 'charge' DO NOTHING`,
    [randomUUID(), job.tenantId, job.jobId, JSON.stringify({ source: 'marketplace', subscriptionId: sub.id, planId: sub.plan_id, units: 1 })]);
}

/**
 * Adds bought credits once per external reference (a checkout session id); settles any owed credits
 * first, with its own settlement row so the history still sums to the balance. Returns false when
 * that reference was already credited.
 */
export async function depositCredits(
  tx: Queryable,
  d: { tenantId: string; credits: number; externalRef: string; description: string; metadata?: Record<string, unknown> },
): Promise<boolean> {
  const acct = await lockAccount(tx, d.tenantId);
  const inserted = await tx.query(
    `INSERT INTO credit_transactions (id, tenant_id, kind, amount, description, external_ref, metadata)
     VALUES ($1, $2, 'deposit', $3, $4, $5, $6::jsonb)
     ON CONFLICT (external_ref) WHERE kind = 'deposit' DO NOTHING RETURNING id`,
    [randomUUID(), d.tenantId, d.credits, d.description, d.externalRef, JSON.stringify(d.metadata ?? {})]);
  if (inserted.rowCount === 0) return false;
  const settle = Math.min(acct.owed, d.credits);
  await tx.query('UPDATE credit_accounts SET balance = balance + $2, owed = owed - $3, updated_at = now() WHERE tenant_id = $1',
    [d.tenantId, d.credits - settle, settle]);
  if (settle > 0) {
    await tx.query(
      `INSERT INTO credit_transactions (id, tenant_id, kind, amount, description, external_ref, metadata)
       VALUES ($1, $2, 'settlement', $3, 'Unpaid document charges settled', $4, $5::jsonb)`,
      [randomUUID(), d.tenantId, -settle, d.externalRef, JSON.stringify({ source: 'settlement', credits: settle })]);
  }
  return true;
}

/** Gives back a job's charge once (e.g. an admin refund for a wrong result); returns the credits returned, null when there is no unrefunded charge. */
export async function refundJobCharge(tx: Queryable, r: { tenantId: string; jobId: string; reason: string }): Promise<number | null> {
  await lockAccount(tx, r.tenantId);
  const { rows } = await tx.query<{ amount: number; owed: number | null }>(
    `SELECT amount, (metadata->>'owed')::int AS owed FROM credit_transactions WHERE tenant_id = $1 AND job_id = $2 AND kind = 'charge'`,
    [r.tenantId, r.jobId]);
  const charge = rows[0];
  if (!charge) return null;
  const credits = -charge.amount;
  const inserted = await tx.query(
    `INSERT INTO credit_transactions (id, tenant_id, kind, amount, description, job_id, metadata)
     VALUES ($1, $2, 'refund', $3, $4, $5, $6::jsonb)
     ON CONFLICT (job_id) WHERE kind = 'refund' DO NOTHING RETURNING id`,
    [randomUUID(), r.tenantId, credits, `Refund: ${r.reason}`, r.jobId, JSON.stringify({ source: 'refund', credits, forgivenOwed: charge.owed ?? 0 })]);
  if (inserted.rowCount === 0) return null;
  // The unpaid part of the charge is forgiven too.
  await tx.query('UPDATE credit_accounts SET balance = balance + $2, owed = GREATEST(owed - $3, 0), updated_at = now() WHERE tenant_id = $1',
    [r.tenantId, credits, charge.owed ?? 0]);
  return credits;
}

/**
 * Takes credits back (a card payment refunded at the payment provider). What the balance cannot
 * cover becomes owed, as for an unpaid charge; the balance never goes below zero.
 */
export async function withdrawCredits(tx: Queryable, w: { tenantId: string; credits: number; description: string; metadata: Record<string, unknown> }): Promise<void> {
  const acct = await lockAccount(tx, w.tenantId);
  const paid = Math.min(acct.balance, w.credits);
  const short = w.credits - paid;
  await tx.query('UPDATE credit_accounts SET balance = balance - $2, owed = owed + $3, updated_at = now() WHERE tenant_id = $1', [w.tenantId, paid, short]);
  await tx.query(
    `INSERT INTO credit_transactions (id, tenant_id, kind, amount, description, metadata) VALUES ($1, $2, 'refund', $3, $4, $5::jsonb)`,
    [randomUUID(), w.tenantId, -paid, w.description, JSON.stringify({ ...w.metadata, credits: w.credits, ...(short > 0 ? { owed: short } : {}) })]);
}
