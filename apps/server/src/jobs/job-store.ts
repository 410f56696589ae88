/**
 * SQL for jobs and their pages, and the JobDto the API and delivery read. Every query filters on
 * tenant_id and hides soft-deleted rows, so another tenant's id reads exactly like an unknown one.
 */
import type { EdiDocumentType, ExtractedData, JobDto, JobStatus } from '@ladingwise/shared';
import type { Queryable } from '../db/database.ts';

export type JobStage = 'queued' | 'processing' | 'done';

export interface JobRow {
  id: string;
  tenant_id: string;
  status: JobStatus;
  stage: JobStage;
  file_name: string;
  sender_id: string;
  receiver_id: string;
  source: 'web' | 'api' | 'sftp';
  queue_job_id: string | null;
  attempts: number;
  error_code: string | null;
  error_message: string | null;
  processing_type: EdiDocumentType | null;
  created_at: Date | string;
  completed_at: Date | string | null;
}

export interface PageRow {
  job_id: string;
  page: number;
  file_name: string;
  image_type: 'jpeg' | 'png' | 'bmp' | 'tiff' | 'webp';
  byte_size: number;
  storage_key: string;
  /** The frame of a multi-page file (TIFF) this page is; 0 for single-page images. */
  frame: number;
}

export interface NewJob {
  id: string;
  tenantId: string;
  fileName: string;
  senderId: string;
  receiverId: string;
  source: 'web' | 'api' | 'sftp';
  createdBy: string | null;
  apiKeyId: string | null;
  pages: (Omit<PageRow, 'job_id' | 'frame'> & { frame?: number })[];
}

const JOB_COLUMNS = `id, tenant_id, status, stage, file_name, sender_id, receiver_id, source, queue_job_id, attempts,
  error_code, error_message, processing_type, created_at, completed_at`;

/** Inserts a queued job and its pages (inside the upload transaction). */
export async function insertJob(tx: Queryable, j: NewJob): Promise<void> {
  await tx.query(
    `INSERT INTO jobs (id, tenant_id, file_name, sender_id, receiver_id, source, created_by, api_key_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [j.id, j.tenantId, j.fileName, j.senderId, j.receiverId, j.source, j.createdBy, j.apiKeyId],
  );
  for (const p of j.pages) {
    await tx.query(
      `INSERT INTO job_pages (job_id, tenant_id, page, file_name, image_type, byte_size, storage_key, frame) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [j.id, j.tenantId, p.page, p.file_name, p.image_type, p.byte_size, p.storage_key, p.frame ?? 0],
    );
  }
}

/** Removes a job that never got queued (the upload is undone whole). */
export async function removeUnqueuedJob(db: Queryable, tenantId: string, jobId: string): Promise<void> {
  await db.query('DELETE FROM jobs WHERE id = $1 AND tenant_id = $2', [jobId, tenantId]);
}

export async function setQueueJobId(db: Queryable, tenantId: string, jobId: string, queueJobId: string | null): Promise<void> {
  await db.query('UPDATE jobs SET queue_job_id = $3 WHERE id = $1 AND tenant_id = $2', [jobId, tenantId, queueJobId]);
}

/** The visible job row of a tenant, or null (unknown, deleted or another tenant's). */
export async function getJobRow(db: Queryable, tenantId: string, jobId: string): Promise<JobRow | null> {
  if (!isUuid(jobId)) return null;
  const { rows } = await db.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL`, [jobId, tenantId]);
  return rows[0] ?? null;
}

/** The job row by id alone, for workers (which get ids only from the queue, never from users). */
export async function getJobRowForWorker(db: Queryable, jobId: string): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = $1`, [jobId]);
  return rows[0] ?? null;
}

export async function listPages(db: Queryable, tenantId: string, jobId: string): Promise<PageRow[]> {
  const { rows } = await db.query<PageRow>(
    'SELECT job_id, page, file_name, image_type, byte_size, storage_key, frame FROM job_pages WHERE job_id = $1 AND tenant_id = $2 ORDER BY page',
    [jobId, tenantId],
  );
  return rows;
}

