/** The JSON body POSTed to a webhook for a finished job, with links to its EDI on this server. */
import type { JobDto } from '@ladingwise/shared';
import type { AppContext } from '../context.ts';
import type { WebhookEvent } from './webhook-store.ts';

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
    // Where a person reviews the document (the job.needs_review event's call to action).
    reviewUrl: `${base}/app/documents/${job.JobId}`,
    occurredAt: job.CompletedAt ?? ctx.now().toISOString(),
  };
}
