import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, onPostgres, startTestApp, type TestApp } from '../../test/harness.ts';
import { textImage, upload } from '../../test/pipeline-helpers.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { claimApproval, claimJob, markCancelled, markCompleted, markFailed, markNeedsReview } from './job-store.ts';

// The state transitions that make completion exactly-once, raced from two connection pools
// (two processes' worth of connections on PostgreSQL; PGlite serialises them on its one connection).
describe('job state transitions under races', () => {
  let t: TestApp;
  let second: Database | null = null;
  let png: Buffer;
  beforeAll(async () => {
    t = await startTestApp();
    if (onPostgres) second = await openDatabase({ connectionString: t.config.DATABASE_URL!, dataDir: t.dataDir, poolSize: 8 });
    png = await textImage(['X'], 'png', 120);
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  async function jobs(n: number) {
    const u = await createTestUser(t.ctx);
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push((await upload(t.app, u.auth, [{ filename: 'a.png', data: png }])).json().data.jobId);
    return { tenantId: u.tenantId, ids };
  }

  it('lets exactly one of two racing workers complete a job', async () => {
    const { tenantId, ids } = await jobs(10);
    const pools = [t.ctx.db, second ?? t.ctx.db];
    for (const jobId of ids) {
      const results = await Promise.all(pools.map((db, i) =>
        db.transaction((tx) => (i === 0
          ? markCompleted(tx, { jobId, tenantId, processingType: '204', shipperName: null, bolNumber: null })
          : markFailed(tx, { jobId, tenantId, code: 'X', message: 'lost' })))));
      expect(results.filter(Boolean)).toHaveLength(1);
    }
    const again = await t.ctx.db.transaction((tx) =>
      markCompleted(tx, { jobId: ids[0]!, tenantId, processingType: '204', shipperName: null, bolNumber: null }));
    expect(again).toBe(false);
  });

  it('never lets a cancel and a claim both win', async () => {
    const { tenantId, ids } = await jobs(10);
    for (const jobId of ids) {
      const [claimed, cancelled] = await Promise.all([
        claimJob(second ?? t.ctx.db, jobId),
        t.ctx.db.transaction((tx) => markCancelled(tx, tenantId, jobId)),
      ]);
      expect(Boolean(claimed) !== cancelled).toBe(true);
    }
  });

  it('does not claim a job of another state or a deleted one', async () => {
    const { tenantId, ids } = await jobs(2);
    await t.ctx.db.transaction((tx) => markCancelled(tx, tenantId, ids[0]!));
    expect(await claimJob(t.ctx.db, ids[0]!)).toBeNull();
    await t.ctx.db.query('UPDATE jobs SET deleted_at = now() WHERE id = $1', [ids[1]]);
    expect(await claimJob(t.ctx.db, ids[1]!)).toBeNull();
  });

  it('lets one of two racing approvals claim a held job, and a claim left by a dead process be taken after a while', async () => {
    const { tenantId, ids } = await jobs(5);
    for (const jobId of ids) {
      await claimJob(t.ctx.db, jobId);
      expect(await t.ctx.db.transaction((tx) => markNeedsReview(tx, { jobId, tenantId, shipperName: null, bolNumber: null }))).toBe(true);
      const claims = await Promise.all([claimApproval(t.ctx.db, tenantId, jobId), claimApproval(second ?? t.ctx.db, tenantId, jobId)]);
      expect(claims.filter(Boolean)).toHaveLength(1);
    }
    const jobId = ids[0]!;
    expect(await claimApproval(t.ctx.db, tenantId, jobId)).toBeNull();
    await t.ctx.db.query("UPDATE jobs SET started_at = now() - interval '10 minutes' WHERE id = $1", [jobId]);
    expect(await claimApproval(t.ctx.db, tenantId, jobId)).not.toBeNull();
    expect(await claimApproval(t.ctx.db, randomTenant(), jobId)).toBeNull();
  });
});

const randomTenant = () => '00000000-0000-4000-8000-000000000000';