export async function getPage(db: Queryable, tenantId: string, jobId: string, page: number): Promise<PageRow | null> {
  if (!isUuid(jobId)) return null;
  const { rows } = await db.query<PageRow>(
    `SELECT p.job_id, p.page, p.file_name, p.image_type, p.byte_size, p.storage_key, p.frame FROM job_pages p
     JOIN jobs j ON j.id = p.job_id AND j.tenant_id = p.tenant_id
     WHERE p.job_id = $1 AND p.tenant_id = $2 AND p.page = $3 AND j.deleted_at IS NULL`,
    [jobId, tenantId, page],
  );
  return rows[0] ?? null;
}

/**
 * Moves a job to processing; null when it is no longer InProgress (cancelled, deleted, already
 * finished by another worker), in which case the queue message is simply acknowledged.
 */
export async function claimJob(db: Queryable, jobId: string): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>(
    `UPDATE jobs SET stage = 'processing', started_at = now(), attempts = attempts + 1
     WHERE id = $1 AND status = 'InProgress' AND deleted_at IS NULL RETURNING ${JOB_COLUMNS}`,
    [jobId],
  );
  return rows[0] ?? null;
}

/**
 * The one transition to Completed. Guarded on status = 'InProgress' so that, however many workers
 * ran the job (expiry redelivery, a second process), exactly one completes it.
 */
export async function markCompleted(
  tx: Queryable,
  j: { jobId: string; tenantId: string; processingType: EdiDocumentType | null; shipperName: string | null; bolNumber: string | null },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE jobs SET status = 'Completed', stage = 'done', completed_at = now(), error_code = NULL, error_message = NULL,
       processing_type = $3, shipper_name = $4, bol_number = $5
     WHERE id = $1 AND tenant_id = $2 AND status = 'InProgress' AND deleted_at IS NULL`,
    [j.jobId, j.tenantId, j.processingType, j.shipperName, j.bolNumber],
  );
  return rowCount === 1;
}

/**
 * InProgress -> NeedsReview: extracted and validated, waiting for a person; nothing built,
 * delivered or charged. Guarded like markCompleted.
 */
export async function markNeedsReview(
  tx: Queryable,
  j: { jobId: string; tenantId: string; shipperName: string | null; bolNumber: string | null },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE jobs SET status = 'NeedsReview', stage = 'done', error_code = NULL, error_message = NULL, shipper_name = $3, bol_number = $4
     WHERE id = $1 AND tenant_id = $2 AND status = 'InProgress' AND deleted_at IS NULL`,
    [j.jobId, j.tenantId, j.shipperName, j.bolNumber],
  );
  return rowCount === 1;
}

/** An approval builds and stores a few interchanges; one still claimed after this long has died. */
export const APPROVAL_STALE_MINUTES = 5;

/**
 * Takes a held job for approval (stage 'processing' while its EDI is built); null when it is not
 * held or another approval already has it, so concurrent approvals build, deliver and charge once.
 */
export async function claimApproval(db: Queryable, tenantId: string, jobId: string): Promise<JobRow | null> {
  if (!isUuid(jobId)) return null;
  const { rows } = await db.query<JobRow>(
    // A claim older than APPROVAL_STALE_MINUTES belonged to a process that died mid-approval: it may be taken again.
    `UPDATE jobs SET stage = 'processing', started_at = now()
     WHERE id = $1 AND tenant_id = $2 AND status = 'NeedsReview' AND deleted_at IS NULL
       AND (stage = 'done' OR (stage = 'processing' AND started_at < now() - interval '${APPROVAL_STALE_MINUTES} minutes'))
     RETURNING ${JOB_COLUMNS}`,
    [jobId, tenantId],
  );
  return rows[0] ?? null;
}

/** Gives a claimed approval back (its EDI could not be built): the job waits for review again. */
export async function releaseApproval(db: Queryable, tenantId: string, jobId: string): Promise<void> {
  await db.query(`UPDATE jobs SET stage = 'done' WHERE id = $1 AND tenant_id = $2 AND status = 'NeedsReview' AND stage = 'processing'`, [jobId, tenantId]);
}

/** A claimed approval -> Completed; false when the job was deleted meanwhile. */
export async function markApproved(
  tx: Queryable,
  j: { jobId: string; tenantId: string; processingType: EdiDocumentType | null; shipperName: string | null; bolNumber: string | null },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE jobs SET status = 'Completed', stage = 'done', completed_at = now(), processing_type = $3, shipper_name = $4, bol_number = $5
     WHERE id = $1 AND tenant_id = $2 AND status = 'NeedsReview' AND stage = 'processing' AND deleted_at IS NULL`,
    [j.jobId, j.tenantId, j.processingType, j.shipperName, j.bolNumber],
  );
  return rowCount === 1;
}

/** The one transition to Failed (never charged); guarded like markCompleted. */
export async function markFailed(tx: Queryable, j: { jobId: string; tenantId: string; code: string; message: string }): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE jobs SET status = 'Failed', stage = 'done', completed_at = now(), error_code = $3, error_message = $4
     WHERE id = $1 AND tenant_id = $2 AND status = 'InProgress' AND deleted_at IS NULL`,
    [j.jobId, j.tenantId, j.code, j.message],
  );
  return rowCount === 1;
}

