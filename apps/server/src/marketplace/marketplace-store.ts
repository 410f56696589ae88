/** SQL for cloud-marketplace subscriptions, webhook operations and metered usage. */
import type { Queryable } from '../db/database.ts';

export interface SubscriptionRow {
  id: string; tenant_id: string | null; resolved_by_tenant: string | null; name: string; offer_id: string; plan_id: string;
  quantity: number | null; status: string; purchaser_email: string | null; beneficiary_email: string | null;
  resolved_at: Date | null; activated_at: Date | null;
}

export interface SubscriptionDto { id: string; name: string; offerId: string; planId: string; quantity: number | null; status: string; activatedAt: string | null }

/** The API shape of a subscription row. */
export function toSubscriptionDto(r: SubscriptionRow): SubscriptionDto {
  return { id: r.id, name: r.name, offerId: r.offer_id, planId: r.plan_id, quantity: r.quantity, status: r.status,
    activatedAt: r.activated_at ? new Date(r.activated_at).toISOString() : null };
}

const COLS = 'id, tenant_id, resolved_by_tenant, name, offer_id, plan_id, quantity, status, purchaser_email, beneficiary_email, resolved_at, activated_at';

export async function getSubscriptionRow(db: Queryable, id: string): Promise<SubscriptionRow | null> {
  const { rows } = await db.query<SubscriptionRow>(`SELECT ${COLS} FROM marketplace_subscriptions WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** The tenant's live (not unsubscribed) subscription, as the API shows it, or null. */
export async function getTenantSubscription(db: Queryable, tenantId: string): Promise<SubscriptionDto | null> {
  const { rows } = await db.query<SubscriptionRow>(
    `SELECT ${COLS} FROM marketplace_subscriptions WHERE tenant_id = $1 AND status <> 'Unsubscribed' ORDER BY activated_at DESC NULLS LAST LIMIT 1`, [tenantId]);
  return rows[0] ? toSubscriptionDto(rows[0]) : null;
}

/** Records (or refreshes) what the marketplace told us about a subscription; never changes its tenant. */
export async function upsertSubscription(db: Queryable, s: {
  id: string; name?: string; offerId?: string; planId?: string; quantity?: number | null; status?: string;
  purchaserEmail?: string | null; beneficiaryEmail?: string | null; resolvedByTenant?: string | null;
}): Promise<void> {
  await db.query(
    `INSERT INTO marketplace_subscriptions (id, name, offer_id, plan_id, quantity, status, purchaser_email, beneficiary_email, resolved_by_tenant, resolved_at)
     VALUES ($1, $2, $3, $4, $5, COALESCE($6, 'PendingFulfillmentStart'), $7, $8, $9, CASE WHEN $9::uuid IS NULL THEN NULL ELSE now() END)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, offer_id = EXCLUDED.offer_id, plan_id = EXCLUDED.plan_id, quantity = EXCLUDED.quantity,
       status = COALESCE($6, marketplace_subscriptions.status),
       purchaser_email = COALESCE(EXCLUDED.purchaser_email, marketplace_subscriptions.purchaser_email),
       beneficiary_email = COALESCE(EXCLUDED.beneficiary_email, marketplace_subscriptions.beneficiary_email),
       resolved_by_tenant = COALESCE($9::uuid, marketplace_subscriptions.resolved_by_tenant),
       resolved_at = CASE WHEN $9::uuid IS NULL THEN marketplace_subscriptions.resolved_at ELSE now() END,
       updated_at = now()`,
    [s.id, s.name ?? '', s.offerId ?? '', s.planId ?? '', s.quantity ?? null, s.status ?? null, s.purchaserEmail ?? null, s.beneficiaryEmail ?? null, s.resolvedByTenant ?? null]);
}

/** Binds a subscription to a tenant as Subscribed; false when another tenant holds it. */
export async function bindSubscription(tx: Queryable, id: string, tenantId: string): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE marketplace_subscriptions SET tenant_id = $2, status = 'Subscribed', activated_at = COALESCE(activated_at, now()), updated_at = now()
     WHERE id = $1 AND (tenant_id IS NULL OR tenant_id = $2 OR status = 'Unsubscribed') RETURNING id`, [id, tenantId]);
  return rows.length > 0;
}

