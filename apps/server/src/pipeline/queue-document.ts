/** Puts a job on the process-document queue with the pipeline's retry and expiry policy. */
import type { AppContext } from '../context.ts';
import { QUEUES } from '../jobs/queue.ts';

/** Unexpected errors are retried this many times before the job is marked Failed. */
export const PROCESS_RETRY_LIMIT = 2;
/** A worker that holds a job longer than this is presumed dead; pg-boss hands the job out again. */
export const PROCESS_EXPIRE_SECONDS = 15 * 60;

export interface ProcessDocumentMessage { jobId: string; tenantId: string }

/** Queues a job; returns the queue's id for it (used to cancel it while queued). */
export async function queueDocument(ctx: AppContext, msg: ProcessDocumentMessage): Promise<string | null> {
  return ctx.queue.send(QUEUES.processDocument, msg, {
    retryLimit: PROCESS_RETRY_LIMIT,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: PROCESS_EXPIRE_SECONDS,
    deadLetter: QUEUES.processDocumentFailed,
  });
}
