/**
 * Upload limits hold while the bytes arrive: a request over a limit is answered before the client has
 * sent it all, and leaves nothing behind (no stored image, no job, no credit held, no temporary file).
 * A real HTTP listener and a client that streams, since an in-process request arrives whole.
 */
import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp } from '../../test/harness.ts';
import { BOL_JPEG } from '../../test/pipeline-helpers.ts';

const FILE_LIMIT = 300 * 1024;
const REQUEST_LIMIT = 1024 * 1024;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp({ UPLOAD_MAX_FILE_BYTES: String(FILE_LIMIT), UPLOAD_MAX_REQUEST_BYTES: String(REQUEST_LIMIT) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => { await t.close(); });

interface Streamed { status: number; body: { success: boolean; message: string }; whileSending: boolean; connection: string | undefined }

/**
 * Streams a multipart upload of `files` (each `head`, then filler up to `size` bytes) in 16 KB writes.
 * With `finish: false` the closing boundary is held back: a server that reads a request whole before
 * checking it never answers, so the answer itself shows the refusal came while the upload was arriving.
 */
function streamUpload(auth: Record<string, string>, files: { name: string; head: Buffer; size: number }[], finish: boolean): Promise<Streamed> {
  const boundary = `----lw${randomUUID().replace(/-/g, '')}`;
  const pieces: Buffer[] = [];
  for (const f of files) {
    pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="Files"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
    pieces.push(f.head);
    for (let left = f.size - f.head.length; left > 0; left -= 16384) pieces.push(Buffer.alloc(Math.min(16384, left), 0x20));
    pieces.push(Buffer.from('\r\n'));
  }
  const closing = Buffer.from(`--${boundary}--\r\n`);
  const total = pieces.reduce((n, p) => n + p.length, closing.length);

  return new Promise((resolve, reject) => {
    let answered = false;
    let ended = false;
    const req = httpRequest({
      host: '127.0.0.1', port, method: 'POST', path: '/api/upload/process-images',
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(total) },
    }, (res) => {
      answered = true;
      const whileSending = !ended;
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => {
        if (!ended) req.destroy();
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), whileSending, connection: res.headers.connection });
      });
    });
    // Writes still in flight when the answer arrives may meet the closing connection; before the answer, any
    // error is a failure: the client must get the refusal, not a reset.
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (!answered || (err.code !== 'EPIPE' && err.code !== 'ECONNRESET')) reject(err);
    });
    const pump = (i: number): void => {
      if (answered) return;
      if (i === pieces.length) {
        if (finish) { ended = true; req.end(closing); }
        return;
      }
      if (req.write(pieces[i]!)) setImmediate(() => pump(i + 1));
      else req.once('drain', () => pump(i + 1));
    };
    pump(0);
  });
}

const jpeg = (name: string, size: number) => ({ name, head: BOL_JPEG.subarray(0, 1024), size });
const jobCount = async (tenantId: string) =>
  Number((await t.ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM jobs WHERE tenant_id = $1', [tenantId])).rows[0]!.n);
const creditsHeld = async (tenantId: string) =>
  Number((await t.ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM credit_reservations WHERE tenant_id = $1', [tenantId])).rows[0]!.n);
const leftOnDisk = (tenantId: string) => {
  const found = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String) : []);
  return [...found(join(t.dataDir, 'files', 'tenants', tenantId)), ...found(join(t.dataDir, 'tmp', 'uploads'))];
};

describe('upload limits, enforced as the bytes arrive', () => {
  it('refuses a request over its total at the chunk that crosses it, naming the limit, before the rest is sent', { timeout: 30_000 }, async () => {
    const u = await createTestUser(t.ctx);
    // Each file is under its own limit; twenty of them are 5 MB, five times the request's limit.
    const res = await streamUpload(u.auth, Array.from({ length: 20 }, (_, i) => jpeg(`scan-${i}.jpg`, 250 * 1024)), false);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, message: 'This upload is larger than 1 MB in all, the limit for one upload. Nothing was uploaded; send the files in smaller batches.' });
    expect(res.whileSending).toBe(true);
    // The rest of the body is not read: the connection closes, so the client stops sending.
    expect(res.connection).toBe('close');
    expect(await jobCount(u.tenantId)).toBe(0);
    expect(await creditsHeld(u.tenantId)).toBe(0);
    expect(leftOnDisk(u.tenantId)).toEqual([]);
  });

  it('refuses a file over its own limit by name before the rest of it is sent', { timeout: 30_000 }, async () => {
    const u = await createTestUser(t.ctx);
    const res = await streamUpload(u.auth, [jpeg('small.jpg', 10 * 1024), jpeg('huge.jpg', 4 * 1024 * 1024)], false);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('huge.jpg is larger than 300 KB. Nothing was uploaded.');
    expect(res.whileSending).toBe(true);
    expect(await jobCount(u.tenantId)).toBe(0);
    expect(leftOnDisk(u.tenantId)).toEqual([]);
  });

  it('refuses a file that is no image at its first bytes, before the rest of it is sent', { timeout: 30_000 }, async () => {
    const u = await createTestUser(t.ctx);
    const res = await streamUpload(u.auth, [{ name: 'notes.jpg', head: Buffer.from('%PDF-1.7 '.repeat(20)), size: 250 * 1024 }], false);
    expect(res.status).toBe(415);
    expect(res.body.message).toContain('notes.jpg is not a supported image');
    expect(res.whileSending).toBe(true);
    expect(await jobCount(u.tenantId)).toBe(0);
    expect(leftOnDisk(u.tenantId)).toEqual([]);
  });

  it('takes an upload within every limit, streamed the same way', async () => {
    const u = await createTestUser(t.ctx);
    const res = await streamUpload(u.auth, [{ name: 'bol.jpg', head: BOL_JPEG, size: BOL_JPEG.length }], true);
    expect(res.status, res.body.message).toBe(200);
    expect(res.whileSending).toBe(false);
    expect(await jobCount(u.tenantId)).toBe(1);
    expect(existsSync(join(t.dataDir, 'tmp', 'uploads')) ? readdirSync(join(t.dataDir, 'tmp', 'uploads')) : []).toEqual([]);
  });
});
