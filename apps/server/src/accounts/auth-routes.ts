/** Built-in e-mail + password sign-up and login answering {token, user}, plus validate, logout and password change. */
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
import { checkPasswordLogin } from '../auth/password-login.ts';
import { currentTokenVersion, revokeAllSessions, revokeToken } from '../auth/sessions.ts';
import { takeSignup } from '../auth/signup-limits.ts';
import { databaseAdapter } from '../auth/oidc/oidc-adapter.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { passwordProblem } from './password-policy.ts';
import { createAccount, getUserInTenant, recordLogin, setUserPassword, type UserRow } from './account-store.ts';
import { bodyField } from '../http/body-field.ts';

const Email = z.string().trim().toLowerCase().email('A valid e-mail address is required');

/** A new password under the policy (password-policy.ts), or a 400 naming what is wrong. */
function newPassword(value: unknown, email: string | null): string {
  const password = z.string({ required_error: 'A password is required' }).parse(value);
  const problem = passwordProblem(password, email);
  if (problem) throw errors.validation(problem);
  return password;
}

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const answer = async (u: UserRow & { token_version?: number }, req: FastifyRequest) => {
    // The web app sends X-Dev-Role on password login too; in development the answer shows that role (the token keeps
    // the real one, and the header keeps overriding it on each call).
    const dev = req.headers['x-dev-role'];
    const shownRole = ctx.config.isDev && (dev === 'Admin' || dev === 'User') ? dev : u.role;
    return {
      token: await issueAccessToken(ctx.tokenKeys, { userId: u.id, tenantId: u.tenant_id, role: u.role, email: u.email, name: u.name, tokenVersion: Number(u.token_version ?? 0) }),
      user: { id: u.id, email: u.email, name: u.name, role: shownRole, tenantId: u.tenant_id },
    };
  };

  app.post('/auth/signup', { config: authRateLimit(ctx.config, 'signup'), schema: { tags: ['Auth'], summary: 'Create an account with e-mail and password' } }, async (req) => {
    const email = Email.parse(bodyField(req.body, 'email'));
    const password = newPassword(bodyField(req.body, 'password'), email);
    const name = z.string().trim().max(200).optional().parse(bodyField(req.body, 'name') ?? undefined) || null;
    await takeSignup(ctx.db, ctx.config, req.ip);
    const hash = await hashPassword(password);
    const user = await ctx.db.transaction((tx) => createAccount(tx, { email, name, passwordHash: hash, adminEmails: ctx.config.ADMIN_EMAILS, via: 'password' }));
    return ok(await answer(user, req), 'Account created');
  });

  app.post('/auth/login', { config: authRateLimit(ctx.config, 'login'), schema: { tags: ['Auth'], summary: 'Sign in with e-mail and password' } }, async (req, reply) => {
    const email = Email.parse(bodyField(req.body, 'email'));
    const password = z.string().parse(bodyField(req.body, 'password'));
    const result = await checkPasswordLogin(ctx, email, password, req.ip);
    if ('locked' in result) {
      void reply.header('retry-after', String(result.locked));
      throw errors.loginLocked(result.locked);
    }
    if ('wrong' in result) throw errors.unauthorized('Invalid email or password.');
    const { user } = result;
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

  // Ends the session the call is made with: its token is refused from now on, and a bundled-provider
  // session's grant (with its refresh tokens) ends too.
  const grants = databaseAdapter(ctx.db, ctx.now);
  app.post('/auth/logout', { preHandler: requireUser, schema: { tags: ['Auth'], summary: 'Sign out (this session)' } }, async (req) => {
    const p = principalOf(req);
    if (p.session) await revokeToken(ctx.db, p.session.tokenId, p.session.expiresAt, ctx.now());
    if (p.session?.grantId) await new grants('Grant').revokeByGrantId(p.session.grantId);
    await writeAudit(ctx.db, { tenantId: p.tenantId, userId: p.userId, actor: `user:${p.userId}`, action: 'user.logout', targetType: 'user', targetId: p.userId ?? undefined });
    return ok(null, 'Signed out');
  });

  app.post('/auth/logout-everywhere', { preHandler: requireUser, schema: { tags: ['Auth'], summary: 'Sign out every session of your account (every device, every refresh token)' } }, async (req) => {
    const p = principalOf(req);
    await ctx.db.transaction(async (tx) => {
      await revokeAllSessions(tx, [p.userId!], ctx.now());
      await writeAudit(tx, { tenantId: p.tenantId, userId: p.userId, actor: `user:${p.userId}`, action: 'user.logout.everywhere', targetType: 'user', targetId: p.userId ?? undefined });
    });
    return ok(null, 'Signed out everywhere');
  });

  // Every other session ends with the old password; the answer carries a fresh token for this one.
  app.post('/user/change-password', { preHandler: requireUser, config: authRateLimit(ctx.config, 'password'), schema: { tags: ['User'], summary: 'Change your password (signs out every other session)' } }, async (req) => {
    const p = principalOf(req);
    const current = z.string().parse(bodyField(req.body, 'currentPassword') ?? '');
    const u = p.userId ? await getUserInTenant(ctx.db, p.userId, p.tenantId) : null;
    const next = newPassword(bodyField(req.body, 'newPassword'), u?.email ?? p.email);
    if (!u || !(await verifyPassword(current, u.password_hash))) throw errors.validation('Current password is incorrect.');
    const hash = await hashPassword(next);
    const version = await ctx.db.transaction(async (tx) => {
      await setUserPassword(tx, u.id, hash);
      await revokeAllSessions(tx, [u.id], ctx.now());
      await writeAudit(tx, { tenantId: u.tenant_id, userId: u.id, actor: `user:${u.id}`, action: 'user.password.change', targetType: 'user', targetId: u.id });
      return currentTokenVersion(tx, u.id);
    });
    return ok((await answer({ ...u, token_version: version }, req)), 'Password changed. Every other session was signed out.');
  });

  app.get('/auth/test', { schema: { tags: ['Auth'], summary: 'Auth service liveness check' } }, async () => ok({ ok: true }));
}
