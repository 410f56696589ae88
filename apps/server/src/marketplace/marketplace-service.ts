/**
 * The cloud-marketplace flows: resolve a landing token, link (activate) a subscription to the
 * signed-in account, apply the marketplace's webhook operations, and report metered usage.
 */
import type { PricingPlan } from '@ladingwise/shared';
import type { AppContext } from '../context.ts';
import type { Config } from '../config.ts';
import type { Principal } from '../auth/principal.ts';
import { errors } from '../errors/catalogue.ts';
import { writeAudit, actorOf } from '../audit/write-audit.ts';
import { changePlan, setBillingMode } from '../accounts/tenant-store.ts';
import { azureSaasClient, AzureSaasError, type AzureSaasClient, type AzureOperation } from './azure-saas-client.ts';
import {
  bindSubscription, claimOperation, getSubscriptionRow, markBucketReported, toSubscriptionDto, unreportedBuckets,
  updateSubscription, upsertSubscription, type SubscriptionDto,
} from './marketplace-store.ts';

const clients = new WeakMap<Config, AzureSaasClient>();

/** The fulfillment API client, or null when MARKETPLACE_API_BASE is unset (marketplace off). */
export function marketplaceClient(config: Config): AzureSaasClient | null {
  if (!config.MARKETPLACE_API_BASE) return null;
  let c = clients.get(config);
  if (!c) {
    const entra = config.MARKETPLACE_ENTRA_TENANT_ID && config.MARKETPLACE_CLIENT_ID && config.MARKETPLACE_CLIENT_SECRET
      ? { loginBase: config.MARKETPLACE_LOGIN_BASE, tenantId: config.MARKETPLACE_ENTRA_TENANT_ID, clientId: config.MARKETPLACE_CLIENT_ID, clientSecret: config.MARKETPLACE_CLIENT_SECRET }
      : undefined;
    c = azureSaasClient({ apiBase: config.MARKETPLACE_API_BASE, ...(config.MARKETPLACE_TOKEN ? { staticToken: config.MARKETPLACE_TOKEN } : {}), ...(entra ? { entra } : {}) });
    clients.set(config, c);
  }
  return c;
}

function requireClient(ctx: AppContext): AzureSaasClient {
  const c = marketplaceClient(ctx.config);
  if (!c) throw errors.marketplaceNotConfigured();
  return c;
}

/** The product plan a marketplace plan id stands for: ids naming "better" are the higher plan. */
export function pricingPlanFor(marketplacePlanId: string): PricingPlan {
  return /better/i.test(marketplacePlanId) ? 'better-than-a-human' : 'good-as-a-human';
}

const sameEmail = (a: string | null | undefined, b: string | null | undefined) => Boolean(a && b && a.trim().toLowerCase() === b.trim().toLowerCase());

/** Resolves a landing-page token; remembers that this tenant holds it (which later allows linking). */
export async function resolveToken(ctx: AppContext, p: Principal, token: string): Promise<SubscriptionDto> {
  const client = requireClient(ctx);
  let r;
  try {
    r = await client.resolve(token);
  } catch (err) {
    ctx.logger.warn({ err: (err as Error).message }, 'marketplace: resolve failed');
    throw errors.marketplaceResolveFailed();
  }
  if (!r?.id) throw errors.marketplaceResolveFailed();
  await upsertSubscription(ctx.db, {
    id: r.id, name: r.subscriptionName ?? r.subscription?.name ?? '', offerId: r.offerId ?? '', planId: r.planId ?? r.subscription?.planId ?? '',
    quantity: r.quantity ?? null, ...(r.subscription?.saasSubscriptionStatus ? { status: r.subscription.saasSubscriptionStatus } : {}),
    purchaserEmail: r.subscription?.purchaser?.emailId ?? null, beneficiaryEmail: r.subscription?.beneficiary?.emailId ?? null,
    resolvedByTenant: p.tenantId,
  });
  await writeAudit(ctx.db, { tenantId: p.tenantId, userId: p.userId, actor: actorOf(p), action: 'marketplace.resolve', targetType: 'marketplace_subscription', targetId: r.id });
  return toSubscriptionDto((await getSubscriptionRow(ctx.db, r.id))!);
}

