import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, refusalOf, startTestApp, type TestApp } from '../../test/harness.ts';
import { BOL_JPEG, upload } from '../../test/pipeline-helpers.ts';
import { assertCanAfford, chargeJob, depositCredits, grantWelcomeCredit, refundJobCharge, WELCOME_DESCRIPTION } from './ledger.ts';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t?.close(); });

const INSUFFICIENT = 'Not enough credits to process these documents. Buy credits on the Billing page.';

async function account(tenantId: string) {
  const { rows } = await t.ctx.db.query<{ balance: number; owed: number }>('SELECT balance, owed FROM credit_accounts WHERE tenant_id = $1', [tenantId]);
  return rows[0] ?? { balance: 0, owed: 0 };
}
/** The ledger's promise: the history always adds up to the balance. */
async function ledgerSum(tenantId: string) {
  const { rows } = await t.ctx.db.query<{ s: number }>('SELECT COALESCE(sum(amount), 0)::int AS s FROM credit_transactions WHERE tenant_id = $1', [tenantId]);
  return rows[0]!.s;
}
async function setBalance(tenantId: string, balance: number) {
  await t.ctx.db.transaction((tx) => grantWelcomeCredit(tx, tenantId));
  await t.ctx.db.query("UPDATE credit_transactions SET amount = $2 WHERE tenant_id = $1 AND kind = 'welcome'", [tenantId, balance]);
  await t.ctx.db.query('UPDATE credit_accounts SET balance = $2 WHERE tenant_id = $1', [tenantId, balance]);
}
const info = async (auth: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/api/billing/info', headers: auth })).json().data;

describe('welcome credit', () => {
  it('adds $10 = 400 credits exactly once under 10 concurrent initialize calls', async () => {
    const u = await createTestUser(t.ctx);
    const res = await Promise.all(Array.from({ length: 10 }, () => t.app.inject({ method: 'POST', url: '/api/user/initialize', headers: u.auth })));
    expect(res.every((r) => r.statusCode === 200)).toBe(true);
    const i = await info(u.auth);
    expect(i.balance).toBe(400);
    expect(i.pricing).toEqual({ goodAsHumanCredits: 6, betterThanHumanCredits: 8 });
    expect(i.welcomeOffer).toEqual({ freeBills: 50, credits: 400, usd: 10 });
    expect(i.billingMode).toBe('credits');
    const tx = (await t.app.inject({ method: 'GET', url: '/api/billing/transactions', headers: u.auth })).json().data;
    expect(tx.total).toBe(1);
    expect(tx.transactions[0]).toMatchObject({ transactionType: 'Deposit', amount: 400, description: 'Welcome offer: your first 50 bills free ($10 credit)' });
  });

  it('stays once when grantWelcomeCredit itself races in separate transactions', async () => {
    const u = await createTestUser(t.ctx);
    await Promise.all(Array.from({ length: 10 }, () => t.ctx.db.transaction((tx) => grantWelcomeCredit(tx, u.tenantId))));
    expect(await account(u.tenantId)).toEqual({ balance: 400, owed: 0 });
    expect(await ledgerSum(u.tenantId)).toBe(400);
  });
});

describe('the welcome offer: your first 50 bills free', () => {
  it('pays for exactly 50 bills on Better than a Human (8 credits each), and the 51st needs credits', async () => {
    const u = await createTestUser(t.ctx);
    await t.app.inject({ method: 'PUT', url: '/api/billing/pricing-plan', headers: u.auth, payload: { pricingPlan: 'better-than-a-human' } });
    await t.app.inject({ method: 'POST', url: '/api/user/initialize', headers: u.auth });
    for (let i = 0; i < 50; i++) {
      await assertCanAfford(t.ctx.db, u.tenantId, 1);
      await t.ctx.db.transaction((tx) => chargeJob(tx, { tenantId: u.tenantId, jobId: randomUUID() }));
    }
    expect(await account(u.tenantId)).toEqual({ balance: 0, owed: 0 });
    expect(await refusalOf(assertCanAfford(t.ctx.db, u.tenantId, 1))).toMatchObject({ statusCode: 402, message: INSUFFICIENT });
    const { rows } = await t.ctx.db.query<{ amount: number; n: number }>(
      "SELECT amount, count(*)::int AS n FROM credit_transactions WHERE tenant_id = $1 AND kind = 'charge' GROUP BY amount", [u.tenantId]);
    expect(rows).toEqual([{ amount: -8, n: 50 }]);
  });

  it('pays for 66 bills on Good as a Human (6 credits each), so 50 free holds there too', async () => {
    const u = await createTestUser(t.ctx);
    await t.app.inject({ method: 'POST', url: '/api/user/initialize', headers: u.auth });
    for (let i = 0; i < 66; i++) await t.ctx.db.transaction((tx) => chargeJob(tx, { tenantId: u.tenantId, jobId: randomUUID() }));
    expect(await account(u.tenantId)).toEqual({ balance: 4, owed: 0 });
    expect(await ledgerSum(u.tenantId)).toBe(4);
    await expect(assertCanAfford(t.ctx.db, u.tenantId, 1)).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
  });
});

describe('charging completed jobs', () => {
  it('charges the plan price once per job even when chargeJob runs twice at the same time', async () => {
    const u = await createTestUser(t.ctx);
    await t.ctx.db.transaction((tx) => grantWelcomeCredit(tx, u.tenantId));
    const jobId = randomUUID();
    await Promise.all([1, 2, 3].map(() => t.ctx.db.transaction((tx) => chargeJob(tx, { tenantId: u.tenantId, jobId }))));
    expect((await account(u.tenantId)).balance).toBe(394);
    const { rows } = await t.ctx.db.query("SELECT amount FROM credit_transactions WHERE job_id = $1 AND kind = 'charge'", [jobId]);
    expect(rows).toEqual([{ amount: -6 }]);
  });

  it('charges 8 credits per document after switching to better-than-a-human', async () => {
    const u = await createTestUser(t.ctx);
    await t.ctx.db.transaction((tx) => grantWelcomeCredit(tx, u.tenantId));
    const put = await t.app.inject({ method: 'PUT', url: '/api/billing/pricing-plan', headers: u.auth, payload: { pricingPlan: 'better-than-a-human' } });
    expect(put.statusCode).toBe(200);
    expect(put.json().message).toBe('Pricing plan updated successfully');
    expect((await t.app.inject({ method: 'GET', url: '/api/billing/pricing-plan', headers: u.auth })).json().data.pricingPlan).toBe('better-than-a-human');
    await t.ctx.db.transaction((tx) => chargeJob(tx, { tenantId: u.tenantId, jobId: randomUUID() }));
    expect((await account(u.tenantId)).balance).toBe(392);
    const bad = await t.app.inject({ method: 'PUT', url: '/api/billing/pricing-plan', headers: u.auth, payload: { pricingPlan: 'gold' } });
    expect(bad.statusCode).toBe(400);
  });

  it('never lets concurrent charges drive the balance below zero; the shortfall is owed and settled by the next deposit', async () => {
    const u = await createTestUser(t.ctx);
    await setBalance(u.tenantId, 10);
    await Promise.all(Array.from({ length: 5 }, () => t.ctx.db.transaction((tx) => chargeJob(tx, { tenantId: u.tenantId, jobId: randomUUID() }))));
    expect(await account(u.tenantId)).toEqual({ balance: 0, owed: 20 });
    expect(await ledgerSum(u.tenantId)).toBe(0);
    // Owing credits blocks new work even before the balance is checked.
    expect(await refusalOf(assertCanAfford(t.ctx.db, u.tenantId, 1))).toMatchObject({ statusCode: 402, message: INSUFFICIENT });
    await t.ctx.db.transaction((tx) => depositCredits(tx, { tenantId: u.tenantId, credits: 200, externalRef: `test-${randomUUID()}`, description: 'test deposit' }));
    expect(await account(u.tenantId)).toEqual({ balance: 180, owed: 0 });
    expect(await ledgerSum(u.tenantId)).toBe(180);
    await expect(assertCanAfford(t.ctx.db, u.tenantId, 1)).resolves.toBeUndefined();
  });

  it('refunds a charge once', async () => {
    const u = await createTestUser(t.ctx);
    const admin = await createTestUser(t.ctx, { role: 'Admin' });
    await t.ctx.db.transaction((tx) => grantWelcomeCredit(tx, u.tenantId));
    const jobId = randomUUID();
    await t.ctx.db.transaction((tx) => chargeJob(tx, { tenantId: u.tenantId, jobId }));
    const first = await t.app.inject({ method: 'POST', url: '/api/billing/refunds', headers: admin.auth, payload: { tenantId: u.tenantId, jobId, reason: 'wrong shipper' } });
    expect(first.json().data.credits).toBe(6);
    expect(await t.ctx.db.transaction((tx) => refundJobCharge(tx, { tenantId: u.tenantId, jobId, reason: 'again' }))).toBeNull();
    expect((await account(u.tenantId)).balance).toBe(400);
    const list = (await t.app.inject({ method: 'GET', url: '/api/billing/transactions?limit=1', headers: u.auth })).json().data;
    expect(list.transactions[0]).toMatchObject({ transactionType: 'Refund', amount: 6 });
    expect((await t.app.inject({ method: 'POST', url: '/api/billing/refunds', headers: u.auth, payload: { tenantId: u.tenantId, jobId } })).statusCode).toBe(403);
  });
});

describe('paying before processing', () => {
  it('refuses an upload the balance cannot pay for, with the catalogue text, and counts queued documents as spoken for', async () => {
    const u = await createTestUser(t.ctx);
    await setBalance(u.tenantId, 11);
    const first = await upload(t.app, u.auth, [{ filename: 'bol.jpg', data: BOL_JPEG }]);
    expect(first.statusCode).toBe(200);
    // 11 credits pay one 6-credit document; the first is still queued, so the second would overspend.
    const second = await upload(t.app, u.auth, [{ filename: 'bol.jpg', data: BOL_JPEG }]);
    expect(second.statusCode).toBe(402);
    expect(second.json()).toMatchObject({ success: false, message: INSUFFICIENT });
  });

  it('opens every account with the welcome credit, even one that reaches billing without setup', async () => {
    const reader = await createTestUser(t.ctx);
    expect((await info(reader.auth)).balance).toBe(400);
    await t.app.inject({ method: 'POST', url: '/api/user/initialize', headers: reader.auth });
    expect((await info(reader.auth)).balance).toBe(400);
    expect(await ledgerSum(reader.tenantId)).toBe(400);

    const u = await createTestUser(t.ctx);
    await assertCanAfford(t.ctx.db, u.tenantId, 1);
    expect((await account(u.tenantId)).balance).toBe(400);
    await assertCanAfford(t.ctx.db, u.tenantId, 66);
    await expect(assertCanAfford(t.ctx.db, u.tenantId, 67)).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    expect(await ledgerSum(u.tenantId)).toBe(400);
  });
});

describe('history and isolation', () => {
  it('pages transactions newest first and never shows another tenant\'s', async () => {
    const a = await createTestUser(t.ctx);
    const b = await createTestUser(t.ctx);
    await t.ctx.db.transaction((tx) => grantWelcomeCredit(tx, a.tenantId));
    for (let i = 0; i < 3; i++) await t.ctx.db.transaction((tx) => chargeJob(tx, { tenantId: a.tenantId, jobId: randomUUID() }));
    const page = (await t.app.inject({ method: 'GET', url: '/api/billing/transactions?limit=2&skip=1', headers: a.auth })).json().data;
    expect(page.total).toBe(4);
    expect(page.transactions).toHaveLength(2);
    expect(page.transactions.every((x: { transactionType: string }) => x.transactionType === 'Charge' || x.transactionType === 'Deposit')).toBe(true);
    expect((await info(b.auth)).balance).toBe(400);
    const other = (await t.app.inject({ method: 'GET', url: '/api/billing/transactions', headers: b.auth })).json().data;
    expect(other.total).toBe(1);
    expect(other.transactions[0]).toMatchObject({ description: WELCOME_DESCRIPTION, amount: 400 });
    const usage = (await t.app.inject({ method: 'GET', url: '/api/billing/current-usage', headers: a.auth })).json().data;
    expect(usage).toMatchObject({ documents: 3, creditsUsed: 18, balance: 382 });
    expect((await t.app.inject({ method: 'GET', url: '/api/billing/transactions' })).statusCode).toBe(401);
  });

  it('answers card checkout with the spec text when no payment provider is configured', async () => {
    const u = await createTestUser(t.ctx);
    const r = await t.app.inject({ method: 'POST', url: '/api/billing/create-checkout-session', headers: u.auth, payload: { amount: 50 } });
    expect(r.statusCode).toBe(503);
    expect(r.json().message).toBe('Stripe is not properly configured. Please check your environment variables.');
  });
});
