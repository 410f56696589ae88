import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, onPostgres, startTestApp, type TestApp } from '../../test/harness.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { allocateIsaControlNumber, ISA_MAX } from './edi-store.ts';

describe('ISA control numbers', () => {
  let t: TestApp;
  let second: Database | null = null;
  beforeAll(async () => {
    t = await startTestApp();
    // On PostgreSQL a second pool stands in for a second worker process on the same server.
    if (onPostgres) second = await openDatabase({ connectionString: t.config.DATABASE_URL!, dataDir: t.dataDir, poolSize: 8 });
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  it('are unique and increasing per sender under concurrent allocation', async () => {
    const u = await createTestUser(t.ctx);
    const pools = [t.ctx.db, second ?? t.ctx.db];
    const taken = await Promise.all(Array.from({ length: 200 }, (_, i) => allocateIsaControlNumber(pools[i % 2]!, u.tenantId, 'SENDER1')));
    expect(new Set(taken).size).toBe(200);
    expect([...taken].sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    // Each caller's own sequence only goes up.
    const next = await allocateIsaControlNumber(t.ctx.db, u.tenantId, 'SENDER1');
    expect(next).toBe(201);
  });

  it('count separately per sender ID and per tenant', async () => {
    const a = await createTestUser(t.ctx);
    const b = await createTestUser(t.ctx);
    expect(await allocateIsaControlNumber(t.ctx.db, a.tenantId, 'S1')).toBe(1);
    expect(await allocateIsaControlNumber(t.ctx.db, a.tenantId, 'S2')).toBe(1);
    expect(await allocateIsaControlNumber(t.ctx.db, b.tenantId, 'S1')).toBe(1);
    expect(await allocateIsaControlNumber(t.ctx.db, a.tenantId, 'S1')).toBe(2);
  });

  it('wrap to 1 after 999999999, staying within 9 digits', async () => {
    const u = await createTestUser(t.ctx);
    const sender = `W${randomUUID().slice(0, 8)}`;
    await t.ctx.db.query('INSERT INTO isa_counters (tenant_id, sender_id, last_value) VALUES ($1, $2, $3)', [u.tenantId, sender, ISA_MAX - 1]);
    expect(await allocateIsaControlNumber(t.ctx.db, u.tenantId, sender)).toBe(ISA_MAX);
    expect(await allocateIsaControlNumber(t.ctx.db, u.tenantId, sender)).toBe(1);
  });
});
