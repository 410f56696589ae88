/** SQL for card checkout sessions: one row per Stripe session, credited at most once. */
import type { Queryable } from '../db/database.ts';

export interface CheckoutRow { id: string; tenant_id: string; user_id: string | null; amount_cents: number; credits: number; status: string; credited_at: Date | null }

/** Records a session this server created. */
export async function insertCheckoutSession(db: Queryable, s: { id: string; tenantId: string; userId: string | null; amountCents: number; credits: number }): Promise<void> {
  await db.query(
    'INSERT INTO checkout_sessions (id, tenant_id, user_id, amount_cents, credits) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING',
    [s.id, s.tenantId, s.userId, s.amountCents, s.credits]);
}

/** A session by id; with tenantId, only that tenant's. */
export async function getCheckoutSession(db: Queryable, id: string, tenantId?: string): Promise<CheckoutRow | null> {
  const { rows } = await db.query<CheckoutRow>(
    `SELECT id, tenant_id, user_id, amount_cents, credits, status, credited_at FROM checkout_sessions
     WHERE id = $1 AND ($2::uuid IS NULL OR tenant_id = $2)`, [id, tenantId ?? null]);
  return rows[0] ?? null;
}

/** Marks the session paid and credited; only the first caller gets the row back. */
export async function claimPaidSession(tx: Queryable, id: string, paymentIntent: string | null): Promise<CheckoutRow | null> {
  const { rows } = await tx.query<CheckoutRow>(
    `UPDATE checkout_sessions SET status = 'paid', credited_at = now(), payment_intent = COALESCE($2, payment_intent) WHERE id = $1 AND credited_at IS NULL
     RETURNING id, tenant_id, user_id, amount_cents, credits, status, credited_at`, [id, paymentIntent]);
  return rows[0] ?? null;
}

/**
 * Raises a credited session's refunded credits to `totalCredits` (refund events carry the running
 * total) and returns the session with the increase, or null when nothing new was refunded.
 */
export async function claimRefund(tx: Queryable, paymentIntent: string, refundedCents: number): Promise<{ row: CheckoutRow; credits: number } | null> {
  const { rows } = await tx.query<CheckoutRow & { refunded_credits: number }>(
    `SELECT id, tenant_id, user_id, amount_cents, credits, status, credited_at, refunded_credits FROM checkout_sessions
     WHERE payment_intent = $1 AND credited_at IS NOT NULL FOR UPDATE`, [paymentIntent]);
  const row = rows[0];
  if (!row) return null;
  // The same share of the credits as of the money: a full refund takes all of them back.
  const total = Math.min(row.credits, Math.floor((row.credits * Math.min(refundedCents, row.amount_cents)) / row.amount_cents));
  const credits = total - row.refunded_credits;
  if (credits <= 0) return null;
  await tx.query('UPDATE checkout_sessions SET refunded_credits = $2 WHERE id = $1', [row.id, total]);
  return { row, credits };
}

/** Marks an unpaid session expired (Stripe's checkout.session.expired). */
export async function expireSession(db: Queryable, id: string): Promise<void> {
  await db.query("UPDATE checkout_sessions SET status = 'expired' WHERE id = $1 AND credited_at IS NULL", [id]);
}
