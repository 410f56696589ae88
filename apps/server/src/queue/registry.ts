/**
 * Every queue of the product in one list: its name, the schema of its payload, its send policy, and
 * the handler that runs it. `enqueue()` (the only sender) and `startWorkers()` (the only worker side)
 * both read this list, so an enqueue leads to its handler in one hop and a payload has the schema's
 * type from sender to handler. Payloads are checked against the schema on both sides.
 *
 * The handlers are reached through arrow functions so that the modules they live in, which import
 * `enqueue()` in turn, may load in any order.
 */
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Config } from '../config.ts';
import type { SendOptions } from './pg-boss-queue.ts';
import type { ExtractorHolder } from '../pipeline/extractor-holder.ts';
import { failAfterLastRetry, PROCESS_EXPIRE_SECONDS, PROCESS_RETRY_LIMIT, runQueuedDocument } from '../pipeline/process-document.ts';
import { deliverJob } from '../pipeline/deliver.ts';
import { deliverWebhook } from '../delivery/send-webhook.ts';
import { purgeDeleted, PURGE_CRON } from '../accounts/purge.ts';
import { marketplaceClient, reportMarketplaceUsage } from '../marketplace/marketplace-service.ts';

/** What a handler runs with besides its payload: the process's context and its one long-lived extractor. */
export interface Worker { ctx: AppContext; extractor: ExtractorHolder }
export interface QueueJob { id: string }

export interface QueueDefinition<P extends z.ZodTypeAny> {
  payload: P;
  /** The retry, expiry and dead-letter policy of every send to this queue. */
  send?: (config: Config) => SendOptions;
  /** Parallel jobs per process. */
  concurrency: (config: Config) => number;
  /** Cron (UTC) for a scheduled queue; pg-boss keeps one schedule for every process. */
  schedule?: string;
  /** False when the feature is off in this configuration: no worker and no schedule. */
  enabled?: (config: Config) => boolean;
  handler: (w: Worker, data: z.infer<P>, job: QueueJob) => Promise<unknown>;
}

/** A definition plus `run`, which checks an untyped payload against the schema before the handler sees it. */
export interface RegisteredQueue<P extends z.ZodTypeAny> extends QueueDefinition<P> {
  run(w: Worker, raw: unknown, job: QueueJob): Promise<unknown>;
}

function queue<P extends z.ZodTypeAny>(def: QueueDefinition<P>): RegisteredQueue<P> {
  return { ...def, run: (w, raw, job) => def.handler(w, def.payload.parse(raw), job) };
}

const id = z.string().uuid();
const jobRef = z.object({ tenantId: id, jobId: id });
/** pg-boss sends a scheduled job with no data. */
const noPayload = z.union([z.null(), z.undefined(), z.object({})]);

/** The payload schema of each queue (kept apart from `queues` so handler signatures can name these types). */
const payloads = {
  'process-document': jobRef,
  'process-document-failed': jobRef,
  'deliver-job': jobRef,
  'deliver-webhook': z.object({ tenantId: id, deliveryId: id, retryLimit: z.number().int().min(0) }),
  'purge-deleted': noPayload,
  'report-marketplace-usage': noPayload,
} as const;

export type QueueName = keyof typeof payloads;
export type Payload<N extends QueueName> = z.infer<(typeof payloads)[N]>;

export const queues: { [N in QueueName]: RegisteredQueue<(typeof payloads)[N]> } = {
  /** The pipeline: one uploaded document from its stored images to a charged job (pipeline/process-document.ts). */
  'process-document': queue({
    payload: payloads['process-document'],
    send: () => ({
      retryLimit: PROCESS_RETRY_LIMIT, retryDelaySeconds: 5, retryBackoff: true,
      expireInSeconds: PROCESS_EXPIRE_SECONDS, deadLetter: 'process-document-failed',
    }),
    concurrency: (c) => c.WORKER_CONCURRENCY,
    handler: ({ ctx, extractor }, msg, job) => runQueuedDocument(ctx, extractor, msg, job),
  }),
  /** Dead letters: a process-document job that failed its last retry or expired on a dead worker. */
  'process-document-failed': queue({
    payload: payloads['process-document-failed'],
    concurrency: () => 1,
    handler: ({ ctx }, msg) => failAfterLastRetry(ctx, msg),
  }),
  /** A finished job's /outbound files and webhook deliveries (pipeline/deliver.ts). */
  'deliver-job': queue({
    payload: payloads['deliver-job'],
    // Fan-out is idempotent (outbound source keys, webhook dedupe keys), so retrying a failed run is safe.
    send: () => ({ retryLimit: 5, retryDelaySeconds: 5, retryBackoff: true }),
    concurrency: () => 1,
    handler: ({ ctx }, data) => deliverJob(ctx, data),
  }),
  /** One webhook POST; a failed attempt throws and pg-boss retries it after the backoff delay. */
  'deliver-webhook': queue({
    payload: payloads['deliver-webhook'],
    send: (c) => ({ retryLimit: c.WEBHOOK_RETRY_LIMIT, retryDelaySeconds: c.WEBHOOK_RETRY_DELAY_SECONDS, retryBackoff: true }),
    concurrency: () => 2,
    handler: ({ ctx }, data) => deliverWebhook(ctx, data),
  }),
  /** Daily: removes for good what was deleted more than 90 days ago. */
  'purge-deleted': queue({
    payload: payloads['purge-deleted'],
    schedule: PURGE_CRON,
    concurrency: () => 1,
    handler: ({ ctx }) => purgeDeleted(ctx),
  }),
  /** Hourly, 5 minutes past: reports finished hours of cloud-marketplace metered usage. */
  'report-marketplace-usage': queue({
    payload: payloads['report-marketplace-usage'],
    schedule: '5 * * * *',
    enabled: (c) => marketplaceClient(c) !== null,
    concurrency: () => 1,
    handler: async ({ ctx }) => {
      const r = await reportMarketplaceUsage(ctx);
      if (r.events) ctx.logger.info(r, 'marketplace usage reported');
    },
  }),
};

export const QUEUE_NAMES = Object.keys(payloads) as QueueName[];
