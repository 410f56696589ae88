/**
 * Every statement on the `tenants` table itself: creation, first-time setup, plan and billing mode,
 * deletion, and the admin lists. Other stores join `tenants` only to skip deleted accounts.
 */
import type { PricingPlan } from '@ladingwise/shared';
import type { Queryable } from '../db/database.ts';

export type BillingMode = 'credits' | 'marketplace';
export interface TenantBilling { pricing_plan: PricingPlan; billing_mode: BillingMode }

export async function insertTenant(tx: Queryable, t: { id: string; name: string }): Promise<void> {
  await tx.query('INSERT INTO tenants (id, name) VALUES ($1, $2)', [t.id, t.name]);
}

/** Whether first-time setup (SFTP account, welcome credit) ran for the tenant. */
export async function isTenantInitialized(db: Queryable, tenantId: string): Promise<boolean> {
  const { rows } = await db.query<{ initialized_at: Date | null }>('SELECT initialized_at FROM tenants WHERE id = $1', [tenantId]);
  return Boolean(rows[0]?.initialized_at);
}

/**
 * Marks a live tenant initialized; true only for the call that did it. The conditional UPDATE takes
 * the row lock: concurrent calls wait, then see initialized_at set and do nothing.
 */
export async function markTenantInitialized(tx: Queryable, tenantId: string): Promise<boolean> {
  const { rows } = await tx.query('UPDATE tenants SET initialized_at = now() WHERE id = $1 AND initialized_at IS NULL AND deleted_at IS NULL RETURNING id', [tenantId]);
  return rows.length > 0;
}

/** The tenant's pricing plan and billing mode (deleted tenants included: jobs in flight still charge). */
export async function getTenantBilling(db: Queryable, tenantId: string): Promise<TenantBilling | null> {
  const { rows } = await db.query<TenantBilling>('SELECT pricing_plan, billing_mode FROM tenants WHERE id = $1', [tenantId]);
  return rows[0] ?? null;
}

/** Sets a live tenant's pricing plan (inside a transaction, row locked); returns the previous one, or null when there is no such tenant. */
export async function setPricingPlan(tx: Queryable, tenantId: string, plan: PricingPlan): Promise<PricingPlan | null> {
  const { rows } = await tx.query<{ pricing_plan: PricingPlan }>('SELECT pricing_plan FROM tenants WHERE id = $1 AND deleted_at IS NULL FOR UPDATE', [tenantId]);
  if (!rows[0]) return null;
  await tx.query('UPDATE tenants SET pricing_plan = $2 WHERE id = $1', [tenantId, plan]);
  return rows[0].pricing_plan;
}

/** Sets the billing mode and, when given, the plan (cloud-marketplace subscription events). */
export async function setBillingMode(tx: Queryable, tenantId: string, mode: BillingMode, plan?: PricingPlan): Promise<void> {
  if (plan) await tx.query('UPDATE tenants SET billing_mode = $2, pricing_plan = $3 WHERE id = $1', [tenantId, mode, plan]);
  else await tx.query('UPDATE tenants SET billing_mode = $2 WHERE id = $1', [tenantId, mode]);
}

/** Sets the plan without the live-tenant check (a marketplace plan change applies to whatever account holds the subscription). */
export async function changePlan(tx: Queryable, tenantId: string, plan: PricingPlan): Promise<void> {
  await tx.query('UPDATE tenants SET pricing_plan = $2 WHERE id = $1', [tenantId, plan]);
}

/** Marks a live tenant deleted at `at`; false when it was already deleted or never existed. */
export async function markTenantDeleted(tx: Queryable, tenantId: string, at: Date): Promise<boolean> {
  const { rows } = await tx.query('UPDATE tenants SET deleted_at = $2 WHERE id = $1 AND deleted_at IS NULL RETURNING id', [tenantId, at]);
  return rows.length > 0;
}

/** Tenants deleted before the cutoff, oldest first: the purge's work list. */
export async function tenantsDeletedBefore(db: Queryable, cutoff: Date, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM tenants WHERE deleted_at < $1 ORDER BY deleted_at LIMIT $2', [cutoff, limit]);
  return rows.map((r) => r.id);
}

export interface TenantListRow { id: string; name: string; pricing_plan: string; created_at: Date; initialized_at: Date | null; users: number }

/** Live tenants with their live user counts, newest first (admin list, at most 1000). */
export async function listLiveTenants(db: Queryable): Promise<TenantListRow[]> {
  const { rows } = await db.query<TenantListRow>(
    `SELECT t.id, t.name, t.pricing_plan, t.created_at, t.initialized_at, (SELECT count(*)::int FROM users u WHERE u.tenant_id = t.id AND u.deleted_at IS NULL) AS users
     FROM tenants t WHERE t.deleted_at IS NULL ORDER BY t.created_at DESC LIMIT 1000`);
  return rows;
}

/** Counts of live tenants and live users (admin stats). */
export async function countLiveTenantsAndUsers(db: Queryable): Promise<{ tenants: number; users: number }> {
  const { rows } = await db.query<{ tenants: number; users: number }>(
    'SELECT (SELECT count(*)::int FROM tenants WHERE deleted_at IS NULL) AS tenants, (SELECT count(*)::int FROM users WHERE deleted_at IS NULL) AS users');
  return rows[0]!;
}