/** Failed or Cancelled -> queued again; false when the job is in any other state. */
export async function markRequeued(tx: Queryable, tenantId: string, jobId: string): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE jobs SET status = 'InProgress', stage = 'queued', attempts = 0, error_code = NULL, error_message = NULL,
       completed_at = NULL, started_at = NULL
     WHERE id = $1 AND tenant_id = $2 AND status IN ('Failed', 'Cancelled') AND deleted_at IS NULL`,
    [jobId, tenantId],
  );
  return rowCount === 1;
}

/** Queued -> Cancelled; false once a worker has started it. */
export async function markCancelled(tx: Queryable, tenantId: string, jobId: string): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE jobs SET status = 'Cancelled', stage = 'done', completed_at = now()
     WHERE id = $1 AND tenant_id = $2 AND status = 'InProgress' AND stage = 'queued' AND deleted_at IS NULL`,
    [jobId, tenantId],
  );
  return rowCount === 1;
}

/** Soft delete: hidden from every route at once; the purge removes rows and files 90 days later. */
export async function markDeleted(tx: Queryable, tenantId: string, jobId: string): Promise<JobRow | null> {
  const { rows } = await tx.query<JobRow>(
    `UPDATE jobs SET deleted_at = now() WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL RETURNING ${JOB_COLUMNS}`,
    [jobId, tenantId],
  );
  return rows[0] ?? null;
}

/** Keeps the list's search columns and the primary EDI type in step with the current data. */
export async function updateJobSummary(
  tx: Queryable,
  j: { jobId: string; tenantId: string; shipperName: string | null; bolNumber: string | null; processingType?: EdiDocumentType | null },
): Promise<void> {
  await tx.query(
    `UPDATE jobs SET shipper_name = $3, bol_number = $4, processing_type = CASE WHEN $5::boolean THEN $6 ELSE processing_type END
     WHERE id = $1 AND tenant_id = $2`,
    [j.jobId, j.tenantId, j.shipperName, j.bolNumber, j.processingType !== undefined, j.processingType ?? null],
  );
}

export interface ListQuery { jobId?: string; status?: JobStatus; search?: string; page: number; pageSize: number }

