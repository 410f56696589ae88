/**
 * The charge step: records the finished job (status, validated data as version 1, its EDI documents),
 * charges its credits and queues its delivery in one transaction, so a Completed job is always a charged one and a job
 * that fails or is cancelled meanwhile is never charged (spec: failed documents are not charged).
 */
import type { EdiDocumentType, ExtractedData } from '@ladingwise/shared';
import type { AppContext } from '../context.ts';
import { writeAudit } from '../audit/write-audit.ts';
import { chargeJob } from '../billing/ledger.ts';
import { markApproved, markCompleted, type JobRow } from '../jobs/job-store.ts';
import { addDataVersion } from '../jobs/extracted-data-store.ts';
import { insertEdiDocument } from '../edi/edi-store.ts';
import type { BuiltEdi } from './build-edi.ts';
import { enqueueDelivery } from './deliver.ts';

/** False when the job was cancelled, deleted or finished by another worker meanwhile: nothing is recorded or charged. */
export async function completeAndCharge(
  ctx: AppContext,
  job: Pick<JobRow, 'id' | 'tenant_id' | 'attempts'>,
  r: { data: ExtractedData; built: BuiltEdi; types: EdiDocumentType[] },
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const won = await markCompleted(tx, {
      jobId: job.id, tenantId: job.tenant_id, processingType: r.types[0] ?? null,
      shipperName: r.data.Shipper?.Name ?? null, bolNumber: r.data.References.BolNumber ?? null,
    });
    if (!won) return false;
    const dataVersion = await addDataVersion(tx, { jobId: job.id, tenantId: job.tenant_id, source: 'extraction', data: r.data, createdBy: 'system' });
    for (const d of r.built.documents) await insertEdiDocument(tx, { ...d, dataVersion });
    await chargeJob(tx, { tenantId: job.tenant_id, jobId: job.id });
    // The outbox: delivery is queued in the completion's own transaction.
    await enqueueDelivery(ctx, { tenantId: job.tenant_id, jobId: job.id }, tx);
    await writeAudit(tx, {
      tenantId: job.tenant_id, actor: 'system', action: 'job.complete', targetType: 'job', targetId: job.id,
      details: { types: r.types, isa: r.built.documents.map((d) => d.isa), attempt: job.attempts },
    });
    return true;
  });
}

/**
 * The approval's charge: records the reviewed job as Completed with its EDI documents and charges it,
 * in one transaction guarded on the claimed approval, so however many approvals race, one charges.
 */
export async function approveAndCharge(
  ctx: AppContext,
  job: { id: string; tenant_id: string },
  r: { data: ExtractedData; dataVersion: number; built: BuiltEdi; types: EdiDocumentType[]; actor: string; userId: string | null; changed: string[]; confirmed: string[]; unchecked: string[] },
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const won = await markApproved(tx, {
      jobId: job.id, tenantId: job.tenant_id, processingType: r.types[0] ?? null,
      shipperName: r.data.Shipper?.Name ?? null, bolNumber: r.data.References.BolNumber ?? null,
    });
    if (!won) return false;
    for (const d of r.built.documents) await insertEdiDocument(tx, { ...d, dataVersion: r.dataVersion });
    await chargeJob(tx, { tenantId: job.tenant_id, jobId: job.id });
    // The outbox: delivery is queued in the completion's own transaction.
    await enqueueDelivery(ctx, { tenantId: job.tenant_id, jobId: job.id }, tx);
    await writeAudit(tx, {
      tenantId: job.tenant_id, userId: r.userId, actor: r.actor, action: 'job.approve', targetType: 'job', targetId: job.id,
      details: { changed: r.changed, confirmed: r.confirmed, unchecked: r.unchecked, dataVersion: r.dataVersion, types: r.types, isa: r.built.documents.map((d) => d.isa) },
    });
    return true;
  });
}
