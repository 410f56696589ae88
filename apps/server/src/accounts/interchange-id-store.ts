/** Saved interchange IDs. IDs are upper-cased (X12 partners compare them case-sensitively; upper case is the norm). */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

export type IdKind = 'sender' | 'receiver';
export interface SavedIdDto { id: string; label: string; interchangeId: string }
/** Letters, digits, space and - . _ / & : never the usual X12 delimiters (* ~ : ^ >). */
export const INTERCHANGE_ID_PATTERN = /^[A-Z0-9 .\-_/&]{1,15}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Lists a tenant's IDs of one kind, sorted case-insensitively by label then ID. */
export async function listIds(db: Queryable, tenantId: string, kind: IdKind): Promise<SavedIdDto[]> {
  const { rows } = await db.query<{ id: string; label: string; interchange_id: string }>(
    'SELECT id, label, interchange_id FROM saved_interchange_ids WHERE tenant_id = $1 AND kind = $2 ORDER BY lower(label), interchange_id', [tenantId, kind]);
  return rows.map((r) => ({ id: r.id, label: r.label, interchangeId: r.interchange_id }));
}

/** Adds an ID; false when the tenant already saved it. */
export async function addId(db: Queryable, tenantId: string, kind: IdKind, label: string, interchangeId: string): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO saved_interchange_ids (id, tenant_id, kind, label, interchange_id) VALUES ($1,$2,$3,$4,$5)
     ON CONFLICT (tenant_id, kind, interchange_id) DO NOTHING RETURNING id`, [randomUUID(), tenantId, kind, label, interchangeId]);
  return rows.length > 0;
}

/** Deletes an ID of this tenant; false when absent. */
export async function deleteId(db: Queryable, tenantId: string, kind: IdKind, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const { rows } = await db.query('DELETE FROM saved_interchange_ids WHERE id = $1 AND tenant_id = $2 AND kind = $3 RETURNING id', [id, tenantId, kind]);
  return rows.length > 0;
}
