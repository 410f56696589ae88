/**
 * One webhook attempt: signs the stored body with a fresh timestamp, POSTs it to the address checked
 * for this attempt (no redirects, a timeout), and records the outcome. Non-2xx or a network error fails the attempt; the queue
 * retries with exponential backoff until the retry limit, when the delivery is marked failed.
 */
import type { AppContext } from '../context.ts';
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, signPayload } from './sign-payload.ts';
import { parseWebhookUrl, resolveWebhookTarget } from './webhook-url.ts';
import { postToTarget, WebhookTimeout } from './post-webhook.ts';
import { abandonDelivery, getDelivery, getWebhookForSending, recordAttempt } from './webhook-store.ts';
import { openSecret } from './secret-box.ts';

export type AttemptOutcome = { sent: boolean; final: boolean; statusCode: number | null; error: string | null };

/** Thrown so pg-boss schedules the next retry. */
export class WebhookAttemptFailed extends Error {}

/** The deliver-webhook queue's handler: one attempt; a failed one that may be retried throws so pg-boss retries it after the backoff delay. */
export async function deliverWebhook(ctx: AppContext, data: { tenantId: string; deliveryId: string; retryLimit: number }): Promise<void> {
  const outcome = await attemptDelivery(ctx, data);
  if (outcome && !outcome.sent && !outcome.final) throw new WebhookAttemptFailed(outcome.error ?? 'webhook attempt failed');
}

/** Makes one attempt; `retryLimit` retries follow the first attempt. */
export async function attemptDelivery(ctx: AppContext, o: { tenantId: string; deliveryId: string; retryLimit: number }): Promise<AttemptOutcome | null> {
  const d = await getDelivery(ctx.db, o.tenantId, o.deliveryId);
  if (!d || d.status !== 'pending') return null;
  const hook = await getWebhookForSending(ctx.db, o.tenantId, d.webhook_id);
  if (!hook) {
    await abandonDelivery(ctx.db, o.tenantId, d.id, 'The webhook was deleted.');
    return null;
  }
  const final = d.attempts + 1 > o.retryLimit;
  const started = Date.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  let blocked = false;
  const secret = readSecret(ctx, hook.secret);
  const parsed = parseWebhookUrl(hook.url);
  if (secret instanceof Error) {
    error = secret.message; // retrying cannot help: fail the delivery with the reason
    blocked = true;
  } else if ('problem' in parsed) {
    error = `Invalid URL: ${parsed.problem}`;
    blocked = true;
  } else {
    const target = await resolveWebhookTarget(parsed.url, ctx.config.WEBHOOK_ALLOW_PRIVATE_TARGETS);
    if ('problem' in target) {
      error = `Refused: ${target.problem}`;
      blocked = true;
    } else {
      try {
        statusCode = await postToTarget(parsed.url, target, {
          'content-type': 'application/json',
          'user-agent': 'Ladingwise-Webhooks/1.0',
          [SIGNATURE_HEADER]: signPayload(secret, d.body, Math.floor(ctx.now().getTime() / 1000)),
          [EVENT_HEADER]: d.event,
          [DELIVERY_HEADER]: d.id,
        }, d.body, ctx.config.WEBHOOK_TIMEOUT_SECONDS * 1000);
        if (statusCode < 200 || statusCode >= 300) error = `HTTP ${statusCode}`;
      } catch (err) {
        const e = err as Error & { code?: string };
        error = err instanceof WebhookTimeout ? e.message : (e.code ?? e.message);
      }
    }
  }
  const sent = error === null;
  const done = sent || final || blocked;
  await ctx.db.transaction((tx) =>
    recordAttempt(tx, {
      tenantId: o.tenantId, deliveryId: d.id, statusCode, error, durationMs: Date.now() - started,
      status: sent ? 'succeeded' : done ? 'failed' : 'pending', now: ctx.now(),
    }));
  ctx.logger.info({ tenantId: o.tenantId, deliveryId: d.id, webhookId: hook.id, statusCode, error, attempt: d.attempts + 1 }, 'webhook attempt');
  return { sent, final: done, statusCode, error };
}

/** The webhook's signing secret, or the reason it cannot be read (the server secret changed). */
function readSecret(ctx: AppContext, stored: string): string | Error {
  try {
    return openSecret(ctx.tokenKeys, stored);
  } catch (err) {
    return err as Error;
  }
}
