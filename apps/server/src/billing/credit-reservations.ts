/**
 * Credits are held for a document from the moment it is accepted until it ends, so a burst of
 * uploads can never promise more documents than the balance pays for, and a completed document is
 * always fully paid (nothing is ever "owed" for processing):
 *
 *   reserve  (accept-upload, reprocess)  one statement: balance - reserved must cover the price, or 402
 *   settle   (the charge step, or a reviewer's approval)  the held credits become the job's charge
 *   release  (failed, cancelled, deleted)  the held credits are free again
 *
 * Each is one guarded statement (or two under the account's row lock), run inside the caller's
 * transaction, so the job's state change and the credits move together. Marketplace-billed tenants
 * hold nothing: their usage is metered when the job completes.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { errors } from '../errors/catalogue.ts';
import { openCreditAccount, planCredits } from './ledger.ts';

// The row lock UPDATE takes makes concurrent reservations queue; each re-checks the free balance
// after the one before it committed, so the sum held never exceeds the balance.
const RESERVE_SQL = `
  WITH held AS (
    UPDATE credit_accounts SET reserved = reserved + $3, updated_at = now()
    WHERE tenant_id = $1 AND owed = 0 AND balance - reserved >= $3
    RETURNING tenant_id
  )
  INSERT INTO credit_reservations (job_id, tenant_id, credits)
  SELECT $2, tenant_id, $3 FROM held
  ON CONFLICT (job_id) DO NOTHING
  RETURNING job_id`;

interface Billing { pricing_plan: string; billing_mode: string }

async function billingOf(db: Queryable, tenantId: string): Promise<Billing | null> {
  const { rows } = await db.query<Billing>('SELECT pricing_plan, billing_mode FROM tenants WHERE id = $1', [tenantId]);
  return rows[0] ?? null;
}

/**
 * Holds one document's price for a job; throws 402 when the free balance (balance - reserved) cannot
 * cover it. Idempotent per job (a job already holding credits keeps its one reservation).
 */
export async function reserveCredits(tx: Queryable, r: { tenantId: string; jobId: string }): Promise<void> {
  const t = await billingOf(tx, r.tenantId);
  if (!t) throw errors.insufficientCredits();
  if (t.billing_mode === 'marketplace') {
    const { rows } = await tx.query("SELECT 1 FROM marketplace_subscriptions WHERE tenant_id = $1 AND status = 'Subscribed'", [r.tenantId]);
    if (rows.length === 0) throw errors.marketplaceSubscriptionInactive();
    return;
  }
  await openCreditAccount(tx, r.tenantId);
  const { rows } = await tx.query(RESERVE_SQL, [r.tenantId, r.jobId, planCredits(t.pricing_plan)]);
  if (rows.length > 0) return;
  const { rows: existing } = await tx.query('SELECT 1 FROM credit_reservations WHERE job_id = $1', [r.jobId]);
  if (existing.length === 0) throw errors.insufficientCredits();
}

/**
 * Turns a job's held credits into its charge, once: the reservation row is taken (DELETE ...
 * RETURNING), so a second call finds nothing. Returns the credits charged, or null when the job
 * held none (the caller then charges the old way: a job accepted before reservations existed).
 */
export async function settleCredits(tx: Queryable, s: { tenantId: string; jobId: string; plan: string }): Promise<number | null> {
  const { rows } = await tx.query<{ credits: number }>('DELETE FROM credit_reservations WHERE job_id = $1 AND tenant_id = $2 RETURNING credits', [s.jobId, s.tenantId]);
  const credits = rows[0]?.credits;
  if (credits === undefined) return null;
  const claimed = await tx.query(
    `INSERT INTO credit_transactions (id, tenant_id, kind, amount, description, job_id, metadata)
     VALUES ($1, $2, 'charge', $3, 'Document processed', $4, $5::jsonb)
     ON CONFLICT (job_id) WHERE kind = 'charge' DO NOTHING RETURNING id`,
    [randomUUID(), s.tenantId, -credits, s.jobId, JSON.stringify({ source: 'processing', plan: s.plan, credits })]);
  // Already charged (a replayed completion): the hold is simply given back.
  const charged = claimed.rowCount > 0 ? credits : 0;
  await tx.query('UPDATE credit_accounts SET balance = balance - $2, reserved = reserved - $3, updated_at = now() WHERE tenant_id = $1',
    [s.tenantId, charged, credits]);
  return charged;
}

/** Frees a job's held credits (failed, cancelled, deleted); false when it held none. */
export async function releaseCredits(tx: Queryable, r: { tenantId: string; jobId: string }): Promise<boolean> {
  const { rows } = await tx.query<{ credits: number }>('DELETE FROM credit_reservations WHERE job_id = $1 AND tenant_id = $2 RETURNING credits', [r.jobId, r.tenantId]);
  const credits = rows[0]?.credits;
  if (credits === undefined) return false;
  await tx.query('UPDATE credit_accounts SET reserved = reserved - $2, updated_at = now() WHERE tenant_id = $1', [r.tenantId, credits]);
  return true;
}
