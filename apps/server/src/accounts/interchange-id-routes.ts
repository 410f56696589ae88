/** Saved sender/receiver interchange IDs under /admin/user/* (any signed-in user, own tenant). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { requireUser, principalOf } from '../auth/principal.ts';
import { ok } from '../http/envelope.ts';
import { errors } from '../errors/catalogue.ts';
import { writeAudit, actorOf } from '../audit/write-audit.ts';
import { addId, deleteId, listIds, INTERCHANGE_ID_PATTERN, type IdKind } from './interchange-id-store.ts';

/** Registers the interchange-ID routes; called from settingsRoutes. */
export async function interchangeIdRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['Settings'];
  const both = async (tenantId: string) => ({ savedSenderIds: await listIds(ctx.db, tenantId, 'sender'), savedReceiverIds: await listIds(ctx.db, tenantId, 'receiver') });
  app.get('/admin/user/interchange-ids', { preHandler: requireUser, schema: { tags, summary: 'Your saved sender and receiver IDs' } }, async (req) => ok(await both(principalOf(req).tenantId)));

  for (const kind of ['sender', 'receiver'] as IdKind[]) {
    app.post(`/admin/user/${kind}-ids`, { preHandler: requireUser, schema: { tags, summary: `Save a ${kind} ID` } }, async (req) => {
      const p = principalOf(req);
      const b = (req.body ?? {}) as Record<string, unknown>;
      const label = typeof (b.Label ?? b.label) === 'string' ? String(b.Label ?? b.label).trim() : '';
      const id = typeof (b.InterchangeId ?? b.interchangeId) === 'string' ? String(b.InterchangeId ?? b.interchangeId).trim().toUpperCase() : '';
      if (!label || !id) throw errors.labelAndIdRequired();
      if (!INTERCHANGE_ID_PATTERN.test(id)) throw errors.validation('ID must be at most 15 letters, digits, spaces or - . _ / &');
      if (label.length > 100) throw errors.validation('Label must be at most 100 characters');
      await ctx.db.transaction(async (tx) => {
        if (!(await addId(tx, p.tenantId, kind, label, id))) throw errors.conflict('This ID is already saved.');
        await writeAudit(tx, { tenantId: p.tenantId, userId: p.userId, actor: actorOf(p), action: `${kind}-id.add`, targetType: `${kind}-id`, targetId: id });
      });
      return ok(await both(p.tenantId));
    });
    app.delete<{ Params: { id: string } }>(`/admin/user/${kind}-ids/:id`, { preHandler: requireUser, schema: { tags, summary: `Delete a saved ${kind} ID` } }, async (req) => {
      const p = principalOf(req);
      await ctx.db.transaction(async (tx) => {
        if (!(await deleteId(tx, p.tenantId, kind, req.params.id))) throw errors.notFound('ID');
        await writeAudit(tx, { tenantId: p.tenantId, userId: p.userId, actor: actorOf(p), action: `${kind}-id.delete`, targetType: `${kind}-id`, targetId: req.params.id });
      });
      return ok(await both(p.tenantId));
    });
  }
}
