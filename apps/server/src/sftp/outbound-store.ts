/**
 * SQL for the tenant's SFTP /outbound folder: one file per generated EDI document and one status
 * file per failed job. Every query filters on tenant_id and hides files of deleted jobs.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

export interface OutboundFile { id: string; name: string; size: number; createdAt: Date }

/** Writes a file unless this job already has one for `sourceKey`; another job's file of the same name gets the job id added. */
export async function putOutboundFile(
  db: Queryable,
  f: { tenantId: string; jobId: string | null; sourceKey: string; name: string; content: string },
): Promise<void> {
  const tag = (f.jobId ?? randomUUID()).replace(/-/g, '');
  const candidates = [f.name, withSuffix(f.name, tag.slice(0, 8)), withSuffix(f.name, tag)];
  for (const name of candidates) {
    const { rows } = await db.query<{ inserted: boolean }>(
      `INSERT INTO sftp_outbound_files (tenant_id, job_id, source_key, name, content)
       SELECT $1::uuid, $2::uuid, $3::text, $4::text, $5::text
       WHERE NOT EXISTS (SELECT 1 FROM sftp_outbound_files WHERE tenant_id = $1::uuid AND name = $4::text)
         AND NOT EXISTS (SELECT 1 FROM sftp_outbound_files WHERE job_id = $2::uuid AND source_key = $3::text)
       RETURNING true AS inserted`,
      [f.tenantId, f.jobId, f.sourceKey, name, f.content],
    );
    if (rows[0]) return;
    const { rows: mine } = await db.query('SELECT 1 FROM sftp_outbound_files WHERE tenant_id = $1 AND source_key = $2 AND job_id IS NOT DISTINCT FROM $3::uuid', [f.tenantId, f.sourceKey, f.jobId]);
    if (mine.length) return;
  }
}

function withSuffix(name: string, suffix: string): string {
  const dot = name.indexOf('.');
  return dot < 0 ? `${name}_${suffix}` : `${name.slice(0, dot)}_${suffix}${name.slice(dot)}`;
}

const VISIBLE = `f.tenant_id = $1 AND f.removed_at IS NULL
  AND (f.job_id IS NULL OR EXISTS (SELECT 1 FROM jobs j WHERE j.id = f.job_id AND j.tenant_id = f.tenant_id AND j.deleted_at IS NULL))`;

/** The tenant's visible outbound files, oldest first. */
export async function listOutboundFiles(db: Queryable, tenantId: string): Promise<OutboundFile[]> {
  const { rows } = await db.query<{ id: string; name: string; size: number; created_at: Date | string }>(
    `SELECT f.id::text AS id, f.name, octet_length(f.content) AS size, f.created_at FROM sftp_outbound_files f
     WHERE ${VISIBLE} ORDER BY f.created_at, f.id`,
    [tenantId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, size: Number(r.size), createdAt: new Date(r.created_at) }));
}

/** One visible file by exact name, with its content, or null. */
export async function getOutboundFile(db: Queryable, tenantId: string, name: string): Promise<(OutboundFile & { content: string; jobId: string | null }) | null> {
  const { rows } = await db.query<{ id: string; name: string; content: string; job_id: string | null; created_at: Date | string }>(
    `SELECT f.id::text AS id, f.name, f.content, f.job_id, f.created_at FROM sftp_outbound_files f WHERE ${VISIBLE} AND f.name = $2`,
    [tenantId, name],
  );
  const r = rows[0];
  return r ? { id: r.id, name: r.name, content: r.content, jobId: r.job_id, size: Buffer.byteLength(r.content), createdAt: new Date(r.created_at) } : null;
}

/** Appends one row to the tenant's SFTP download log. */
export async function logDownload(db: Queryable, d: { tenantId: string; fileName: string; jobId: string | null; username: string; ip: string; bytes: number; at: Date }): Promise<void> {
  await db.query(
    'INSERT INTO sftp_download_log (tenant_id, file_name, job_id, username, ip, bytes, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [d.tenantId, d.fileName, d.jobId, d.username, d.ip, d.bytes, d.at],
  );
}

export interface DownloadLogEntry { fileName: string; jobId: string | null; username: string; ip: string; bytes: number; downloadedAt: string }

/** The tenant's newest downloads first. */
export async function listDownloads(db: Queryable, tenantId: string, o: { limit: number; skip: number }): Promise<{ total: number; downloads: DownloadLogEntry[] }> {
  const [{ rows }, count] = await Promise.all([
    db.query<{ file_name: string; job_id: string | null; username: string; ip: string; bytes: number; created_at: Date | string }>(
      `SELECT file_name, job_id, username, ip, bytes, created_at FROM sftp_download_log WHERE tenant_id = $1
       ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [tenantId, o.limit, o.skip],
    ),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM sftp_download_log WHERE tenant_id = $1', [tenantId]),
  ]);
  return {
    total: count.rows[0]?.n ?? 0,
    downloads: rows.map((r) => ({ fileName: r.file_name, jobId: r.job_id, username: r.username, ip: r.ip, bytes: r.bytes, downloadedAt: new Date(r.created_at).toISOString() })),
  };
}

export async function markOutboundDownloaded(db: Queryable, tenantId: string, id: string, now: Date): Promise<void> {
  await db.query('UPDATE sftp_outbound_files SET downloaded_at = coalesce(downloaded_at, $3) WHERE id = $2::bigint AND tenant_id = $1', [tenantId, id, now]);
}

/** Hides a picked-up file (rm); false when there is no such visible file. */
export async function removeOutboundFile(db: Queryable, tenantId: string, name: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE sftp_outbound_files f SET removed_at = $3 WHERE ${VISIBLE} AND f.name = $2`,
    [tenantId, name, now],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Withdraws a job's file that a newer interchange superseded, unless the partner already removed
 * it; true when a visible file was withdrawn.
 */
export async function withdrawOutboundFile(db: Queryable, f: { tenantId: string; jobId: string; sourceKey: string; now: Date }): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE sftp_outbound_files SET removed_at = $4 WHERE tenant_id = $1 AND job_id = $2 AND source_key = $3 AND removed_at IS NULL',
    [f.tenantId, f.jobId, f.sourceKey, f.now],
  );
  return (rowCount ?? 0) > 0;
}
