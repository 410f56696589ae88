import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp } from '../../test/harness.ts';
import { BOL_JPEG, textImage, upload } from '../../test/pipeline-helpers.ts';
import { fail } from '../pipeline/process-document.ts';
import { updateJobSummary } from './job-store.ts';

// No workers run here: jobs stay queued unless a test moves them with the product's own functions.
describe('/api/processing and /api/image routes', () => {
  let t: TestApp;
  let png: Buffer;
  beforeAll(async () => {
    t = await startTestApp();
    png = await textImage(['BILL OF LADING'], 'png', 400);
  });
  afterAll(async () => { await t.close(); });

  async function newJob(auth: Record<string, string>, data: Buffer = png, filename = 'a.png'): Promise<string> {
    const res = await upload(t.app, auth, [{ filename, data }]);
    expect(res.statusCode).toBe(200);
    return res.json().data.jobId as string;
  }
  const get = (url: string, auth: Record<string, string>) => t.app.inject({ method: 'GET', url, headers: auth });
  const post = (url: string, auth: Record<string, string>, payload?: object) => t.app.inject({ method: 'POST', url, headers: auth, ...(payload ? { payload } : {}) });

  it('lists jobs newest first with total, paging and a pageSize cap of 100', async () => {
    const u = await createTestUser(t.ctx);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await newJob(u.auth));
    const first = (await get('/api/processing/jobs?page=1&pageSize=2', u.auth)).json().data;
    expect(first.total).toBe(3);
    expect(first.jobs.map((j: { JobId: string }) => j.JobId)).toEqual([ids[2], ids[1]]);
    const second = (await get('/api/processing/jobs?page=2&pageSize=2', u.auth)).json().data;
    expect(second.jobs.map((j: { JobId: string }) => j.JobId)).toEqual([ids[0]]);
    expect((await get('/api/processing/jobs', u.auth)).json().data.pageSize).toBe(20);
    expect((await get('/api/processing/jobs?pageSize=101', u.auth)).statusCode).toBe(400);
  });

  it('filters by status and searches shipper name and BOL number', async () => {
    const u = await createTestUser(t.ctx);
    const a = await newJob(u.auth);
    const b = await newJob(u.auth);
    await updateJobSummary(t.ctx.db, { jobId: a, tenantId: u.tenantId, shipperName: 'Orion Pet Supply', bolNumber: 'DT100_5%' });
    await fail(t.ctx, { id: b, tenant_id: u.tenantId }, 'CORRUPT_IMAGE', 'The image is damaged.');
    const byShipper = (await get('/api/processing/jobs?search=orion', u.auth)).json().data;
    expect(byShipper.jobs.map((j: { JobId: string }) => j.JobId)).toEqual([a]);
    const byBol = (await get(`/api/processing/jobs?search=${encodeURIComponent('100_5%')}`, u.auth)).json().data;
    expect(byBol.total).toBe(1);
    expect((await get('/api/processing/jobs?search=zzz', u.auth)).json().data.total).toBe(0);
    const failed = (await get('/api/processing/jobs?status=Failed', u.auth)).json().data;
    expect(failed.jobs).toHaveLength(1);
    expect(failed.jobs[0]).toMatchObject({ JobId: b, Status: 'Failed', ErrorMessage: 'The image is damaged.' });
  });

  it('cancels a queued job, and refuses to cancel it twice', async () => {
    const u = await createTestUser(t.ctx);
    const id = await newJob(u.auth);
    const res = await post(`/api/processing/job/${id}/cancel`, u.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ JobId: id, Status: 'Cancelled' });
    const again = await post(`/api/processing/job/${id}/cancel`, u.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/Only queued jobs can be cancelled/);
  });

  it('requeues a failed job, and answers the spec text when the job cannot be requeued', async () => {
    const u = await createTestUser(t.ctx);
    const id = await newJob(u.auth);
    const notFailed = await post(`/api/processing/job/${id}/reprocess`, u.auth);
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json().message).toBe('Could not requeue the job.');
    await fail(t.ctx, { id, tenant_id: u.tenantId }, 'CORRUPT_IMAGE', 'The image is damaged.');
    const res = await post(`/api/processing/job/${id}/reprocess`, u.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ Status: 'InProgress', ErrorMessage: null });
    const audit = await t.ctx.db.query('SELECT 1 FROM audit_log WHERE target_id = $1 AND action = $2', [id, 'job.reprocess']);
    expect(audit.rows).toHaveLength(1);
  });

  it('soft-deletes a job: it disappears from the list, images and every job route', async () => {
    const u = await createTestUser(t.ctx);
    const id = await newJob(u.auth);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/processing/job/${id}`, headers: u.auth });
    expect(del.statusCode).toBe(200);
    expect((await get('/api/processing/jobs', u.auth)).json().data.total).toBe(0);
    expect((await get(`/api/image/${id}/0`, u.auth)).statusCode).toBe(404);
    expect((await post(`/api/processing/job/${id}/cancel`, u.auth)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/processing/job/${id}`, headers: u.auth })).statusCode).toBe(404);
    const row = await t.ctx.db.query<{ deleted_at: unknown }>('SELECT deleted_at FROM jobs WHERE id = $1', [id]);
    expect(row.rows[0]!.deleted_at).not.toBeNull();
  });

  it('serves the original, a display rendition and a thumbnail to the owner', async () => {
    const u = await createTestUser(t.ctx);
    const id = await newJob(u.auth, BOL_JPEG, 'bol.jpg');
    const original = await get(`/api/image/${id}/0`, u.auth);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.rawPayload.equals(BOL_JPEG)).toBe(true);
    const sharp = (await import('sharp')).default;
    for (const [size, max] of [['thumb', 320], ['display', 1600]] as const) {
      const res = await get(`/api/image/${id}/0?size=${size}`, u.auth);
      expect(res.statusCode).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect(Math.max(meta.width!, meta.height!)).toBe(max);
    }
    expect((await get(`/api/image/${id}/1`, u.auth)).statusCode).toBe(404);
    expect((await get(`/api/image/${id}/0?size=huge`, u.auth)).statusCode).toBe(400);
    expect((await get(`/api/image/${id}/0`, {})).statusCode).toBe(401);
  });

  it('answers 422 with a message when a corrupt image cannot be previewed', async () => {
    const u = await createTestUser(t.ctx);
    const corrupt = Buffer.concat([BOL_JPEG.subarray(0, 600), Buffer.alloc(2000, 0x55)]);
    const id = await newJob(u.auth, corrupt, 'broken.jpg');
    const res = await get(`/api/image/${id}/0?size=thumb`, u.auth);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/could not be read/);
  });

  it('answers 404 for unknown and malformed job ids', async () => {
    const u = await createTestUser(t.ctx);
    for (const id of ['00000000-0000-0000-0000-000000000000', 'not-a-uuid', "1' OR '1'='1"]) {
      const enc = encodeURIComponent(id);
      expect((await post(`/api/processing/job/${enc}/cancel`, u.auth)).statusCode).toBe(404);
      expect((await get(`/api/processing/job/${enc}/edi`, u.auth)).statusCode).toBe(404);
      expect((await get(`/api/image/${enc}/0`, u.auth)).statusCode).toBe(404);
    }
    expect((await get('/api/processing/jobs?jobId=not-a-uuid', u.auth)).json().data).toMatchObject({ jobs: [], total: 0 });
  });

  it("answers 404 on every route for another tenant's job and leaves it untouched", async () => {
    const owner = await createTestUser(t.ctx);
    const other = await createTestUser(t.ctx);
    const id = await newJob(owner.auth);
    const calls = [
      get(`/api/processing/job/${id}`, other.auth),
      post(`/api/processing/job/${id}/cancel`, other.auth),
      post(`/api/processing/job/${id}/reprocess`, other.auth),
      t.app.inject({ method: 'PUT', url: `/api/processing/job/${id}/data`, headers: other.auth, payload: { Shipper: { Name: 'X' } } }),
      post(`/api/processing/job/${id}/generate-edi`, other.auth, { documentType: '204' }),
      get(`/api/processing/job/${id}/edi?type=204`, other.auth),
      get(`/api/image/${id}/0`, other.auth),
      get(`/api/image/${id}/0?size=thumb`, other.auth),
      t.app.inject({ method: 'DELETE', url: `/api/processing/job/${id}`, headers: other.auth }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().success).toBe(false);
    }
    expect((await get(`/api/processing/jobs?jobId=${id}`, other.auth)).json().data.total).toBe(0);
    const mine = (await get(`/api/processing/jobs?jobId=${id}`, owner.auth)).json().data.jobs[0];
    expect(mine).toMatchObject({ JobId: id, Status: 'InProgress' });
  });

  it('refuses corrections and EDI rebuilds until the job is completed, and has no EDI to download', async () => {
    const u = await createTestUser(t.ctx);
    const id = await newJob(u.auth);
    const put = await t.app.inject({ method: 'PUT', url: `/api/processing/job/${id}/data`, headers: u.auth, payload: { Shipper: { Name: 'X' } } });
    expect(put.statusCode).toBe(409);
    expect((await post(`/api/processing/job/${id}/generate-edi`, u.auth, { documentType: '204' })).statusCode).toBe(409);
    const edi = await get(`/api/processing/job/${id}/edi`, u.auth);
    expect(edi.statusCode).toBe(404);
    expect(edi.json().message).toBe('No EDI content available to download.');
  });
});
