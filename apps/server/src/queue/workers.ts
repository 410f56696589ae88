/**
 * Starts this process's workers for every queue in registry.ts (or the ones named). Both `ladingwise
 * serve` (RUN_WORKERS=true) and `ladingwise worker` call it; pg-boss hands each job to one of them.
 * stop() stops fetching, waits for jobs in hand, then closes the extractor.
 */
import type { AppContext } from '../context.ts';
import { extractorHolder } from '../pipeline/extractor-holder.ts';
import { QUEUE_NAMES, queues, type QueueName, type Worker } from './registry.ts';

export interface RunningWorkers { stop(): Promise<void> }

export async function startWorkers(ctx: AppContext, only: readonly QueueName[] = QUEUE_NAMES): Promise<RunningWorkers> {
  const worker: Worker = { ctx, extractor: extractorHolder(ctx) };
  const inFlight = new Set<Promise<unknown>>();
  const started: QueueName[] = [];

  for (const name of only) {
    const def = queues[name];
    if (def.enabled && !def.enabled(ctx.config)) continue;
    await ctx.queue.work(name, { concurrency: def.concurrency(ctx.config) }, async (data, job) => {
      const run = def.run(worker, data, job);
      inFlight.add(run);
      try {
        await run;
      } finally {
        inFlight.delete(run);
      }
    });
    started.push(name);
    if (def.schedule) await ctx.queue.schedule(name, def.schedule);
  }

  return {
    async stop() {
      for (const name of started) await ctx.queue.offWork(name);
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      await worker.extractor.close();
    },
  };
}
