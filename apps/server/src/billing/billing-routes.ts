/** Billing & Credits calls (spec section 7): balance, plan, transactions, card checkout, refunds. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PricingPlan } from '@ladingwise/shared';
import type { AppContext } from '../context.ts';
import { requireAdmin, requireTenant, requireUser, principalOf } from '../auth/principal.ts';
import { ok } from '../http/envelope.ts';
import { errors } from '../errors/catalogue.ts';
import { writeAudit, actorOf } from '../audit/write-audit.ts';
import { CREDITS_PER_USD, FREE_BILLS, openCreditAccount, PLAN_CREDITS, planCredits, refundJobCharge, WELCOME_CREDITS } from './ledger.ts';
import { getAccountSummary, listPaidCheckouts, listTransactions, usageSince } from './billing-store.ts';
import { setPricingPlan } from '../accounts/tenant-store.ts';
import { confirmCheckout, handleStripeWebhook, MIN_PURCHASE_USD, startCheckout, stripeOptions } from './checkout.ts';
import { getCheckoutSession } from './checkout-store.ts';
import { getTenantSubscription } from '../marketplace/marketplace-store.ts';

const tags = ['Billing'];
const PLANS: readonly PricingPlan[] = ['good-as-a-human', 'better-than-a-human'];
const pricing = { goodAsHumanCredits: PLAN_CREDITS['good-as-a-human'], betterThanHumanCredits: PLAN_CREDITS['better-than-a-human'] };
/** The one welcome offer (docs/pricing.md): the first bills free, paid by the welcome credit. */
const welcomeOffer = { freeBills: FREE_BILLS, credits: WELCOME_CREDITS, usd: WELCOME_CREDITS / CREDITS_PER_USD };

