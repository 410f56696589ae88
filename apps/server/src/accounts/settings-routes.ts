/** GET/PUT /api/admin/user/settings: any signed-in user's own tenant settings (despite the /admin path). */
import type { FastifyInstance } from 'fastify';
import { REVIEW_POLICIES, type ReviewPolicy } from '@ladingwise/shared';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { requireUser, principalOf } from '../auth/principal.ts';
import { ok } from '../http/envelope.ts';
import { writeAudit, actorOf } from '../audit/write-audit.ts';
import { interchangeIdRoutes } from './interchange-id-routes.ts';
import { getUserSettings, saveUserSettings, DEFAULT_SETTINGS } from './settings-store.ts';
import { bodyField } from '../http/body-field.ts';


const Body = z.object({
  ediDocumentTypes: z.object({ edi204: z.boolean(), edi211: z.boolean() }).optional(),
  x12Version: z.enum(['4010', '5010', '7010']).optional(),
  timezone: z.string().max(64).nullable().optional(),
  reviewPolicy: z.enum(REVIEW_POLICIES as [ReviewPolicy, ...ReviewPolicy[]]).optional(),
  reviewThreshold: z.number().min(0).max(1).optional(),
});

export async function settingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await interchangeIdRoutes(app, ctx);
  app.get('/admin/user/settings', { preHandler: requireUser, schema: { tags: ['Settings'], summary: 'Read your EDI settings' } }, async (req) => {
    return ok(await getUserSettings(ctx.db, principalOf(req).tenantId));
  });

  app.put('/admin/user/settings', { preHandler: requireUser, schema: { tags: ['Settings'], summary: 'Save your EDI settings' } }, async (req) => {
    const p = principalOf(req);
    const raw = (req.body ?? {}) as Record<string, unknown>;
    const types = bodyField(raw, 'ediDocumentTypes') as Record<string, unknown> | undefined;
    const body = Body.parse({
      ediDocumentTypes: types === undefined ? undefined : { edi204: types.edi204 ?? types.EDI204, edi211: types.edi211 ?? types.EDI211 },
      x12Version: bodyField(raw, 'x12Version') ?? raw.X12Version,
      timezone: bodyField(raw, 'timezone'),
      reviewPolicy: bodyField(raw, 'reviewPolicy'),
      reviewThreshold: bodyField(raw, 'reviewThreshold'),
    });
    const current = await getUserSettings(ctx.db, p.tenantId);
    const next = {
      ediDocumentTypes: body.ediDocumentTypes ?? current.ediDocumentTypes,
      x12Version: body.x12Version ?? current.x12Version ?? DEFAULT_SETTINGS.x12Version,
      timezone: body.timezone === undefined ? current.timezone : body.timezone,
      reviewPolicy: body.reviewPolicy ?? current.reviewPolicy,
      reviewThreshold: body.reviewThreshold ?? current.reviewThreshold,
    };
    await ctx.db.transaction(async (tx) => {
      await saveUserSettings(tx, p.tenantId, next);
      await writeAudit(tx, { tenantId: p.tenantId, userId: p.userId, actor: actorOf(p), action: 'settings.update', targetType: 'settings', targetId: p.tenantId, details: next as unknown as Record<string, unknown> });
    });
    return ok(next, 'Settings saved');
  });
}
