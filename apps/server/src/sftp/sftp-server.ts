/**
 * The SFTP server (ssh2, pure JavaScript): password or public-key login per tenant, failed logins
 * throttled, and only the SFTP subsystem (no shell, exec or forwarding). Each login sees its own
 * tenant's virtual tree (see sftp-session.ts).
 */
import { timingSafeEqual } from 'node:crypto';
import ssh2 from 'ssh2';
import type { AuthContext, Connection } from 'ssh2';
import type { AppContext } from '../context.ts';
import { hashPassword, verifyPassword } from '../accounts/passwords.ts';
import { loadHostKey } from './host-key.ts';
import { LoginLimiter } from './login-limiter.ts';
import { accountKeyBlobs, checkSftpPassword, findLoginAccount, recordSftpLogin } from './sftp-accounts.ts';
import { serveSftp, type SessionUser } from './sftp-session.ts';

export interface SftpServer { port: number; stop(): Promise<void> }

let listeningPort: number | null = null;
const LOGIN_GRACE_MS = 60_000;
/** Open connections one address may hold (a TMS polling plus people; a flood stops here). */
const MAX_CONNECTIONS_PER_IP = 20;
/** Checked for unknown usernames too, so response time does not reveal which usernames exist. */
let dummyHash: Promise<string> | null = null;

/** The port this process's SFTP server listens on, or null when none runs. */
export function runningSftpPort(): number | null {
  return listeningPort;
}

/** Starts the SFTP server on SFTP_HOST:SFTP_PORT (0 = a free port); resolves once it listens. */
export async function startSftpServer(ctx: AppContext): Promise<SftpServer | null> {
  const { config } = ctx;
  const limiter = new LoginLimiter(ctx.db, config.SFTP_MAX_FAILED_LOGINS, config.SFTP_LOGIN_LOCK_SECONDS, ctx.now);
  const clients = new Set<Connection>();
  const perIp = new Map<string, number>();
  const server = new ssh2.Server({ hostKeys: [loadHostKey(config)], ident: 'Ladingwise' }, (client, info) => {
    clients.add(client);
    client.on('error', (err: Error) => ctx.logger.debug({ err, ip: info.ip }, 'sftp connection error'));
    const open = (perIp.get(info.ip) ?? 0) + 1;
    perIp.set(info.ip, open);
    client.on('close', () => {
      clients.delete(client);
      const left = (perIp.get(info.ip) ?? 1) - 1;
      if (left > 0) perIp.set(info.ip, left); else perIp.delete(info.ip);
    });
    if (open > MAX_CONNECTIONS_PER_IP) {
      ctx.logger.warn({ ip: info.ip }, 'sftp connection refused: too many from this address');
      client.end();
      return;
    }
    let user: SessionUser | null = null;
    // A connection that has not logged in within a minute is dropped (no half-open sessions piling up).
    const loginTimer = setTimeout(() => client.end(), LOGIN_GRACE_MS);
    loginTimer.unref();
    client.on('close', () => clearTimeout(loginTimer));

    client.on('authentication', (auth: AuthContext) => {
      authenticate(ctx, limiter, info.ip, auth)
        .then((u) => {
          if (u) { user = u; auth.accept(); } else auth.reject(['password', 'publickey']);
        })
        .catch((err: unknown) => {
          ctx.logger.error({ err }, 'sftp authentication failed');
          auth.reject(['password', 'publickey']);
        });
    });

    client.on('ready', () => {
      clearTimeout(loginTimer);
      client.on('session', (accept) => {
        const session = accept();
        session.on('sftp', (acceptSftp) => {
          if (!user) return;
          serveSftp(ctx, acceptSftp(), user);
        });
      });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.SFTP_PORT, config.SFTP_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err: Error) => ctx.logger.error({ err }, 'sftp server error'));
  const port = (server.address() as { port: number }).port;
  listeningPort = port;
  return {
    port,
    async stop() {
      for (const c of clients) c.end();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (listeningPort === port) listeningPort = null;
    },
  };
}

/** Checks one authentication request; null means reject. Key "probes" (no signature) never count as failures. */
async function authenticate(ctx: AppContext, limiter: LoginLimiter, ip: string, auth: AuthContext): Promise<SessionUser | null> {
  const username = auth.username.slice(0, 100);
  if (auth.method !== 'password' && auth.method !== 'publickey') return null;
  if (await limiter.blocked(ip, username)) {
    ctx.logger.warn({ ip, sftpUser: username }, 'sftp login refused: too many failed attempts');
    return null;
  }
  const account = await findLoginAccount(ctx.db, username);
  let ok = false;
  if (auth.method === 'password') {
    if (account) ok = await checkSftpPassword(account, auth.password);
    else await verifyPassword(auth.password, await (dummyHash ??= hashPassword('not-a-real-password')));
  } else {
    const blobs = account ? await accountKeyBlobs(ctx.db, account.id) : [];
    const known = blobs.some((b) => b.length === auth.key.data.length && timingSafeEqual(b, auth.key.data));
    if (!auth.signature) return known ? ({ tenantId: account!.tenant_id, username, ip } satisfies SessionUser) : null;
    const parsed = ssh2.utils.parseKey(auth.key.data);
    ok = known && !(parsed instanceof Error) && auth.blob !== undefined && parsed.verify(auth.blob, auth.signature, auth.hashAlgo) === true;
  }
  if (!ok || !account) {
    await limiter.fail(ip, username);
    ctx.logger.info({ ip, sftpUser: username, method: auth.method }, 'sftp login failed');
    return null;
  }
  await recordSftpLogin(ctx.db, account.id, ctx.now());
  ctx.logger.info({ ip, tenantId: account.tenant_id, sftpUser: username, method: auth.method }, 'sftp login');
  return { tenantId: account.tenant_id, username, ip };
}
