/**
 * Intake memory bench: what hostile or merely large uploads cost the server in memory. Starts one
 * `ladingwise serve` (embedded PGlite, no workers, SFTP on loopback) and, one step at a time, prints
 * the answer and the server's resident memory (VmRSS now, VmHWM the peak so far):
 *   1. one multipart request of 40 files x 24 MB (960 MB; each file is under the 25 MB limit)
 *   2. three such requests at once
 *   3. one request within every limit: 8 files x 24 MB (192 MB) as the pages of one document
 *   4. SFTP: 8,000 overlapping 64 KB writes to one file, sent without waiting for answers
 *
 *   npm run bench:intake
 *
 * Bodies are generated as they are sent (a JPEG signature, then filler), never held whole by the bench.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ssh2 from 'ssh2';
import type { SFTPWrapper } from 'ssh2';
import { freePort, startLadingwise, stopProcess, type LadingwiseProcess } from '../apps/server/test/ladingwise-process.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MB = 1024 * 1024;
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const FILLER = Buffer.alloc(256 * 1024, 0x20);

function memory(p: LadingwiseProcess): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${p.child.pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** Streams a multipart upload of `files` files of `fileBytes` each; resolves with the answer, or the error that ended it. */
function streamUpload(port: number, token: string, files: number, fileBytes: number, fields: Record<string, string> = {}): Promise<string> {
  const boundary = `----lwbench${randomUUID().replace(/-/g, '')}`;
  return new Promise((done) => {
    let answered = false;
    const req = httpRequest({
      host: '127.0.0.1', port, method: 'POST', path: '/api/upload/process-images',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    }, (res) => {
      answered = true;
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => done(`${res.statusCode} ${(JSON.parse(text) as { message: string }).message}`));
    });
    req.on('error', (err) => { if (!answered) done(`connection ended: ${err.message}`); });
    // Pieces are produced one at a time, as the socket takes them.
    function* pieces(): Generator<Buffer> {
      for (const [k, v] of Object.entries(fields)) yield Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
      for (let f = 0; f < files; f++) {
        yield Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="Files"; filename="scan-${f}.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`);
        yield JPEG_HEAD;
        for (let left = fileBytes - JPEG_HEAD.length; left > 0; left -= FILLER.length) yield FILLER.subarray(0, Math.min(FILLER.length, left));
        yield Buffer.from('\r\n');
      }
      yield Buffer.from(`--${boundary}--\r\n`);
    }
    const it = pieces();
    const pump = (): void => {
      while (!answered) {
        const next = it.next();
        if (next.done) return void req.end();
        if (!req.write(next.value)) return void req.once('drain', pump);
      }
    };
    pump();
  });
}

async function sftpBurst(port: number, username: string, password: string, writes: number, size: number): Promise<string> {
  const client = new ssh2.Client();
  const sftp = await new Promise<SFTPWrapper>((ok, fail) => {
    client.on('ready', () => client.sftp((err, s) => (err ? fail(err) : ok(s))));
    client.on('error', fail);
    client.connect({ host: '127.0.0.1', port, username, password });
  });
  const handle = await new Promise<Buffer>((ok, fail) => sftp.open('/inbound/burst.jpg', 'w', (err, h) => (err ? fail(err) : ok(h))));
  const data = Buffer.alloc(size, 0x20);
  JPEG_HEAD.copy(data);
  const answers = await Promise.all(Array.from({ length: writes }, (_, i) => new Promise<string | null>((ok) =>
    // Overlapping: each write starts 1 KB after the last, within the first 8 MB.
    sftp.write(handle, data, 0, data.length, (i * 1024) % (8 * MB), (err) => ok(err ? err.message : null)))));
  const closed = await new Promise<string>((ok) => sftp.close(handle, (err) => ok(err ? err.message : 'accepted')));
  client.end();
  const refused = answers.filter((a) => a !== null);
  return `${writes - refused.length} written, ${refused.length} refused (${refused[0] ?? 'none'}); close: ${closed}`;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lw-bench-intake-'));
  const [port, sftpPort] = [await freePort(), await freePort()];
  const server = startLadingwise(ROOT, 'serve', 'serve', {
    NODE_ENV: 'production', LOG_LEVEL: 'warn', JWT_SECRET: 'i'.repeat(40), DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port),
    RUN_WORKERS: 'false', SFTP_HOST: '127.0.0.1', SFTP_PORT: String(sftpPort), RATE_LIMIT_API_KEY_MAX: '100000',
  }, 200);
  const api = `http://127.0.0.1:${port}/api`;
  try {
    const deadline = Date.now() + 120_000;
    while (!(await fetch(`${api}/health`).then((r) => r.ok, () => false))) {
      if (Date.now() > deadline) throw new Error(server.output.join(''));
      await new Promise((r) => setTimeout(r, 500));
    }
    const password = 'intake bench passphrase';
    const signup = await fetch(`${api}/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'intake-bench@example.com', password, name: 'Intake Bench' }) });
    const token = ((await signup.json()) as { data: { token: string } }).data.token;
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    await fetch(`${api}/user/initialize`, { method: 'POST', headers: { authorization: auth.authorization } });
    const sftpPassword = 'Intake-Bench-Sftp-1';
    const account = await fetch(`${api}/sftp/create-user`, { method: 'POST', headers: auth, body: JSON.stringify({ userEmail: '', customPassword: sftpPassword }) });
    const created = (await account.json()) as { data?: { username: string }; message: string };
    if (!created.data?.username) throw new Error(`could not create the SFTP account: ${created.message}`);

    const line = (step: string, answer: string) => {
      const m = memory(server);
      console.log(`${step.padEnd(44)} RSS ${m.rss.toFixed(0).padStart(5)} MB, peak ${m.peak.toFixed(0).padStart(5)} MB  ${answer}`);
    };
    console.log('\nbench:intake: one `ladingwise serve` (PGlite, no workers), limits at their defaults, loopback');
    line('started, signed up', '');
    line('1. 40 x 24 MB in one request', await streamUpload(port, token, 40, 24 * MB));
    line('2. three of those at once', (await Promise.all([0, 1, 2].map(() => streamUpload(port, token, 40, 24 * MB)))).join(' | '));
    line('3. 8 x 24 MB, one document (within limits)', await streamUpload(port, token, 8, 24 * MB, { Grouping: 'one-document' }));
    line('4. SFTP 8,000 overlapping 64 KB writes', await sftpBurst(sftpPort, created.data.username, sftpPassword, 8000, 64 * 1024));
  } finally {
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
