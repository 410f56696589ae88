/** Placeholder: the accounts engineer registers the scheduled 90-day purge here. */
import type { AppContext } from '../context.ts';

export async function registerPurgeWorker(_ctx: AppContext): Promise<void> {}
