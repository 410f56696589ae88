import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BOL_JPEG } from '../../test/pipeline-helpers.ts';
import { StagingArea, sweepStaleUploads } from './upload-staging.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'lw-staging-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('upload staging', () => {
  it('writes a file as it arrives, counting the request total across files, and leaves nothing once discarded', async () => {
    const area = await StagingArea.open(dataDir, { maxFileBytes: 1000, maxTotalBytes: 1500 });
    const first = await area.receive('a.jpg', [BOL_JPEG.subarray(0, 400), BOL_JPEG.subarray(400, 800)]);
    expect(first).toMatchObject({ name: 'a.jpg', size: 800 });
    expect(first.head.equals(BOL_JPEG.subarray(0, 64))).toBe(true);
    await expect(area.receive('b.jpg', [BOL_JPEG.subarray(0, 400), BOL_JPEG.subarray(400, 800)])).rejects.toMatchObject({ code: 'UPLOAD_TOO_LARGE' });
    await expect(area.receive('c.jpg', [BOL_JPEG.subarray(0, 1001)])).rejects.toMatchObject({ code: 'FILE_TOO_LARGE' });
    // Not an image: refused at its first 64 bytes, before the rest is read.
    const rest = (function* () { yield Buffer.from('%PDF-1.7 '.repeat(8)); throw new Error('read past the first bytes'); })();
    const other = await StagingArea.open(dataDir, { maxFileBytes: 1000, maxTotalBytes: 1500 });
    await expect(other.receive('d.jpg', rest)).rejects.toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE' });
    await other.discard();
    await area.discard();
    expect(existsSync(area.dir)).toBe(false);
  });

  it('sweeps folders a killed process left a day ago, never a live upload\'s', async () => {
    const own = mkdtempSync(join(tmpdir(), 'lw-sweep-'));
    const root = join(own, 'tmp', 'uploads');
    mkdirSync(join(root, 'left-behind'), { recursive: true });
    mkdirSync(join(root, 'in-use'), { recursive: true });
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    utimesSync(join(root, 'left-behind'), dayAgo, dayAgo);
    expect(await sweepStaleUploads(own)).toBe(1);
    expect(readdirSync(root)).toEqual(['in-use']);
    rmSync(own, { recursive: true, force: true });
  });
});
