import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDiskStorage } from './local-disk-storage.ts';
import { s3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

// The same behaviour is required of both back ends; S3 runs against s3rver, a local S3 stand-in from npm.
const dir = mkdtempSync(join(tmpdir(), 'lw-storage-'));
let s3rver: S3rver;
const backends: { name: string; storage: () => Storage }[] = [];
let s3: Storage;
const local = localDiskStorage(join(dir, 'disk'));

beforeAll(async () => {
  s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: join(dir, 's3'), configureBuckets: [{ name: 'ladingwise' }] });
  const { port } = await s3rver.run();
  s3 = s3Storage({
    bucket: 'ladingwise', region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true,
  });
});
afterAll(async () => {
  await s3rver.close();
  rmSync(dir, { recursive: true, force: true });
});
backends.push({ name: 'local disk', storage: () => local }, { name: 'S3-compatible', storage: () => s3 });

describe.each(backends)('$name storage', ({ storage }) => {
  it('stores and returns bytes, and answers null for a missing key', async () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x00, 1, 2, 3]);
    await storage().put('tenants/t1/jobs/j1/pages/0.jpg', bytes, 'image/jpeg');
    expect((await storage().get('tenants/t1/jobs/j1/pages/0.jpg'))?.equals(bytes)).toBe(true);
    expect(await storage().get('tenants/t1/jobs/j1/pages/9.jpg')).toBeNull();
  });

  it('stores a file from disk as it is, byte for byte', async () => {
    const source = join(dir, 'staged.bin');
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) & 0xff));
    writeFileSync(source, bytes);
    await storage().putFile('tenants/t3/jobs/j1/pages/0.png', source, 'image/png');
    expect((await storage().get('tenants/t3/jobs/j1/pages/0.png'))?.equals(bytes)).toBe(true);
  });

  it('deletes one key, and everything under a prefix but nothing beside it', async () => {
    const s = storage();
    await s.put('tenants/t2/jobs/a/pages/0.png', Buffer.from('a'), 'image/png');
    await s.put('tenants/t2/jobs/a/edi/204-000000001.x12', Buffer.from('ISA'), 'text/plain');
    await s.put('tenants/t2/jobs/ab/pages/0.png', Buffer.from('b'), 'image/png');
    await s.delete('tenants/t2/jobs/a/edi/204-000000001.x12');
    expect(await s.get('tenants/t2/jobs/a/edi/204-000000001.x12')).toBeNull();
    await s.deletePrefix('tenants/t2/jobs/a/');
    expect(await s.get('tenants/t2/jobs/a/pages/0.png')).toBeNull();
    expect((await s.get('tenants/t2/jobs/ab/pages/0.png'))?.toString()).toBe('b');
  });

  it('refuses keys that could escape the storage root', async () => {
    await expect(storage().put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe storage key/);
    await expect(storage().get('tenants/../../x')).rejects.toThrow(/Unsafe storage key/);
  });
});
