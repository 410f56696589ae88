/**
 * The few Stripe REST calls card checkout needs (https://docs.stripe.com/api/checkout/sessions):
 * form-encoded POST /v1/checkout/sessions, GET /v1/checkout/sessions/{id}, and the Stripe-Signature
 * check for webhooks. Plain fetch against a configurable base URL, so a stand-in can answer in tests.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface StripeOptions { apiBase: string; secretKey: string; timeoutMs?: number }

/** The fields of a Checkout Session this server reads. */
export interface StripeCheckoutSession {
  id: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total: number | null;
  /** Set once paid; refunds (charge.refunded) name it. */
  payment_intent?: string | null;
  currency: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
}

/** A Stripe API answer other than 2xx. */
export class StripeError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'StripeError';
  }
}

/** Flattens nested params the way Stripe expects: line_items[0][price_data][currency]=usd. */
export function formEncode(params: Record<string, unknown>, prefix = ''): URLSearchParams {
  const out = new URLSearchParams();
  const walk = (value: unknown, key: string): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${key}[${i}]`));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, key ? `${key}[${k}]` : k);
    else out.append(key, String(value));
  };
  walk(params, prefix);
  return out;
}

async function stripeFetch<T>(o: StripeOptions, method: 'GET' | 'POST', path: string, form?: URLSearchParams, idempotencyKey?: string): Promise<T> {
  const res = await fetch(new URL(path, o.apiBase), {
    method,
    headers: {
      authorization: `Bearer ${o.secretKey}`,
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body: form?.toString(),
    signal: AbortSignal.timeout(o.timeoutMs ?? 15_000),
  });
  // An error answer may carry no JSON (a proxy's page): its status is enough. A success must be JSON.
  const body = (await res.json().catch(() => null)) as ({ error?: { message?: string } } & T) | null;
  if (!res.ok) throw new StripeError(res.status, body?.error?.message ?? `Stripe answered ${res.status}`);
  if (body === null) throw new StripeError(res.status, 'Stripe answered without a JSON body');
  return body;
}

/** Creates a hosted Checkout Session for one line item of `amountCents` USD. */
export function createCheckoutSession(
  o: StripeOptions,
  s: { amountCents: number; productName: string; successUrl: string; cancelUrl: string; clientReferenceId: string; metadata: Record<string, string>; customerEmail?: string; idempotencyKey: string },
): Promise<StripeCheckoutSession> {
  const form = formEncode({
    mode: 'payment',
    success_url: s.successUrl,
    cancel_url: s.cancelUrl,
    client_reference_id: s.clientReferenceId,
    customer_email: s.customerEmail,
    line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: s.amountCents, product_data: { name: s.productName } } }],
    metadata: s.metadata,
    payment_intent_data: { metadata: s.metadata },
  });
  return stripeFetch(o, 'POST', '/v1/checkout/sessions', form, s.idempotencyKey);
}

/** Reads a Checkout Session (to confirm payment on the return URL). */
export function retrieveCheckoutSession(o: StripeOptions, id: string): Promise<StripeCheckoutSession> {
  return stripeFetch(o, 'GET', `/v1/checkout/sessions/${encodeURIComponent(id)}`);
}

/**
 * Checks a Stripe-Signature header (`t=<unix>,v1=<hex>[,v1=...]`): HMAC-SHA256 of `${t}.${rawBody}`
 * with the endpoint secret, and a timestamp within `toleranceSeconds` of now (replay protection).
 */
export function verifyStripeSignature(rawBody: string, header: string | undefined, secret: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.trim().split('=') as [string, string | undefined]);
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  const sigs = parts.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v!);
  if (!Number.isFinite(t) || sigs.length === 0) return false;
  if (Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`, 'utf8').digest();
  return sigs.some((s) => {
    const got = Buffer.from(s, 'hex');
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
}

/** Builds a Stripe-Signature header value (used by the stand-in and tests). */
export function signStripePayload(rawBody: string, secret: string, timestampSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}
