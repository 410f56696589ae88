/** Admin-only calls: tenants, stats, audit logs, the caller's auth context. Others get 403. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { requireAdmin, principalOf } from '../auth/principal.ts';
import { ok } from '../http/envelope.ts';
import { errors } from '../errors/catalogue.ts';
import { writeAudit, actorOf } from '../audit/write-audit.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import { passwordProblem } from '../accounts/password-policy.ts';
import { authRateLimit } from '../auth/rate-limits.ts';
import { setPasswordByEmail, usageByTenant } from './admin-store.ts';
import { countLiveTenantsAndUsers, listLiveTenants } from '../accounts/tenant-store.ts';
import { listAuditLog } from '../audit/audit-store.ts';

export async function adminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['Admin'];
  app.get('/admin/tenants', { preHandler: requireAdmin, schema: { tags, summary: 'List tenants' } }, async () => {
    const rows = await listLiveTenants(ctx.db);
    return ok(rows.map((r) => ({ id: r.id, name: r.name, pricingPlan: r.pricing_plan, users: r.users, createdAt: new Date(r.created_at).toISOString(), initialized: r.initialized_at !== null })));
  });

  app.get('/admin/stats', { preHandler: requireAdmin, schema: { tags, summary: 'Counts of tenants and users' } }, async () => {
    return ok(await countLiveTenantsAndUsers(ctx.db));
  });

  app.get('/admin/audit-logs', { preHandler: requireAdmin, schema: { tags, summary: 'Audit log, filtered and paged' } }, async (req) => {
    const q = z.object({ tenantId: z.string().uuid().optional(), action: z.string().max(100).optional(),
      page: z.coerce.number().int().min(1).default(1), pageSize: z.coerce.number().int().min(1).max(200).default(50) }).parse(req.query);
    const rows = await listAuditLog(ctx.db, { tenantId: q.tenantId ?? null, action: q.action ?? null, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
    return ok({ page: q.page, pageSize: q.pageSize, items: rows.map((r) => ({ id: String(r.id), tenantId: r.tenant_id, userId: r.user_id, actor: r.actor, action: r.action,
      targetType: r.target_type, targetId: r.target_id, details: r.details, createdAt: new Date(r.created_at).toISOString() })) });
  });

  app.get('/admin/usage', { preHandler: requireAdmin, schema: { tags, summary: 'Documents per tenant in a period (default: this month so far)',
    querystring: { type: 'object', properties: { from: { type: 'string', format: 'date-time' }, to: { type: 'string', format: 'date-time' }, tenantId: { type: 'string' } } } } }, async (req) => {
    const now = ctx.now();
    const q = z.object({ from: z.coerce.date().optional(), to: z.coerce.date().optional(), tenantId: z.string().uuid().optional() }).parse(req.query);
    const from = q.from ?? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const to = q.to ?? now;
    if (from >= to) throw errors.validation('from must be before to.');
    const tenants = await usageByTenant(ctx.db, { from, to, tenantId: q.tenantId });
    return ok({ from: from.toISOString(), to: to.toISOString(), totalDocuments: tenants.reduce((n, t) => n + t.documents, 0), tenants });
  });

  // Self-hosted servers send no e-mail, so an admin resets a forgotten account password (SFTP passwords: /sftp/admin/reset-password).
  app.post('/admin/reset-password', { preHandler: requireAdmin, config: authRateLimit(ctx.config, 'admin-reset'), schema: { tags, summary: "Set a user's sign-in password",
    body: { type: 'object', properties: { userEmail: { type: 'string' }, newPassword: { type: 'string' } } } } }, async (req) => {
    const p = principalOf(req);
    const b = (req.body ?? {}) as Record<string, unknown>;
    const email = z.string().trim().toLowerCase().email('A valid e-mail address is required').parse(b.userEmail ?? b.UserEmail ?? b.email);
    const password = z.string().parse(b.newPassword ?? b.NewPassword ?? '');
    const problem = passwordProblem(password, email);
    if (problem) throw errors.validation(problem);
    const hash = await hashPassword(password);
    await ctx.db.transaction(async (tx) => {
      const user = await setPasswordByEmail(tx, email, hash);
      if (!user) throw errors.notFound('User');
      // Every session of that user (tokens, hosted-login sessions, refresh tokens) ends with the old password.
      await revokeAllSessions(tx, [user.id], ctx.now());
      await writeAudit(tx, { tenantId: user.tenant_id, userId: p.userId, actor: actorOf(p), action: 'user.password.reset', targetType: 'user', targetId: user.id });
    });
    return ok(null, 'Password reset');
  });

  app.get('/admin/debug/auth-context', { preHandler: requireAdmin, schema: { tags, summary: "The caller's principal (no secrets)" } }, async (req) => ok(principalOf(req)));
}
