/**
 * Mounts the bundled provider under /oidc on the Fastify server: the sign-in/sign-up interaction
 * pages are Fastify routes; every other /oidc path is handed, raw, to oidc-provider's Koa callback.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { createAccount, recordLogin } from '../../accounts/account-store.ts';
import { hashPassword } from '../../accounts/passwords.ts';
import { passwordProblem } from '../../accounts/password-policy.ts';
import { checkPasswordLogin } from '../password-login.ts';
import { takeSignup } from '../signup-limits.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import { DomainError } from '../../errors/domain-error.ts';
import { errors } from '../../errors/catalogue.ts';
import { authRateLimit } from '../rate-limits.ts';
import type { BundledProvider } from './bundled-provider.ts';
import { BUNDLED_PATH } from './oidc-settings.ts';
import { errorPage, loginPage, SIGN_OUT_SCRIPT, SIGN_OUT_SCRIPT_PATH, signupPage } from './pages.ts';

const MAX_FORM_BYTES = 16 * 1024;

/** Reads an application/x-www-form-urlencoded body from the raw request (Fastify leaves /oidc bodies unread). */
async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) throw errors.payloadTooLarge('The form is too large.');
    chunks.push(chunk as Buffer);
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

const html = (reply: FastifyReply, body: string, status = 200) => reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

export async function oidcProviderRoutes(app: FastifyInstance, ctx: AppContext, bundled: BundledProvider): Promise<void> {
  const { provider } = bundled;
  const callback = provider.callback();
  const hide = { hide: true };
  // Leave request bodies unread: oidc-provider and the interaction handlers read the raw stream themselves.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));

  /** The interaction being shown, or null when its session expired or never existed (the page says so). */
  const details = (req: FastifyRequest, reply: FastifyReply) => provider.interactionDetails(req.raw, reply.raw).catch(() => null);
  const finish = async (req: FastifyRequest, reply: FastifyReply, result: Parameters<typeof provider.interactionFinished>[2]) => {
    reply.hijack();
    await provider.interactionFinished(req.raw, reply.raw, result, { mergeWithLastSubmission: false });
  };
  const expired = (reply: FastifyReply) => html(reply, errorPage({ error: 'This sign-in page has expired. Go back to the app and sign in again.' }), 400);

  app.get<{ Params: { uid: string }; Querystring: { screen?: string } }>('/oidc/interaction/:uid', { schema: hide }, async (req, reply) => {
    const d = await details(req, reply);
    if (!d || d.uid !== req.params.uid) return expired(reply);
    if (d.prompt.name !== 'login') {
      // Consent is implicit for the first-party web app (see loadExistingGrant); finish with the grant.
      const grant = d.grantId ? await provider.Grant.find(d.grantId) : undefined;
      return finish(req, reply, { consent: grant ? { grantId: grant.jti } : {} });
    }
    const signup = req.query.screen ? req.query.screen === 'signup' : d.params.screen_hint === 'signup';
    const hint = typeof d.params.login_hint === 'string' ? d.params.login_hint : undefined;
    return html(reply, signup ? signupPage(d.uid, { email: hint }) : loginPage(d.uid, { email: hint }));
  });

  app.post<{ Params: { uid: string } }>('/oidc/interaction/:uid/login', { schema: hide, config: authRateLimit(ctx.config, 'oidc-login') }, async (req, reply) => {
    const d = await details(req, reply);
    if (!d || d.uid !== req.params.uid) return expired(reply);
    const form = await readForm(req.raw);
    const email = (form.email ?? '').trim().toLowerCase();
    if (!email) return html(reply, loginPage(d.uid, { email, error: 'Invalid email or password.' }), 401);
    const result = await checkPasswordLogin(ctx, email, form.password ?? '', req.ip);
    if ('locked' in result) {
      void reply.header('retry-after', String(result.locked));
      return html(reply, loginPage(d.uid, { email, error: errors.loginLocked(result.locked).message }), 429);
    }
    if ('wrong' in result) return html(reply, loginPage(d.uid, { email, error: 'Invalid email or password.' }), 401);
    const { user } = result;
    await ctx.db.transaction(async (tx) => {
      await recordLogin(tx, user.id);
      await writeAudit(tx, { tenantId: user.tenant_id, userId: user.id, actor: `user:${user.id}`, action: 'user.login', targetType: 'user', targetId: user.id, details: { via: 'oidc' } });
    });
    return finish(req, reply, { login: { accountId: user.id } });
  });

  app.post<{ Params: { uid: string } }>('/oidc/interaction/:uid/signup', { schema: hide, config: authRateLimit(ctx.config, 'oidc-signup') }, async (req, reply) => {
    const d = await details(req, reply);
    if (!d || d.uid !== req.params.uid) return expired(reply);
    const form = await readForm(req.raw);
    const email = z.string().trim().toLowerCase().email().safeParse(form.email ?? '');
    const name = (form.name ?? '').trim().slice(0, 200) || null;
    const again = (error: string) => html(reply, signupPage(d.uid, { email: form.email, name: name ?? undefined, error }), 400);
    if (!email.success) return again('A valid e-mail address is required');
    const password = form.password ?? '';
    const problem = passwordProblem(password, email.data);
    if (problem) return again(problem);
    try {
      await takeSignup(ctx.db, ctx.config, req.ip);
      const hash = await hashPassword(password);
      const user = await ctx.db.transaction((tx) => createAccount(tx, { email: email.data, name, passwordHash: hash, adminEmails: ctx.config.ADMIN_EMAILS, via: 'oidc' }));
      return await finish(req, reply, { login: { accountId: user.id } });
    } catch (err) {
      if (err instanceof DomainError && (err.code === 'CONFLICT' || err.code === 'SIGNUP_LIMITED')) {
        return html(reply, signupPage(d.uid, { email: email.data, name: name ?? undefined, error: err.message }), err.code === 'CONFLICT' ? 409 : 429);
      }
      throw err;
    }
  });

  app.get<{ Params: { uid: string } }>('/oidc/interaction/:uid/abort', { schema: hide }, async (req, reply) => {
    const d = await details(req, reply);
    if (!d || d.uid !== req.params.uid) return expired(reply);
    return finish(req, reply, { error: 'access_denied', error_description: 'The user cancelled the sign-in.' });
  });

  app.get(SIGN_OUT_SCRIPT_PATH, { schema: hide }, async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SIGN_OUT_SCRIPT));

  // Everything else (discovery, authorize, token, jwks, end_session, revocation, userinfo): oidc-provider.
  app.all(`${BUNDLED_PATH}/*`, { schema: hide }, async (req, reply) => {
    reply.hijack();
    const raw = req.raw as IncomingMessage & { originalUrl?: string };
    raw.originalUrl = raw.url;
    raw.url = (raw.url ?? '/').slice(BUNDLED_PATH.length) || '/';
    await callback(raw, reply.raw as ServerResponse);
  });
}
