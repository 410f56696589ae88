/** Webhook API: list, create (secret shown once), delete, test-send, and delivery history; all tenant-scoped. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { principalOf, requireTenant } from '../auth/principal.ts';
import { ok } from '../http/envelope.ts';
import { errors } from '../errors/catalogue.ts';
import { writeAudit, actorOf } from '../audit/write-audit.ts';
import { newWebhookSecret } from './sign-payload.ts';
import { parseWebhookUrl, privateTargetProblem } from './webhook-url.ts';
import { attemptDelivery } from './send-webhook.ts';
import { publicBase } from './webhook-payload.ts';
import { countWebhooks, createDelivery, createWebhook, deleteWebhook, getWebhookForSending, listDeliveries, listWebhooks } from './webhook-store.ts';
import { bodyField } from '../http/body-field.ts';
import { sealSecret } from './secret-box.ts';

/** Endpoints one tenant may register. */
export const MAX_WEBHOOKS = 10;


export async function webhookRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['Webhooks'];

  app.get('/webhooks', { preHandler: requireTenant, schema: { tags, summary: 'Your webhook endpoints (secrets are never listed)' } }, async (req) =>
    ok(await listWebhooks(ctx.db, principalOf(req).tenantId)));

  app.post('/webhooks', {
    preHandler: requireTenant,
    schema: { tags, summary: 'Register a webhook URL; the answer carries its signing secret once', body: { type: 'object', properties: { url: { type: 'string' } } } },
  }, async (req) => {
    const p = principalOf(req);
    const raw = bodyField(req.body, 'url');
    const parsed = parseWebhookUrl(typeof raw === 'string' ? raw : '');
    if ('problem' in parsed) throw errors.webhookUrlInvalid(parsed.problem);
    const problem = await privateTargetProblem(parsed.url, ctx.config.WEBHOOK_ALLOW_PRIVATE_TARGETS);
    if (problem) throw errors.webhookUrlInvalid(problem);
    const secret = newWebhookSecret();
    const webhook = await ctx.db.transaction(async (tx) => {
      if ((await countWebhooks(tx, p.tenantId)) >= MAX_WEBHOOKS) throw errors.webhookLimit(MAX_WEBHOOKS);
      const w = await createWebhook(tx, { tenantId: p.tenantId, url: parsed.url.toString(), secret: sealSecret(ctx.tokenKeys, secret), createdBy: p.userId });
      await writeAudit(tx, { tenantId: p.tenantId, userId: p.userId, actor: actorOf(p), action: 'webhook.create', targetType: 'webhook', targetId: w.id, details: { url: w.url } });
      return w;
    });
    return ok({ webhook: { ...webhook, secret }, secret }, 'Webhook added. Copy the signing secret now: it will not be shown again.');
  });

  app.delete<{ Params: { id: string } }>('/webhooks/:id', { preHandler: requireTenant, schema: { tags, summary: 'Remove a webhook (pending retries stop)' } }, async (req) => {
    const p = principalOf(req);
    await ctx.db.transaction(async (tx) => {
      if (!(await deleteWebhook(tx, p.tenantId, req.params.id, ctx.now()))) throw errors.webhookNotFound();
      await writeAudit(tx, { tenantId: p.tenantId, userId: p.userId, actor: actorOf(p), action: 'webhook.delete', targetType: 'webhook', targetId: req.params.id });
    });
    return ok(null, 'Webhook deleted');
  });

  // The answer says delivered or not, nothing more: status codes, timings and connection errors of an
  // arbitrary URL would make this call a probe of whatever the server can reach.
  app.post<{ Params: { id: string } }>('/webhooks/:id/test', { preHandler: requireTenant, schema: { tags, summary: 'Send a signed webhook.test event now (one attempt) and say whether it was accepted (a 2xx answer)' } }, async (req) => {
    const p = principalOf(req);
    const hook = await getWebhookForSending(ctx.db, p.tenantId, req.params.id);
    if (!hook) throw errors.webhookNotFound();
    const now = ctx.now().toISOString();
    const body = JSON.stringify({
      event: 'webhook.test', jobId: null, status: null, fileName: null, isa: null, senderId: null, receiverId: null,
      ediUrls: [], ediDocuments: [], errorMessage: null, occurredAt: now, message: `Test event from Ladingwise at ${publicBase(ctx)}`,
    });
    const deliveryId = await createDelivery(ctx.db, { tenantId: p.tenantId, webhookId: hook.id, jobId: null, event: 'webhook.test', dedupeKey: `test:${randomUUID()}`, body });
    const outcome = deliveryId ? await attemptDelivery(ctx, { tenantId: p.tenantId, deliveryId, retryLimit: 0 }) : null;
    const delivered = outcome?.sent ?? false;
    return ok({ deliveryId, delivered }, delivered ? 'Test event delivered' : 'Test event was not accepted');
  });

  app.get<{ Querystring: { webhookId?: string; limit?: string } }>('/webhooks/deliveries', {
    preHandler: requireTenant,
    schema: { tags, summary: 'Recent webhook deliveries with every attempt (status code, error)', querystring: { type: 'object', properties: { webhookId: { type: 'string' }, limit: { type: 'string' } } } },
  }, async (req) => {
    const limit = Math.min(200, Math.max(1, Number.parseInt(req.query.limit ?? '50', 10) || 50));
    const webhookId = req.query.webhookId && /^[0-9a-f-]{36}$/i.test(req.query.webhookId) ? req.query.webhookId : undefined;
    if (req.query.webhookId && !webhookId) return ok([]);
    return ok(await listDeliveries(ctx.db, principalOf(req).tenantId, { webhookId, limit }));
  });
}
