/** Hands a finished job to delivery: the deliver-job queue writes its /outbound files and fans out to webhooks. */
import type { AppContext } from '../context.ts';
import { QUEUES } from '../jobs/queue.ts';

export interface DeliverJobData { tenantId: string; jobId: string }

/** Queues delivery of a finished job (Completed or Failed) to the tenant's channels. */
export async function enqueueDelivery(ctx: AppContext, job: { tenantId: string; jobId: string }): Promise<void> {
  const data: DeliverJobData = { tenantId: job.tenantId, jobId: job.jobId };
  // Fan-out is idempotent (outbound source keys, webhook dedupe keys), so retrying a failed run is safe.
  await ctx.queue.send(QUEUES.deliverJob, data, { retryLimit: 5, retryDelaySeconds: 5, retryBackoff: true });
}
