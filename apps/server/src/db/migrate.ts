/**
 * Applies the SQL files in ./migrations with postgrator. On a real server several processes may
 * start at once, so the whole run holds a transaction-scoped advisory lock: one migrates, the
 * others wait and then find nothing to do.
 */
import { fileURLToPath } from 'node:url';
import Postgrator from 'postgrator';
import type { Database } from './database.ts';

const MIGRATIONS = fileURLToPath(new URL('./migrations/*.sql', import.meta.url));
const LOCK_KEY = 7_204_211;

/** Brings the schema to the newest version; returns the versions applied now. */
export async function migrate(db: Database): Promise<number[]> {
  if (db.pglite) {
    const pglite = db.pglite;
    return run({
      execQuery: async (q) => ({ rows: (await pglite.query(q)).rows }),
      execSqlScript: async (s) => { await pglite.exec(s); },
    });
  }
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    return run({
      execQuery: async (q) => ({ rows: (await tx.query(q)).rows }),
      execSqlScript: async (s) => { await tx.query(s); },
    });
  });
}

async function run(exec: {
  execQuery: (q: string) => Promise<{ rows: unknown[] }>;
  execSqlScript: (s: string) => Promise<void>;
}): Promise<number[]> {
  const postgrator = new Postgrator({
    migrationPattern: MIGRATIONS,
    driver: 'pg',
    schemaTable: 'schema_migrations',
    validateChecksums: true,
    execQuery: exec.execQuery as never,
    execSqlScript: exec.execSqlScript,
  });
  const applied = await postgrator.migrate();
  return applied.map((m) => m.version);
}
