/**
 * The SFTP server driven by the real OpenSSH client (/usr/bin/sftp): key and password login,
 * uploads into /inbound becoming jobs, /outbound listing and download, tenant isolation, path
 * escapes, refused operations and the failed-login lock.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp } from '../../test/harness.ts';
import { BOL_JPEG } from '../../test/pipeline-helpers.ts';
import { finishedJob } from '../delivery/finished-job-fixture.ts';
import { deliverJob } from '../pipeline/deliver.ts';
import { startSftpServer, type SftpServer } from './sftp-server.ts';
import { putOutboundFile } from './outbound-store.ts';

let t: TestApp;
let sftp: SftpServer;
let dir: string;

beforeAll(async () => {
  t = await startTestApp({ SFTP_PORT: '0', SFTP_MAX_FAILED_LOGINS: '3', UPLOAD_MAX_FILE_BYTES: '300000' });
  sftp = (await startSftpServer(t.ctx))!;
  dir = mkdtempSync(join(tmpdir(), 'lw-sftp-'));
});
afterAll(async () => {
  await sftp?.stop();
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type User = Awaited<ReturnType<typeof createTestUser>> & { username: string };

/** A tenant with an SFTP account created through the API (optionally with a password). */
async function sftpUser(password?: string): Promise<User> {
  const u = await createTestUser(t.ctx);
  const res = await t.app.inject({ method: 'POST', url: '/api/sftp/create-user', headers: u.auth, payload: password ? { userEmail: '', customPassword: password } : { userEmail: '' } });
  expect(res.statusCode).toBe(200);
  return { ...u, username: res.json().data.username };
}

/** Generates a key pair and registers the public key on the user's account; returns the private key file. */
async function registerKey(u: User): Promise<string> {
  const file = join(dir, `key-${u.userId}`);
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'test', '-f', file]);
  const res = await t.app.inject({ method: 'POST', url: '/api/sftp/public-keys', headers: u.auth, payload: { publicKey: readFileSync(`${file}.pub`, 'utf8') } });
  expect(res.statusCode).toBe(200);
  return file;
}

