/** Registers every queue worker of this process: process -> deliver, plus the scheduled purge. */
import type { AppContext } from '../context.ts';
import { registerPipelineWorkers } from '../pipeline/pipeline-workers.ts';
import { registerDeliveryWorkers } from '../delivery/delivery-workers.ts';
import { registerPurgeWorker } from '../accounts/purge-worker.ts';

export async function startWorkers(ctx: AppContext): Promise<{ stop(): Promise<void> }> {
  const pipeline = await registerPipelineWorkers(ctx);
  await registerDeliveryWorkers(ctx);
  await registerPurgeWorker(ctx);
  return pipeline;
}
