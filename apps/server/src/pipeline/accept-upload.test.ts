import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_INTERCHANGE_ID } from '@ladingwise/shared';
import { createTestUser, startTestApp, type TestApp } from '../../test/harness.ts';
import { BOL_JPEG } from '../../test/pipeline-helpers.ts';
import { acceptUpload } from './accept-upload.ts';
import { StagingArea } from './upload-staging.ts';

// No workers run here: accepted uploads stay queued.
describe('acceptUpload: the sender and receiver IDs of an upload that names none', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(); });
  afterAll(async () => { await t.close(); });

  const jobsOf = async (tenantId: string) =>
    (await t.ctx.db.query<{ sender_id: string }>('SELECT sender_id FROM jobs WHERE tenant_id = $1', [tenantId])).rows;
  const accept = async (tenantId: string) => {
    const staging = await StagingArea.open(t.dataDir, { maxFileBytes: t.config.UPLOAD_MAX_FILE_BYTES, maxTotalBytes: t.config.UPLOAD_MAX_REQUEST_BYTES });
    try {
      const file = await staging.receive('bol.jpg', [BOL_JPEG]);
      return await acceptUpload(t.ctx, { tenantId, actor: 'test', files: [file], source: 'api' });
    } finally {
      await staging.discard();
    }
  };

  it('uses the default ID when the tenant saved none', async () => {
    const u = await createTestUser(t.ctx);
    await accept(u.tenantId);
    expect((await jobsOf(u.tenantId)).map((j) => j.sender_id)).toEqual([DEFAULT_INTERCHANGE_ID]);
  });

  it('refuses the upload, storing nothing, when the saved IDs cannot be read (never a silent default)', async () => {
    const u = await createTestUser(t.ctx);
    await t.ctx.db.query('ALTER TABLE saved_interchange_ids RENAME TO saved_interchange_ids_away');
    try {
      await expect(accept(u.tenantId)).rejects.toThrow(/saved_interchange_ids/);
    } finally {
      await t.ctx.db.query('ALTER TABLE saved_interchange_ids_away RENAME TO saved_interchange_ids');
    }
    expect(await jobsOf(u.tenantId)).toEqual([]);
  });
});
