/** Placeholder: the pipeline engineer registers the process-document worker here. */
import type { AppContext } from '../context.ts';

export async function registerPipelineWorkers(_ctx: AppContext): Promise<{ stop(): Promise<void> }> {
  return { stop: async () => {} };
}
