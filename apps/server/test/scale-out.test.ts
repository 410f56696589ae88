/**
 * Scale-out: two API processes and two worker processes (real `node bin/ladingwise.mjs` children)
 * share one PostgreSQL database and one S3-compatible bucket (s3rver, a local stand-in), as
 * separate machines would. 50 small printed images go in through both APIs; every job must
 * complete exactly once, with distinct ISA numbers, and both workers must have taken part.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, onPostgres } from './harness.ts';
import { freePort, startLadingwise, stopProcess, type LadingwiseProcess as Proc } from './ladingwise-process.ts';
import { multipart, textImage, waitFor } from './pipeline-helpers.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const JOBS = 50;
const skipReason = !onPostgres
  ? 'skipped: needs TEST_POSTGRES_URL (a PostgreSQL server shared by several processes; PGlite serves one process)'
  : '';

describe.skipIf(Boolean(skipReason))(`scale-out: 2 API + 2 worker processes on one PostgreSQL${skipReason ? ` (${skipReason})` : ''}`, () => {
  const procs: Proc[] = [];
  const dirs: string[] = [];
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let s3rver: S3rver;
  const apis: string[] = [];

  beforeAll(async () => {
    db = await freshDatabase();
    await db.db.close(); // the children migrate and use it; this process only reads it through pg below
    const s3dir = mkdtempSync(join(tmpdir(), 'lw-s3-'));
    dirs.push(s3dir);
    s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3dir, configureBuckets: [{ name: 'scale' }] });
    const s3 = await s3rver.run();
    const shared = {
      NODE_ENV: 'production', LOG_LEVEL: 'info', DATABASE_URL: db.url!, DATABASE_POOL_SIZE: '4', JWT_SECRET: 's'.repeat(40),
      SFTP_ENABLED: 'false', OCR_LANGUAGES: 'eng', WORKER_CONCURRENCY: '2',
      S3_BUCKET: 'scale', S3_ENDPOINT: `http://127.0.0.1:${s3.port}`, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true',
    };
    // The first API migrates the empty database alone; the rest start once it answers.
    for (const i of [1, 2]) {
      const dataDir = mkdtempSync(join(tmpdir(), `lw-api${i}-`));
      dirs.push(dataDir);
      const port = await freePort();
      procs.push(startLadingwise(ROOT, `api${i}`, 'serve', { ...shared, RUN_WORKERS: 'false', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir }));
      const url = `http://127.0.0.1:${port}`;
      await waitFor(async () => (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) || undefined, `api${i} to answer`, 60_000);
      apis.push(url);
    }
    for (const i of [1, 2]) {
      const dataDir = mkdtempSync(join(tmpdir(), `lw-worker${i}-`));
      dirs.push(dataDir);
      procs.push(startLadingwise(ROOT, `worker${i}`, 'worker', { ...shared, DATA_DIR: dataDir }));
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => stopProcess(p)));
    await s3rver?.close();
    await db?.drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }, 60_000);

  it(`completes each of ${JOBS} uploads exactly once`, async () => {
    const signup = await fetch(`${apis[0]}/api/auth/signup`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'scale@example.com', password: 'Scale-out-test-1', name: 'Scale Test' }),
    });
    expect(signup.status).toBe(200);
    const token = ((await signup.json()) as { data: { token: string } }).data.token;
    const auth = { authorization: `Bearer ${token}` };
    // The test counts completions across processes: every document is delivered at once, none waits for review.
    const policy = await fetch(`${apis[0]}/api/admin/user/settings`, { method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ reviewPolicy: 'never' }) });
    expect(policy.status).toBe(200);

    const started = Date.now();
    const ids = await Promise.all(Array.from({ length: JOBS }, async (_, i) => {
      const image = await textImage(['BILL OF LADING', `BOL NUMBER ${100000 + i}`, 'SHIPPER ACME FREIGHT'], 'png', 520);
      const body = multipart([
        { name: 'EdiSenderId', data: 'SCALESENDER' }, { name: 'EdiReceiverId', data: 'SCALERCVR' },
        { name: 'Files', filename: `bol-${i}.png`, contentType: 'image/png', data: image },
      ]);
      const res = await fetch(`${apis[i % 2]}/api/upload/process-images`, { method: 'POST', headers: { ...auth, ...body.headers }, body: body.payload });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { jobId: string } }).data.jobId;
    }));
    expect(new Set(ids).size).toBe(JOBS);

    const jobs = await waitFor(async () => {
      const res = await fetch(`${apis[1]}/api/processing/jobs?pageSize=100`, { headers: auth });
      const { data } = (await res.json()) as { data: { jobs: { JobId: string; Status: string; ErrorMessage: string | null; EdiDocuments: { ISAControlNumber: string }[] }[]; total: number } };
      return data.jobs.every((j) => j.Status !== 'InProgress') && data.total === JOBS ? data.jobs : undefined;
    }, `${JOBS} jobs to finish`, 170_000);
    const seconds = (Date.now() - started) / 1000;

    expect(jobs.filter((j) => j.Status !== 'Completed').map((j) => `${j.JobId}: ${j.Status} ${j.ErrorMessage}`)).toEqual([]);
    expect(new Set(jobs.map((j) => j.JobId))).toEqual(new Set(ids));

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const completions = await client.query<{ target_id: string; n: string }>(
        "SELECT target_id, count(*) AS n FROM audit_log WHERE action = 'job.complete' GROUP BY target_id");
      expect(completions.rows).toHaveLength(JOBS);
      expect(completions.rows.every((r) => Number(r.n) === 1)).toBe(true);
      const isa = await client.query<{ isa_control_number: number }>('SELECT isa_control_number FROM edi_documents');
      const numbers = isa.rows.map((r) => r.isa_control_number);
      expect(new Set(numbers).size).toBe(numbers.length);
      expect(numbers.length).toBeGreaterThanOrEqual(JOBS);
    } finally {
      await client.end();
    }

    const completedBy = procs.filter((p) => p.name.startsWith('worker'))
      .map((p) => ({ name: p.name, n: p.output.join('').split('\n').filter((l) => l.includes('job step: completed and charged')).length }));
    console.log(`scale-out: ${JOBS} jobs in ${seconds.toFixed(1)} s; per worker: ${completedBy.map((w) => `${w.name}=${w.n}`).join(', ')}`);
    expect(completedBy.reduce((a, w) => a + w.n, 0)).toBe(JOBS);
    for (const w of completedBy) expect(w.n, `${w.name} completed no job`).toBeGreaterThan(0);
  }, 200_000);
});