/**
 * Links a subscription to the caller's account and activates it. Allowed when this tenant resolved
 * its landing token, or when the signed-in e-mail is the subscription's purchaser or beneficiary;
 * otherwise anyone knowing an id could bill someone else's subscription.
 */
export async function linkSubscription(ctx: AppContext, p: Principal, subscriptionId: string): Promise<SubscriptionDto> {
  const client = requireClient(ctx);
  let row = await getSubscriptionRow(ctx.db, subscriptionId);
  if (row?.tenant_id === p.tenantId && row.status === 'Subscribed') return toSubscriptionDto(row);
  let remote;
  try {
    remote = await client.getSubscription(subscriptionId);
  } catch (err) {
    if (err instanceof AzureSaasError && err.status === 404) throw errors.marketplaceLinkFailed();
    ctx.logger.warn({ err: (err as Error).message }, 'marketplace: get subscription failed');
    throw errors.marketplaceUnavailable();
  }
  await upsertSubscription(ctx.db, {
    id: remote.id ?? subscriptionId, name: remote.name ?? '', offerId: remote.offerId ?? '', planId: remote.planId ?? '', quantity: remote.quantity ?? null,
    purchaserEmail: remote.purchaser?.emailId ?? null, beneficiaryEmail: remote.beneficiary?.emailId ?? null,
  });
  row = (await getSubscriptionRow(ctx.db, subscriptionId))!;
  const mayLink = row.resolved_by_tenant === p.tenantId || sameEmail(p.email, row.purchaser_email) || sameEmail(p.email, row.beneficiary_email);
  if (!mayLink) throw errors.marketplaceLinkFailed();
  if (row.tenant_id && row.tenant_id !== p.tenantId && row.status !== 'Unsubscribed') throw errors.marketplaceLinkFailed();
  if (remote.saasSubscriptionStatus === 'Unsubscribed') throw errors.marketplaceLinkFailed();
  if (remote.saasSubscriptionStatus === 'PendingFulfillmentStart' || !remote.saasSubscriptionStatus) {
    try {
      await client.activate(subscriptionId, row.plan_id, row.quantity ?? undefined);
    } catch (err) {
      ctx.logger.warn({ err: (err as Error).message }, 'marketplace: activate failed');
      throw errors.marketplaceLinkFailed();
    }
  }
  await ctx.db.transaction(async (tx) => {
    const bound = await bindSubscription(tx, subscriptionId, p.tenantId).catch((err: Error) => {
      // The unique index allows one live subscription per account.
      if (/unique|duplicate/i.test(err.message)) return false;
      throw err;
    });
    if (!bound) throw errors.marketplaceLinkFailed();
    await setBillingMode(tx, p.tenantId, 'marketplace', pricingPlanFor(row!.plan_id));
    await writeAudit(tx, { tenantId: p.tenantId, userId: p.userId, actor: actorOf(p), action: 'marketplace.link', targetType: 'marketplace_subscription',
      targetId: subscriptionId, details: { planId: row!.plan_id, offerId: row!.offer_id } });
  });
  return toSubscriptionDto((await getSubscriptionRow(ctx.db, subscriptionId))!);
}

const STATUS_AFTER: Record<string, string | undefined> = { Suspend: 'Suspended', Unsubscribe: 'Unsubscribed', Reinstate: 'Subscribed' };
const ACKNOWLEDGED = new Set(['ChangePlan', 'ChangeQuantity', 'Reinstate']);

/**
 * Applies one webhook notification. The body is not trusted: the operation is read back from the
 * fulfillment API by its id and subscription, and only that record is applied, once per operation id.
 */
