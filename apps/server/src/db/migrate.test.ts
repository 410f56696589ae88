import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase, onPostgres } from '../../test/harness.ts';
import { openDatabase } from './database.ts';
import { migrate } from './migrate.ts';

describe(`migrations on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => { for (const c of cleanups.splice(0)) await c(); });

  it('apply every migration on an empty database and do nothing the second time', async () => {
    const { db, drop } = await freshDatabase();
    cleanups.push(async () => { await db.close(); await drop(); });
    const first = await migrate(db);
    expect(first.length).toBeGreaterThan(0);
    expect(first[0]).toBe(1);
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'tenants'`);
    expect(rows[0]?.n).toBe(1);
  });

  it.skipIf(!onPostgres)('let several processes start at once: exactly one applies them', async () => {
    const { db, url, drop } = await freshDatabase();
    const others = await Promise.all([1, 2, 3].map(() => openDatabase({ connectionString: url, dataDir: '/nonexistent', poolSize: 2 })));
    cleanups.push(async () => { await Promise.all([db, ...others].map((d) => d.close())); await drop(); });
    const results = await Promise.all([db, ...others].map((d) => migrate(d)));
    expect(results.filter((r) => r.length > 0)).toHaveLength(1);
  });
});
