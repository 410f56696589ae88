/**
 * One small interface over the two PostgreSQL engines we run on: embedded PGlite (default,
 * one process) and a real server through `pg` (DATABASE_URL, many processes). Domain code
 * writes plain SQL with $1 parameters against `Queryable` and never knows which it has.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[]; rowCount: number }>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs SQL text that may hold several statements and no parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs fn in one transaction; rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The pg connection string, when on a real server (pg-boss opens its own pool with it). */
  readonly connectionString?: string;
  /** The PGlite instance, when embedded (pg-boss runs through it). */
  readonly pglite?: PGlite;
}

/** One round trip to the database (health checks). */
export async function pingDatabase(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}

/** Opens the configured database: PGlite under dataDir unless a connection string is given. */
export async function openDatabase(opts: { connectionString?: string; dataDir: string; poolSize?: number; schema?: string }): Promise<Database> {
  if (opts.connectionString) return openPostgres(opts.connectionString, opts.poolSize ?? 10, opts.schema);
  const dir = join(opts.dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  return openPglite(new PGlite(dir));
}

/** An in-memory PGlite, for tests. */
export async function openMemoryDatabase(): Promise<Database> {
  return openPglite(new PGlite());
}

async function openPglite(db: PGlite): Promise<Database> {
  await db.waitReady;
  const query: Queryable['query'] = async (sql, params) => {
    const r = await db.query(sql, params as unknown[] | undefined);
    return { rows: r.rows as never[], rowCount: r.affectedRows ?? r.rows.length };
  };
  return {
    kind: 'pglite',
    pglite: db,
    query,
    exec: async (sql) => { await db.exec(sql); },
    transaction: (fn) =>
      db.transaction(async (tx) =>
        fn({
          query: async (sql, params) => {
            const r = await tx.query(sql, params as unknown[] | undefined);
            return { rows: r.rows as never[], rowCount: r.affectedRows ?? r.rows.length };
          },
        }),
      ),
    close: () => db.close(),
  };
}

async function openPostgres(connectionString: string, max: number, schema?: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client's error (server restart, network) surfaces on the next query instead of crashing the process.
  pool.on('error', () => undefined);
  const query: Queryable['query'] = async (sql, params) => fromPg(await pool.query(sql, params as unknown[] | undefined));
  return {
    kind: 'postgres',
    connectionString,
    query,
    exec: async (sql) => { await pool.query(sql); },
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async (sql, params) => fromPg(await client.query(sql, params as unknown[] | undefined)),
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        // The transaction's own error is what matters; a ROLLBACK on a broken connection fails too, and the pool drops that client.
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** pg answers a multi-statement text with one result per statement; callers want the last. */
function fromPg(result: pg.QueryResult | pg.QueryResult[]): { rows: never[]; rowCount: number } {
  const r = Array.isArray(result) ? result[result.length - 1] : result;
  return { rows: (r?.rows ?? []) as never[], rowCount: r?.rowCount ?? r?.rows.length ?? 0 };
}
