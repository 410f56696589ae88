/**
 * The worker's job: extract -> (optional second opinion) -> validate -> EDI 204/211 -> complete and charge in one transaction
 * -> deliver. Errors the user can act on (ExtractError) fail the job at once with their message;
 * anything else is thrown so pg-boss retries it, and the dead-letter handler fails it for good.
 */
import type { ExtractedData } from '@ladingwise/shared';
import type { AppContext } from '../context.ts';
import { writeAudit } from '../audit/write-audit.ts';
import { chargeJob } from '../billing/ledger.ts';
import { enqueueDelivery } from '../delivery/enqueue-delivery.ts';
import { getUserSettings } from '../accounts/settings-store.ts';
import { claimJob, listPages, markCompleted, markFailed, type JobRow, type PageRow } from '../jobs/job-store.ts';
import { addDataVersion } from '../jobs/extracted-data-store.ts';
import { insertEdiDocument } from '../edi/edi-store.ts';
import { buildEdiDocuments, documentTypesOf } from '../edi/build-edi.ts';
import { validateExtractedData, withDefaults } from '../validation/validate-extracted-data.ts';
import { extractErrorCode } from './libraries.ts';
import type { ExtractorHolder } from './extractor-holder.ts';
import { secondOpinion } from './second-opinion.ts';
import type { ProcessDocumentMessage } from './queue-document.ts';

/** Shown for failures that are not the image's fault (spec section 8, 'Processing failed'). */
export const GENERIC_PROCESSING_ERROR = '03 There was a problem processing your image.';

export type ProcessOutcome = 'completed' | 'failed' | 'skipped';

/** Runs one queued job to its end state; throws only for errors worth a retry. */
export async function processDocument(ctx: AppContext, extractor: ExtractorHolder, msg: ProcessDocumentMessage): Promise<ProcessOutcome> {
  const log = ctx.logger.child({ jobId: msg.jobId, tenantId: msg.tenantId });
  const started = Date.now();
  const job = await claimJob(ctx.db, msg.jobId);
  if (!job) {
    log.info({ step: 'skip' }, 'job step: not InProgress any more (cancelled, deleted or finished elsewhere)');
    return 'skipped';
  }
  log.info({ step: 'claim', attempt: job.attempts }, 'job step: claimed');

  const pages = await listPages(ctx.db, job.tenant_id, job.id);
  const files: { name: string; bytes: Uint8Array; type: PageRow['image_type'] }[] = [];
  for (const p of pages) {
    const bytes = await ctx.storage.get(p.storage_key);
    if (!bytes) return fail(ctx, job, 'IMAGE_MISSING', `The uploaded image ${p.file_name} could not be found. Please upload it again.`);
    files.push({ name: p.file_name, bytes, type: p.image_type });
  }
  log.info({ step: 'load', pages: files.length, bytes: files.reduce((n, f) => n + f.bytes.length, 0) }, 'job step: images loaded');

  let extracted: ExtractedData;
  try {
    const result = await (await extractor.get()).extract(files);
    extracted = withDefaults(result.extractedData);
    log.info({ step: 'extract', ms: Date.now() - started, pages: result.pages.length }, 'job step: extracted');
  } catch (err) {
    const code = extractErrorCode(err);
    if (code) return fail(ctx, job, code, (err as Error).message);
    throw err;
  }
  // Off unless VISION_API_BASE is set; never throws.
  extracted = await secondOpinion(ctx.config, log, extracted, files);

  const settings = await getUserSettings(ctx.db, job.tenant_id);
  const types = documentTypesOf(settings);
  const target = { jobId: job.id, tenantId: job.tenant_id, senderId: job.sender_id, receiverId: job.receiver_id };
  const built = await buildEdiDocuments(ctx, target, extracted, types, settings.x12Version);
  const data = validateExtractedData(extracted, built.requirements);
  log.info(
    { step: 'edi', types, x12Version: settings.x12Version, isa: built.documents.map((d) => d.isa), checkOk: built.documents.every((d) => d.checkOk), validation: data.Validation.length },
    'job step: EDI written and checked',
  );

  const completed = await ctx.db.transaction(async (tx) => {
    const won = await markCompleted(tx, {
      jobId: job.id, tenantId: job.tenant_id, processingType: types[0] ?? null,
      shipperName: data.Shipper?.Name ?? null, bolNumber: data.References.BolNumber ?? null,
    });
    if (!won) return false;
    const dataVersion = await addDataVersion(tx, { jobId: job.id, tenantId: job.tenant_id, source: 'extraction', data, createdBy: 'system' });
    for (const d of built.documents) await insertEdiDocument(tx, { ...d, dataVersion });
    await chargeJob(tx, { tenantId: job.tenant_id, jobId: job.id });
    await writeAudit(tx, {
      tenantId: job.tenant_id, actor: 'system', action: 'job.complete', targetType: 'job', targetId: job.id,
      details: { types, isa: built.documents.map((d) => d.isa), attempt: job.attempts },
    });
    return true;
  });
  if (!completed) {
    log.info({ step: 'complete', won: false }, 'job step: finished elsewhere or cancelled meanwhile; result dropped');
    return 'skipped';
  }
  log.info({ step: 'complete', ms: Date.now() - started }, 'job step: completed and charged');
  await deliver(ctx, job);
  return 'completed';
}

/** Moves a job to Failed (no charge) with a message the user sees, then delivers the failure notice. */
export async function fail(ctx: AppContext, job: Pick<JobRow, 'id' | 'tenant_id'>, code: string, message: string): Promise<ProcessOutcome> {
  const failed = await ctx.db.transaction(async (tx) => {
    const won = await markFailed(tx, { jobId: job.id, tenantId: job.tenant_id, code, message });
    if (won) {
      await writeAudit(tx, { tenantId: job.tenant_id, actor: 'system', action: 'job.fail', targetType: 'job', targetId: job.id, details: { code } });
    }
    return won;
  });
  ctx.logger.info({ jobId: job.id, tenantId: job.tenant_id, step: 'fail', code, applied: failed }, 'job step: failed');
  if (!failed) return 'skipped';
  await deliver(ctx, job);
  return 'failed';
}

/** Delivery runs after the commit; its own queue retries, so a hiccup here must not undo the job. */
async function deliver(ctx: AppContext, job: Pick<JobRow, 'id' | 'tenant_id'>): Promise<void> {
  try {
    await enqueueDelivery(ctx, { tenantId: job.tenant_id, jobId: job.id });
  } catch (err) {
    ctx.logger.error({ err, jobId: job.id }, 'could not queue delivery');
  }
}
