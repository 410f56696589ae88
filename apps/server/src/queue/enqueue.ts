/** The one way to put work on a queue: the payload is checked against the queue's schema in registry.ts. */
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { queues, type Payload, type QueueName } from './registry.ts';

/**
 * Sends a payload with the queue's own policy; returns pg-boss's id for it (null when a singleton key
 * dropped it). With `tx` the job is written in that transaction, so it is queued if and only if the
 * transaction commits.
 */
export async function enqueue<N extends QueueName>(ctx: AppContext, name: N, payload: Payload<N>, tx?: Queryable): Promise<string | null> {
  const def = queues[name];
  const data = def.payload.parse(payload) ?? {};
  return ctx.queue.send(name, data, def.send?.(ctx.config) ?? {}, tx);
}
