/** Registers every queue worker of this process: process -> deliver, plus the scheduled purge and marketplace metering. */
import type { AppContext } from '../context.ts';
import { registerPipelineWorkers } from '../pipeline/pipeline-workers.ts';
import { registerDeliveryWorkers } from '../delivery/delivery-workers.ts';
import { registerPurgeWorker } from '../accounts/purge-worker.ts';
import { registerMarketplaceWorkers } from '../marketplace/marketplace-workers.ts';

export async function startWorkers(ctx: AppContext): Promise<{ stop(): Promise<void> }> {
  const pipeline = await registerPipelineWorkers(ctx);
  await registerDeliveryWorkers(ctx);
  await registerPurgeWorker(ctx);
  await registerMarketplaceWorkers(ctx);
  return pipeline;
}
