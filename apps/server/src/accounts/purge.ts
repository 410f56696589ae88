/**
 * Permanent deletion, 90 days after a customer deletes data: tenants deleted before the cutoff
 * (every row of every table carrying their tenant_id, then the tenant) and soft-deleted jobs (with
 * the rows that reference them), plus their storage prefixes. Tables are found in the catalog, so
 * tables other domains add later are covered without changes here.
 */
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { endOidcSessions } from './account-store.ts';
import { tenantsDeletedBefore } from './tenant-store.ts';

export const RETENTION_DAYS = 90;
/** Daily at 03:17 UTC (the purge-deleted queue's schedule). */
export const PURGE_CRON = '17 3 * * *';
const BATCH = 200;

interface ForeignKey { child: string; del: string; cols: string[]; refcols: string[] }

async function childrenOf(db: Queryable, table: string): Promise<ForeignKey[]> {
  const { rows } = await db.query<ForeignKey>(
    `SELECT c.conrelid::regclass::text AS child, c.confdeltype::text AS del,
       array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.i) AS cols,
       array(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.i) AS refcols
     FROM pg_constraint c WHERE c.contype = 'f' AND c.confrelid = $1::regclass`, [table]);
  return rows;
}

const q = (ident: string) => `"${ident.replace(/"/g, '""')}"`;

/** Deletes the rows of `table` matching `where`, after the rows of other tables that reference them (set-null references are left to the database). */
async function deleteWhere(db: Queryable, table: string, where: string, params: unknown[], depth = 0): Promise<void> {
  if (depth > 6) throw new Error(`Foreign keys nest too deep under ${table}`);
  for (const fk of await childrenOf(db, table)) {
    if (fk.del === 'n' || fk.del === 'd' || fk.child === table) continue;
    const cols = fk.cols.map(q).join(', '), refs = fk.refcols.map(q).join(', ');
    await deleteWhere(db, fk.child, `(${cols}) IN (SELECT ${refs} FROM ${table} WHERE ${where})`, params, depth + 1);
  }
  await db.query(`DELETE FROM ${table} WHERE ${where}`, params);
}

/** Removes one tenant for good: storage first (a failure leaves the rows for the next run), then every row. */
export async function purgeTenant(ctx: AppContext, tenantId: string): Promise<void> {
  await ctx.storage.deletePrefix(`tenants/${tenantId}/`);
  await ctx.db.transaction(async (tx) => {
    const users = await tx.query<{ id: string }>('SELECT id FROM users WHERE tenant_id = $1', [tenantId]);
    await endOidcSessions(tx, users.rows.map((u) => u.id));
    const { rows } = await tx.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'tenant_id'
         AND table_name NOT IN ('tenants', 'users') ORDER BY table_name`);
    for (const r of rows) await deleteWhere(tx, q(r.table_name), 'tenant_id = $1', [tenantId]);
    await deleteWhere(tx, 'users', 'tenant_id = $1', [tenantId]);
    await deleteWhere(tx, 'tenants', 'id = $1', [tenantId]);
  });
}

/** Runs one purge pass as of `now`; returns how many tenants and jobs were removed. */
export async function purgeDeleted(ctx: AppContext, now: Date = ctx.now()): Promise<{ tenants: number; jobs: number; cutoff: string }> {
  const cutoff = new Date(now.getTime() - RETENTION_DAYS * 24 * 3600 * 1000);
  let tenants = 0, jobs = 0;
  for (;;) {
    const ids = await tenantsDeletedBefore(ctx.db, cutoff, BATCH);
    for (const id of ids) {
      await purgeTenant(ctx, id);
      tenants++;
    }
    if (ids.length < BATCH) break;
  }
  for (;;) {
    const { rows } = await ctx.db.query<{ id: string; tenant_id: string }>('SELECT id, tenant_id FROM jobs WHERE deleted_at < $1 ORDER BY deleted_at LIMIT $2', [cutoff, BATCH]);
    for (const j of rows) {
      await ctx.storage.deletePrefix(`tenants/${j.tenant_id}/jobs/${j.id}/`);
      await ctx.db.transaction((tx) => deleteWhere(tx, 'jobs', 'id = $1 AND tenant_id = $2', [j.id, j.tenant_id]));
      jobs++;
    }
    if (rows.length < BATCH) break;
  }
  // Housekeeping: expired provider records (sessions, codes, interactions) are dead weight.
  await ctx.db.query('DELETE FROM oidc_payloads WHERE expires_at < $1', [now]);
  if (tenants || jobs) ctx.logger.info({ tenants, jobs, cutoff }, 'purged deleted data');
  return { tenants, jobs, cutoff: cutoff.toISOString() };
}
