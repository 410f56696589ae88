/** Schedules the daily purge of data deleted more than 90 days ago (pg-boss keeps one schedule for all processes). */
import type { AppContext } from '../context.ts';
import { QUEUES } from '../jobs/queue.ts';
import { purgeDeleted } from './purge.ts';

/** Daily at 03:17 UTC. */
export const PURGE_CRON = '17 3 * * *';

export async function registerPurgeWorker(ctx: AppContext): Promise<void> {
  await ctx.queue.work(QUEUES.purgeDeleted, { concurrency: 1 }, async () => {
    await purgeDeleted(ctx);
  });
  await ctx.queue.schedule(QUEUES.purgeDeleted, PURGE_CRON);
}
