/** Cloud-marketplace calls (spec section 7): /marketplace/{provider}/subscription, plans, link, resolve, usage, webhook. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { requireAdmin, requireTenant, requireUser, principalOf } from '../auth/principal.ts';
import { ok } from '../http/envelope.ts';
import { errors } from '../errors/catalogue.ts';
import { PLAN_CREDITS } from '../billing/ledger.ts';
import { getTenantSubscription, usageSummary } from './marketplace-store.ts';
import { handleMarketplaceWebhook, linkSubscription, marketplaceClient, reportMarketplaceUsage, resolveToken } from './marketplace-service.ts';

const tags = ['Marketplace'];
const params = { type: 'object', properties: { provider: { type: 'string' } }, required: ['provider'] } as const;

/** The product's own plans, shown when no marketplace subscription is linked. */
const OWN_PLANS = [
  { planId: 'good-as-a-human', displayName: 'Good as a Human', priceUsdPerDocument: 0.15, creditsPerDocument: PLAN_CREDITS['good-as-a-human'] },
  { planId: 'better-than-a-human', displayName: 'Better than a Human', priceUsdPerDocument: 0.2, creditsPerDocument: PLAN_CREDITS['better-than-a-human'] },
];

export async function marketplaceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const provider = ctx.config.MARKETPLACE_PROVIDER.toLowerCase();
  /** Only the configured provider's path exists; any other answers 404. */
  const checkProvider = async (req: FastifyRequest) => {
    if ((req.params as { provider?: string }).provider?.toLowerCase() !== provider) throw errors.notFound('Marketplace');
  };

  app.get('/marketplace/:provider/subscription', { preHandler: [requireTenant, checkProvider], schema: { tags, params, summary: 'Your linked marketplace subscription (404 when none)' } }, async (req) => {
    const sub = await getTenantSubscription(ctx.db, principalOf(req).tenantId);
    if (!sub) throw errors.notFound('Marketplace subscription');
    return ok({ data: sub });
  });

  app.get('/marketplace/:provider/plans', { preHandler: [requireTenant, checkProvider], schema: { tags, params, summary: 'Plans: those the marketplace offers your subscription, else the product plans' } }, async (req) => {
    const sub = await getTenantSubscription(ctx.db, principalOf(req).tenantId);
    const client = marketplaceClient(ctx.config);
    if (sub && client) {
      try {
        return ok({ data: await client.listAvailablePlans(sub.id) });
      } catch (err) {
        req.log.warn({ err: (err as Error).message }, 'marketplace: listAvailablePlans failed; showing product plans');
      }
    }
    return ok({ data: OWN_PLANS });
  });

  app.post('/marketplace/:provider/resolve', {
    preHandler: [requireUser, checkProvider],
    schema: { tags, params, summary: 'Resolve the landing page token to its subscription', body: { type: 'object', properties: { marketplaceToken: { type: 'string' } } } },
  }, async (req) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const token = z.string().trim().min(1, 'marketplaceToken is required').max(4096).parse(b.marketplaceToken ?? b.MarketplaceToken ?? b.token);
    return ok({ data: await resolveToken(ctx, principalOf(req), token) });
  });

  app.post('/marketplace/:provider/link', {
    preHandler: [requireUser, checkProvider],
    schema: { tags, params, summary: 'Link (activate) a subscription to your account; usage is then billed through it', body: { type: 'object', properties: { subscriptionId: { type: 'string' } } } },
  }, async (req) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const id = z.string().trim().min(1, 'No subscription ID provided').max(200).parse(b.subscriptionId ?? b.SubscriptionId);
    const sub = await linkSubscription(ctx, principalOf(req), id);
    return ok({ success: true, data: sub }, 'Subscription Activated');
  });

  app.get('/marketplace/:provider/usage', { preHandler: [requireTenant, checkProvider], schema: { tags, params, summary: 'Usage units (processed documents) this calendar month (UTC) and how many were reported' } }, async (req) => {
    const tenantId = principalOf(req).tenantId;
    const sub = await getTenantSubscription(ctx.db, tenantId);
    const now = ctx.now();
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const u = await usageSummary(ctx.db, tenantId, start);
    return ok({ data: { subscriptionId: sub?.id ?? null, dimension: ctx.config.MARKETPLACE_DIMENSION, periodStart: start.toISOString(), ...u } });
  });

  // The marketplace's webhook: no user token; the operation is confirmed with the fulfillment API.
  app.post('/marketplace/:provider/webhook', {
    preHandler: checkProvider,
    schema: { tags, params, summary: 'Marketplace webhook (ChangePlan, ChangeQuantity, Suspend, Reinstate, Unsubscribe, Renew); verified by reading the operation back' },
  }, async (req) => ok(await handleMarketplaceWebhook(ctx, req.body)));

  app.post('/marketplace/:provider/report-usage', {
    preHandler: [requireAdmin, checkProvider],
    schema: { tags, params, summary: 'Admin: report finished hours of metered usage now (the worker does this hourly)' },
  }, async () => ok(await reportMarketplaceUsage(ctx)));
}

