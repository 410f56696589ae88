/**
 * POST .../generate-edi: rebuilds one document type from the job's current (corrected) data. Once
 * an interchange of that type went out, the new one is a change (B2A01 04, same shipment id, new
 * ISA) and the one it supersedes is withdrawn from SFTP /outbound if the partner has not removed it;
 * both stay in the job's history. Nothing is charged: the document was charged when it completed.
 */
import type { EdiDocumentType } from '@ladingwise/shared';
import type { AppContext } from '../context.ts';
import { errors } from '../errors/catalogue.ts';
import { writeAudit } from '../audit/write-audit.ts';
import { getUserSettings } from '../accounts/settings-store.ts';
import { formatIsa, getJobRow, updateJobSummary } from '../jobs/job-store.ts';
import { getCurrentData, lockJob } from '../jobs/extracted-data-store.ts';
import type { Caller } from '../jobs/job-actions.ts';
import { buildEdiDocuments } from '../pipeline/build-edi.ts';
import { currentIsaByType, insertEdiDocument } from './edi-store.ts';
import { withdrawOutboundFile } from '../sftp/outbound-store.ts';
import { enqueueDelivery } from '../pipeline/deliver.ts';

/**
 * Writes a new interchange (new ISA number) of `type` from the newest data version and makes it
 * the job's primary document (EDIContent), so the detail view shows what was just built.
 */
export async function regenerateEdi(ctx: AppContext, caller: Caller, jobId: string, type: EdiDocumentType): Promise<void> {
  const row = await getJobRow(ctx.db, caller.tenantId, jobId);
  if (!row) throw errors.jobNotFound();
  if (row.status !== 'Completed') throw errors.jobNotEditable();
  const current = await getCurrentData(ctx.db, caller.tenantId, jobId);
  if (!current) throw errors.jobNotEditable();
  const settings = await getUserSettings(ctx.db, caller.tenantId);
  const target = { jobId, tenantId: caller.tenantId, senderId: row.sender_id, receiverId: row.receiver_id };
  const superseded = (await currentIsaByType(ctx.db, caller.tenantId, jobId)).get(type);
  const changes = new Set(superseded === undefined ? [] : [type]);
  const built = await buildEdiDocuments(ctx, target, current.data, [type], settings.x12Version, changes);
  let withdrawn = false;
  await ctx.db.transaction(async (tx) => {
    if (!(await lockJob(tx, caller.tenantId, jobId))) throw errors.jobNotFound();
    for (const d of built.documents) await insertEdiDocument(tx, { ...d, dataVersion: current.version });
    if (superseded !== undefined) {
      withdrawn = await withdrawOutboundFile(tx, { tenantId: caller.tenantId, jobId, sourceKey: `edi:${type}:${formatIsa(superseded)}`, now: ctx.now() });
    }
    await updateJobSummary(tx, {
      jobId, tenantId: caller.tenantId, shipperName: current.data.Shipper?.Name ?? null, bolNumber: current.data.References?.BolNumber ?? null, processingType: type,
    });
    await writeAudit(tx, {
      tenantId: caller.tenantId, userId: caller.userId, actor: caller.actor, action: 'job.generate_edi', targetType: 'job', targetId: jobId,
      details: {
        type, isa: built.documents.map((d) => d.isa), dataVersion: current.version, purpose: superseded === undefined ? 'original' : 'change',
        supersedes: superseded ?? null, withdrawnFromOutbound: withdrawn,
      },
    });
  });
  // The rebuilt interchange goes out like the first one: a new /outbound file and a webhook.
  await enqueueDelivery(ctx, { tenantId: caller.tenantId, jobId });
  ctx.logger.info({ jobId, tenantId: caller.tenantId, step: 'generate-edi', type, isa: built.documents.map((d) => d.isa) }, 'job step: EDI rebuilt');
}
