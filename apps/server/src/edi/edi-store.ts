/** SQL for generated EDI documents and the per-sender ISA control-number counters. */
import type { EdiDocumentType, X12Version } from '@ladingwise/shared';
import type { Queryable } from '../db/database.ts';

/** The largest ISA13 value (9 digits); the counter wraps to 1 after it. */
export const ISA_MAX = 999_999_999;

/**
 * Takes the next ISA13 number for (tenant, sender ID) with one atomic upsert: the row lock makes
 * concurrent workers on any number of processes get distinct, increasing numbers. Runs outside the
 * completion transaction on purpose, so the lock is held for one statement only (a rolled-back job
 * leaves a gap, which X12 allows; a reused number it does not).
 */
export async function allocateIsaControlNumber(db: Queryable, tenantId: string, senderId: string): Promise<number> {
  const { rows } = await db.query<{ last_value: number }>(
    `INSERT INTO isa_counters (tenant_id, sender_id, last_value) VALUES ($1, $2, 1)
     ON CONFLICT (tenant_id, sender_id) DO UPDATE
       SET last_value = CASE WHEN isa_counters.last_value >= ${ISA_MAX} THEN 1 ELSE isa_counters.last_value + 1 END
     RETURNING last_value`,
    [tenantId, senderId],
  );
  return rows[0]!.last_value;
}

export interface NewEdiDocument {
  jobId: string;
  tenantId: string;
  type: EdiDocumentType;
  x12Version: X12Version;
  senderId: string;
  receiverId: string;
  isa: number;
  dataVersion: number;
  storageKey: string;
  content: string;
  checkOk: boolean;
  /** B2A01: the first interchange of a type is an original, a later one a change. */
  purpose: 'original' | 'change';
}

export async function insertEdiDocument(tx: Queryable, d: NewEdiDocument): Promise<void> {
  await tx.query(
    `INSERT INTO edi_documents (job_id, tenant_id, doc_type, x12_version, sender_id, receiver_id, isa_control_number, data_version, storage_key, content, check_ok, purpose)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [d.jobId, d.tenantId, d.type, d.x12Version, d.senderId, d.receiverId, d.isa, d.dataVersion, d.storageKey, d.content, d.checkOk, d.purpose],
  );
}

export interface EdiDocumentRow { doc_type: EdiDocumentType; isa_control_number: number; receiver_id: string; content: string }

/** The current document of one type for a visible job, or null. */
export async function getCurrentEdi(db: Queryable, tenantId: string, jobId: string, type: EdiDocumentType): Promise<EdiDocumentRow | null> {
  const { rows } = await db.query<EdiDocumentRow>(
    `SELECT e.doc_type, e.isa_control_number, e.receiver_id, e.content FROM edi_documents e
     JOIN jobs j ON j.id = e.job_id AND j.tenant_id = e.tenant_id
     WHERE e.job_id = $1 AND e.tenant_id = $2 AND e.doc_type = $3 AND j.deleted_at IS NULL
     ORDER BY e.id DESC LIMIT 1`,
    [jobId, tenantId, type],
  );
  return rows[0] ?? null;
}

/** The ISA13 number the next interchange of (tenant, sender) will most likely get; nothing is taken (previews). */
export async function peekNextIsaControlNumber(db: Queryable, tenantId: string, senderId: string): Promise<number> {
  const { rows } = await db.query<{ last_value: number }>('SELECT last_value FROM isa_counters WHERE tenant_id = $1 AND sender_id = $2', [tenantId, senderId]);
  const last = rows[0]?.last_value ?? 0;
  return last >= ISA_MAX ? 1 : last + 1;
}

/** The current ISA13 number of each document type of a job (what a new interchange of that type supersedes). */
export async function currentIsaByType(db: Queryable, tenantId: string, jobId: string): Promise<Map<EdiDocumentType, number>> {
  const { rows } = await db.query<{ doc_type: EdiDocumentType; isa_control_number: number }>(
    `SELECT DISTINCT ON (doc_type) doc_type, isa_control_number FROM edi_documents WHERE job_id = $1 AND tenant_id = $2 ORDER BY doc_type, id DESC`,
    [jobId, tenantId],
  );
  return new Map(rows.map((r) => [r.doc_type, r.isa_control_number]));
}
