/**
 * The outbox: finishing a job (completed or failed) queues its delivery in the same transaction, so
 * there is no moment at which a job is finished but its webhook and SFTP file are not yet queued — a
 * crash right after the commit loses nothing. No workers run here: the queued row is what is checked.
 */
import { randomUUID } from 'node:crypto';
import type { ExtractedData } from '@ladingwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp } from '../../test/harness.ts';
import { insertJob } from '../jobs/job-store.ts';
import { completeAndCharge } from './charge.ts';
import { fail } from './process-document.ts';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t.close(); });

async function queuedJob(tenantId: string): Promise<string> {
  const jobId = randomUUID();
  await insertJob(t.ctx.db, {
    id: jobId, tenantId, fileName: 'bol.jpg', senderId: 'SENDER1', receiverId: 'RECEIVER1', source: 'web', createdBy: null, apiKeyId: null,
    pages: [{ page: 0, file_name: 'bol.jpg', image_type: 'jpeg', byte_size: 3, storage_key: `tenants/${tenantId}/jobs/${jobId}/pages/0.jpg` }],
  });
  return jobId;
}
const deliveriesQueued = async (jobId: string) =>
  (await t.ctx.db.query("SELECT 1 FROM pgboss.job WHERE name = 'deliver-job' AND data->>'jobId' = $1", [jobId])).rows.length;

describe('delivery outbox', () => {
  it('a completed job has its delivery queued by the commit that completes it', async () => {
    const u = await createTestUser(t.ctx);
    const jobId = await queuedJob(u.tenantId);
    const data = { Shipper: { Name: 'ACME' }, References: { BolNumber: 'B1' } } as unknown as ExtractedData;
    const won = await completeAndCharge(t.ctx, { id: jobId, tenant_id: u.tenantId, attempts: 1 }, { data, built: { documents: [], requirements: [] }, types: ['204'] });
    expect(won).toBe(true);
    expect(await deliveriesQueued(jobId)).toBe(1);
    // A second completion (another worker, a replay) neither completes nor queues again.
    expect(await completeAndCharge(t.ctx, { id: jobId, tenant_id: u.tenantId, attempts: 2 }, { data, built: { documents: [], requirements: [] }, types: ['204'] })).toBe(false);
    expect(await deliveriesQueued(jobId)).toBe(1);
  });

  it('a failed job has its failure notice queued by the commit that fails it', async () => {
    const u = await createTestUser(t.ctx);
    const jobId = await queuedJob(u.tenantId);
    expect(await fail(t.ctx, { id: jobId, tenant_id: u.tenantId }, 'UNREADABLE', 'The image could not be read.')).toBe('failed');
    expect(await deliveriesQueued(jobId)).toBe(1);
  });
});
