/** Built-in e-mail + password sign-up and login answering {token, user}, plus validate/test. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { requireUser, principalOf } from '../auth/principal.ts';
import { issueAccessToken } from '../auth/tokens.ts';
import { ok } from '../http/envelope.ts';
import { errors } from '../errors/catalogue.ts';
import { writeAudit } from '../audit/write-audit.ts';
import { authRateLimit } from '../auth/rate-limits.ts';
import { oidcSettings } from '../auth/oidc/oidc-settings.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createAccount, findUserByEmail, getUserInTenant, recordLogin, setUserPassword, type UserRow } from './account-store.ts';
import { bodyField } from '../http/body-field.ts';

const Email = z.string().trim().toLowerCase().email('A valid e-mail address is required');
const Password = z.string().min(8, 'Password must be at least 8 characters long').max(200);

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const answer = async (u: UserRow, req: FastifyRequest) => {
    // The web app sends X-Dev-Role on password login too; in development the answer shows that role (the token keeps
    // the real one, and the header keeps overriding it on each call).
    const dev = req.headers['x-dev-role'];
    const shownRole = ctx.config.isDev && (dev === 'Admin' || dev === 'User') ? dev : u.role;
    return {
      token: await issueAccessToken(ctx.tokenKeys, { userId: u.id, tenantId: u.tenant_id, role: u.role, email: u.email, name: u.name }),
      user: { id: u.id, email: u.email, name: u.name, role: shownRole, tenantId: u.tenant_id },
    };
  };

  app.post('/auth/signup', { config: authRateLimit(ctx.config, 'signup'), schema: { tags: ['Auth'], summary: 'Create an account with e-mail and password' } }, async (req) => {
    const email = Email.parse(bodyField(req.body, 'email'));
    const password = Password.parse(bodyField(req.body, 'password'));
    const name = z.string().trim().max(200).optional().parse(bodyField(req.body, 'name') ?? undefined) || null;
    const hash = await hashPassword(password);
    const user = await ctx.db.transaction((tx) => createAccount(tx, { email, name, passwordHash: hash, adminEmails: ctx.config.ADMIN_EMAILS, via: 'password' }));
    return ok(await answer(user, req), 'Account created');
  });

  app.post('/auth/login', { config: authRateLimit(ctx.config, 'login'), schema: { tags: ['Auth'], summary: 'Sign in with e-mail and password' } }, async (req) => {
    const email = Email.parse(bodyField(req.body, 'email'));
    const password = z.string().parse(bodyField(req.body, 'password'));
    const user = await findUserByEmail(ctx.db, email);
    if (!user || !(await verifyPassword(password, user.password_hash))) throw errors.unauthorized('Invalid email or password.');
    await ctx.db.transaction(async (tx) => {
      await recordLogin(tx, user.id);
      await writeAudit(tx, { tenantId: user.tenant_id, userId: user.id, actor: `user:${user.id}`, action: 'user.login', targetType: 'user', targetId: user.id });
    });
    return ok(await answer(user, req), 'Signed in');
  });

  app.get('/auth/validate', { preHandler: requireUser, schema: { tags: ['Auth'], summary: 'The signed-in user' } }, async (req) => {
    const p = principalOf(req);
    return ok({ id: p.userId, email: p.email, name: p.name, role: p.role, tenantId: p.tenantId });
  });

  // External issuer, else the bundled provider at PUBLIC_URL/oidc, else nulls (password login only).
  const oidc = oidcSettings(ctx.config);
  app.get('/auth/config', { schema: { tags: ['Auth'], summary: 'Sign-in settings the web app needs at startup' } }, async () =>
    ok({ domain: oidc.issuer, issuer: oidc.issuer, clientId: oidc.clientId, audience: oidc.audience, audienceParam: 'audience',
      bundled: oidc.mode === 'bundled', passwordLogin: true }));

  // Access tokens are short-lived stateless JWTs; logout is recorded and the client drops its token.
  app.post('/auth/logout', { preHandler: requireUser, schema: { tags: ['Auth'], summary: 'Sign out' } }, async (req) => {
    const p = principalOf(req);
    await writeAudit(ctx.db, { tenantId: p.tenantId, userId: p.userId, actor: `user:${p.userId}`, action: 'user.logout', targetType: 'user', targetId: p.userId ?? undefined });
    return ok(null, 'Signed out');
  });

  app.post('/user/change-password', { preHandler: requireUser, config: authRateLimit(ctx.config, 'password'), schema: { tags: ['User'], summary: 'Change your password' } }, async (req) => {
    const p = principalOf(req);
    const current = z.string().parse(bodyField(req.body, 'currentPassword') ?? '');
    const next = Password.parse(bodyField(req.body, 'newPassword'));
    const u = p.userId ? await getUserInTenant(ctx.db, p.userId, p.tenantId) : null;
    if (!u || !(await verifyPassword(current, u.password_hash))) throw errors.validation('Current password is incorrect.');
    const hash = await hashPassword(next);
    await ctx.db.transaction(async (tx) => {
      await setUserPassword(tx, u.id, hash);
      await writeAudit(tx, { tenantId: u.tenant_id, userId: u.id, actor: `user:${u.id}`, action: 'user.password.change', targetType: 'user', targetId: u.id });
    });
    return ok(null, 'Password changed');
  });

  app.get('/auth/test', { schema: { tags: ['Auth'], summary: 'Auth service liveness check' } }, async () => ok({ ok: true }));
}
