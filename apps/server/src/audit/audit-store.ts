/** Reads of the audit log (writes are write-audit.ts, inside each change's own transaction). */
import type { Queryable } from '../db/database.ts';

export interface AuditRow { id: string; tenant_id: string | null; user_id: string | null; actor: string; action: string; target_type: string | null; target_id: string | null; details: unknown; created_at: Date }

/** Newest first, optionally one tenant's and one action's. */
export async function listAuditLog(db: Queryable, q: { tenantId: string | null; action: string | null; limit: number; offset: number }): Promise<AuditRow[]> {
  const { rows } = await db.query<AuditRow>(
    `SELECT id, tenant_id, user_id, actor, action, target_type, target_id, details, created_at FROM audit_log
     WHERE ($1::uuid IS NULL OR tenant_id = $1::uuid) AND ($2::text IS NULL OR action = $2::text) ORDER BY id DESC LIMIT $3 OFFSET $4`,
    [q.tenantId, q.action, q.limit, q.offset]);
  return rows;
}
