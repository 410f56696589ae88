/** Appends one audit-log row; called for every state change. */
import type { Queryable } from '../db/database.ts';

export interface AuditEntry {
  tenantId: string | null;
  userId?: string | null;
  /** "user:<id>", "apikey:<id>", "system", "sftp:<username>" */
  actor: string;
  /** verb.noun, e.g. "job.reprocess", "apikey.revoke" */
  action: string;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
}

export async function writeAudit(db: Queryable, e: AuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (tenant_id, user_id, actor, action, target_type, target_id, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [e.tenantId, e.userId ?? null, e.actor, e.action, e.targetType ?? null, e.targetId ?? null, JSON.stringify(e.details ?? {})],
  );
}

/** The actor string for a request principal. */
export function actorOf(p: { userId: string | null; apiKeyId?: string }): string {
  return p.userId ? `user:${p.userId}` : `apikey:${p.apiKeyId ?? 'unknown'}`;
}