/** Runs an sftp batch (each line a command; a leading '-' lets it fail without stopping). */
function runSftp(username: string, auth: { key: string } | { password: string }, commands: string[], cwd = dir): Promise<{ code: number; out: string }> {
  const batch = join(dir, `batch-${Math.random().toString(36).slice(2)}`);
  writeFileSync(batch, `${commands.join('\n')}\n`);
  const common = ['-o', 'StrictHostKeyChecking=no', '-o', 'UserKnownHostsFile=/dev/null', '-o', 'LogLevel=ERROR', '-P', String(sftp.port)];
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: dir };
  let args: string[];
  if ('key' in auth) {
    args = [...common, '-o', 'PasswordAuthentication=no', '-o', 'KbdInteractiveAuthentication=no', '-o', 'IdentitiesOnly=yes', '-i', auth.key, '-b', batch];
  } else {
    // -b turns on BatchMode (no password prompts); an earlier -o BatchMode=no wins, and askpass supplies the password.
    const askpass = join(dir, `askpass-${Math.random().toString(36).slice(2)}`);
    writeFileSync(askpass, `#!/bin/sh\nprintf '%s\\n' '${auth.password.replace(/'/g, `'\\''`)}'\n`);
    chmodSync(askpass, 0o700);
    Object.assign(env, { SSH_ASKPASS: askpass, SSH_ASKPASS_REQUIRE: 'force', DISPLAY: ':0' });
    args = ['-o', 'BatchMode=no', ...common, '-o', 'PubkeyAuthentication=no', '-o', 'NumberOfPasswordPrompts=1', '-b', batch];
  }
  return new Promise((resolve, reject) => {
    const child = spawn('sftp', [...args, `${username}@127.0.0.1`], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, out }));
  });
}

async function jobsOf(tenantId: string) {
  const { rows } = await t.ctx.db.query<{ id: string; status: string; source: string; file_name: string; queue_job_id: string | null }>(
    'SELECT id, status, source, file_name, queue_job_id FROM jobs WHERE tenant_id = $1 ORDER BY created_at', [tenantId]);
  return rows;
}

describe('SFTP server', () => {
  it('takes an image put into /inbound as a job, queued like a web upload', async () => {
    const u = await sftpUser();
    const key = await registerKey(u);
    writeFileSync(join(dir, 'scan 1.jpg'), BOL_JPEG);
    const r = await runSftp(u.username, { key }, ['cd /inbound', 'put "scan 1.jpg"', 'ls /']);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/inbound/);
    expect(r.out).toMatch(/outbound/);
    const jobs = await jobsOf(u.tenantId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ status: 'InProgress', source: 'sftp', file_name: 'scan 1.jpg' });
    expect(jobs[0]!.queue_job_id).toBeTruthy();
    const pages = await t.ctx.db.query<{ storage_key: string }>('SELECT storage_key FROM job_pages WHERE job_id = $1', [jobs[0]!.id]);
    expect(Buffer.compare((await t.ctx.storage.get(pages.rows[0]!.storage_key))!, BOL_JPEG)).toBe(0);
    const creds = (await t.app.inject({ method: 'GET', url: '/api/sftp/credentials', headers: u.auth })).json().data;
    expect(creds).toMatchObject({ username: u.username, port: sftp.port, isActive: true, password: null });
    expect(creds.lastLogin).toBeTruthy();
    const test = (await t.app.inject({ method: 'GET', url: '/api/sftp/test-connection', headers: u.auth })).json().data;
    expect(test).toMatchObject({ connected: true, port: sftp.port, message: 'Connected: SSH-2.0-Ladingwise' });
  });

  it('refuses a file that is not an image, creates no job and leaves the reason in /outbound', async () => {
    const u = await sftpUser();
    const key = await registerKey(u);
    writeFileSync(join(dir, 'notes.jpg'), 'this is not an image');
    const r = await runSftp(u.username, { key }, ['-put notes.jpg /inbound/notes.jpg', 'ls /outbound', 'get /outbound/notes.jpg.rejected.txt rejected.txt']);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/notes\.jpg.*(Failure|failed|not a supported)/is);
    expect(await jobsOf(u.tenantId)).toHaveLength(0);
    expect(readFileSync(join(dir, 'rejected.txt'), 'utf8')).toContain('is not a supported image');
    // Over UPLOAD_MAX_FILE_BYTES (300000 here): refused while writing, nothing stored.
    writeFileSync(join(dir, 'huge.jpg'), Buffer.concat([BOL_JPEG, Buffer.alloc(200_000)]));
    const big = await runSftp(u.username, { key }, ['-put huge.jpg /inbound/huge.jpg']);
    expect(big.code, big.out).toBe(0);
    expect(big.out).toMatch(/huge\.jpg.*(Failure|larger)/is);
    expect(await jobsOf(u.tenantId)).toHaveLength(0);
  });

  it('lists and downloads the EDI file of a finished job from /outbound, and rm picks it up', async () => {
    const u = await sftpUser();
    const key = await registerKey(u);
    const done = await finishedJob(t.ctx, u.tenantId, { status: 'Completed', receiverId: 'ACME TMS' });
    const failed = await finishedJob(t.ctx, u.tenantId, { status: 'Failed', fileName: 'blurry.png', error: 'The image is too blurry to read.' });
    await deliverJob(t.ctx, { tenantId: u.tenantId, jobId: done.jobId });
    await deliverJob(t.ctx, { tenantId: u.tenantId, jobId: failed.jobId });
    await deliverJob(t.ctx, { tenantId: u.tenantId, jobId: done.jobId }); // a retried delivery writes nothing twice
    const name = `ACME_TMS_${done.isa}_204.x12`;
    const got = join(dir, `got-${u.userId}.x12`);
    const r = await runSftp(u.username, { key }, ['ls -l /outbound', `get /outbound/${name} ${got}`, 'get /outbound/blurry.failed.txt failed.txt']);
    expect(r.code, r.out).toBe(0);
    expect(r.out.match(new RegExp(name, 'g'))?.length).toBeGreaterThanOrEqual(1);
    expect(readFileSync(got, 'utf8')).toBe(done.edi);
    expect(readFileSync(join(dir, 'failed.txt'), 'utf8')).toContain('The image is too blurry to read.');

    // Downloads are logged; the log is shown on the Better than a Human plan only.
    const logsUrl = { method: 'GET' as const, url: '/api/sftp/download-logs', headers: u.auth };
    expect((await t.app.inject(logsUrl)).json()).toMatchObject({ success: false, message: expect.stringContaining('Better than a Human') });
    await t.ctx.db.query(`UPDATE tenants SET pricing_plan = 'better-than-a-human' WHERE id = $1`, [u.tenantId]);
    const logs = (await t.app.inject(logsUrl)).json().data;
    expect(logs.total).toBe(2);
    expect(logs.downloads.map((d: { fileName: string }) => d.fileName).sort()).toEqual(['blurry.failed.txt', name].sort());
    expect(logs.downloads.find((d: { fileName: string }) => d.fileName === name)).toMatchObject({ jobId: done.jobId, username: u.username, ip: '127.0.0.1', bytes: done.edi!.length });

    const rm = await runSftp(u.username, { key }, [`rm /outbound/${name}`, 'ls /outbound']);
    expect(rm.code, rm.out).toBe(0);
    expect(rm.out.split('ls /outbound')[1]).not.toContain(name);
  });

  it('lists a long /outbound completely (directory pages)', async () => {
    const u = await sftpUser();
    const key = await registerKey(u);
    const job = await finishedJob(t.ctx, u.tenantId, { status: 'Completed' });
    for (let i = 0; i < 250; i++) {
      await putOutboundFile(t.ctx.db, { tenantId: u.tenantId, jobId: job.jobId, sourceKey: `bulk:${i}`, name: `bulk_${String(i).padStart(3, '0')}.x12`, content: 'ISA~' });
    }
    const r = await runSftp(u.username, { key }, ['ls -1 /outbound']);
    expect(r.code, r.out).toBe(0);
    expect(r.out.match(/bulk_\d{3}\.x12/g)).toHaveLength(250);
  });

  it("never shows another tenant's files, and paths cannot leave the tenant's tree", async () => {
    const a = await sftpUser();
    const b = await sftpUser('Bravo-Secret-99');
    const keyA = await registerKey(a);
    const done = await finishedJob(t.ctx, a.tenantId, { status: 'Completed' });
    await deliverJob(t.ctx, { tenantId: a.tenantId, jobId: done.jobId });
    const name = `RECEIVER1_${done.isa}_204.x12`;
    expect((await runSftp(a.username, { key: keyA }, ['ls /outbound'])).out).toContain(name);

    writeFileSync(join(dir, 'b.jpg'), BOL_JPEG);
    const r = await runSftp(b.username, { password: 'Bravo-Secret-99' }, [
      'ls -l /outbound', `-get /outbound/${name} stolen1`, `-get ../../outbound/${name} stolen2`, '-get /../../etc/passwd stolen3',
      'cd ../../..', 'pwd', '-ls /etc', '-put b.jpg /inbound/../../etc/evil.jpg', '-put b.jpg /inbound/sub/evil.jpg', '-mkdir /inbound/sub',
      '-put b.jpg /outbound/x.jpg', '-rename /outbound /x', `-rm /outbound/${name}`,
    ]);
    expect(r.code, r.out).toBe(0);
    expect(r.out.split('\n').filter((l) => l.includes(name) && !/^sftp> |not found|No such file/i.test(l))).toEqual([]);
    expect(r.out).toMatch(/Remote working directory: \/\n/);
    for (const f of ['stolen1', 'stolen2', 'stolen3']) expect(() => readFileSync(join(dir, f))).toThrow();
    // Nothing was uploaded by the hostile puts, and a's file is still there for a.
    expect(await jobsOf(b.tenantId)).toHaveLength(0);
    expect((await runSftp(a.username, { key: keyA }, ['ls /outbound'])).out).toContain(name);
  });

  it('refuses a login once the account is deleted', async () => {
    const u = await sftpUser();
    const key = await registerKey(u);
    expect((await runSftp(u.username, { key }, ['ls /'])).code).toBe(0);
    await t.ctx.db.query('UPDATE tenants SET deleted_at = now() WHERE id = $1', [u.tenantId]);
    expect((await runSftp(u.username, { key }, ['ls /'])).code).not.toBe(0);
  });

  it('rejects a wrong password, then locks the username after repeated failures', async () => {
    const u = await sftpUser('Right-Password-1');
    const ok = await runSftp(u.username, { password: 'Right-Password-1' }, ['ls /']);
    expect(ok.code, ok.out).toBe(0);
    const wrong = await runSftp(u.username, { password: 'Wrong-Password-1' }, ['ls /']);
    expect(wrong.code).not.toBe(0);
    expect(wrong.out).toMatch(/Permission denied/i);
    const unknown = await runSftp('nobody-here', { password: 'Right-Password-1' }, ['ls /']);
    expect(unknown.code).not.toBe(0);
    // Limit is 3 per username in this test app: two more failures lock it, even for the right password.
    await runSftp(u.username, { password: 'Wrong-Password-2' }, ['ls /']);
    await runSftp(u.username, { password: 'Wrong-Password-3' }, ['ls /']);
    const locked = await runSftp(u.username, { password: 'Right-Password-1' }, ['ls /']);
    expect(locked.code).not.toBe(0);
  });
});
