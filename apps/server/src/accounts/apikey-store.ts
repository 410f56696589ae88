/** API key storage: keys are `lw_live_<32 base62>`, stored as SHA-256 hex; only the 12-char prefix is listed. */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

const B62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Makes a fresh key (rejection sampling keeps base62 digits uniform). */
export function generateApiKey(): string {
  let out = '';
  while (out.length < 32) for (const b of randomBytes(48)) if (b < 248 && out.length < 32) out += B62[b % 62];
  return `lw_live_${out}`;
}

export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export interface ApiKeyDto { id: string; name: string; description: string | null; prefix: string; createdAt: string; lastUsedAt: string | null; isActive: boolean }
interface Row { id: string; name: string; description: string | null; prefix: string; created_at: Date; last_used_at: Date | null; revoked_at: Date | null }
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const toDto = (r: Row): ApiKeyDto => ({ id: r.id, name: r.name, description: r.description, prefix: r.prefix, createdAt: iso(r.created_at)!, lastUsedAt: iso(r.last_used_at), isActive: r.revoked_at === null });
const COLS = 'id, name, description, prefix, created_at, last_used_at, revoked_at';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Lists a tenant's keys, newest first. */
export async function listApiKeys(db: Queryable, tenantId: string): Promise<ApiKeyDto[]> {
  const { rows } = await db.query<Row>(`SELECT ${COLS} FROM api_keys WHERE tenant_id = $1 ORDER BY created_at DESC`, [tenantId]);
  return rows.map(toDto);
}

/** Creates a key and returns it with the full secret (shown once). */
export async function createApiKey(db: Queryable, a: { tenantId: string; userId: string | null; name: string; description: string | null }): Promise<ApiKeyDto & { key: string }> {
  const key = generateApiKey();
  const { rows } = await db.query<Row>(
    `INSERT INTO api_keys (id, tenant_id, created_by, name, description, prefix, key_hash) VALUES ($1,$2,$3,$4,$5,$6,$7) RETURNING ${COLS}`,
    [randomUUID(), a.tenantId, a.userId, a.name, a.description, key.slice(0, 12), hashApiKey(key)]);
  return { ...toDto(rows[0]!), key };
}

/** Revokes a key of this tenant; false when no such active key. */
export async function revokeApiKey(db: Queryable, tenantId: string, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const { rows } = await db.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND tenant_id = $2 AND revoked_at IS NULL RETURNING id', [id, tenantId]);
  return rows.length > 0;
}

/** Finds the active key and its tenant (tenant not deleted), updating last_used_at. */
export async function resolveApiKey(db: Queryable, key: string): Promise<{ id: string; tenantId: string } | null> {
  const { rows } = await db.query<{ id: string; tenant_id: string }>(
    `UPDATE api_keys k SET last_used_at = now() FROM tenants t
     WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND t.id = k.tenant_id AND t.deleted_at IS NULL RETURNING k.id, k.tenant_id`, [hashApiKey(key)]);
  const r = rows[0];
  return r ? { id: r.id, tenantId: r.tenant_id } : null;
}
