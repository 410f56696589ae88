/** First-time setup (is-initialized / initialize) and the user's profile. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { requireUser, principalOf } from '../auth/principal.ts';
import { ok } from '../http/envelope.ts';
import { errors } from '../errors/catalogue.ts';
import { writeAudit, actorOf } from '../audit/write-audit.ts';
import { grantWelcomeCredit } from '../billing/ledger.ts';
import { ensureSftpAccount } from '../sftp/sftp-accounts.ts';
import { findLiveUser, getProfile, setUserName, softDeleteTenant } from './account-store.ts';
import { isTenantInitialized, markTenantInitialized } from './tenant-store.ts';
import { verifyPassword } from './passwords.ts';
import { authRateLimit } from '../auth/rate-limits.ts';
import { RETENTION_DAYS } from './purge.ts';

export async function userRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['User'];
  app.get('/user/is-initialized', { preHandler: requireUser, schema: { tags, summary: 'Whether first-time setup ran for your account' } }, async (req) => {
    return ok({ isInitialized: await isTenantInitialized(ctx.db, principalOf(req).tenantId) });
  });

  app.post('/user/initialize', { preHandler: requireUser, schema: { tags, summary: 'Run first-time setup (SFTP account, welcome credit) once' } }, async (req) => {
    const p = principalOf(req);
    // Only the call that marks the tenant initialized does the setup; concurrent calls wait on its row lock.
    const first = await ctx.db.transaction(async (tx) => {
      if (!(await markTenantInitialized(tx, p.tenantId))) return false;
      await ensureSftpAccount(tx, { tenantId: p.tenantId, email: p.email ?? '' });
      await grantWelcomeCredit(tx, p.tenantId);
      await writeAudit(tx, { tenantId: p.tenantId, userId: p.userId, actor: actorOf(p), action: 'tenant.initialize', targetType: 'tenant', targetId: p.tenantId });
      return true;
    });
    return ok({ isInitialized: true, initializedNow: first });
  });

  app.get('/user/profile', { preHandler: requireUser, schema: { tags, summary: 'Your profile' } }, async (req) => {
    const p = principalOf(req);
    const u = p.userId ? await getProfile(ctx.db, p.userId, p.tenantId) : null;
    if (!u) throw errors.notFound('User');
    return ok({ id: u.id, email: u.email, name: u.name, role: u.role, tenantId: p.tenantId, createdAt: new Date(u.created_at).toISOString(),
      lastLoginAt: u.last_login_at ? new Date(u.last_login_at).toISOString() : null });
  });

  app.put('/user/profile', { preHandler: requireUser, schema: { tags, summary: 'Change your display name' } }, async (req) => {
    const p = principalOf(req);
    const b = (req.body ?? {}) as Record<string, unknown>;
    const name = z.string().trim().min(1, 'Name is required').max(200).parse(b.name ?? b.Name);
    await ctx.db.transaction(async (tx) => {
      if (p.userId) await setUserName(tx, { userId: p.userId, tenantId: p.tenantId, name });
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
