import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp } from '../../test/harness.ts';
import { BOL_JPEG, multipart, textImage, upload } from '../../test/pipeline-helpers.ts';
import { addId } from '../accounts/interchange-id-store.ts';

// No workers run in this file: uploads stay queued, which is what these checks need.
describe('POST /api/upload/process-images', () => {
  let t: TestApp;
  let png: Buffer;
  beforeAll(async () => {
    t = await startTestApp({ UPLOAD_MAX_FILE_BYTES: String(300 * 1024), UPLOAD_MAX_FILES: '50' });
    png = await textImage(['BILL OF LADING 1234'], 'png', 300);
  });
  afterAll(async () => { await t.close(); });

  const filesOf = (tenantId: string) => {
    const dir = join(t.dataDir, 'files', 'tenants', tenantId);
    if (!existsSync(dir)) return [];
    return readdirSync(dir, { recursive: true }).map(String);
  };
  const jobCount = async (tenantId: string) =>
    Number((await t.ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM jobs WHERE tenant_id = $1', [tenantId])).rows[0]!.n);

  it('stores the images of a one-document upload, queues one job and answers Data.jobId and Data.jobIds', async () => {
    const u = await createTestUser(t.ctx);
    const res = await upload(t.app, u.auth, [{ filename: 'bol.jpg', data: BOL_JPEG }, { filename: 'page2.png', data: png, contentType: 'image/png' }],
      { EdiSenderId: 'SENDER1', EdiReceiverId: 'RECEIVER1', Grouping: 'one-document' });
    expect(res.statusCode).toBe(200);
    const jobId = res.json().data.jobId as string;
    expect(res.json().data.jobIds).toEqual([jobId]);
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
    const list = await t.app.inject({ method: 'GET', url: `/api/processing/jobs?jobId=${jobId}`, headers: u.auth });
    const job = list.json().data.jobs[0];
    expect(job).toMatchObject({
      JobId: jobId, FileName: 'bol.jpg', Status: 'InProgress', StatusIcon: 'InProgress',
      EdiInterchangeSenderId: 'SENDER1', EdiInterchangeReceiverId: 'RECEIVER1', EDIContent: null, ErrorMessage: null,
      ImageUrls: [`/api/image/${jobId}/0`, `/api/image/${jobId}/1`],
      ThumbnailUrls: [`/api/image/${jobId}/0?size=thumb`, `/api/image/${jobId}/1?size=thumb`],
    });
    expect(filesOf(u.tenantId).filter((f) => f.includes('pages/'))).toHaveLength(2);
    const queued = await t.ctx.db.query<{ queue_job_id: string | null }>('SELECT queue_job_id FROM jobs WHERE id = $1', [jobId]);
    expect(queued.rows[0]!.queue_job_id).toBeTruthy();
  });

  it('answers the spec text when no file is sent', async () => {
    const u = await createTestUser(t.ctx);
    const res = await upload(t.app, u.auth, []);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'Please select at least one file to upload.' });
  });

  it('answers the spec text for a blank sender or receiver ID and refuses IDs over 15 characters', async () => {
    const u = await createTestUser(t.ctx);
    const blank = await upload(t.app, u.auth, [{ filename: 'a.png', data: png }], { EdiSenderId: '  ', EdiReceiverId: 'R1' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Sender and Receiver IDs are required.');
    const long = await upload(t.app, u.auth, [{ filename: 'a.png', data: png }], { EdiSenderId: 'S'.repeat(16), EdiReceiverId: 'R1' });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/at most 15 characters/);
    const delimiter = await upload(t.app, u.auth, [{ filename: 'a.png', data: png }], { EdiSenderId: 'A*B~', EdiReceiverId: 'R1' });
    expect(delimiter.statusCode).toBe(400);
    expect(await jobCount(u.tenantId)).toBe(0);
  });

  it('uses the first saved ID, or LADINGWISE, when the client sends none', async () => {
    const u = await createTestUser(t.ctx);
    await addId(t.ctx.db, u.tenantId, 'sender', 'Main', 'ACME01');
    const res = await upload(t.app, u.auth, [{ filename: 'a.png', data: png }], {});
    expect(res.statusCode).toBe(200);
    const job = (await t.app.inject({ method: 'GET', url: `/api/processing/jobs?jobId=${res.json().data.jobId}`, headers: u.auth })).json().data.jobs[0];
    expect(job).toMatchObject({ EdiInterchangeSenderId: 'ACME01', EdiInterchangeReceiverId: 'LADINGWISE' });
  });

  it('refuses a batch whole when one file is not an image, naming that file, and stores nothing', async () => {
    const u = await createTestUser(t.ctx);
    const res = await upload(t.app, u.auth, [
      { filename: 'good.png', data: png },
      { filename: 'notes.jpg', data: Buffer.from('GIF89a not really an image') },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toContain('notes.jpg is not a supported image');
    expect(await jobCount(u.tenantId)).toBe(0);
    expect(filesOf(u.tenantId)).toEqual([]);
  });

  it('refuses an empty file by name', async () => {
    const u = await createTestUser(t.ctx);
    const res = await upload(t.app, u.auth, [{ filename: 'blank.png', data: Buffer.alloc(0) }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('blank.png is empty');
  });

  it('refuses a file over the size limit by name, and stores nothing', async () => {
    const u = await createTestUser(t.ctx);
    const big = Buffer.concat([BOL_JPEG, Buffer.alloc(300 * 1024)]);
    const res = await upload(t.app, u.auth, [{ filename: 'small.png', data: png }, { filename: 'huge.jpg', data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('huge.jpg is larger than 300 KB. Nothing was uploaded.');
    expect(await jobCount(u.tenantId)).toBe(0);
    expect(filesOf(u.tenantId)).toEqual([]);
  });

  it('refuses 51 files in one request', async () => {
    const u = await createTestUser(t.ctx);
    const files = Array.from({ length: 51 }, (_, i) => ({ filename: `p${i}.png`, data: png }));
    const res = await upload(t.app, u.auth, files);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/at most 50 images/);
    expect(await jobCount(u.tenantId)).toBe(0);
  });

  it('cleans hostile file names for display and never uses them in storage keys', async () => {
    const u = await createTestUser(t.ctx);
    const res = await upload(t.app, u.auth, [{ filename: '../../../etc/pass\u0007wd\u202e.png', data: png }]);
    expect(res.statusCode).toBe(200);
    const jobId = res.json().data.jobId;
    const job = (await t.app.inject({ method: 'GET', url: `/api/processing/jobs?jobId=${jobId}`, headers: u.auth })).json().data.jobs[0];
    expect(job.FileName).toBe('passwd.png');
    const keys = await t.ctx.db.query<{ storage_key: string }>('SELECT storage_key FROM job_pages WHERE job_id = $1', [jobId]);
    expect(keys.rows[0]!.storage_key).toBe(`tenants/${u.tenantId}/jobs/${jobId}/pages/0.png`);
    expect(existsSync(join(t.dataDir, 'etc'))).toBe(false);
  });

  it('answers malformed multipart with a 400 and stores nothing', async () => {
    const u = await createTestUser(t.ctx);
    const body = multipart([{ name: 'Files', filename: 'a.png', data: png }]);
    const cut = body.payload.subarray(0, body.payload.length - 40); // no closing boundary
    const res = await t.app.inject({ method: 'POST', url: '/api/upload/process-images', headers: { ...u.auth, ...body.headers }, payload: cut });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toMatch(/could not be read/);
    expect(await jobCount(u.tenantId)).toBe(0);
  });

  it('answers a JSON body with a 400 that says to send multipart', async () => {
    const u = await createTestUser(t.ctx);
    const res = await t.app.inject({ method: 'POST', url: '/api/upload/process-images', headers: u.auth, payload: { Files: [] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/multipart\/form-data/);
  });

  it('needs a token or API key, and accepts an API key', async () => {
    const anon = await upload(t.app, {}, [{ filename: 'a.png', data: png }]);
    expect(anon.statusCode).toBe(401);
    const u = await createTestUser(t.ctx);
    const key = await t.app.inject({ method: 'POST', url: '/api/apikeys', headers: u.auth, payload: { name: 'scanner' } });
    expect(key.statusCode).toBe(200);
    const issued = key.json().data.apiKey as string | { key: string };
    const res = await upload(t.app, { 'x-api-key': typeof issued === 'string' ? issued : issued.key }, [{ filename: 'a.png', data: png }]);
    expect(res.statusCode).toBe(200);
    const src = await t.ctx.db.query<{ source: string }>('SELECT source FROM jobs WHERE id = $1', [res.json().data.jobId]);
    expect(src.rows[0]!.source).toBe('api');
  });
});
