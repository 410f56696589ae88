/** The hourly metered-usage report for cloud-marketplace subscriptions. */
import type { AppContext } from '../context.ts';
import { QUEUES } from '../jobs/queue.ts';
import { marketplaceClient, reportMarketplaceUsage } from './marketplace-service.ts';

/** Registers the usage reporter and its schedule (5 minutes past each hour); no-op when the marketplace is off. */
export async function registerMarketplaceWorkers(ctx: AppContext): Promise<void> {
  if (!marketplaceClient(ctx.config)) return;
  await ctx.queue.work(QUEUES.reportMarketplaceUsage, { concurrency: 1 }, async () => {
    const r = await reportMarketplaceUsage(ctx);
    if (r.events) ctx.logger.info(r, 'marketplace usage reported');
  });
  await ctx.queue.schedule(QUEUES.reportMarketplaceUsage, '5 * * * *');
}
