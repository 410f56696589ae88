/**
 * Registers the process-document worker (and its dead-letter handler) in this process. Both
 * `ladingwise serve` (RUN_WORKERS=true) and `ladingwise worker` call it; pg-boss hands each job to
 * one of them. stop() stops fetching, waits for jobs in hand, then closes the extractor.
 */
import type { AppContext } from '../context.ts';
import { QUEUES } from '../jobs/queue.ts';
import { getJobRowForWorker } from '../jobs/job-store.ts';
import { extractorHolder } from './extractor-holder.ts';
import { fail, GENERIC_PROCESSING_ERROR, processDocument } from './process-document.ts';
import type { ProcessDocumentMessage } from './queue-document.ts';

export async function registerPipelineWorkers(ctx: AppContext): Promise<{ stop(): Promise<void> }> {
  const extractor = extractorHolder(ctx);
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>): Promise<T> => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p)).catch(() => {});
    return p;
  };

  await ctx.queue.work<ProcessDocumentMessage>(QUEUES.processDocument, { concurrency: ctx.config.WORKER_CONCURRENCY }, async (msg, job) => {
    try {
      await track(processDocument(ctx, extractor, msg));
    } catch (err) {
      ctx.logger.warn({ err, jobId: msg.jobId, queueJobId: job.id, step: 'error' }, 'job step: unexpected error; pg-boss will retry');
      throw err;
    }
  });

  // Reached when the last retry failed or the job expired on it (a worker died holding it).
  await ctx.queue.work<ProcessDocumentMessage>(QUEUES.processDocumentFailed, { concurrency: 1 }, async (msg) => {
    const row = await getJobRowForWorker(ctx.db, msg.jobId);
    if (row && row.status === 'InProgress') await track(fail(ctx, row, 'PROCESSING_ERROR', GENERIC_PROCESSING_ERROR));
  });

  return {
    async stop() {
      await ctx.queue.boss.offWork(QUEUES.processDocument);
      await ctx.queue.boss.offWork(QUEUES.processDocumentFailed);
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      await extractor.close();
    },
  };
}