/** Sets a subscription's status and/or plan and quantity; returns its tenant. */
export async function updateSubscription(tx: Queryable, id: string, u: { status?: string; planId?: string; quantity?: number | null }): Promise<string | null> {
  const { rows } = await tx.query<{ tenant_id: string | null }>(
    `UPDATE marketplace_subscriptions SET status = COALESCE($2, status), plan_id = COALESCE($3, plan_id),
       quantity = CASE WHEN $4::boolean THEN $5 ELSE quantity END, updated_at = now()
     WHERE id = $1 RETURNING tenant_id`,
    [id, u.status ?? null, u.planId ?? null, u.quantity !== undefined, u.quantity ?? null]);
  return rows[0]?.tenant_id ?? null;
}

/** Claims a webhook operation id; false when it was already applied. */
export async function claimOperation(tx: Queryable, op: { id: string; subscriptionId: string; action: string; tenantId: string | null }): Promise<boolean> {
  const { rows } = await tx.query(
    'INSERT INTO marketplace_operations (id, subscription_id, action, tenant_id) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING RETURNING id',
    [op.id, op.subscriptionId, op.action, op.tenantId]);
  return rows.length > 0;
}

/** Usage for the tenant's subscription since `since`: documents, reported units, pending units. */
export async function usageSummary(db: Queryable, tenantId: string, since: Date): Promise<{ documents: number; reported: number; pending: number; lastReportedAt: string | null }> {
  const { rows } = await db.query<{ documents: number; reported: number; pending: number; last: Date | null }>(
    `SELECT count(*)::int AS documents, count(*) FILTER (WHERE report_status IN ('Accepted', 'Duplicate'))::int AS reported,
       (count(*) - count(reported_at))::int AS pending, max(reported_at) AS last
     FROM marketplace_usage WHERE tenant_id = $1 AND completed_at >= $2`, [tenantId, since]);
  const r = rows[0];
  return { documents: r?.documents ?? 0, reported: r?.reported ?? 0, pending: r?.pending ?? 0, lastReportedAt: r?.last ? new Date(r.last).toISOString() : null };
}

const HOUR = 'floor(extract(epoch FROM completed_at) / 3600)::int';

/** hour_no: whole hours since the Unix epoch (UTC), so buckets do not depend on the session time zone. */
export interface UsageBucket { subscription_id: string; plan_id: string; hour_no: number; units: number }

/** Unreported usage before `before`, one bucket per subscription, plan and hour (the metering API takes one event per hour). */
export async function unreportedBuckets(db: Queryable, before: Date, limit = 25): Promise<UsageBucket[]> {
  const { rows } = await db.query<UsageBucket>(
    `SELECT subscription_id, plan_id, ${HOUR} AS hour_no, count(*)::int AS units
     FROM marketplace_usage WHERE reported_at IS NULL AND completed_at < $1
     GROUP BY subscription_id, plan_id, ${HOUR} ORDER BY hour_no LIMIT $2`, [before, limit]);
  return rows;
}

/** Settles a bucket's rows with the metering API's verdict and event id. */
export async function markBucketReported(db: Queryable, b: UsageBucket, status: string, usageEventId: string | null): Promise<void> {
  await db.query(
    `UPDATE marketplace_usage SET reported_at = now(), usage_event_id = $4, report_status = $5
     WHERE reported_at IS NULL AND subscription_id = $1 AND plan_id = $2 AND ${HOUR} = $3`,
    [b.subscription_id, b.plan_id, b.hour_no, usageEventId, status]);
}
