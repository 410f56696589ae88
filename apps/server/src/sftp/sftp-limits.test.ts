/**
 * What one SFTP session may make the server hold: uploads go to temporary files (accepted only on
 * close), the size limit holds on every write, and open handles and writes in flight are capped.
 * Driven by the ssh2 client, which can send what OpenSSH's client never would (many handles,
 * overlapping writes in a burst).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ssh2 from 'ssh2';
import type { SFTPWrapper } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp } from '../../test/harness.ts';
import { BOL_JPEG } from '../../test/pipeline-helpers.ts';
import { startSftpServer, type SftpServer } from './sftp-server.ts';

const MAX_BYTES = 300_000;
const MAX_HANDLES = 4;
const MAX_WRITES = 4;
const PASSWORD = 'Limits-Password-1';

let t: TestApp;
let server: SftpServer;

beforeAll(async () => {
  t = await startTestApp({
    SFTP_PORT: '0', UPLOAD_MAX_FILE_BYTES: String(MAX_BYTES), SFTP_MAX_OPEN_HANDLES: String(MAX_HANDLES), SFTP_MAX_WRITES_IN_FLIGHT: String(MAX_WRITES),
  });
  server = (await startSftpServer(t.ctx))!;
});
afterAll(async () => {
  await server?.stop();
  await t?.close();
});

interface Session { sftp: SFTPWrapper; end(): void; tenantId: string }

/** A tenant with a password SFTP account, signed in over ssh2. */
async function connect(): Promise<Session> {
  const u = await createTestUser(t.ctx);
  const res = await t.app.inject({ method: 'POST', url: '/api/sftp/create-user', headers: u.auth, payload: { userEmail: '', customPassword: PASSWORD } });
  expect(res.statusCode).toBe(200);
  const client = new ssh2.Client();
  const sftp = await new Promise<SFTPWrapper>((resolve, reject) => {
    client.on('ready', () => client.sftp((err, s) => (err ? reject(err) : resolve(s))));
    client.on('error', reject);
    client.connect({ host: '127.0.0.1', port: server.port, username: res.json().data.username as string, password: PASSWORD });
  });
  return { sftp, end: () => client.end(), tenantId: u.tenantId };
}

const openFile = (s: SFTPWrapper, path: string, flags: 'w' | 'r') =>
  new Promise<Buffer>((resolve, reject) => s.open(path, flags, (err, h) => (err ? reject(err) : resolve(h))));
const write = (s: SFTPWrapper, h: Buffer, data: Buffer, position: number) =>
  new Promise<void>((resolve, reject) => s.write(h, data, 0, data.length, position, (err) => (err ? reject(err) : resolve())));
const close = (s: SFTPWrapper, h: Buffer) => new Promise<void>((resolve, reject) => s.close(h, (err) => (err ? reject(err) : resolve())));
const refusal = (p: Promise<unknown>) => p.then(() => null, (err: Error) => err.message);

const jobCount = async (tenantId: string) =>
  Number((await t.ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM jobs WHERE tenant_id = $1', [tenantId])).rows[0]!.n);
/** Temporary files of uploads still held by some session. */
const stagedFiles = () => {
  const root = join(t.dataDir, 'tmp', 'uploads');
  return existsSync(root) ? readdirSync(root, { recursive: true }).map(String).filter((p) => p.includes('/')) : [];
};

describe('SFTP session limits', () => {
  it('accepts an upload only when its handle is closed, from the bytes written at their offsets', async () => {
    const s = await connect();
    try {
      const h = await openFile(s.sftp, '/inbound/scan.jpg', 'w');
      // Out of order, as pipelining clients send them.
      const half = Math.floor(BOL_JPEG.length / 2);
      await write(s.sftp, h, BOL_JPEG.subarray(half), half);
      await write(s.sftp, h, BOL_JPEG.subarray(0, half), 0);
      expect(await jobCount(s.tenantId)).toBe(0);
      await close(s.sftp, h);
      expect(await jobCount(s.tenantId)).toBe(1);
      const { rows } = await t.ctx.db.query<{ storage_key: string }>(
        'SELECT p.storage_key FROM job_pages p JOIN jobs j ON j.id = p.job_id WHERE j.tenant_id = $1', [s.tenantId]);
      expect((await t.ctx.storage.get(rows[0]!.storage_key))?.equals(BOL_JPEG)).toBe(true);
      expect(stagedFiles()).toEqual([]);
    } finally {
      s.end();
    }
  });

  it('refuses a write that would take the file past the size limit, and the file with it', async () => {
    const s = await connect();
    try {
      const h = await openFile(s.sftp, '/inbound/huge.jpg', 'w');
      await write(s.sftp, h, BOL_JPEG, 0);
      expect(await refusal(write(s.sftp, h, Buffer.alloc(100), MAX_BYTES - 50))).toMatch(`huge.jpg is larger than the upload limit of ${MAX_BYTES} bytes`);
      // A later write inside the limit cannot mend it: the refused one left a hole.
      expect(await refusal(write(s.sftp, h, Buffer.alloc(10), 0))).toMatch(/larger than the upload limit/);
      expect(await refusal(close(s.sftp, h))).toMatch(/Nothing was uploaded/);
      expect(await jobCount(s.tenantId)).toBe(0);
      expect(stagedFiles()).toEqual([]);
    } finally {
      s.end();
    }
  });

  it(`refuses a handle beyond ${MAX_HANDLES} open at once, and takes one again after a close`, async () => {
    const s = await connect();
    try {
      const handles = [];
      for (let i = 0; i < MAX_HANDLES; i++) handles.push(await openFile(s.sftp, `/inbound/p${i}.jpg`, 'w'));
      expect(await refusal(openFile(s.sftp, '/inbound/one-more.jpg', 'w'))).toBe(`Too many files open at once on this connection (at most ${MAX_HANDLES}). Close some first.`);
      expect(await refusal(new Promise((resolve, reject) => s.sftp.opendir('/outbound', (err, h) => (err ? reject(err) : resolve(h))))))
        .toMatch(/Too many files open/);
      await write(s.sftp, handles[0]!, BOL_JPEG, 0);
      await close(s.sftp, handles[0]!);
      handles[0] = await openFile(s.sftp, '/inbound/p0-again.jpg', 'w');
      // Uploads never closed are never accepted; the one closed was.
      expect(await jobCount(s.tenantId)).toBe(1);
    } finally {
      s.end();
    }
    await expect.poll(stagedFiles).toEqual([]);
  });

  it(`refuses writes beyond ${MAX_WRITES} in flight (a burst of overlapping writes), and the file with them`, async () => {
    const s = await connect();
    try {
      const h = await openFile(s.sftp, '/inbound/burst.jpg', 'w');
      const chunk = BOL_JPEG.subarray(0, 1024);
      // Sent together, without waiting: the server receives them in one burst.
      const answers = await Promise.all(Array.from({ length: 200 }, () => refusal(write(s.sftp, h, chunk, 0))));
      const refused = answers.filter((a): a is string => a !== null);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused[0]).toBe(`Too many writes at once on this connection (at most ${MAX_WRITES}). burst.jpg was not uploaded.`);
      expect(await refusal(close(s.sftp, h))).toMatch(/Too many writes at once/);
      expect(await jobCount(s.tenantId)).toBe(0);
      expect(stagedFiles()).toEqual([]);
    } finally {
      s.end();
    }
  });
});
