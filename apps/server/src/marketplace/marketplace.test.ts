import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, refusalOf, startTestApp, type TestApp } from '../../test/harness.ts';
import { startAzureSaasStandIn, type AzureSaasStandIn } from '../../test/stand-ins/azure-saas-stand-in.ts';
import { assertCanAfford, chargeJob } from '../billing/ledger.ts';
import { reportMarketplaceUsage } from './marketplace-service.ts';

let azure: AzureSaasStandIn;
let t: TestApp;

beforeAll(async () => {
  azure = await startAzureSaasStandIn();
  // Entra client credentials against the stand-in's token endpoint (no fixed token), as production runs.
  t = await startTestApp({
    MARKETPLACE_API_BASE: azure.url, MARKETPLACE_LOGIN_BASE: azure.url,
    MARKETPLACE_ENTRA_TENANT_ID: 'publisher-tenant', MARKETPLACE_CLIENT_ID: 'app-id', MARKETPLACE_CLIENT_SECRET: 'app-secret',
  });
});
afterAll(async () => {
  await t?.close();
  await azure?.close();
});

type Auth = Record<string, string>;
const resolve = (auth: Auth, marketplaceToken: string) => t.app.inject({ method: 'POST', url: '/api/marketplace/azure/resolve', headers: auth, payload: { marketplaceToken } });
const link = (auth: Auth, subscriptionId: string) => t.app.inject({ method: 'POST', url: '/api/marketplace/azure/link', headers: auth, payload: { subscriptionId } });
const webhook = (body: object) => t.app.inject({ method: 'POST', url: '/api/marketplace/azure/webhook', payload: body });
const tenantRow = async (tenantId: string) =>
  (await t.ctx.db.query<{ billing_mode: string; pricing_plan: string }>('SELECT billing_mode, pricing_plan FROM tenants WHERE id = $1', [tenantId])).rows[0]!;

/** A user who has resolved and linked a fresh subscription on the good-as-a-human plan. */
async function linkedUser() {
  const u = await createTestUser(t.ctx);
  const sub = azure.addSubscription({ planId: 'good-as-a-human', purchaserEmail: 'buyer@contoso.example' });
  expect((await resolve(u.auth, sub.marketplaceToken)).statusCode).toBe(200);
  expect((await link(u.auth, sub.id)).json().data.success).toBe(true);
  return { u, subId: sub.id };
}

describe('cloud marketplace landing flow', () => {
  it('resolves the landing token, links (activates) the subscription and switches the account to marketplace billing', async () => {
    const u = await createTestUser(t.ctx);
    const sub = azure.addSubscription({ planId: 'better-than-a-human', purchaserEmail: 'buyer@contoso.example' });
    const r = await resolve(u.auth, sub.marketplaceToken);
    expect(r.statusCode).toBe(200);
    expect(r.json().data.data).toMatchObject({ id: sub.id, planId: 'better-than-a-human', status: 'PendingFulfillmentStart' });
    const l = await link(u.auth, sub.id);
    expect(l.json()).toMatchObject({ success: true, data: { success: true, data: { id: sub.id, status: 'Subscribed' } } });
    expect(azure.subscriptions.get(sub.id)!.saasSubscriptionStatus).toBe('Subscribed');
    expect(await tenantRow(u.tenantId)).toEqual({ billing_mode: 'marketplace', pricing_plan: 'better-than-a-human' });
    const info = (await t.app.inject({ method: 'GET', url: '/api/billing/info', headers: u.auth })).json().data;
    expect(info.billingMode).toBe('marketplace');
    const mine = await t.app.inject({ method: 'GET', url: '/api/marketplace/azure/subscription', headers: u.auth });
    expect(mine.json().data.data).toMatchObject({ id: sub.id, status: 'Subscribed' });
    const plans = (await t.app.inject({ method: 'GET', url: '/api/marketplace/azure/plans', headers: u.auth })).json().data.data;
    expect(plans.map((p: { planId: string }) => p.planId)).toEqual(['good-as-a-human', 'better-than-a-human']);
    // Linking again is harmless; card checkout and plan changes are the marketplace's business now.
    expect((await link(u.auth, sub.id)).json().data.success).toBe(true);
    expect((await t.app.inject({ method: 'PUT', url: '/api/billing/pricing-plan', headers: u.auth, payload: { pricingPlan: 'good-as-a-human' } })).statusCode).toBe(409);
  });

  it('refuses a bad token and a subscription the caller neither resolved nor bought', async () => {
    const u = await createTestUser(t.ctx);
    const bad = await resolve(u.auth, 'not-a-token');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Failed to resolve marketplace token. Please contact support.');
    const { subId } = await linkedUser();
    const stranger = await link(u.auth, subId);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe('Failed to link Azure subscription. Please try again.');
    const fresh = azure.addSubscription({ planId: 'good-as-a-human', purchaserEmail: 'someone@else.example' });
    expect((await link(u.auth, fresh.id)).statusCode).toBe(400);
    expect((await link(u.auth, randomUUID())).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/marketplace/azure/subscription', headers: u.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/marketplace/aws/subscription', headers: u.auth })).statusCode).toBe(404);
  });

  it('links directly by id when the signed-in e-mail bought the subscription', async () => {
    const u = await createTestUser(t.ctx);
    const sub = azure.addSubscription({ planId: 'good-as-a-human', purchaserEmail: u.email.toUpperCase() });
    expect((await link(u.auth, sub.id)).json().data.success).toBe(true);
  });
});

