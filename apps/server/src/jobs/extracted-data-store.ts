/** SQL for extracted-data versions: the extraction is version 1, each saved correction the next. */
import type { ExtractedData } from '@ladingwise/shared';
import type { Queryable } from '../db/database.ts';

export interface DataVersion { version: number; source: 'extraction' | 'correction'; data: ExtractedData; createdBy: string; createdAt: string }

/**
 * Appends a version and returns its number. Callers hold the job row locked (markCompleted's
 * UPDATE, or lockJob) so two writers cannot pick the same number.
 */
export async function addDataVersion(
  tx: Queryable,
  v: { jobId: string; tenantId: string; source: 'extraction' | 'correction'; data: ExtractedData; createdBy: string },
): Promise<number> {
  const { rows } = await tx.query<{ version: number }>(
    `INSERT INTO extracted_data_versions (job_id, tenant_id, version, source, data, created_by)
     SELECT $1, $2, COALESCE(MAX(version), 0) + 1, $3, $4, $5 FROM extracted_data_versions WHERE job_id = $1
     RETURNING version`,
    [v.jobId, v.tenantId, v.source, JSON.stringify(v.data), v.createdBy],
  );
  return rows[0]!.version;
}

/** Locks a visible job row for the rest of the transaction; false when there is none. */
export async function lockJob(tx: Queryable, tenantId: string, jobId: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT id FROM jobs WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL FOR UPDATE', [jobId, tenantId]);
  return rows.length === 1;
}

/** The newest version of a job's data, or null before extraction finished. */
export async function getCurrentData(db: Queryable, tenantId: string, jobId: string): Promise<{ version: number; data: ExtractedData } | null> {
  const { rows } = await db.query<{ version: number; data: ExtractedData | string }>(
    'SELECT version, data FROM extracted_data_versions WHERE job_id = $1 AND tenant_id = $2 ORDER BY version DESC LIMIT 1',
    [jobId, tenantId],
  );
  const r = rows[0];
  return r ? { version: r.version, data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data } : null;
}

/** Every version of a job's data, oldest first. */
export async function listDataVersions(db: Queryable, tenantId: string, jobId: string): Promise<DataVersion[]> {
  const { rows } = await db.query<{ version: number; source: 'extraction' | 'correction'; data: ExtractedData | string; created_by: string; created_at: Date | string }>(
    'SELECT version, source, data, created_by, created_at FROM extracted_data_versions WHERE job_id = $1 AND tenant_id = $2 ORDER BY version',
    [jobId, tenantId],
  );
  return rows.map((r) => ({
    version: r.version,
    source: r.source,
    data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data,
    createdBy: r.created_by,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
