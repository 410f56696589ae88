/** First-time setup (is-initialized / initialize) and the user's profile. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { requireUser, principalOf } from '../auth/principal.ts';
import { ok } from '../http/envelope.ts';
import { errors } from '../http/errors.ts';
import { writeAudit, actorOf } from '../audit/write-audit.ts';
import { grantWelcomeCredit } from '../billing/ledger.ts';
import { ensureSftpAccount } from '../sftp/sftp-accounts.ts';
import { findLiveUser, softDeleteTenant } from './account-store.ts';
import { verifyPassword } from './passwords.ts';
import { authRateLimit } from '../auth/rate-limits.ts';
import { RETENTION_DAYS } from './purge.ts';

export async function userRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['User'];
  app.get('/user/is-initialized', { preHandler: requireUser, schema: { tags, summary: 'Whether first-time setup ran for your account' } }, async (req) => {
    const { rows } = await ctx.db.query<{ initialized_at: Date | null }>('SELECT initialized_at FROM tenants WHERE id = $1', [principalOf(req).tenantId]);
    return ok({ isInitialized: Boolean(rows[0]?.initialized_at) });
  });

  app.post('/user/initialize', { preHandler: requireUser, schema: { tags, summary: 'Run first-time setup (SFTP account, welcome credit) once' } }, async (req) => {
    const p = principalOf(req);
    // The conditional UPDATE takes the row lock: concurrent calls wait, then see initialized_at set and do nothing.
    const first = await ctx.db.transaction(async (tx) => {
      const { rows } = await tx.query('UPDATE tenants SET initialized_at = now() WHERE id = $1 AND initialized_at IS NULL AND deleted_at IS NULL RETURNING id', [p.tenantId]);
      if (rows.length === 0) return false;
      await ensureSftpAccount(tx, { tenantId: p.tenantId, email: p.email ?? '' });
      await grantWelcomeCredit(tx, p.tenantId);
      await writeAudit(tx, { tenantId: p.tenantId, userId: p.userId, actor: actorOf(p), action: 'tenant.initialize', targetType: 'tenant', targetId: p.tenantId });
      return true;
    });
    return ok({ isInitialized: true, initializedNow: first });
  });

  app.get('/user/profile', { preHandler: requireUser, schema: { tags, summary: 'Your profile' } }, async (req) => {
    const p = principalOf(req);
    const { rows } = await ctx.db.query<{ id: string; email: string; name: string | null; role: string; created_at: Date }>(
      'SELECT id, email, name, role, created_at FROM users WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [p.userId, p.tenantId]);
    const u = rows[0];
    if (!u) throw errors.notFound('User');
    return ok({ id: u.id, email: u.email, name: u.name, role: u.role, tenantId: p.tenantId, createdAt: new Date(u.created_at).toISOString() });
  });

  app.put('/user/profile', { preHandler: requireUser, schema: { tags, summary: 'Change your display name' } }, async (req) => {
    const p = principalOf(req);
    const b = (req.body ?? {}) as Record<string, unknown>;
    const name = z.string().trim().min(1, 'Name is required').max(200).parse(b.name ?? b.Name);
    await ctx.db.transaction(async (tx) => {
      await tx.query('UPDATE users SET name = $1 WHERE id = $2 AND tenant_id = $3', [name, p.userId, p.tenantId]);
      await writeAudit(tx, { tenantId: p.tenantId, userId: p.userId, actor: actorOf(p), action: 'user.profile.update', targetType: 'user', targetId: p.userId ?? undefined });
    });
    return ok({ name }, 'Profile updated');
  });

  // Not in the spec's call list (section 7): added for "customer data is deleted 90 days after the customer deletes it".
  app.delete('/user/account', { preHandler: requireUser, config: authRateLimit(ctx.config, 'delete-account'), schema: { tags,
    summary: 'Delete your account and all its data (hidden now, erased after 90 days); accounts with a password confirm it',
    body: { type: 'object', nullable: true, properties: { password: { type: 'string' } } } } }, async (req) => {
    const p = principalOf(req);
    // A stolen token alone must not erase an account that has a password.
    const user = await findLiveUser(ctx.db, p.userId ?? '', p.tenantId);
    if (!user) throw errors.unauthorized();
    const b = (req.body ?? {}) as Record<string, unknown>;
    const password = b.password ?? b.Password;
    if (user.password_hash && !(typeof password === 'string' && (await verifyPassword(password, user.password_hash)))) {
      throw errors.validation('Enter your current password to delete your account.');
    }
    const at = ctx.now();
    await ctx.db.transaction(async (tx) => {
      if (!(await softDeleteTenant(tx, p.tenantId, at))) throw errors.notFound('Account');
      await writeAudit(tx, { tenantId: p.tenantId, userId: p.userId, actor: actorOf(p), action: 'tenant.delete', targetType: 'tenant', targetId: p.tenantId });
    });
    const purgeAfter = new Date(at.getTime() + RETENTION_DAYS * 24 * 3600 * 1000);
    return ok({ deletedAt: at.toISOString(), purgeAfter: purgeAfter.toISOString() }, `Account deleted. Its data will be erased for good after ${RETENTION_DAYS} days.`);
  });
}
