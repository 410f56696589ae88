/** Placeholder with the final signature: the delivery engineer implements it (webhooks, SFTP outbound). */
import type { AppContext } from '../context.ts';

/** Queues delivery of a finished job (Completed or Failed) to the tenant's channels. */
export async function enqueueDelivery(_ctx: AppContext, _job: { tenantId: string; jobId: string }): Promise<void> {}
