/**
 * A tiny Stripe-compatible HTTP server for development and tests: the Checkout Session endpoints
 * this server uses (POST /v1/checkout/sessions form-encoded, GET /v1/checkout/sessions/{id}), a hosted
 * "pay" page, and webhooks signed exactly like Stripe's (Stripe-Signature: t=...,v1=HMAC-SHA256).
 * Run alone: `npx tsx apps/server/test/stand-ins/stripe-stand-in.ts --port 12111 --webhook-url http://localhost:3000/api/billing/stripe-webhook --secret whsec_dev`
 * then start the server with STRIPE_API_BASE=http://127.0.0.1:12111 STRIPE_WEBHOOK_SECRET=whsec_dev.
 */
import { createServer, type Server } from 'node:http';
import { createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { readBody, send } from './http-io.ts';

export interface StandInSession {
  id: string; object: 'checkout.session'; url: string; status: 'open' | 'complete' | 'expired'; payment_status: 'paid' | 'unpaid';
  amount_total: number; currency: string; payment_intent: string | null; amount_refunded: number; client_reference_id: string | null; customer_email: string | null; mode: string;
  success_url: string; cancel_url: string; metadata: Record<string, string>; created: number;
}

/** Parses Stripe-style bracketed form keys (a[b][0][c]=v) into nested objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((seg, i) => {
      if (i === path.length - 1) { node[seg] = value; return; }
      node[seg] ??= {};
      node = node[seg] as Record<string, unknown>;
    });
  }
  return root;
}



export interface StripeStandIn {
  url: string;
  sessions: Map<string, StandInSession>;
  /** Requests seen, for assertions (method, path, auth header). */
  requests: { method: string; path: string; authorization: string | undefined; idempotencyKey: string | undefined }[];
  /** Where webhooks go (the app under test may start listening after the stand-in). */
  setWebhookUrl(url: string): void;
  /** Marks a session paid (what the hosted page's Pay button does) and returns the signed webhook it sends. */
  pay(id: string): Promise<{ payload: string; signature: string; delivered: number | null }>;
  /** Refunds `cents` more of a paid session's payment and sends the signed charge.refunded webhook (cumulative amount_refunded). */
  refund(id: string, cents: number): Promise<{ payload: string; signature: string; delivered: number | null }>;
  /** A signed event for a session, as Stripe would send it (timestamp override for replay tests). */
  signedEvent(id: string, type?: string, timestampSeconds?: number): { payload: string; signature: string };
  close(): Promise<void>;
}