/** One page of a tenant's visible jobs, newest first, with the total for the pager. */
export async function listJobs(db: Queryable, tenantId: string, q: ListQuery): Promise<{ jobs: JobDto[]; total: number }> {
  const where = ['tenant_id = $1', 'deleted_at IS NULL'];
  const params: unknown[] = [tenantId];
  if (q.jobId !== undefined) {
    if (!isUuid(q.jobId)) return { jobs: [], total: 0 };
    params.push(q.jobId);
    where.push(`id = $${params.length}`);
  }
  if (q.status) {
    params.push(q.status);
    where.push(`status = $${params.length}`);
  }
  if (q.search) {
    params.push(`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const p = `$${params.length}`;
    where.push(`(shipper_name ILIKE ${p} OR bol_number ILIKE ${p} OR file_name ILIKE ${p})`);
  }
  const clause = where.join(' AND ');
  const { rows: countRows } = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM jobs WHERE ${clause}`, params);
  params.push(q.pageSize, (q.page - 1) * q.pageSize);
  const { rows } = await db.query<JobRow>(
    `SELECT ${JOB_COLUMNS} FROM jobs WHERE ${clause} ORDER BY created_at DESC, id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { jobs: await toDtos(db, tenantId, rows), total: Number(countRows[0]?.n ?? 0) };
}

/** The JobDto of a visible job, or null; delivery reads finished jobs through this. */
export async function getJob(db: Queryable, tenantId: string, jobId: string): Promise<JobDto | null> {
  const row = await getJobRow(db, tenantId, jobId);
  if (!row) return null;
  const [dto] = await toDtos(db, tenantId, [row]);
  return dto ?? null;
}

interface EdiRow { job_id: string; doc_type: EdiDocumentType; isa_control_number: number; content: string; purpose: 'original' | 'change'; created_at: Date | string; id: string | number }

async function toDtos(db: Queryable, tenantId: string, rows: JobRow[]): Promise<JobDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [pages, data, edi] = await Promise.all([
    db.query<{ job_id: string; n: string | number }>(
      'SELECT job_id, count(*) AS n FROM job_pages WHERE tenant_id = $1 AND job_id = ANY($2::uuid[]) GROUP BY job_id', [tenantId, ids]),
    db.query<{ job_id: string; data: ExtractedData | string }>(
      `SELECT DISTINCT ON (job_id) job_id, data FROM extracted_data_versions
       WHERE tenant_id = $1 AND job_id = ANY($2::uuid[]) ORDER BY job_id, version DESC`, [tenantId, ids]),
    db.query<EdiRow>(
      `SELECT id, job_id, doc_type, isa_control_number, content, purpose, created_at FROM edi_documents
       WHERE tenant_id = $1 AND job_id = ANY($2::uuid[]) ORDER BY job_id, id`, [tenantId, ids]),
  ]);
  const pageCount = new Map(pages.rows.map((r) => [r.job_id, Number(r.n)]));
  const dataOf = new Map(data.rows.map((r) => [r.job_id, (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as ExtractedData]));
  const ediOf = new Map<string, EdiRow[]>();
  for (const e of edi.rows) ediOf.set(e.job_id, [...(ediOf.get(e.job_id) ?? []), e]);
  return rows.map((r) => toDto(r, pageCount.get(r.id) ?? 0, dataOf.get(r.id) ?? null, ediOf.get(r.id) ?? []));
}

/** Formats an ISA13 value: 9 digits, zero padded. */
export function formatIsa(n: number): string {
  return String(n).padStart(9, '0');
}

function toDto(r: JobRow, pageCount: number, data: ExtractedData | null, history: EdiRow[]): JobDto {
  // Rows come oldest first: the last of each type is the current interchange.
  const latest = new Map(history.map((e) => [e.doc_type, e]));
  const docs = [...latest.values()]
    .sort((a, b) => a.doc_type.localeCompare(b.doc_type))
    .map((e) => ({ Type: e.doc_type, ISAControlNumber: formatIsa(e.isa_control_number), Content: e.content }));
  const primary = docs.find((d) => d.Type === r.processing_type) ?? docs[0] ?? null;
  const base = `/api/image/${r.id}`;
  const pages = Array.from({ length: pageCount }, (_, i) => i);
  const extracted: ExtractedData | null = data
    ? {
        ...data,
        References: { ...data.References, ISA: primary?.ISAControlNumber ?? data.References?.ISA ?? null },
        ISAControlNumber: primary?.ISAControlNumber ?? null,
        Edi: primary?.Content ?? null,
      }
    : null;
  return {
    JobId: r.id,
    FileName: r.file_name || 'Unknown File',
    Status: r.status,
    StatusIcon: r.status,
    CreatedAt: iso(r.created_at) ?? new Date().toISOString(),
    CompletedAt: iso(r.completed_at),
    ErrorMessage: r.error_message,
    EDIContent: primary?.Content ?? null,
    EdiDocuments: docs,
    ExtractedData: extracted,
    ImageUrls: pages.map((p) => `${base}/${p}`),
    DisplayUrls: pages.map((p) => `${base}/${p}?size=display`),
    ThumbnailUrls: pages.map((p) => `${base}/${p}?size=thumb`),
    ISAControlNumber: primary?.ISAControlNumber ?? null,
    ProcessingType: primary?.Type ?? null,
    EdiInterchangeSenderId: r.sender_id,
    EdiInterchangeReceiverId: r.receiver_id,
    Stage: r.stage,
    EdiHistory: history.map((e) => ({
      Type: e.doc_type, ISAControlNumber: formatIsa(e.isa_control_number), Purpose: e.purpose,
      CreatedAt: iso(e.created_at) ?? '', Current: latest.get(e.doc_type) === e,
    })),
  };
}

function iso(v: Date | string | null): string | null {
  if (v === null) return null;
  return (v instanceof Date ? v : new Date(v)).toISOString();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** True for a well-formed UUID; anything else is an unknown id (404), never a database error. */
export function isUuid(v: string): boolean {
  return UUID.test(v);
}
