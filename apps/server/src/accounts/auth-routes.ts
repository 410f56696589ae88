/** Built-in e-mail + password sign-up and login answering {token, user}, plus validate/test. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { requireUser, principalOf } from '../auth/principal.ts';
import { issueAccessToken } from '../auth/tokens.ts';
import { ok } from '../http/envelope.ts';
import { errors } from '../http/errors.ts';
import { writeAudit } from '../audit/write-audit.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

const field = (o: unknown, k: string): unknown => {
  const r = (o ?? {}) as Record<string, unknown>;
  return r[k] ?? r[k.charAt(0).toUpperCase() + k.slice(1)];
};
const Email = z.string().trim().toLowerCase().email('A valid e-mail address is required');
const Password = z.string().min(8, 'Password must be at least 8 characters long').max(200);

interface UserRow { id: string; tenant_id: string; email: string; name: string | null; role: 'User' | 'Admin'; password_hash: string | null }

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const answer = async (u: UserRow) => ({
    token: await issueAccessToken(ctx.tokenKeys, { userId: u.id, tenantId: u.tenant_id, role: u.role, email: u.email, name: u.name }),
    user: { id: u.id, email: u.email, name: u.name, role: u.role, tenantId: u.tenant_id },
  });

  app.post('/auth/signup', { schema: { tags: ['Auth'], summary: 'Create an account with e-mail and password' } }, async (req) => {
    const email = Email.parse(field(req.body, 'email'));
    const password = Password.parse(field(req.body, 'password'));
    const name = z.string().trim().max(200).optional().parse(field(req.body, 'name') ?? undefined) || null;
    const hash = await hashPassword(password);
    const user = await ctx.db.transaction(async (tx) => {
      const taken = await tx.query('SELECT 1 FROM users WHERE lower(email) = $1 AND deleted_at IS NULL', [email]);
      if (taken.rows.length > 0) throw errors.conflict('An account with this e-mail already exists.');
      const tenantId = randomUUID(), userId = randomUUID();
      await tx.query('INSERT INTO tenants (id, name) VALUES ($1, $2)', [tenantId, name ?? email]);
      const { rows } = await tx.query<UserRow>(
        `INSERT INTO users (id, tenant_id, email, name, password_hash) VALUES ($1, $2, $3, $4, $5)
         RETURNING id, tenant_id, email, name, role, password_hash`, [userId, tenantId, email, name, hash]);
      await writeAudit(tx, { tenantId, userId, actor: `user:${userId}`, action: 'user.signup', targetType: 'user', targetId: userId });
      return rows[0]!;
    });
    return ok(await answer(user), 'Account created');
  });

  app.post('/auth/login', { schema: { tags: ['Auth'], summary: 'Sign in with e-mail and password' } }, async (req) => {
    const email = Email.parse(field(req.body, 'email'));
    const password = z.string().parse(field(req.body, 'password'));
    const { rows } = await ctx.db.query<UserRow>(
      `SELECT u.id, u.tenant_id, u.email, u.name, u.role, u.password_hash FROM users u JOIN tenants t ON t.id = u.tenant_id
       WHERE lower(u.email) = $1 AND u.deleted_at IS NULL AND t.deleted_at IS NULL`, [email]);
    const user = rows[0];
    if (!user || !(await verifyPassword(password, user.password_hash))) throw errors.unauthorized('Invalid email or password.');
    await ctx.db.transaction(async (tx) => {
      await tx.query('UPDATE users SET last_login_at = now() WHERE id = $1', [user.id]);
      await writeAudit(tx, { tenantId: user.tenant_id, userId: user.id, actor: `user:${user.id}`, action: 'user.login', targetType: 'user', targetId: user.id });
    });
    return ok(await answer(user), 'Signed in');
  });

  app.get('/auth/validate', { preHandler: requireUser, schema: { tags: ['Auth'], summary: 'The signed-in user' } }, async (req) => {
    const p = principalOf(req);
    return ok({ id: p.userId, email: p.email, name: p.name, role: p.role, tenantId: p.tenantId });
  });

  app.get('/auth/config', { schema: { tags: ['Auth'], summary: 'Sign-in settings the web app needs at startup' } }, async () =>
    ok({ domain: ctx.config.OIDC_ISSUER ?? null, issuer: ctx.config.OIDC_ISSUER ?? null, clientId: ctx.config.OIDC_CLIENT_ID ?? null,
      audience: ctx.config.OIDC_AUDIENCE ?? null, passwordLogin: true }));

  // Access tokens are short-lived stateless JWTs; logout is recorded and the client drops its token.
  app.post('/auth/logout', { preHandler: requireUser, schema: { tags: ['Auth'], summary: 'Sign out' } }, async (req) => {
    const p = principalOf(req);
    await writeAudit(ctx.db, { tenantId: p.tenantId, userId: p.userId, actor: `user:${p.userId}`, action: 'user.logout', targetType: 'user', targetId: p.userId ?? undefined });
    return ok(null, 'Signed out');
  });

  app.post('/user/change-password', { preHandler: requireUser, schema: { tags: ['User'], summary: 'Change your password' } }, async (req) => {
    const p = principalOf(req);
    const current = z.string().parse(field(req.body, 'currentPassword') ?? '');
    const next = Password.parse(field(req.body, 'newPassword'));
    const { rows } = await ctx.db.query<UserRow>('SELECT id, tenant_id, email, name, role, password_hash FROM users WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [p.userId, p.tenantId]);
    const u = rows[0];
    if (!u || !(await verifyPassword(current, u.password_hash))) throw errors.validation('Current password is incorrect.');
    const hash = await hashPassword(next);
    await ctx.db.transaction(async (tx) => {
      await tx.query('UPDATE users SET password_hash = $1 WHERE id = $2', [hash, u.id]);
      await writeAudit(tx, { tenantId: u.tenant_id, userId: u.id, actor: `user:${u.id}`, action: 'user.password.change', targetType: 'user', targetId: u.id });
    });
    return ok(null, 'Password changed');
  });

  app.get('/auth/test', { schema: { tags: ['Auth'], summary: 'Auth service liveness check' } }, async () => ok({ ok: true }));
}
