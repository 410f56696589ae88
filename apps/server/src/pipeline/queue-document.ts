/**
 * The queue-document step: puts a stored job on the process-document queue, whose retry, expiry and
 * dead-letter policy (and handler, process-document.ts) are in queue/registry.ts.
 */
import type { AppContext } from '../context.ts';
import { enqueue } from '../queue/enqueue.ts';
import type { Payload } from '../queue/registry.ts';

export type ProcessDocumentMessage = Payload<'process-document'>;

/** Queues a job; returns the queue's id for it (used to cancel it while queued). */
export async function queueDocument(ctx: AppContext, msg: ProcessDocumentMessage): Promise<string | null> {
  return enqueue(ctx, 'process-document', msg);
}
