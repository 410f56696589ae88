/**
 * Crash recovery: a worker process killed with SIGKILL in the middle of reading a document leaves a
 * job that another worker finishes within a minute (the dead worker's lease stops being renewed and
 * expires), charged once and handed to delivery once. Real child processes on PostgreSQL, as
 * `ladingwise worker` runs in production; PGlite serves one process only, so it is skipped there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, onPostgres } from './harness.ts';
import { freePort, startLadingwise, stopProcess, type LadingwiseProcess as Proc } from './ladingwise-process.ts';
import { BOL_JPEG, multipart, waitFor } from './pipeline-helpers.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const skipReason = onPostgres ? '' : 'skipped: needs TEST_POSTGRES_URL (separate worker processes share PostgreSQL)';

describe.skipIf(Boolean(skipReason))(`a worker killed mid-job${skipReason ? ` (${skipReason})` : ''}`, () => {
  const procs: Proc[] = [];
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let dataDir: string;
  let api: string;
  let env: Record<string, string>;
  let client: pg.Client;

  beforeAll(async () => {
    db = await freshDatabase();
    await db.db.close();
    dataDir = mkdtempSync(join(tmpdir(), 'lw-crash-'));
    const port = await freePort();
    // One data folder for every process: images stored by the API are read by the workers (local disk, one machine).
    env = {
      NODE_ENV: 'production', LOG_LEVEL: 'info', DATABASE_URL: db.url!, DATABASE_POOL_SIZE: '4', JWT_SECRET: 'c'.repeat(40), DATA_DIR: dataDir,
      SFTP_ENABLED: 'false', OCR_LANGUAGES: 'eng', OCR_WORKERS: '1', WORKER_CONCURRENCY: '1', HOST: '127.0.0.1',
    };
    procs.push(startLadingwise(ROOT, 'api', 'serve', { ...env, RUN_WORKERS: 'false', PORT: String(port) }));
    api = `http://127.0.0.1:${port}/api`;
    await waitFor(async () => (await fetch(`${api}/health`).then((r) => r.ok, () => false)) || undefined, 'the API to answer', 60_000);
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  }, 90_000);

  afterAll(async () => {
    await client?.end();
    await Promise.all(procs.map((p) => stopProcess(p)));
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('is finished by another worker within 60 s, charged and delivered once', async () => {
    const first = startLadingwise(ROOT, 'worker-1', 'worker', env);
    procs.push(first);
    const signup = await fetch(`${api}/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'crash@example.com', password: 'crash test passphrase' }) });
    const token = ((await signup.json()) as { data: { token: string } }).data.token;
    const auth = { authorization: `Bearer ${token}` };
    const body = multipart([{ name: 'EdiSenderId', data: 'CRASHSENDER' }, { name: 'EdiReceiverId', data: 'CRASHRCVR' },
      { name: 'Files', filename: 'bol-d010.jpg', contentType: 'image/jpeg', data: BOL_JPEG }]);
    const res = await fetch(`${api}/upload/process-images`, { method: 'POST', headers: { ...auth, ...body.headers }, body: body.payload });
    expect(res.status).toBe(200);
    const jobId = ((await res.json()) as { data: { jobId: string } }).data.jobId;

    // The first worker has claimed the job and is reading it: kill it without warning.
    await waitFor(async () => {
      const { rows } = await client.query<{ stage: string }>('SELECT stage FROM jobs WHERE id = $1', [jobId]);
      return rows[0]?.stage === 'processing' ? true : undefined;
    }, 'the first worker to start reading', 60_000);
    first.child.kill('SIGKILL');
    const killedAt = Date.now();
    procs.push(startLadingwise(ROOT, 'worker-2', 'worker', env));

    const status = await waitFor(async () => {
      const { rows } = await client.query<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [jobId]);
      return rows[0]?.status !== 'InProgress' ? rows[0]?.status : undefined;
    }, 'another worker to finish the job', 90_000);
    const seconds = (Date.now() - killedAt) / 1000;
    console.log(`worker-crash: job finished ${seconds.toFixed(1)} s after its worker was killed`);
    // Finished: completed, or held for a person's review by the review gate (the tenant's policy decides).
    expect(['Completed', 'NeedsReview']).toContain(status);
    expect(seconds).toBeLessThan(60);

    // Completed: charged once. Held: its credits stay reserved (charged on approval), never charged twice.
    const charges = await client.query('SELECT 1 FROM credit_transactions WHERE kind = $1 AND job_id = $2', ['charge', jobId]);
    const held = await client.query('SELECT 1 FROM credit_reservations WHERE job_id = $1', [jobId]);
    expect({ charges: charges.rowCount, held: held.rowCount }).toEqual(status === 'Completed' ? { charges: 1, held: 0 } : { charges: 0, held: 1 });
    const deliveries = await client.query("SELECT 1 FROM pgboss.job WHERE name = 'deliver-job' AND data->>'jobId' = $1 UNION ALL SELECT 1 FROM pgboss.archive WHERE name = 'deliver-job' AND data->>'jobId' = $1", [jobId]);
    expect(deliveries.rowCount).toBe(1);
  }, 200_000);
});
