import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp } from '../../test/harness.ts';
import { startStripeStandIn, type StripeStandIn } from '../../test/stand-ins/stripe-stand-in.ts';
import { chargeJob } from './ledger.ts';

const SECRET = 'whsec_test_secret';
let stripe: StripeStandIn;
let t: TestApp;
let appUrl: string;

beforeAll(async () => {
  stripe = await startStripeStandIn({ webhookSecret: SECRET, secretKey: 'sk_test_ladingwise' });
  t = await startTestApp({ STRIPE_API_BASE: stripe.url, STRIPE_SECRET_KEY: 'sk_test_ladingwise', STRIPE_WEBHOOK_SECRET: SECRET, PUBLIC_URL: 'https://app.example.com' });
  appUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  stripe.setWebhookUrl(`${appUrl}/api/billing/stripe-webhook`);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const balanceOf = async (auth: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/api/billing/balance', headers: auth })).json().data.balance as number;
const checkout = (auth: Record<string, string>, amount: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/billing/create-checkout-session', headers: auth, payload: { amount } });
const postWebhook = (payload: string, signature: string) =>
  fetch(`${appUrl}/api/billing/stripe-webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });

describe('card checkout through the Stripe stand-in', () => {
  it('creates a session, credits it once on payment (webhook, return URL, replay), and rejects bad signatures', async () => {
    const u = await createTestUser(t.ctx);
    const res = await checkout(u.auth, 50);
    expect(res.statusCode).toBe(200);
    const { sessionId, url, credits } = res.json().data;
    expect(credits).toBe(2000);
    expect(url).toBe(`${stripe.url}/pay/${sessionId}`);
    const created = stripe.sessions.get(sessionId)!;
    expect(created).toMatchObject({ amount_total: 5000, currency: 'usd', client_reference_id: u.tenantId, metadata: { tenantId: u.tenantId, credits: '2000' } });
    expect(created.success_url).toBe('https://app.example.com/api/billing/checkout-return?session_id={CHECKOUT_SESSION_ID}');
    expect(created.cancel_url).toBe('https://app.example.com/app/billing?cancelled=true');
    expect(stripe.requests.at(-1)).toMatchObject({ authorization: 'Bearer sk_test_ladingwise' });

    // Coming back before paying adds nothing.
    const early = await t.app.inject({ method: 'GET', url: `/api/billing/checkout-return?session_id=${sessionId}` });
    expect(early.headers.location).toBe('https://app.example.com/app/billing?cancelled=true');
    expect(await balanceOf(u.auth)).toBe(400); // the welcome credit only

    // The hosted page's Pay button: the stand-in signs and sends checkout.session.completed to the real server.
    const paid = await fetch(url, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`https://app.example.com/api/billing/checkout-return?session_id=${sessionId}`);
    expect(await balanceOf(u.auth)).toBe(2400);

    // The browser then lands on the return URL: success notice, no second credit.
    const back = await t.app.inject({ method: 'GET', url: `/api/billing/checkout-return?session_id=${sessionId}` });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`https://app.example.com/app/billing?success=true&session_id=${sessionId}`);
    expect(await balanceOf(u.auth)).toBe(2400);

    // A replayed (re-signed, in-window) event is acknowledged and ignored.
    const replay = stripe.signedEvent(sessionId);
    const r1 = await postWebhook(replay.payload, replay.signature);
    expect(r1.status).toBe(200);
    expect(((await r1.json()) as { data: { outcome: string } }).data.outcome).toBe('already-credited');
    expect(await balanceOf(u.auth)).toBe(2400);

    // Wrong secret, tampered body, stale timestamp: 400.
    const forged = stripe.signedEvent(sessionId);
    expect((await postWebhook(forged.payload, forged.signature.replace(/v1=[0-9a-f]{4}/, 'v1=0000'))).status).toBe(400);
    expect((await postWebhook(forged.payload.replace('"paid"', '"unpaid"'), forged.signature)).status).toBe(400);
    const stale = stripe.signedEvent(sessionId, 'checkout.session.completed', Math.floor(Date.now() / 1000) - 3600);
    expect((await postWebhook(stale.payload, stale.signature)).status).toBe(400);
    expect((await postWebhook(forged.payload, '')).status).toBe(400);

    const txs = (await t.app.inject({ method: 'GET', url: '/api/billing/transactions', headers: u.auth })).json().data;
    expect(txs.total).toBe(2);
    expect(txs.transactions[0]).toMatchObject({ transactionType: 'Deposit', amount: 2000, metadata: { source: 'card', sessionId } });
    expect(txs.transactions[1]).toMatchObject({ transactionType: 'Deposit', amount: 400, metadata: { source: 'welcome' } });
    const invoices = (await t.app.inject({ method: 'GET', url: '/api/billing/invoices', headers: u.auth })).json().data;
    expect(invoices).toMatchObject([{ id: sessionId, amountUsd: 50, credits: 2000, status: 'paid' }]);
  });

  it('credits from the return URL alone when the webhook has not arrived, and the late webhook adds nothing', async () => {
    const u = await createTestUser(t.ctx);
    const { sessionId } = (await checkout(u.auth, '12.34')).json().data;
    const s = stripe.sessions.get(sessionId)!;
    s.status = 'complete';
    s.payment_status = 'paid';
    const back = await t.app.inject({ method: 'GET', url: `/api/billing/checkout-return?session_id=${sessionId}` });
    expect(back.headers.location).toBe(`https://app.example.com/app/billing?success=true&session_id=${sessionId}`);
    expect(await balanceOf(u.auth)).toBe(400 + 493); // welcome + $12.34 x 40 = 493.6, floored
    const late = stripe.signedEvent(sessionId);
    expect((await postWebhook(late.payload, late.signature)).status).toBe(200);
    expect(await balanceOf(u.auth)).toBe(400 + 493);
  });

  it('validates the amount with the spec texts', async () => {
    const u = await createTestUser(t.ctx);
    for (const bad of [0, -5, 'abc', null]) {
      const r = await checkout(u.auth, bad);
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe('Please enter a valid amount greater than 0');
    }
    const low = await checkout(u.auth, 4.99);
    expect(low.json().message).toBe('Minimum purchase amount is $5.00');
  });

  it("keeps sessions per tenant: another tenant cannot verify or see them", async () => {
    const a = await createTestUser(t.ctx);
    const b = await createTestUser(t.ctx);
    const { sessionId } = (await checkout(a.auth, 5)).json().data;
    await stripe.pay(sessionId);
    const other = await t.app.inject({ method: 'POST', url: '/api/billing/verify-checkout', headers: b.auth, payload: { sessionId } });
    expect(other.statusCode).toBe(404);
    expect(await balanceOf(b.auth)).toBe(400);
    const own = await t.app.inject({ method: 'POST', url: '/api/billing/verify-checkout', headers: a.auth, payload: { sessionId } });
    expect(own.json().data).toMatchObject({ credited: false, balance: 600 });
    expect((await t.app.inject({ method: 'GET', url: '/api/billing/invoices', headers: b.auth })).json().data).toEqual([]);
  });

  it('takes credits back once when the payment is refunded at Stripe; what was already spent becomes owed', async () => {
    const u = await createTestUser(t.ctx);
    const { sessionId } = (await checkout(u.auth, 10)).json().data;
    await stripe.pay(sessionId);
    expect(await balanceOf(u.auth)).toBe(800); // welcome 400 + $10 = 400
    const half = await stripe.refund(sessionId, 500);
    expect(half.delivered).toBe(200);
    expect(await balanceOf(u.auth)).toBe(600);
    // Replaying the same (cumulative) refund event changes nothing.
    const again = await postWebhook(half.payload, half.signature);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { data: { outcome: string } }).data.outcome).toBe('ignored');
    expect(await balanceOf(u.auth)).toBe(600);
    for (let i = 0; i < 95; i++) await t.ctx.db.transaction((tx) => chargeJob(tx, { tenantId: u.tenantId, jobId: randomUUID() }));
    expect(await balanceOf(u.auth)).toBe(30); // 600 - 95 bills x 6 credits
    await stripe.refund(sessionId, 500);
    const b = (await t.app.inject({ method: 'GET', url: '/api/billing/balance', headers: u.auth })).json().data;
    expect(b).toEqual({ balance: 0, owed: 170 });
    const txs = (await t.app.inject({ method: 'GET', url: '/api/billing/transactions?limit=1', headers: u.auth })).json().data.transactions;
    expect(txs[0]).toMatchObject({ transactionType: 'Refund', amount: -30, metadata: { source: 'card-refund', sessionId, credits: 200, owed: 170 } });
  });
});
