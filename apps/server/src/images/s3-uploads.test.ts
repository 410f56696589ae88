import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp } from '../../test/harness.ts';
import { BOL_JPEG, upload } from '../../test/pipeline-helpers.ts';

// With S3_BUCKET set the app keeps images in object storage (here s3rver, a local S3 stand-in), not on disk.
describe('uploads on S3-compatible storage', () => {
  let t: TestApp;
  let s3rver: S3rver;
  const dir = mkdtempSync(join(tmpdir(), 'lw-s3app-'));
  beforeAll(async () => {
    s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'bols' }] });
    const { port } = await s3rver.run();
    t = await startTestApp({
      S3_BUCKET: 'bols', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
  });
  afterAll(async () => {
    await t.close();
    await s3rver.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores the upload in the bucket and serves it and its thumbnail back', async () => {
    const u = await createTestUser(t.ctx);
    const res = await upload(t.app, u.auth, [{ filename: 'bol.jpg', data: BOL_JPEG }]);
    expect(res.statusCode).toBe(200);
    const jobId = res.json().data.jobId;
    const key = `tenants/${u.tenantId}/jobs/${jobId}/pages/0.jpg`;
    expect((await t.ctx.storage.get(key))?.equals(BOL_JPEG)).toBe(true);
    const original = await t.app.inject({ method: 'GET', url: `/api/image/${jobId}/0`, headers: u.auth });
    expect(original.rawPayload.equals(BOL_JPEG)).toBe(true);
    const thumb = await t.app.inject({ method: 'GET', url: `/api/image/${jobId}/0?size=thumb`, headers: u.auth });
    expect(thumb.statusCode).toBe(200);
    expect(await t.ctx.storage.get(`tenants/${u.tenantId}/jobs/${jobId}/renditions/0-thumb.jpg`)).not.toBeNull();
  });
});