/** Starts the stand-in on 127.0.0.1 (port 0 = any free port). */
export async function startStripeStandIn(opts: { port?: number; webhookSecret: string; webhookUrl?: string; secretKey?: string }): Promise<StripeStandIn> {
  let webhookUrl = opts.webhookUrl;
  const sessions = new Map<string, StandInSession>();
  const requests: StripeStandIn['requests'] = [];
  let base = '';

  const sign = (type: string, object: unknown, t = Math.floor(Date.now() / 1000)) => {
    const payload = JSON.stringify({ id: `evt_${randomBytes(12).toString('hex')}`, object: 'event', type, created: t, data: { object } });
    const v1 = createHmac('sha256', opts.webhookSecret).update(`${t}.${payload}`, 'utf8').digest('hex');
    return { payload, signature: `t=${t},v1=${v1}` };
  };
  const signedEvent = (id: string, type = 'checkout.session.completed', t = Math.floor(Date.now() / 1000)) => {
    const session = sessions.get(id);
    if (!session) throw new Error(`no session ${id}`);
    return sign(type, session, t);
  };
  const deliver = async (ev: { payload: string; signature: string }) => {
    if (!webhookUrl) return null;
    const r = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': ev.signature }, body: ev.payload });
    return r.status;
  };

  const pay = async (id: string) => {
    const s = sessions.get(id);
    if (!s) throw new Error(`no session ${id}`);
    s.status = 'complete';
    s.payment_status = 'paid';
    s.payment_intent ??= `pi_${randomBytes(12).toString('hex')}`;
    const ev = signedEvent(id);
    return { ...ev, delivered: await deliver(ev) };
  };

  const refund = async (id: string, cents: number) => {
    const s = sessions.get(id);
    if (!s?.payment_intent) throw new Error(`session ${id} is not paid`);
    s.amount_refunded = Math.min(s.amount_total, s.amount_refunded + cents);
    const charge = { id: `ch_${s.payment_intent.slice(3)}`, object: 'charge', payment_intent: s.payment_intent, amount: s.amount_total,
      amount_refunded: s.amount_refunded, refunded: s.amount_refunded === s.amount_total, currency: 'usd' };
    const ev = sign('charge.refunded', charge);
    return { ...ev, delivered: await deliver(ev) };
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const auth = req.headers.authorization;
      requests.push({ method: req.method ?? '', path: url.pathname, authorization: auth, idempotencyKey: req.headers['idempotency-key'] as string | undefined });
      const body = await readBody(req);
      if (url.pathname.startsWith('/v1/')) {
        const key = auth?.replace(/^Bearer /, '') ?? '';
        if (!key.startsWith('sk_') || (opts.secretKey && key !== opts.secretKey)) {
          return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        }
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
          return send(res, 400, { error: { type: 'invalid_request_error', message: 'Send form-encoded parameters' } });
        }
        const f = parseStripeForm(body) as Record<string, any>;
        const item = f.line_items?.['0'];
        const amount = Number(item?.price_data?.unit_amount) * Number(item?.quantity ?? 1);
        if (f.mode !== 'payment' || !Number.isInteger(amount) || amount < 50 || item?.price_data?.currency !== 'usd' || !f.success_url || !f.cancel_url) {
          return send(res, 400, { error: { type: 'invalid_request_error', message: 'Missing or invalid parameters' } });
        }
        const id = `cs_test_${randomBytes(16).toString('hex')}`;
        const s: StandInSession = {
          id, object: 'checkout.session', url: `${base}/pay/${id}`, status: 'open', payment_status: 'unpaid', amount_total: amount, currency: 'usd', payment_intent: null, amount_refunded: 0,
          client_reference_id: f.client_reference_id ?? null, customer_email: f.customer_email ?? null, mode: 'payment',
          success_url: String(f.success_url), cancel_url: String(f.cancel_url), metadata: f.metadata ?? {}, created: Math.floor(Date.now() / 1000),
        };
        sessions.set(id, s);
        return send(res, 200, s);
      }
      const m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && m) {
        const s = sessions.get(decodeURIComponent(m[1]!));
        return s ? send(res, 200, s) : send(res, 404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
      }
      // The hosted page: GET shows a Pay button; POST pays, sends the webhook, redirects to success_url.
      const pm = /^\/pay\/([^/]+)$/.exec(url.pathname);
      if (pm && sessions.has(pm[1]!)) {
        const s = sessions.get(pm[1]!)!;
        if (req.method === 'GET') {
          res.writeHead(200, { 'content-type': 'text/html' });
          return res.end(`<!doctype html><title>Stripe stand-in</title><p>Pay $${(s.amount_total / 100).toFixed(2)}</p><form method="post"><button>Pay</button></form><a href="${s.cancel_url}">Cancel</a>`);
        }
        await pay(s.id);
        res.writeHead(303, { location: s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id) });
        return res.end();
      }
      send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
    })().catch((err: Error) => send(res, 500, { error: { message: err.message } }));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: base, sessions, requests, pay, refund, signedEvent, setWebhookUrl: (u: string) => { webhookUrl = u; }, close: () => new Promise((r) => server.close(() => r())) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : undefined; };
  const s = await startStripeStandIn({ port: Number(arg('port') ?? 12111), webhookSecret: arg('secret') ?? 'whsec_dev', ...(arg('webhook-url') ? { webhookUrl: arg('webhook-url')! } : {}) });
  console.log(`Stripe stand-in on ${s.url}`);
}
