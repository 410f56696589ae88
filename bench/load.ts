/**
 * Load bench: N concurrent uploads of small generated images through the HTTP API of one
 * `ladingwise serve` (RUN_WORKERS=false) with two `ladingwise worker` processes, all on one throwaway
 * PostgreSQL server, on loopback only. Prints what a customer would ask of it: how many uploads were
 * accepted, completed and failed, whether every completed document was charged exactly once, how many
 * were lost (accepted but neither finished nor accounted for; must be 0), latencies and peak memory.
 *
 *   npm run bench:load -- [--count 200] [--timeout 900]
 *
 * Bounded: at most 1000 uploads, and it gives up waiting after --timeout seconds (then the unfinished
 * ones count as lost). Uses scripts/test-postgres.sh on BENCH_PG_PORT (default 54340).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { freePort, startLadingwise, stopProcess, type LadingwiseProcess as Proc } from '../apps/server/test/ladingwise-process.ts';
import { quantile } from './lib/stats.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// A long run keeps only the latest output of each process, enough to explain a failure.
const KEEP_CHUNKS = 200;
const { values: args } = parseArgs({ options: { count: { type: 'string', default: '200' }, timeout: { type: 'string', default: '900' } } });
const COUNT = Math.min(1000, Math.max(1, Number(args.count)));
const TIMEOUT_MS = Math.max(30, Number(args.timeout)) * 1000;
const CREDITS_PER_DOCUMENT_MAX = 8;

/** Peak resident memory of a process so far (VmHWM), in MB; null once it has exited. */
function peakMb(p: Proc): number | null {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${p.child.pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

async function until<T>(check: () => Promise<T | undefined>, what: string, ms: number): Promise<T | undefined> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await check().catch(() => undefined);
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 500));
  }
  console.error(`gave up waiting for ${what}`);
  return undefined;
}

