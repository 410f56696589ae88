/**
 * The deliver-job step for one finished job: writes its /outbound files (each EDI document, or a
 * status note for a failure) and creates one webhook delivery per subscribed endpoint, each sent by
 * the deliver-webhook queue with its own retries.
 */
import type { JobDto } from '@ladingwise/shared';
import type { AppContext } from '../context.ts';
import { getJob } from '../jobs/job-store.ts';
import { QUEUES } from '../jobs/queue.ts';
import { putOutboundFile } from '../sftp/outbound-store.ts';
import { createDelivery, webhooksFor, type WebhookEvent } from './webhook-store.ts';

export interface DeliverWebhookData { tenantId: string; deliveryId: string; retryLimit: number }

/** Characters safe in a file name on any client OS. */
const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(0, 80) || 'document';

/** Public base URL for links in payloads: PUBLIC_URL, else localhost and the HTTP port. */
export function publicBase(ctx: AppContext): string {
  return (ctx.config.PUBLIC_URL ?? `http://localhost:${ctx.config.PORT}`).replace(/\/+$/, '');
}

/** The JSON body POSTed for a finished job. */
export function jobPayload(ctx: AppContext, job: JobDto, event: WebhookEvent) {
  const base = publicBase(ctx);
  return {
    event,
    jobId: job.JobId,
    status: job.Status,
    fileName: job.FileName,
    isa: job.ISAControlNumber,
    senderId: job.EdiInterchangeSenderId,
    receiverId: job.EdiInterchangeReceiverId,
    ediUrls: job.EdiDocuments.map((d) => `${base}/api/processing/job/${job.JobId}/edi?type=${d.Type}`),
    ediDocuments: job.EdiDocuments.map((d) => ({ type: d.Type, isaControlNumber: d.ISAControlNumber, content: d.Content })),
    errorMessage: job.ErrorMessage,
    occurredAt: job.CompletedAt ?? ctx.now().toISOString(),
  };
}

/** Writes the job's outbound files and queues its webhook deliveries; a job no longer finished (or deleted) is skipped. */
export async function deliverJob(ctx: AppContext, data: { tenantId: string; jobId: string }): Promise<void> {
  const job = await getJob(ctx.db, data.tenantId, data.jobId);
  if (!job || (job.Status !== 'Completed' && job.Status !== 'Failed')) return;
  const occurred = job.CompletedAt ?? '';

  if (job.Status === 'Completed') {
    for (const d of job.EdiDocuments) {
      await putOutboundFile(ctx.db, {
        tenantId: data.tenantId, jobId: job.JobId, sourceKey: `edi:${d.Type}:${d.ISAControlNumber}`,
        name: `${safe(job.EdiInterchangeReceiverId)}_${d.ISAControlNumber}_${d.Type}.x12`, content: d.Content,
      });
    }
  } else {
    const base = safe(job.FileName.replace(/\.[A-Za-z0-9]{1,5}$/, ''));
    await putOutboundFile(ctx.db, {
      tenantId: data.tenantId, jobId: job.JobId, sourceKey: `failed:${occurred}`, name: `${base}.failed.txt`,
      content: `${occurred} ${job.FileName} (job ${job.JobId}) failed: ${job.ErrorMessage ?? 'unknown error'}\n`,
    });
  }

  const event: WebhookEvent = job.Status === 'Completed' ? 'job.completed' : 'job.failed';
  const body = JSON.stringify(jobPayload(ctx, job, event));
  const retryLimit = ctx.config.WEBHOOK_RETRY_LIMIT;
  // The ISA numbers are part of the key, so EDI rebuilt from corrected data is sent again, once.
  const dedupeKey = `${job.JobId}:${event}:${occurred}:${job.EdiDocuments.map((d) => d.ISAControlNumber).join(',')}`;
  for (const hook of await webhooksFor(ctx.db, data.tenantId, event)) {
    const deliveryId = await createDelivery(ctx.db, {
      tenantId: data.tenantId, webhookId: hook.id, jobId: job.JobId, event, dedupeKey, body,
    });
    if (!deliveryId) continue;
    const payload: DeliverWebhookData = { tenantId: data.tenantId, deliveryId, retryLimit };
    await ctx.queue.send(QUEUES.deliverWebhook, payload, { retryLimit, retryDelaySeconds: ctx.config.WEBHOOK_RETRY_DELAY_SECONDS, retryBackoff: true });
  }
}
