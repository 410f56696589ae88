/**
 * Test harness: a real app on a real database. By default an in-memory PGlite; with
 * TEST_POSTGRES_URL set (scripts/test.sh does), a fresh database on that PostgreSQL server per call.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { buildApp } from '../src/app.ts';
import { openDatabase, openMemoryDatabase, type Database } from '../src/db/database.ts';
import { createContext } from '../src/runtime.ts';
import { issueAccessToken } from '../src/auth/tokens.ts';
import { createLogger } from '../src/logger.ts';
import { DomainError } from '../src/errors/domain-error.ts';
import { statusOf } from '../src/http/error-handler.ts';

export const onPostgres = Boolean(process.env.TEST_POSTGRES_URL);

/** A fresh empty database: PGlite in memory, or a new database on the test PostgreSQL server. */
export async function freshDatabase(): Promise<{ db: Database; url?: string; drop(): Promise<void> }> {
  const admin = process.env.TEST_POSTGRES_URL;
  if (!admin) {
    const db = await openMemoryDatabase();
    return { db, drop: async () => {} };
  }
  const name = `lw_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = admin.replace(/\/[^/]*$/, `/${name}`);
  const db = await openDatabase({ connectionString: url, dataDir: '/nonexistent', poolSize: 5 });
  return {
    db,
    url,
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  dataDir: string;
  /** The test PostgreSQL database's URL (absent on PGlite). */
  databaseUrl?: string;
  close(): Promise<void>;
}

export interface StartOptions {
  /**
   * Run on the database of an app already started, like a second API process. On PostgreSQL the new
   * app opens its own pool and queue on that database; on PGlite (one in-memory instance) it shares
   * the first app's database and queue. Close this app before the first one.
   */
  sameDatabaseAs?: TestApp;
}

/** Builds the app on a fresh database and data folder; `env` overrides settings. */
export async function startTestApp(env: Record<string, string> = {}, overrides: Partial<AppContext> = {}, opts: StartOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lw-test-'));
  const first = opts.sameDatabaseAs;
  const shared = first && !first.databaseUrl;
  const fresh: { db: Database; url?: string; drop(): Promise<void> } = !first
    ? await freshDatabase()
    : first.databaseUrl
      ? { db: await openDatabase({ connectionString: first.databaseUrl, dataDir: '/nonexistent', poolSize: 5 }), url: first.databaseUrl, drop: async () => {} }
      : { db: first.ctx.db, drop: async () => {} };
  if (shared) overrides = { queue: first.ctx.queue, ...overrides };
  const config = loadConfig({
    NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(40),
    SFTP_ENABLED: 'false', ...(fresh.url ? { DATABASE_URL: fresh.url } : {}), ...env,
  });
  const ctx = await createContext(config, { db: fresh.db, logger: createLogger('silent'), ...overrides });
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    config,
    dataDir,
    ...(fresh.url ? { databaseUrl: fresh.url } : {}),
    async close() {
      await app.close();
      if (!shared) {
        await ctx.queue.stop();
        await ctx.db.close();
      }
      await fresh.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Inserts a tenant and user directly and returns a bearer token for them. */
export async function createTestUser(ctx: AppContext, opts: { role?: 'User' | 'Admin'; email?: string } = {}) {
  const tenantId = randomUUID();
  const userId = randomUUID();
  const email = opts.email ?? `${userId.slice(0, 8)}@example.com`;
  await ctx.db.query('INSERT INTO tenants (id, name) VALUES ($1, $2)', [tenantId, email]);
  await ctx.db.query('INSERT INTO users (id, tenant_id, email, name, role) VALUES ($1, $2, $3, $4, $5)', [
    userId, tenantId, email, 'Test User', opts.role ?? 'User',
  ]);
  const token = await issueAccessToken(ctx.tokenKeys, { userId, tenantId, role: opts.role ?? 'User', email, name: 'Test User' });
  return { tenantId, userId, email, token, auth: { authorization: `Bearer ${token}` } };
}

/** How a call that should be refused was refused: the HTTP status its domain error maps to, its code and message. */
export async function refusalOf(call: Promise<unknown>): Promise<{ statusCode: number; code: string; message: string }> {
  try {
    await call;
  } catch (err) {
    if (err instanceof DomainError) return { statusCode: statusOf(err), code: err.code, message: err.message };
    throw err;
  }
  throw new Error('expected the call to be refused, and it succeeded');
}