export async function handleMarketplaceWebhook(ctx: AppContext, body: unknown): Promise<{ action: string; applied: boolean }> {
  const client = requireClient(ctx);
  const b = (body ?? {}) as Record<string, unknown>;
  const opId = typeof b.id === 'string' ? b.id : '';
  const subId = typeof b.subscriptionId === 'string' ? b.subscriptionId : '';
  if (!opId || !subId) throw errors.validation('A marketplace webhook needs id and subscriptionId.');
  let op: AzureOperation;
  try {
    op = await client.getOperation(subId, opId);
  } catch (err) {
    if (err instanceof AzureSaasError && (err.status === 404 || err.status === 400)) throw errors.invalidWebhookSignature();
    ctx.logger.warn({ err: (err as Error).message, op: opId }, 'marketplace: get operation failed');
    throw errors.marketplaceUnavailable();
  }
  if (op.subscriptionId !== subId || op.id !== opId) throw errors.invalidWebhookSignature();
  const row = await getSubscriptionRow(ctx.db, subId);
  const applied = await ctx.db.transaction(async (tx) => {
    if (!(await claimOperation(tx, { id: op.id, subscriptionId: subId, action: op.action, tenantId: row?.tenant_id ?? null }))) return false;
    if (!row) return true; // never resolved here: nothing to change
    const status = STATUS_AFTER[op.action];
    const tenantId = await updateSubscription(tx, subId, {
      ...(status ? { status } : {}),
      ...(op.action === 'ChangePlan' && op.planId ? { planId: op.planId } : {}),
      ...(op.action === 'ChangeQuantity' && op.quantity !== undefined ? { quantity: op.quantity } : {}),
    });
    if (tenantId) {
      if (op.action === 'ChangePlan' && op.planId) await changePlan(tx, tenantId, pricingPlanFor(op.planId));
      // Unsubscribed: the account goes back to prepaid credits (its balance is untouched).
      if (op.action === 'Unsubscribe') await setBillingMode(tx, tenantId, 'credits');
      if (op.action === 'Reinstate') await setBillingMode(tx, tenantId, 'marketplace');
      await writeAudit(tx, { tenantId, actor: 'system:marketplace-webhook', action: `marketplace.${op.action.toLowerCase()}`, targetType: 'marketplace_subscription',
        targetId: subId, details: { operationId: op.id, planId: op.planId ?? null, quantity: op.quantity ?? null } });
    }
    return true;
  });
  // Operations the marketplace waits on get their answer after our change is committed.
  if (applied && ACKNOWLEDGED.has(op.action) && op.status === 'InProgress') {
    await client.patchOperation(subId, op.id, 'Success').catch((err: Error) => ctx.logger.warn({ err: err.message, op: op.id }, 'marketplace: operation acknowledge failed'));
  }
  return { action: op.action, applied };
}

/** Per-event verdicts that will not change on a retry: the hour is settled either way. */
const FINAL = new Set(['Accepted', 'Duplicate', 'Expired', 'ResourceNotFound', 'ResourceNotActive', 'ResourceNotAuthorized', 'InvalidDimension', 'InvalidQuantity', 'BadArgument']);

/**
 * Reports finished hours of metered usage (one event per subscription, plan and hour, as the
 * metering API requires). Accepted and Duplicate mean the marketplace has it; a final refusal
 * (e.g. Expired after 24 hours) is recorded and logged so it cannot block later hours; anything
 * else stays for the next run.
 */
export async function reportMarketplaceUsage(ctx: AppContext, now: Date = ctx.now()): Promise<{ events: number; accepted: number; refused: number }> {
  const client = marketplaceClient(ctx.config);
  if (!client) return { events: 0, accepted: 0, refused: 0 };
  const hourStart = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  let events = 0, accepted = 0, refused = 0;
  for (;;) {
    const buckets = await unreportedBuckets(ctx.db, hourStart, 25);
    if (buckets.length === 0) break;
    const results = await client.batchUsage(buckets.map((b) => ({
      resourceId: b.subscription_id, quantity: b.units, dimension: ctx.config.MARKETPLACE_DIMENSION,
      effectiveStartTime: new Date(b.hour_no * 3_600_000).toISOString(), planId: b.plan_id,
    })));
    events += buckets.length;
    let settled = 0;
    for (const [i, b] of buckets.entries()) {
      const status = results[i]?.status ?? 'NoResult';
      if (!FINAL.has(status)) {
        ctx.logger.warn({ subscriptionId: b.subscription_id, hour: b.hour_no, status }, 'marketplace: usage event not accepted; will retry');
        continue;
      }
      await markBucketReported(ctx.db, b, status, results[i]?.usageEventId ?? null);
      settled++;
      if (status === 'Accepted' || status === 'Duplicate') accepted++;
      else {
        refused++;
        ctx.logger.error({ subscriptionId: b.subscription_id, hour: b.hour_no, units: b.units, status }, 'marketplace: usage event refused for good; these units are not billed');
      }
    }
    if (settled < buckets.length) break; // do not spin on events to retry later
  }
  return { events, accepted, refused };
}
