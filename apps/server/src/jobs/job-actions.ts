/**
 * What a user can do to a job: cancel while queued, reprocess when failed or cancelled, and
 * soft-delete. Each is one guarded UPDATE plus an audit row in a transaction, so two clicks or two
 * processes cannot both succeed.
 */
import type { AppContext } from '../context.ts';
import { errors } from '../errors/catalogue.ts';
import { writeAudit } from '../audit/write-audit.ts';
import { assertCanAfford } from '../billing/ledger.ts';
import { releaseCredits, reserveCredits } from '../billing/credit-reservations.ts';
import { getJobRow, markCancelled, markDeleted, markRequeued, setQueueJobId } from './job-store.ts';
import { queueDocument } from '../pipeline/queue-document.ts';

export interface Caller { tenantId: string; userId: string | null; actor: string }

/** Cancels a job that no worker has started; 404 for unknown ids, 409 once it has started. */
export async function cancelJob(ctx: AppContext, caller: Caller, jobId: string): Promise<void> {
  const row = await getJobRow(ctx.db, caller.tenantId, jobId);
  if (!row) throw errors.jobNotFound();
  const cancelled = await ctx.db.transaction(async (tx) => {
    const ok = await markCancelled(tx, caller.tenantId, jobId);
    if (ok) {
      await releaseCredits(tx, { tenantId: caller.tenantId, jobId });
      await writeAudit(tx, { tenantId: caller.tenantId, userId: caller.userId, actor: caller.actor, action: 'job.cancel', targetType: 'job', targetId: jobId });
    }
    return ok;
  });
  if (!cancelled) throw errors.jobNotCancellable();
  // The worker would skip it anyway (its claim needs InProgress); cancelling the message saves the fetch.
  if (row.queue_job_id) await dropQueued(ctx, jobId, row.queue_job_id);
  ctx.logger.info({ jobId, tenantId: caller.tenantId, step: 'cancel' }, 'job step: cancelled');
}

/** Requeues a Failed or Cancelled job with its stored images; 'Could not requeue the job.' otherwise. */
export async function reprocessJob(ctx: AppContext, caller: Caller, jobId: string): Promise<void> {
  const row = await getJobRow(ctx.db, caller.tenantId, jobId);
  if (!row) throw errors.jobNotFound();
  if (row.status !== 'Failed' && row.status !== 'Cancelled') throw errors.reprocessFailed();
  await assertCanAfford(ctx.db, caller.tenantId, 1);
  const requeued = await ctx.db.transaction(async (tx) => {
    const ok = await markRequeued(tx, caller.tenantId, jobId);
    if (ok) {
      await reserveCredits(tx, { tenantId: caller.tenantId, jobId });
      await writeAudit(tx, {
        tenantId: caller.tenantId, userId: caller.userId, actor: caller.actor, action: 'job.reprocess', targetType: 'job', targetId: jobId,
        details: { previousStatus: row.status, previousError: row.error_code },
      });
    }
    return ok;
  });
  if (!requeued) throw errors.reprocessFailed();
  try {
    await setQueueJobId(ctx.db, caller.tenantId, jobId, await queueDocument(ctx, { jobId, tenantId: caller.tenantId }));
  } catch (err) {
    ctx.logger.error({ err, jobId }, 'could not queue a reprocessed job');
    // Put it back as it was so the user can try again.
    await ctx.db.query(
      `UPDATE jobs SET status = $3, stage = 'done', error_code = $4, error_message = $5, completed_at = now()
       WHERE id = $1 AND tenant_id = $2 AND status = 'InProgress' AND stage = 'queued'`,
      [jobId, caller.tenantId, row.status, row.error_code, row.error_message],
    );
    await ctx.db.transaction((tx) => releaseCredits(tx, { tenantId: caller.tenantId, jobId }));
    throw errors.reprocessFailed();
  }
  ctx.logger.info({ jobId, tenantId: caller.tenantId, step: 'reprocess' }, 'job step: requeued');
}

/** Soft-deletes a job: hidden everywhere at once; a queued one is also cancelled. */
export async function deleteJob(ctx: AppContext, caller: Caller, jobId: string): Promise<void> {
  const row = await ctx.db.transaction(async (tx) => {
    const deleted = await markDeleted(tx, caller.tenantId, jobId);
    // A deleted job is never completed, so whatever it held is free again.
    if (deleted) await releaseCredits(tx, { tenantId: caller.tenantId, jobId });
    if (deleted) await writeAudit(tx, { tenantId: caller.tenantId, userId: caller.userId, actor: caller.actor, action: 'job.delete', targetType: 'job', targetId: jobId });
    return deleted;
  });
  if (!row) throw errors.jobNotFound();
  if (row.status === 'InProgress' && row.queue_job_id) await dropQueued(ctx, jobId, row.queue_job_id);
}

/**
 * Takes a cancelled or deleted job off the queue. The job row already says so, and the worker skips
 * any job that is no longer InProgress, so a failure here is logged and does not undo the user's action.
 */
async function dropQueued(ctx: AppContext, jobId: string, queueJobId: string): Promise<void> {
  try {
    await ctx.queue.cancel('process-document', queueJobId);
  } catch (err) {
    ctx.logger.warn({ err, jobId, queueJobId }, 'could not cancel the queued job; the worker will skip it');
  }
}
