/**
 * The deliver step, the deliver-job queue's handler, for one finished job (Completed or Failed) or
 * one held for review (NeedsReview): writes its /outbound files (each EDI document, or a status note
 * for a failure; nothing for a held job, which has no EDI yet) and creates one webhook delivery per
 * subscribed endpoint, each sent by the deliver-webhook queue with its own retries.
 */
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { getJob } from '../jobs/job-store.ts';
import { enqueue } from '../queue/enqueue.ts';
import type { Payload } from '../queue/registry.ts';
import { putOutboundFile } from '../sftp/outbound-store.ts';
import { createDelivery, webhooksFor, type WebhookEvent } from '../delivery/webhook-store.ts';
import { jobPayload } from '../delivery/webhook-payload.ts';

/**
 * Queues delivery of a finished (Completed or Failed) or held (NeedsReview) job to the tenant's channels. The pipeline passes
 * the transaction that finishes the job, so the delivery is written with the completion (an outbox): a
 * crash right after the commit cannot lose the webhook or the SFTP file.
 */
export async function enqueueDelivery(ctx: AppContext, job: Payload<'deliver-job'>, tx?: Queryable): Promise<void> {
  await enqueue(ctx, 'deliver-job', { tenantId: job.tenantId, jobId: job.jobId }, tx);
}

/** Characters safe in a file name on any client OS. */
const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(0, 80) || 'document';

/** Writes the job's outbound files and queues its webhook deliveries; a job no longer finished (or deleted) is skipped. */
export async function deliverJob(ctx: AppContext, data: Payload<'deliver-job'>): Promise<void> {
  const job = await getJob(ctx.db, data.tenantId, data.jobId);
  if (!job || (job.Status !== 'Completed' && job.Status !== 'Failed' && job.Status !== 'NeedsReview')) return;
  const occurred = job.CompletedAt ?? '';

  if (job.Status === 'Completed') {
    for (const d of job.EdiDocuments) {
      await putOutboundFile(ctx.db, {
        tenantId: data.tenantId, jobId: job.JobId, sourceKey: `edi:${d.Type}:${d.ISAControlNumber}`,
        name: `${safe(job.EdiInterchangeReceiverId)}_${d.ISAControlNumber}_${d.Type}.x12`, content: d.Content,
      });
    }
  } else if (job.Status === 'Failed') {
    const base = safe(job.FileName.replace(/\.[A-Za-z0-9]{1,5}$/, ''));
    await putOutboundFile(ctx.db, {
      tenantId: data.tenantId, jobId: job.JobId, sourceKey: `failed:${occurred}`, name: `${base}.failed.txt`,
      content: `${occurred} ${job.FileName} (job ${job.JobId}) failed: ${job.ErrorMessage ?? 'unknown error'}\n`,
    });
  }

  const event: WebhookEvent = job.Status === 'Completed' ? 'job.completed' : job.Status === 'NeedsReview' ? 'job.needs_review' : 'job.failed';
  const body = JSON.stringify(jobPayload(ctx, job, event));
  const retryLimit = ctx.config.WEBHOOK_RETRY_LIMIT;
  // The ISA numbers are part of the key, so EDI rebuilt from corrected data is sent again, once.
  const dedupeKey = `${job.JobId}:${event}:${occurred}:${job.EdiDocuments.map((d) => d.ISAControlNumber).join(',')}`;
  for (const hook of await webhooksFor(ctx.db, data.tenantId, event)) {
    const deliveryId = await createDelivery(ctx.db, {
      tenantId: data.tenantId, webhookId: hook.id, jobId: job.JobId, event, dedupeKey, body,
    });
    if (!deliveryId) continue;
    await enqueue(ctx, 'deliver-webhook', { tenantId: data.tenantId, deliveryId, retryLimit });
  }
}
