/** Placeholder: the delivery engineer registers the deliver-job and deliver-webhook workers here. */
import type { AppContext } from '../context.ts';

export async function registerDeliveryWorkers(_ctx: AppContext): Promise<void> {}