describe('usage and metering', () => {
  it('records one usage unit per completed document (no credits) and reports each finished hour once', async () => {
    const { u, subId } = await linkedUser();
    const jobs = [randomUUID(), randomUUID(), randomUUID()];
    for (const jobId of [...jobs, jobs[0]!]) await t.ctx.db.transaction((tx) => chargeJob(tx, { tenantId: u.tenantId, jobId }));
    await assertCanAfford(t.ctx.db, u.tenantId, 1000);
    const tx = (await t.app.inject({ method: 'GET', url: '/api/billing/transactions', headers: u.auth })).json().data;
    expect(tx.total).toBe(3);
    expect(tx.transactions[0]).toMatchObject({ transactionType: 'Charge', amount: 0, metadata: { source: 'marketplace', subscriptionId: subId, planId: 'good-as-a-human' } });
    const usage = (await t.app.inject({ method: 'GET', url: '/api/marketplace/azure/usage', headers: u.auth })).json().data.data;
    expect(usage).toMatchObject({ subscriptionId: subId, documents: 3, reported: 0, pending: 3 });

    const later = new Date(Date.now() + 2 * 3600_000);
    const first = await reportMarketplaceUsage(t.ctx, later);
    expect(first.accepted).toBeGreaterThanOrEqual(1);
    const sent = azure.usage.filter((e) => e.resourceId === subId);
    expect(sent.reduce((n, e) => n + e.quantity, 0)).toBe(3);
    expect(sent.every((e) => e.dimension === 'documents' && e.planId === 'good-as-a-human' && e.effectiveStartTime.endsWith(':00:00.000Z'))).toBe(true);
    await reportMarketplaceUsage(t.ctx, later);
    expect(azure.usage.filter((e) => e.resourceId === subId)).toHaveLength(sent.length);
    const after = (await t.app.inject({ method: 'GET', url: '/api/marketplace/azure/usage', headers: u.auth })).json().data.data;
    expect(after).toMatchObject({ reported: 3, pending: 0 });
  });
});

describe('usage the marketplace refuses', () => {
  it('settles an hour refused for good (older than 24 h) without blocking the hours after it', async () => {
    const { u, subId } = await linkedUser();
    const oldJob = randomUUID();
    await t.ctx.db.transaction((tx) => chargeJob(tx, { tenantId: u.tenantId, jobId: oldJob }));
    await t.ctx.db.query("UPDATE marketplace_usage SET completed_at = now() - interval '3 days' WHERE job_id = $1", [oldJob]);
    await t.ctx.db.transaction((tx) => chargeJob(tx, { tenantId: u.tenantId, jobId: randomUUID() }));
    const r = await reportMarketplaceUsage(t.ctx, new Date(Date.now() + 2 * 3600_000));
    expect(r.refused).toBeGreaterThanOrEqual(1);
    const { rows } = await t.ctx.db.query<{ report_status: string }>('SELECT report_status FROM marketplace_usage WHERE tenant_id = $1 ORDER BY completed_at', [u.tenantId]);
    expect(rows.map((x) => x.report_status)).toEqual(['Expired', 'Accepted']);
    expect(azure.usage.filter((e) => e.resourceId === subId).reduce((n, e) => n + e.quantity, 0)).toBe(1);
  });
});

describe('marketplace webhook', () => {
  it('applies a plan change once, confirmed with the fulfillment API, and acknowledges it', async () => {
    const { u, subId } = await linkedUser();
    const op = azure.startOperation(subId, 'ChangePlan', { planId: 'better-than-a-human' });
    const first = await webhook(op);
    expect(first.json().data).toEqual({ action: 'ChangePlan', applied: true });
    expect((await tenantRow(u.tenantId)).pricing_plan).toBe('better-than-a-human');
    expect(azure.patches).toContainEqual({ operationId: op.id, status: 'Success' });
    expect((await webhook(op)).json().data.applied).toBe(false);
  });

  it('rejects a notification the fulfillment API does not know', async () => {
    const { subId } = await linkedUser();
    const forged = await webhook({ id: randomUUID(), subscriptionId: subId, action: 'Unsubscribe' });
    expect(forged.statusCode).toBe(400);
    expect((await webhook({ action: 'Suspend' })).statusCode).toBe(400);
  });

  it('suspends processing, reinstates it, and returns the account to credits on unsubscribe', async () => {
    const { u, subId } = await linkedUser();
    await webhook(azure.startOperation(subId, 'Suspend'));
    expect(await refusalOf(assertCanAfford(t.ctx.db, u.tenantId, 1))).toMatchObject({ statusCode: 402, code: 'MARKETPLACE_SUBSCRIPTION_INACTIVE' });
    await webhook(azure.startOperation(subId, 'Reinstate'));
    await expect(assertCanAfford(t.ctx.db, u.tenantId, 1)).resolves.toBeUndefined();
    await webhook(azure.startOperation(subId, 'Unsubscribe'));
    expect((await tenantRow(u.tenantId)).billing_mode).toBe('credits');
    expect((await t.app.inject({ method: 'GET', url: '/api/marketplace/azure/subscription', headers: u.auth })).statusCode).toBe(404);
  });
});
