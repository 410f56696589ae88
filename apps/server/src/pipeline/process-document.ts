/**
 * The process-document queue's orchestrator: one queued job, step by step, each step a module of this
 * folder: extract -> validate -> review gate -> build-edi -> charge -> deliver. A held job stops at the
 * gate (NeedsReview; approve.ts takes it on from there). Errors the user can
 * act on fail the job at once with their message; anything else is thrown so pg-boss retries it,
 * and the dead-letter queue's handler (failAfterLastRetry) fails it for good.
 */
import type { AppContext } from '../context.ts';
import { writeAudit } from '../audit/write-audit.ts';
import { getUserSettings } from '../accounts/settings-store.ts';
import { claimJob, getJobRowForWorker, markFailed, type JobRow } from '../jobs/job-store.ts';
import { releaseCredits } from '../billing/credit-reservations.ts';
import type { ExtractorHolder } from './extractor-holder.ts';
import type { ProcessDocumentMessage } from './queue-document.ts';
import { extract } from './extract.ts';
import { validateForEdi } from './validate.ts';
import { buildEdiDocuments, documentTypesOf } from './build-edi.ts';
import { completeAndCharge } from './charge.ts';
import { enqueueDelivery } from './deliver.ts';
import { noBillOfLadingMessage } from './no-bill-found.ts';
import { holdForReview, reviewReasons } from './review-gate.ts';

/** Unexpected errors are retried this many times before the job is marked Failed. */
export const PROCESS_RETRY_LIMIT = 2;
/**
 * A running job's lease: its worker renews it every HEARTBEAT_SECONDS while it works, so a job whose
 * worker died (killed, out of memory, machine gone) expires at most this long after the last renewal
 * and pg-boss hands it out again (expiry is checked every MAINTENANCE_INTERVAL_SECONDS). A long job
 * is never cut short while its worker lives.
 */
export const PROCESS_EXPIRE_SECONDS = 20;
export const HEARTBEAT_SECONDS = 5;

/** Shown for failures that are not the image's fault (spec section 8, 'Processing failed'). */
export const GENERIC_PROCESSING_ERROR = '03 There was a problem processing your image.';

export type ProcessOutcome = 'completed' | 'needs-review' | 'failed' | 'skipped';

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

  const extracted = await extract(ctx, extractor, job, log, started);
  if (!extracted.ok) return fail(ctx, job, extracted.code, extracted.message);
  const noBill = noBillOfLadingMessage(extracted.data, extracted.pages);
  if (noBill) return fail(ctx, job, 'NO_BILL_OF_LADING', noBill);

  const settings = await getUserSettings(ctx.db, job.tenant_id);
  const types = documentTypesOf(settings);
  const target = { jobId: job.id, tenantId: job.tenant_id, senderId: job.sender_id, receiverId: job.receiver_id };
  const data = validateForEdi(extracted.data, types, settings.x12Version, target, ctx.now());

  const reasons = reviewReasons(data, settings.reviewPolicy, settings.reviewThreshold);
  if (reasons.length > 0) {
    if (!(await holdForReview(ctx, job, data, reasons))) {
      log.info({ step: 'review-gate', won: false }, 'job step: finished elsewhere or cancelled meanwhile; result dropped');
      return 'skipped';
    }
    log.info({ step: 'review-gate', reasons, ms: Date.now() - started }, 'job step: held for review (nothing built, delivered or charged)');
    // Delivery sends the job.needs_review webhook; no /outbound file is written for a held job.
    await handOverToDelivery(ctx, job);
    return 'needs-review';
  }

  const built = await buildEdiDocuments(ctx, target, data, types, settings.x12Version);
  log.info(
    { step: 'edi', types, x12Version: settings.x12Version, isa: built.documents.map((d) => d.isa), checkOk: built.documents.every((d) => d.checkOk), validation: data.Validation.length },
    'job step: EDI written and checked',
  );

  if (!(await completeAndCharge(ctx, job, { data, built, types }))) {
    log.info({ step: 'complete', won: false }, 'job step: finished elsewhere or cancelled meanwhile; result dropped');
    return 'skipped';
  }
  log.info({ step: 'complete', ms: Date.now() - started }, 'job step: completed and charged (delivery queued with it)');
  return 'completed';
}

/** The queue's handler: runs the job and logs an unexpected error before pg-boss retries it. */
export async function runQueuedDocument(ctx: AppContext, extractor: ExtractorHolder, msg: ProcessDocumentMessage, queueJob: { id: string }): Promise<ProcessOutcome> {
  const heartbeat = setInterval(() => {
    ctx.queue.extend('process-document', queueJob.id, PROCESS_EXPIRE_SECONDS)
      .catch((err: unknown) => ctx.logger.warn({ err, jobId: msg.jobId, queueJobId: queueJob.id }, 'could not renew the job lease; it may be handed out again'));
  }, HEARTBEAT_SECONDS * 1000);
  try {
    return await processDocument(ctx, extractor, msg);
  } catch (err) {
    ctx.logger.warn({ err, jobId: msg.jobId, queueJobId: queueJob.id, step: 'error' }, 'job step: unexpected error; pg-boss will retry');
    throw err;
  } finally {
    clearInterval(heartbeat);
  }
}

/** The dead-letter handler: the last retry failed or the job expired on a dead worker. */
export async function failAfterLastRetry(ctx: AppContext, msg: ProcessDocumentMessage): Promise<ProcessOutcome> {
  const row = await getJobRowForWorker(ctx.db, msg.jobId);
  if (row && row.status === 'InProgress') return fail(ctx, row, 'PROCESSING_ERROR', GENERIC_PROCESSING_ERROR);
  return 'skipped';
}

/** Moves a job to Failed (no charge) with a message the user sees, then delivers the failure notice. */
export async function fail(ctx: AppContext, job: Pick<JobRow, 'id' | 'tenant_id'>, code: string, message: string): Promise<ProcessOutcome> {
  const failed = await ctx.db.transaction(async (tx) => {
    const won = await markFailed(tx, { jobId: job.id, tenantId: job.tenant_id, code, message });
    if (won) {
      await releaseCredits(tx, { tenantId: job.tenant_id, jobId: job.id });
      await writeAudit(tx, { tenantId: job.tenant_id, actor: 'system', action: 'job.fail', targetType: 'job', targetId: job.id, details: { code } });
      // The failure notice is queued in the same transaction (the outbox), like a completion's delivery.
      await enqueueDelivery(ctx, { tenantId: job.tenant_id, jobId: job.id }, tx);
    }
    return won;
  });
  ctx.logger.info({ jobId: job.id, tenantId: job.tenant_id, step: 'fail', code, applied: failed }, 'job step: failed');
  return failed ? 'failed' : 'skipped';
}

/**
 * A held job's notice is queued after its commit (completions and failures queue theirs inside it);
 * a failure to queue it is logged and must not undo the hold.
 */
async function handOverToDelivery(ctx: AppContext, job: Pick<JobRow, 'id' | 'tenant_id'>): Promise<void> {
  try {
    await enqueueDelivery(ctx, { tenantId: job.tenant_id, jobId: job.id });
  } catch (err) {
    ctx.logger.error({ err, jobId: job.id }, 'could not queue delivery');
  }
}
