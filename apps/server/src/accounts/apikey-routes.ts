/** API key management (GET/POST /apikeys, DELETE /apikeys/:id, POST /apikeys/:id/rotate) and the X-API-Key resolver. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { requireUser, principalOf } from '../auth/principal.ts';
import { extraResolvers, type PrincipalResolver } from '../auth/authenticate.ts';
import { ok } from '../http/envelope.ts';
import { errors } from '../errors/catalogue.ts';
import { writeAudit, actorOf } from '../audit/write-audit.ts';
import { createApiKey, listApiKeys, resolveApiKey, revokeApiKey } from './apikey-store.ts';
import { bodyField } from '../http/body-field.ts';

const apiKeyResolver: PrincipalResolver = async (ctx, credential) => {
  if (!credential.startsWith('lw_')) return null;
  const k = await resolveApiKey(ctx.db, credential);
  return k ? { userId: null, tenantId: k.tenantId, role: 'User', email: null, name: null, via: 'apikey', apiKeyId: k.id } : null;
};
if (!extraResolvers.includes(apiKeyResolver)) extraResolvers.push(apiKeyResolver);


export async function apiKeyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['API keys'];
  app.get('/apikeys', { preHandler: requireUser, schema: { tags, summary: 'List your API keys (prefix only)' } }, async (req) =>
    ok(await listApiKeys(ctx.db, principalOf(req).tenantId)));

  app.post('/apikeys', { preHandler: requireUser, schema: { tags, summary: 'Create an API key (full key shown once)' } }, async (req) => {
    const p = principalOf(req);
    const name = z.string().optional().catch(undefined).parse(bodyField(req.body, 'name'))?.trim();
    if (!name) throw errors.keyNameRequired();
    const description = z.string().max(500).nullable().optional().parse(bodyField(req.body, 'description') ?? null) ?? null;
    const apiKey = await ctx.db.transaction(async (tx) => {
      const k = await createApiKey(tx, { tenantId: p.tenantId, userId: p.userId, name: name.slice(0, 100), description });
      await writeAudit(tx, { tenantId: p.tenantId, userId: p.userId, actor: actorOf(p), action: 'apikey.create', targetType: 'apikey', targetId: k.id, details: { prefix: k.prefix } });
      return k;
    });
    return ok({ apiKey }, 'API key created. Copy it now: it will not be shown again.');
  });

  app.delete<{ Params: { id: string } }>('/apikeys/:id', { preHandler: requireUser, schema: { tags, summary: 'Revoke an API key' } }, async (req) => {
    const p = principalOf(req);
    await ctx.db.transaction(async (tx) => {
      if (!(await revokeApiKey(tx, p.tenantId, req.params.id))) throw errors.notFound('API key');
      await writeAudit(tx, { tenantId: p.tenantId, userId: p.userId, actor: actorOf(p), action: 'apikey.revoke', targetType: 'apikey', targetId: req.params.id });
    });
    return ok(null, 'API key revoked');
  });

  app.post<{ Params: { id: string } }>('/apikeys/:id/rotate', { preHandler: requireUser, schema: { tags, summary: 'Replace an active API key with a new one' } }, async (req) => {
    const p = principalOf(req);
    const apiKey = await ctx.db.transaction(async (tx) => {
      const old = (await listApiKeys(tx, p.tenantId)).find((k) => k.id === req.params.id && k.isActive);
      if (!old || !(await revokeApiKey(tx, p.tenantId, old.id))) throw errors.notFound('API key');
      const k = await createApiKey(tx, { tenantId: p.tenantId, userId: p.userId, name: old.name, description: old.description });
      await writeAudit(tx, { tenantId: p.tenantId, userId: p.userId, actor: actorOf(p), action: 'apikey.rotate', targetType: 'apikey', targetId: k.id, details: { replaced: old.id } });
      return k;
    });
    return ok({ apiKey }, 'API key rotated');
  });
}
