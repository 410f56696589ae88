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
export async function claimPaidSession(tx: Queryable, id: string): Promise<CheckoutRow | null> {
  const { rows } = await tx.query<CheckoutRow>(
    `UPDATE checkout_sessions SET status = 'paid', credited_at = now() WHERE id = $1 AND credited_at IS NULL
     RETURNING id, tenant_id, user_id, amount_cents, credits, status, credited_at`, [id]);
  return rows[0] ?? null;
}

/** Marks an unpaid session expired (Stripe's checkout.session.expired). */
export async function expireSession(db: Queryable, id: string): Promise<void> {
  await db.query("UPDATE checkout_sessions SET status = 'expired' WHERE id = $1 AND credited_at IS NULL", [id]);
}
