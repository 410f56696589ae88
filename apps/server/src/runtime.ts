/**
 * Starts a process: `serve` (HTTP + SFTP + in-process workers) or `worker` (workers only).
 * Both open the same database, migrate it, and join the same pg-boss queue.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { buildApp } from './app.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { startQueue } from './queue/pg-boss-queue.ts';
import { startWorkers } from './queue/workers.ts';
import { createLogger } from './logger.ts';
import { loadSecret } from './secrets.ts';
import { join } from 'node:path';
import { prepareDataDir, tightenTree } from './data-dir.ts';
import { sweepStaleUploads } from './pipeline/upload-staging.ts';
import { resealWebhookSecrets } from './reseal-secrets.ts';
import type { TokenKeys } from './auth/tokens.ts';
import { openStorage } from './storage/open-storage.ts';
import { startSftpServer, type SftpServer } from './sftp/sftp-server.ts';

/** Opens the database, migrates it, starts the queue; shared by every kind of process. */
export async function createContext(config: Config, overrides: Partial<AppContext> = {}): Promise<AppContext> {
  const logger = overrides.logger ?? createLogger(config.LOG_LEVEL);
  prepareDataDir(config.dataDir, logger);
  const swept = await sweepStaleUploads(config.dataDir);
  if (swept) logger.info({ swept }, 'removed the temporary files of uploads cut off by an earlier stop');
  const db = overrides.db ?? (await openDatabase({ connectionString: config.DATABASE_URL, dataDir: config.dataDir, poolSize: config.DATABASE_POOL_SIZE }));
  const applied = await migrate(db);
  if (applied.length) logger.info({ applied }, 'database migrated');
  if (db.kind === 'pglite' && !overrides.db) tightenTree(join(config.dataDir, 'db'));
  const tokenKeys: TokenKeys = overrides.tokenKeys ?? {
    secret: loadSecret(config.dataDir, config.JWT_SECRET),
    previous: config.JWT_SECRET_PREVIOUS ? new TextEncoder().encode(config.JWT_SECRET_PREVIOUS) : undefined,
    ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
  };
  const resealed = await resealWebhookSecrets(db, tokenKeys);
  if (resealed.resealed) logger.info(resealed, 'webhook secrets sealed under the current server secret');
  if (resealed.unreadable) logger.warn(resealed, 'some webhook secrets open with neither JWT_SECRET nor JWT_SECRET_PREVIOUS: those webhooks fail until re-added');
  const queue = overrides.queue ?? (await startQueue(db, { logger }));
  return {
    config,
    db,
    queue,
    logger,
    storage: overrides.storage ?? openStorage(config),
    tokenKeys,
    now: overrides.now ?? (() => new Date()),
  };
}

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  url: string;
  sftp: SftpServer | null;
  stop(): Promise<void>;
}

/** `ladingwise serve`: the whole product in one process. */
export async function startServer(config: Config, overrides: Partial<AppContext> = {}): Promise<RunningServer> {
  const ctx = await createContext(config, overrides);
  const workers = config.RUN_WORKERS ? await startWorkers(ctx) : null;
  const app = await buildApp(ctx);
  // Stopped in the reverse order of starting; SFTP, last to start, stops first.
  const stopBelowSftp = async (): Promise<void> => {
    await app.close();
    await workers?.stop();
    await ctx.queue.stop();
    await ctx.db.close();
  };
  let address: string;
  let sftp: SftpServer | null;
  try {
    address = await app.listen({ host: config.HOST, port: config.PORT });
    sftp = config.SFTP_ENABLED ? await startSftpServer(ctx) : null;
  } catch (err) {
    // A half-started server would keep the process alive without ever saying it is running: stop what started.
    await stopBelowSftp();
    throw err;
  }
  ctx.logger.info({ address, sftpPort: sftp?.port ?? null, database: ctx.db.kind, workers: config.RUN_WORKERS }, 'Ladingwise is running');
  const port = (app.server.address() as { port: number }).port;
  return {
    app,
    ctx,
    sftp,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await sftp?.stop();
      await stopBelowSftp();
    },
  };
}

/** `ladingwise worker`: only job workers, for extra processes or machines on a shared PostgreSQL. */
export async function startWorkerProcess(config: Config): Promise<{ ctx: AppContext; stop(): Promise<void> }> {
  if (!config.DATABASE_URL) throw new Error('ladingwise worker needs DATABASE_URL: the embedded database serves one process only.');
  const ctx = await createContext(config);
  const workers = await startWorkers(ctx);
  ctx.logger.info('Ladingwise worker is running');
  return {
    ctx,
    async stop() {
      await workers.stop();
      await ctx.queue.stop();
      await ctx.db.close();
    },
  };
}
