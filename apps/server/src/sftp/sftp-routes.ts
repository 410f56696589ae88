/**
 * SFTP account API (spec section 7): credentials, create-user, reset-password, creation status,
 * test-connection, public keys, and the admin calls. Passwords are never returned (only hashes are kept).
 */
import { connect } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { principalOf, requireAdmin, requireTenant, requireUser } from '../auth/principal.ts';
import { ok } from '../http/envelope.ts';
import { errors } from '../errors/catalogue.ts';
import { writeAudit, actorOf } from '../audit/write-audit.ts';
import {
  addSftpPublicKey, deleteSftpAccount, deleteSftpPublicKey, ensureSftpAccount, getSftpAccount, listSftpPublicKeys,
  getSftpAccountById, listLiveSftpAccounts, listSftpAccountCreations,
  parsePublicKeyLine, setSftpPassword, sftpAccountActive, sftpPasswordProblem, type SftpAccountRow,
} from './sftp-accounts.ts';
import { getTenantBilling } from '../accounts/tenant-store.ts';
import { runningSftpPort } from './sftp-server.ts';
import { listDownloads } from './outbound-store.ts';
import { bodyString } from '../http/body-field.ts';


/** An OpenAPI body of optional string fields (PascalCase spellings are accepted too). */
const strBody = (...names: string[]) => ({ type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])) });

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export async function sftpRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['SFTP'];
  const { config } = ctx;

  /** Where users connect: SFTP_PUBLIC_HOST, else PUBLIC_URL's host, else the host the browser used. */
  const endpoint = (req: FastifyRequest) => {
    const fromUrl = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).hostname : null;
    const server = config.SFTP_PUBLIC_HOST ?? fromUrl ?? req.hostname.replace(/:\d+$/, '');
    const port = config.SFTP_PUBLIC_PORT ?? runningSftpPort() ?? config.SFTP_PORT;
    return { server, port };
  };

  const credentials = async (req: FastifyRequest, a: SftpAccountRow) => ({
    username: a.username,
    ...endpoint(req),
    password: null,
    passwordSet: a.password_hash !== null,
    isActive: await sftpAccountActive(ctx.db, a),
    createdAt: iso(a.created_at),
    lastLogin: iso(a.last_login_at),
    folders: { inbound: '/inbound', outbound: '/outbound' },
  });

  app.get('/sftp/credentials', { preHandler: requireTenant, schema: { tags, summary: "Your tenant's SFTP login (never the password); 404 when none exists" } }, async (req) => {
    const a = await getSftpAccount(ctx.db, principalOf(req).tenantId);
    if (!a) throw errors.sftpAccountMissing();
    return ok(await credentials(req, a));
  });

  app.post('/sftp/create-user', {
    preHandler: requireUser,
    schema: { tags, summary: 'Create the SFTP account (optionally with customPassword); the e-mail is taken from the signed-in user', body: strBody('userEmail', 'customPassword') },
  }, async (req) => {
    const p = principalOf(req);
    const custom = bodyString(req.body, 'customPassword') ?? bodyString(req.body, 'newPassword');
    if (custom !== undefined && custom !== '') {
      const problem = sftpPasswordProblem(custom);
      if (problem) throw errors.sftpPasswordRejected(problem);
    }
    const account = await ctx.db.transaction(async (tx) => {
      const existed = await getSftpAccount(tx, p.tenantId);
      const username = await ensureSftpAccount(tx, { tenantId: p.tenantId, email: p.email ?? '' });
      if (!username) throw errors.internal();
      if (custom) await setSftpPassword(tx, p.tenantId, custom, ctx.now());
      if (!existed) {
        await writeAudit(tx, { tenantId: p.tenantId, userId: p.userId, actor: actorOf(p), action: 'sftp.account.create', targetType: 'sftp-account', targetId: username, details: { passwordSet: Boolean(custom) } });
      } else if (custom) {
        await writeAudit(tx, { tenantId: p.tenantId, userId: p.userId, actor: actorOf(p), action: 'sftp.password.set', targetType: 'sftp-account', targetId: username });
      }
      return (await getSftpAccount(tx, p.tenantId))!;
    });
    return ok(await credentials(req, account), 'SFTP user created successfully');
  });

  app.post('/sftp/reset-password', { preHandler: requireUser, schema: { tags, summary: 'Set a new SFTP password (at least 10 characters, upper and lower case and digits)', body: strBody('userEmail', 'newPassword') } }, async (req) => {
    const p = principalOf(req);
    const password = bodyString(req.body, 'newPassword') ?? bodyString(req.body, 'customPassword') ?? '';
    const problem = sftpPasswordProblem(password);
    if (problem) throw errors.sftpPasswordRejected(problem);
    await ctx.db.transaction(async (tx) => {
      const a = await getSftpAccount(tx, p.tenantId);
      if (!a) throw errors.sftpAccountMissing();
      await setSftpPassword(tx, p.tenantId, password, ctx.now());
      await writeAudit(tx, { tenantId: p.tenantId, userId: p.userId, actor: actorOf(p), action: 'sftp.password.set', targetType: 'sftp-account', targetId: a.username });
    });
    return ok(null, 'Password updated successfully');
  });

  app.get('/sftp/user-creation-status', { preHandler: requireTenant, schema: { tags, summary: 'Whether the SFTP account exists (creation is immediate)' } }, async (req) => {
    const a = await getSftpAccount(ctx.db, principalOf(req).tenantId);
    return ok({ status: a ? 'Completed' : 'NotStarted', exists: Boolean(a), username: a?.username ?? null });
  });

  app.get('/sftp/test-connection', { preHandler: requireTenant, schema: { tags, summary: 'Checks that the SFTP server answers (SSH banner)' } }, async (req) => {
    const { server, port } = endpoint(req);
    const listening = runningSftpPort();
    if (listening === null) return ok({ connected: false, server, port, message: 'The SFTP server is not running on this installation.' });
    const banner = await readBanner(listening);
    return ok({ connected: banner !== null, server, port, message: banner ? `Connected: ${banner}` : 'The SFTP server did not answer.' });
  });

  app.get('/sftp/public-keys', { preHandler: requireTenant, schema: { tags, summary: 'Public keys allowed to log in as your SFTP user' } }, async (req) =>
    ok((await listSftpPublicKeys(ctx.db, principalOf(req).tenantId)).map(({ keyData, ...k }) => ({ ...k, fingerprintBase: keyData.slice(-16) }))));

  app.post('/sftp/public-keys', { preHandler: requireUser, schema: { tags, summary: 'Allow an OpenSSH public key ({publicKey}) to log in as your SFTP user', body: strBody('publicKey') } }, async (req) => {
    const p = principalOf(req);
    const parsed = parsePublicKeyLine(bodyString(req.body, 'publicKey') ?? '');
    if (!parsed) throw errors.sftpPublicKeyInvalid();
    const id = await ctx.db.transaction(async (tx) => {
      const a = await getSftpAccount(tx, p.tenantId);
      if (!a) throw errors.sftpAccountMissing();
      const keyId = await addSftpPublicKey(tx, { id: a.id, tenantId: p.tenantId }, parsed);
      await writeAudit(tx, { tenantId: p.tenantId, userId: p.userId, actor: actorOf(p), action: 'sftp.key.add', targetType: 'sftp-key', targetId: keyId, details: { algo: parsed.algo } });
      return keyId;
    });
    return ok({ id, algo: parsed.algo, comment: parsed.comment }, 'Public key added');
  });

  app.delete<{ Params: { id: string } }>('/sftp/public-keys/:id', { preHandler: requireUser, schema: { tags, summary: 'Remove an SFTP public key' } }, async (req) => {
    const p = principalOf(req);
    await ctx.db.transaction(async (tx) => {
      if (!(await deleteSftpPublicKey(tx, p.tenantId, req.params.id))) throw errors.notFound('Public key');
      await writeAudit(tx, { tenantId: p.tenantId, userId: p.userId, actor: actorOf(p), action: 'sftp.key.remove', targetType: 'sftp-key', targetId: req.params.id });
    });
    return ok(null, 'Public key removed');
  });

  app.get<{ Querystring: { limit?: string; skip?: string } }>('/sftp/download-logs', {
    preHandler: requireTenant,
    schema: {
      tags, summary: 'Files downloaded from /outbound, newest first (Better than a Human plan)',
      querystring: { type: 'object', properties: { limit: { type: 'string' }, skip: { type: 'string' } } },
    },
  }, async (req) => {
    const { tenantId } = principalOf(req);
    if ((await getTenantBilling(ctx.db, tenantId))?.pricing_plan !== 'better-than-a-human') throw errors.sftpDownloadLogsPlan();
    const limit = Math.min(200, Math.max(1, Number.parseInt(req.query.limit ?? '50', 10) || 50));
    const skip = Math.min(10_000_000, Math.max(0, Number.parseInt(req.query.skip ?? '0', 10) || 0));
    return ok(await listDownloads(ctx.db, tenantId, { limit, skip }));
  });

  // Admin: every tenant's SFTP accounts.
  const adminTags = ['SFTP admin'];
  app.get('/sftp/admin/users', { preHandler: requireAdmin, schema: { tags: adminTags, summary: 'All SFTP accounts' } }, async () => {
    const rows = await listLiveSftpAccounts(ctx.db);
    return ok(rows.map((r) => ({ id: r.id, tenantId: r.tenant_id, username: r.username, userEmail: r.email, passwordSet: r.has_password, createdAt: iso(r.created_at), lastLogin: iso(r.last_login_at) })));
  });

  app.delete<{ Params: { id: string } }>('/sftp/admin/users/:id', { preHandler: requireAdmin, schema: { tags: adminTags, summary: 'Delete an SFTP account (by account id)' } }, async (req) => {
    const p = principalOf(req);
    if (!/^[0-9a-f-]{36}$/i.test(req.params.id)) throw errors.notFound('SFTP account');
    await ctx.db.transaction(async (tx) => {
      const a = await getSftpAccountById(tx, req.params.id);
      if (!a || !(await deleteSftpAccount(tx, a.tenant_id))) throw errors.notFound('SFTP account');
      await writeAudit(tx, { tenantId: a.tenant_id, userId: p.userId, actor: actorOf(p), action: 'sftp.account.delete', targetType: 'sftp-account', targetId: a.username });
    });
    return ok(null, 'SFTP account deleted');
  });

  app.get<{ Querystring: { tenantId?: string } }>('/sftp/admin/creation-jobs', { preHandler: requireAdmin, schema: { tags: adminTags, summary: 'SFTP account creations (immediate; one completed entry per account)' } }, async (req) => {
    const tenantId = req.query.tenantId;
    // A tenant id that is not a UUID matches no account.
    const rows = tenantId && !/^[0-9a-f-]{36}$/i.test(tenantId) ? [] : await listSftpAccountCreations(ctx.db, tenantId);
    return ok(rows.map((r) => ({ tenantId: r.tenant_id, username: r.username, userEmail: r.email, status: 'Completed', createdAt: iso(r.created_at), completedAt: iso(r.created_at) })));
  });

  app.post('/sftp/admin/reset-password', { preHandler: requireAdmin, schema: { tags: adminTags, summary: "Set a tenant's SFTP password ({tenantId, newPassword})", body: strBody('tenantId', 'userEmail', 'newPassword') } }, async (req) => {
    const p = principalOf(req);
    const tenantId = bodyString(req.body, 'tenantId') ?? '';
    const password = bodyString(req.body, 'newPassword') ?? '';
    const problem = sftpPasswordProblem(password);
    if (problem) throw errors.sftpPasswordRejected(problem);
    if (!/^[0-9a-f-]{36}$/i.test(tenantId)) throw errors.sftpAccountMissing();
    await ctx.db.transaction(async (tx) => {
      const a = await getSftpAccount(tx, tenantId);
      if (!a) throw errors.sftpAccountMissing();
      await setSftpPassword(tx, tenantId, password, ctx.now());
      await writeAudit(tx, { tenantId, userId: p.userId, actor: actorOf(p), action: 'sftp.password.admin-set', targetType: 'sftp-account', targetId: a.username });
    });
    return ok(null, 'Password updated successfully');
  });
}

/** Reads the SSH identification line from the local server, or null after 3 s. */
function readBanner(port: number): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let text = '';
    const done = (v: string | null) => { clearTimeout(timer); socket.destroy(); resolve(v); };
    const timer = setTimeout(() => done(null), 3000);
    socket.on('data', (d: Buffer) => {
      text += d.toString('latin1');
      const line = text.split('\r\n')[0] ?? '';
      if (text.includes('\r\n')) done(line.startsWith('SSH-2.0-') ? line : null);
    });
    socket.on('error', () => done(null));
  });
}