async function image(i: number): Promise<Buffer> {
  const lines = ['BILL OF LADING', `BOL NUMBER ${700000 + i}`, 'SHIPPER ACME FREIGHT', 'CONSIGNEE NORTH DEPOT'];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="520" height="300"><rect width="100%" height="100%" fill="#fff"/>${
    lines.map((l, k) => `<text x="20" y="${44 + k * 34}" font-family="DejaVu Sans, sans-serif" font-size="24">${l}</text>`).join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function multipart(fields: Record<string, string>, file: { name: string; bytes: Buffer }): { body: Buffer; type: string } {
  const b = `----lwbench${randomUUID().replace(/-/g, '')}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${b}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${b}\r\ncontent-disposition: form-data; name="Files"; filename="${file.name}"\r\ncontent-type: image/png\r\n\r\n`), file.bytes, Buffer.from(`\r\n--${b}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${b}` };
}

async function main(): Promise<void> {
  const pgPort = process.env.BENCH_PG_PORT ?? '54340';
  const admin = execFileSync('bash', ['scripts/test-postgres.sh'], { cwd: ROOT, env: { ...process.env, TEST_PG_PORT: pgPort } }).toString().trim();
  const dbName = `lw_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const adminClient = new pg.Client({ connectionString: admin });
  await adminClient.connect();
  await adminClient.query(`CREATE DATABASE ${dbName}`);
  await adminClient.end();
  const url = admin.replace(/\/[^/]*$/, `/${dbName}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'lw-bench-load-'));
  const port = await freePort();
  const shared = {
    NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: url, DATABASE_POOL_SIZE: '8', JWT_SECRET: 'b'.repeat(40), DATA_DIR: dataDir,
    SFTP_ENABLED: 'false', OCR_LANGUAGES: 'eng', OCR_WORKERS: '1', WORKER_CONCURRENCY: '2', HOST: '127.0.0.1',
    // One client address sends every upload here; the bench is not about rate limits.
    RATE_LIMIT_API_KEY_MAX: '100000',
  };
  const procs: Proc[] = [startLadingwise(ROOT, 'serve', 'serve', { ...shared, RUN_WORKERS: 'false', PORT: String(port) }, KEEP_CHUNKS)];
  const api = `http://127.0.0.1:${port}/api`;
  const db = new pg.Client({ connectionString: url });
  try {
    if (!(await until(async () => ((await fetch(`${api}/health`)).ok ? true : undefined), 'the API to answer', 120_000))) throw new Error(procs[0]!.output.join(''));
    procs.push(startLadingwise(ROOT, 'worker-1', 'worker', shared, KEEP_CHUNKS), startLadingwise(ROOT, 'worker-2', 'worker', shared, KEEP_CHUNKS));
    await db.connect();

    const signup = await fetch(`${api}/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'load-bench@example.com', password: 'load bench passphrase', name: 'Load Bench' }) });
    const { data } = (await signup.json()) as { data: { token: string; user: { tenantId: string } } };
    const auth = { authorization: `Bearer ${data.token}` };
    await fetch(`${api}/user/initialize`, { method: 'POST', headers: auth });
    // Every document goes the whole way (EDI, charge, delivery) rather than stopping at the review gate.
    const policy = await fetch(`${api}/admin/user/settings`, { method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ reviewPolicy: 'never' }) });
    if (!policy.ok) throw new Error(`could not turn the review gate off: ${await policy.text()}`);
    // Enough credit for every upload (a deposit written straight to the ledger: no card checkout here).
    const credits = COUNT * CREDITS_PER_DOCUMENT_MAX;
    await db.query(`INSERT INTO credit_transactions (id, tenant_id, kind, amount, description, external_ref) VALUES ($1, $2, 'deposit', $3, 'bench credit', $4)`,
      [randomUUID(), data.user.tenantId, credits, `bench:${randomUUID()}`]);
    await db.query('UPDATE credit_accounts SET balance = balance + $2 WHERE tenant_id = $1', [data.user.tenantId, credits]);

    const images = await Promise.all(Array.from({ length: COUNT }, (_, i) => image(i)));
    const started = Date.now();
    const accepted = new Map<string, number>(); // job id -> when its upload was answered
    const uploadMs: number[] = [];
    let refused = 0;
    await Promise.all(images.map(async (bytes, i) => {
      const form = multipart({ EdiSenderId: 'LOADSENDER', EdiReceiverId: 'LOADRCVR' }, { name: `bol-${i}.png`, bytes });
      const t0 = Date.now();
      const res = await fetch(`${api}/upload/process-images`, { method: 'POST', headers: { ...auth, 'content-type': form.type }, body: form.body }).catch(() => null);
      uploadMs.push(Date.now() - t0);
      const jobId = res?.ok ? ((await res.json()) as { data: { jobId: string } }).data.jobId : null;
      if (jobId) accepted.set(jobId, Date.now()); else refused++;
    }));

    const finished = new Map<string, { status: string; at: number }>();
    await until(async () => {
      const { rows } = await db.query<{ id: string; status: string }>(`SELECT id, status FROM jobs WHERE status IN ('Completed', 'Failed', 'Cancelled', 'NeedsReview')`);
      for (const r of rows) if (!finished.has(r.id)) finished.set(r.id, { status: r.status, at: Date.now() });
      return [...accepted.keys()].every((id) => finished.has(id)) ? true : undefined;
    }, 'every accepted upload to finish', TIMEOUT_MS);
    const seconds = (Date.now() - started) / 1000;

    const charges = await db.query<{ job_id: string; n: string }>(`SELECT job_id, count(*) AS n FROM credit_transactions WHERE kind = 'charge' GROUP BY job_id`);
    const chargedTimes = new Map(charges.rows.map((r) => [r.job_id, Number(r.n)]));
    const completed = [...accepted.keys()].filter((id) => finished.get(id)?.status === 'Completed');
    const failed = [...accepted.keys()].filter((id) => finished.get(id)?.status === 'Failed');
    const held = [...accepted.keys()].filter((id) => finished.get(id)?.status === 'NeedsReview').length;
    const chargedOnce = completed.filter((id) => chargedTimes.get(id) === 1).length;
    const wronglyCharged = [...accepted.keys()].filter((id) => finished.get(id)?.status !== 'Completed' && (chargedTimes.get(id) ?? 0) > 0).length;
    if (held) console.error(`${held} documents were held for review although the gate was off`);
    const lost = [...accepted.keys()].filter((id) => !finished.has(id)).length + (completed.length - chargedOnce) + wronglyCharged;
    const doneMs = [...accepted.entries()].filter(([id]) => finished.has(id)).map(([id, at]) => finished.get(id)!.at - at);
    const endToEndMs = [...accepted.keys()].filter((id) => finished.has(id)).map((id) => finished.get(id)!.at - started);
    const peaks = procs.map((p) => `${p.name} ${peakMb(p)?.toFixed(0) ?? '?'} MB`).join(', ');

    const line = (k: string, v: string | number) => console.log(`${k.padEnd(34)} ${v}`);
    console.log(`\nbench:load: ${COUNT} concurrent uploads, 1 API + 2 workers (WORKER_CONCURRENCY 2 each), PostgreSQL, loopback`);
    line('accepted', `${accepted.size} (refused ${refused})`);
    line('completed', completed.length);
    line('failed', failed.length);
    line('charged exactly once', `${chargedOnce} of ${completed.length} completed (charged but not completed: ${wronglyCharged})`);
    line('lost (must be 0)', lost);
    line('upload answer p50 / p95', `${quantile(uploadMs, 0.5)} ms / ${quantile(uploadMs, 0.95)} ms`);
    line('answered -> finished p50 / p95', `${(quantile(doneMs, 0.5) / 1000).toFixed(1)} s / ${(quantile(doneMs, 0.95) / 1000).toFixed(1)} s`);
    line('all finished after', `${seconds.toFixed(1)} s (${(completed.length / seconds).toFixed(2)} documents/s; last at ${(Math.max(0, ...endToEndMs) / 1000).toFixed(1)} s)`);
    line('peak memory (VmHWM)', peaks);
    process.exitCode = lost === 0 ? 0 : 1;
  } finally {
    await db.end().catch(() => {});
    await Promise.all(procs.map((p) => stopProcess(p)));
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
