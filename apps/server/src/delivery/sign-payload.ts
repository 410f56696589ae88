/** Webhook signatures: `X-Ladingwise-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`. */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Ladingwise-Signature';
export const EVENT_HEADER = 'X-Ladingwise-Event';
export const DELIVERY_HEADER = 'X-Ladingwise-Delivery';

/** A fresh signing secret, shown to the user once. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

/** The signature header value for a body sent at `unixSeconds`. */
export function signPayload(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** Receiver-side check (also used by the tests and shown in docs/webhooks.md): signature valid and at most `toleranceSeconds` old. */
export function verifySignature(secret: string, body: string, header: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  const got = Buffer.from(parts.v1);
  return got.length === expected.length && timingSafeEqual(got, expected);
}