/** Where the browser should land after checkout: PUBLIC_URL, else this request's own origin. */
function originOf(ctx: AppContext, req: FastifyRequest): string {
  return (ctx.config.PUBLIC_URL ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
}

function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export async function billingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const summaryOf = async (tenantId: string) => {
    await openCreditAccount(ctx.db, tenantId);
    const s = await getAccountSummary(ctx.db, tenantId);
    if (!s) throw errors.notFound('Account');
    return s;
  };

  app.get('/billing/info', { preHandler: requireTenant, schema: { tags, summary: 'Balance, credits per document on each plan, and billing mode' } }, async (req) => {
    const s = await summaryOf(principalOf(req).tenantId);
    return ok({
      balance: s.balance, owed: s.owed, pricing, welcomeOffer, billingMode: s.billingMode, pricingPlan: s.pricingPlan,
      creditsPerDocument: planCredits(s.pricingPlan), creditsPerUsd: CREDITS_PER_USD, minimumPurchaseUsd: MIN_PURCHASE_USD,
      cardPaymentsEnabled: stripeOptions(ctx.config) !== null,
    });
  });

  app.get('/billing/balance', { preHandler: requireTenant, schema: { tags, summary: 'Credit balance (whole credits) and any unpaid credits' } }, async (req) => {
    const s = await summaryOf(principalOf(req).tenantId);
    return ok({ balance: s.balance, owed: s.owed });
  });

  app.get('/billing/pricing-plan', { preHandler: requireTenant, schema: { tags, summary: 'Your pricing plan' } }, async (req) => {
    const s = await summaryOf(principalOf(req).tenantId);
    return ok({ pricingPlan: s.pricingPlan, creditsPerDocument: planCredits(s.pricingPlan) });
  });

  app.put('/billing/pricing-plan', {
    preHandler: requireUser,
    schema: { tags, summary: 'Change your pricing plan (applies to documents completed from now on)',
      body: { type: 'object', properties: { pricingPlan: { type: 'string', enum: [...PLANS] }, PricingPlan: { type: 'string', enum: [...PLANS] } } } },
  }, async (req) => {
    const p = principalOf(req);
    const b = (req.body ?? {}) as Record<string, unknown>;
    const plan = b.pricingPlan ?? b.PricingPlan;
    if (typeof plan !== 'string' || !PLANS.includes(plan as PricingPlan)) throw errors.invalidPricingPlan();
    const s = await summaryOf(p.tenantId);
    if (s.billingMode === 'marketplace') throw errors.marketplacePlanManaged();
    const previous = await ctx.db.transaction(async (tx) => {
      const old = await setPricingPlan(tx, p.tenantId, plan as PricingPlan);
      await writeAudit(tx, { tenantId: p.tenantId, userId: p.userId, actor: actorOf(p), action: 'billing.plan.change', targetType: 'tenant', targetId: p.tenantId, details: { from: old, to: plan } });
      return old;
    });
    return ok({ pricingPlan: plan, previousPricingPlan: previous, creditsPerDocument: planCredits(plan) }, 'Pricing plan updated successfully');
  });

  app.get('/billing/transactions', {
    preHandler: requireTenant,
    schema: { tags, summary: 'Credit history, newest first (limit default 50, skip default 0)',
      querystring: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 200 }, skip: { type: 'integer', minimum: 0, maximum: 10_000_000 } } } },
  }, async (req) => {
    const q = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50), skip: z.coerce.number().int().min(0).max(10_000_000).default(0) }).parse(req.query ?? {});
    const { items, total } = await listTransactions(ctx.db, principalOf(req).tenantId, q.limit, q.skip);
    return ok({ transactions: items, total, limit: q.limit, skip: q.skip });
  });

  app.get('/billing/current-usage', { preHandler: requireTenant, schema: { tags, summary: 'Documents charged and credits used this calendar month (UTC)' } }, async (req) => {
    const tenantId = principalOf(req).tenantId;
    const s = await summaryOf(tenantId);
    const start = monthStart(ctx.now());
    const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    const u = await usageSince(ctx.db, tenantId, start);
    return ok({ periodStart: start.toISOString(), periodEnd: end.toISOString(), documents: u.documents, creditsUsed: u.credits,
      balance: s.balance, pricingPlan: s.pricingPlan, billingMode: s.billingMode });
  });

  app.get('/billing/invoices', { preHandler: requireTenant, schema: { tags, summary: 'Card purchases (receipts are e-mailed by the payment provider)' } }, async (req) => {
    return ok(await listPaidCheckouts(ctx.db, principalOf(req).tenantId));
  });

  app.get('/billing/subscription', { preHandler: requireTenant, schema: { tags, summary: 'How you are billed: prepaid credits, or a cloud marketplace subscription' } }, async (req) => {
    const tenantId = principalOf(req).tenantId;
    const s = await summaryOf(tenantId);
    const sub = await getTenantSubscription(ctx.db, tenantId);
    return ok({ billingMode: s.billingMode, pricingPlan: s.pricingPlan, marketplaceProvider: ctx.config.MARKETPLACE_PROVIDER, marketplaceSubscription: sub });
  });

  app.post('/billing/create-checkout-session', {
    preHandler: requireUser,
    schema: { tags, summary: 'Start a card purchase of credits (amount in USD, at least $5); answers sessionId and the hosted checkout url',
      body: { type: 'object', properties: { amount: { description: 'USD, at least 5' }, Amount: { description: 'USD, at least 5' } } } },
  }, async (req) => {
    const p = principalOf(req);
    const b = (req.body ?? {}) as Record<string, unknown>;
    const s = await summaryOf(p.tenantId);
    if (s.billingMode === 'marketplace') throw errors.marketplacePlanManaged();
    return ok(await startCheckout(ctx, p, b.amount ?? b.Amount, originOf(ctx, req)));
  });

  // The payment provider sends the browser here after payment; no bearer token comes with it, so the
  // session id is checked with the provider and credits go to the tenant recorded when it was created.
  app.get('/billing/checkout-return', {
    schema: { tags, summary: 'Return URL after card checkout: confirms payment, adds the credits once, redirects to the billing page',
      querystring: { type: 'object', properties: { session_id: { type: 'string' } } } },
  }, async (req, reply) => {
    const id = String((req.query as Record<string, unknown>).session_id ?? '');
    const origin = ctx.config.PUBLIC_URL?.replace(/\/+$/, '') ?? '';
    let outcome = 'unknown-session';
    if (id) {
      try {
        outcome = await confirmCheckout(ctx, id);
      } catch (err) {
        req.log.warn({ err: (err as Error).message, sessionId: id }, 'checkout return: could not confirm with the payment provider');
      }
    }
    // Paid (now or earlier): success notice. Not paid yet (slow payment methods): the webhook will credit it later.
    const ok = outcome === 'credited' || outcome === 'already-credited';
    // The page confirms the session again (POST /billing/verify-checkout) before it says credits were added.
    return reply.redirect(`${origin}/app/billing?${ok ? `success=true&session_id=${encodeURIComponent(id)}` : 'cancelled=true'}`, 303);
  });

  app.post('/billing/verify-checkout', {
    preHandler: requireUser,
    schema: { tags, summary: 'Confirm a checkout session of yours with the payment provider and add its credits once',
      body: { type: 'object', properties: { sessionId: { type: 'string' } } } },
  }, async (req) => {
    const p = principalOf(req);
    const b = (req.body ?? {}) as Record<string, unknown>;
    const id = z.string().min(1).max(255).parse(b.sessionId ?? b.SessionId);
    if (!(await getCheckoutSession(ctx.db, id, p.tenantId))) throw errors.notFound('Checkout session');
    const outcome = await confirmCheckout(ctx, id);
    if (outcome === 'unpaid') throw errors.paymentNotCompleted();
    const s = await summaryOf(p.tenantId);
    return ok({ credited: outcome === 'credited', balance: s.balance }, outcome === 'credited' ? 'Your credits have been added to your account.' : null);
  });

  // Stripe webhooks need the exact bytes for the signature, so this scope keeps JSON bodies as text
  // (in place of the app's checking parser; the signature check vouches for the body instead).
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.post('/billing/stripe-webhook', {
      schema: { tags, summary: 'Stripe webhook (checkout.session.completed, async_payment_succeeded, expired; charge.refunded); Stripe-Signature checked' },
    }, async (req) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      const sig = req.headers['stripe-signature'];
      const r = await handleStripeWebhook(ctx, raw, Array.isArray(sig) ? sig[0] : sig);
      req.log.info({ type: r.type, outcome: r.outcome }, 'stripe webhook');
      return ok({ received: true, outcome: r.outcome });
    });
  });

  app.post('/billing/refunds', {
    preHandler: requireAdmin,
    schema: { tags, summary: 'Admin: give back the credits a job was charged (once per job)',
      body: { type: 'object', required: ['tenantId', 'jobId'], properties: { tenantId: { type: 'string' }, jobId: { type: 'string' }, reason: { type: 'string' } } } },
  }, async (req) => {
    const p = principalOf(req);
    const b = z.object({ tenantId: z.string().uuid(), jobId: z.string().uuid(), reason: z.string().trim().min(1).max(200).default('processing refund') })
      .parse(req.body ?? {});
    const credits = await ctx.db.transaction(async (tx) => {
      const n = await refundJobCharge(tx, { tenantId: b.tenantId, jobId: b.jobId, reason: b.reason });
      if (n !== null) await writeAudit(tx, { tenantId: b.tenantId, userId: p.userId, actor: actorOf(p), action: 'billing.refund', targetType: 'job', targetId: b.jobId, details: { credits: n, reason: b.reason } });
      return n;
    });
    if (credits === null) throw errors.notFound('Unrefunded charge for that job');
    return ok({ jobId: b.jobId, credits });
  });
}
