/** Registers the deliver-job and deliver-webhook workers. */
import type { AppContext } from '../context.ts';
import { QUEUES } from '../jobs/queue.ts';
import { deliverJob, type DeliverWebhookData } from './deliver-job.ts';
import type { DeliverJobData } from './enqueue-delivery.ts';
import { attemptDelivery, WebhookAttemptFailed } from './send-webhook.ts';

export async function registerDeliveryWorkers(ctx: AppContext): Promise<void> {
  await ctx.queue.work<DeliverJobData>(QUEUES.deliverJob, { concurrency: 1 }, (data) => deliverJob(ctx, data));
  await ctx.queue.work<DeliverWebhookData>(QUEUES.deliverWebhook, { concurrency: 2 }, async (data) => {
    const outcome = await attemptDelivery(ctx, data);
    // Throwing hands the job back to pg-boss, which retries it after the backoff delay.
    if (outcome && !outcome.sent && !outcome.final) throw new WebhookAttemptFailed(outcome.error ?? 'webhook attempt failed');
  });
}
