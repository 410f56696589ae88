/** SQL for the admin calls that read across tenants (usage); handlers hold no SQL. */
import type { Queryable } from '../db/database.ts';

export interface TenantUsage {
  tenantId: string; name: string; pricingPlan: string; billingMode: string;
  /** Jobs created in the period (one job = one bill of lading), including ones the customer deleted since. */
  documents: number; completed: number; failed: number; inProgress: number;
}

/** Per-tenant document counts for jobs created in [from, to); live tenants only, busiest first. */
export async function usageByTenant(db: Queryable, q: { from: Date; to: Date; tenantId?: string }): Promise<TenantUsage[]> {
  const { rows } = await db.query<{ id: string; name: string; pricing_plan: string; billing_mode: string; documents: number; completed: number; failed: number; in_progress: number }>(
    `SELECT t.id, t.name, t.pricing_plan, t.billing_mode,
       count(j.id)::int AS documents,
       count(j.id) FILTER (WHERE j.status = 'Completed')::int AS completed,
       count(j.id) FILTER (WHERE j.status = 'Failed')::int AS failed,
       count(j.id) FILTER (WHERE j.status = 'InProgress')::int AS in_progress
     FROM tenants t LEFT JOIN jobs j ON j.tenant_id = t.id AND j.created_at >= $1 AND j.created_at < $2
     WHERE t.deleted_at IS NULL AND ($3::uuid IS NULL OR t.id = $3::uuid)
     GROUP BY t.id, t.name, t.pricing_plan, t.billing_mode, t.created_at
     ORDER BY documents DESC, t.created_at LIMIT 1000`, [q.from, q.to, q.tenantId ?? null]);
  return rows.map((r) => ({ tenantId: r.id, name: r.name, pricingPlan: r.pricing_plan, billingMode: r.billing_mode,
    documents: r.documents, completed: r.completed, failed: r.failed, inProgress: r.in_progress }));
}

/** Sets a live user's password (by e-mail); returns the user, or null when there is none. */
export async function setPasswordByEmail(db: Queryable, email: string, hash: string): Promise<{ id: string; tenant_id: string } | null> {
  const { rows } = await db.query<{ id: string; tenant_id: string }>(
    `UPDATE users u SET password_hash = $2 FROM tenants t
     WHERE lower(u.email) = $1 AND u.deleted_at IS NULL AND t.id = u.tenant_id AND t.deleted_at IS NULL RETURNING u.id, u.tenant_id`,
    [email.trim().toLowerCase(), hash]);
  return rows[0] ?? null;
}
