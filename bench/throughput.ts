// Throughput of the whole pipeline on PostgreSQL: N generated bills go in through the upload API, pg-boss hands them
// to `ladingwise worker` processes, and each ends Completed with its EDI. Run once per worker count. Prints bills a
// minute, CPU-seconds a bill (workers' own CPU from /proc, robust on a shared machine where wall time is not), p50/p95
// seconds from upload to Completed and of processing alone, peak memory per worker, and the workers' CPU a bill
// against one plain `tesseract FILE - -l eng` pass over the same pages.
//
// usage: npx tsx bench/throughput.ts [--count 200] [--workers 1,2] [--concurrency 1] [--distinct 20] [--seed 1]
//          [--set DIR] (bills already generated: a folder with truth.json) [--database-url postgres://...]
//          (default: a throwaway server from scripts/test-postgres.sh)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { plainTesseractCpu, processCpuSeconds } from './lib/cpu.ts';
import { freePort, startLadingwise, stopProcess, type LadingwiseProcess as Proc } from '../apps/server/test/ladingwise-process.ts';
import { quantile } from './lib/stats.ts';
import { generateSet } from './synthetic/generate.ts';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(BENCH_DIR, '..');
// A long run keeps only the latest output of each process, enough to explain a failure.
const KEEP_CHUNKS = 200;

const { values } = parseArgs({ options: {
  count: { type: 'string', default: '200' },
  workers: { type: 'string', default: '1,2' },
  concurrency: { type: 'string', default: '1' },
  distinct: { type: 'string', default: '20' },
  seed: { type: 'string', default: '1' },
  'database-url': { type: 'string' },
  set: { type: 'string' },
  help: { type: 'boolean', default: false },
} });
const count = Number(values.count), concurrency = Number(values.concurrency), distinct = Number(values.distinct), seed = Number(values.seed);
const workerCounts = values.workers.split(',').map(Number);
if (values.help || ![count, concurrency, distinct, seed, ...workerCounts].every((n) => Number.isInteger(n) && n >= 0) || count < 1 || distinct < 1) {
  process.stderr.write('usage: npx tsx bench/throughput.ts [--count 200] [--workers 1,2] [--concurrency 1] [--distinct 20] [--seed 1] [--set DIR] [--database-url URL]\n');
  process.exit(values.help ? 0 : 2);
}
const log = (s: string): void => void process.stderr.write(`${s}\n`);

// Bills: `distinct` generated forms (all eight layouts, every capture profile), each uploaded count/distinct times.
const setDir = values.set ? resolve(values.set) : join(BENCH_DIR, 'out', `throughput-seed${seed}-n${distinct}`);
if (!existsSync(join(setDir, 'truth.json'))) {
  log(`generating ${distinct} bills (seed ${seed}) into ${setDir}…`);
  await generateSet({ out: setDir, count: distinct, seed });
}
const files = (JSON.parse(readFileSync(join(setDir, 'truth.json'), 'utf8')) as Array<{ file: string }>).map((r) => join(setDir, r.file));

const adminUrl = values['database-url'] ?? execFileSync('bash', [join(ROOT, 'scripts/test-postgres.sh')], { encoding: 'utf8' }).trim();

async function until<T>(check: () => Promise<T | undefined>, what: string, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
/** Peak resident memory of a process (VmHWM), in MiB. */
function peakMiB(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

interface Row { workers: number; billsPerMinute: number; cpuPerBill: number; apiCpuPerBill: number; p50: number; p95: number; proc50: number; proc95: number; peak: number[]; failed: number }

async function runOnce(workers: number): Promise<Row> {
  const dbName = `lw_throughput_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'lw-throughput-'));
  const shared = {
    NODE_ENV: 'production', LOG_LEVEL: 'info', DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: '4', JWT_SECRET: 't'.repeat(40),
    SFTP_ENABLED: 'false', DATA_DIR: dataDir, WORKER_CONCURRENCY: String(concurrency),
  };
  const procs: Proc[] = [];
  const db = new pg.Client({ connectionString: url.toString() });
  try {
    const port = await freePort();
    const api = startLadingwise(ROOT, 'api', 'serve', { ...shared, RUN_WORKERS: 'false', PORT: String(port), HOST: '127.0.0.1' }, KEEP_CHUNKS);
    procs.push(api);
    const base = `http://127.0.0.1:${port}/api`;
    await until(async () => (await fetch(`${base}/health`).then((r) => r.ok, () => false)) || undefined, 'the API', 120_000);
    const signup = await fetch(`${base}/auth/signup`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password: 'Throughput-bench-1', name: 'Bench' }),
    });
    const token = ((await signup.json()) as { data: { token: string } }).data.token;
    // Every bill goes through to its EDI: the review gate would hold the unsure ones for a person.
    const policy = await fetch(`${base}/admin/user/settings`, {
      method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ reviewPolicy: 'never' }),
    });
    if (!policy.ok) throw new Error(`setting the review policy answered ${policy.status}`);
    await db.connect();
    // Credits for every bill (a bench, not a customer: straight into the account rather than through checkout).
    await db.query('UPDATE credit_accounts SET balance = balance + $1', [count * 100]);
    const ws = Array.from({ length: workers }, (_, i) => startLadingwise(ROOT, `worker${i + 1}`, 'worker', shared, KEEP_CHUNKS));
    procs.push(...ws);
    // CPU is counted from the moment each worker is up: loading and compiling the code once is not a bill's cost.
    await until(async () => (ws.every((w) => w.output.join('').includes('worker is running')) ? true : undefined), 'the workers', 180_000);
    const workerCpu0 = ws.map((w) => processCpuSeconds(w.child.pid!) ?? 0);
    const apiCpu0 = processCpuSeconds(api.child.pid!) ?? 0;

    const t0 = Date.now();
    let next = 0, failedUploads = 0;
    // Eight uploads in flight, as a client script or the SFTP intake would send them.
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (next < count) {
        const i = next++;
        const file = files[i % files.length]!;
        const form = new FormData();
        form.set('EdiSenderId', 'BENCHSENDER');
        form.set('EdiReceiverId', 'BENCHRCVR');
        form.set('Files', new Blob([readFileSync(file)]), `${i}-${basename(file)}`);
        const res = await fetch(`${base}/upload/process-images`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
        if (!res.ok) { failedUploads++; log(`upload ${i} failed: ${res.status} ${await res.text()}`); }
      }
    }));
    const jobs = await until(async () => {
      const r = await db.query<{ status: string; created_at: Date; started_at: Date | null; completed_at: Date | null }>(
        'SELECT status, created_at, started_at, completed_at FROM jobs');
      return r.rows.length >= count - failedUploads && r.rows.every((j) => j.status === 'Completed' || j.status === 'Failed') ? r.rows : undefined;
    }, `${count} bills to finish`, 6 * 3600_000);
    const lastDone = Math.max(...jobs.map((j) => (j.completed_at ?? new Date()).getTime()));
    const cpu = ws.reduce((s, w, i) => s + (processCpuSeconds(w.child.pid!) ?? 0) - workerCpu0[i]!, 0);
    const apiCpu = (processCpuSeconds(api.child.pid!) ?? 0) - apiCpu0;
    const peak = ws.map((w) => peakMiB(w.child.pid!));
    const done = jobs.filter((j) => j.status === 'Completed' && j.completed_at);
    const latency = done.map((j) => (j.completed_at!.getTime() - j.created_at.getTime()) / 1000);
    const processing = done.filter((j) => j.started_at).map((j) => (j.completed_at!.getTime() - j.started_at!.getTime()) / 1000);
    const failed = jobs.length - done.length + failedUploads;
    if (failed) log(`${failed} bills did not complete: ${[...new Set(jobs.map((j) => j.status))].join(', ')}`);
    return {
      workers, billsPerMinute: (done.length * 60_000) / (lastDone - t0), cpuPerBill: cpu / Math.max(1, jobs.length), apiCpuPerBill: apiCpu / Math.max(1, jobs.length),
      p50: quantile(latency, 0.5), p95: quantile(latency, 0.95), proc50: quantile(processing, 0.5), proc95: quantile(processing, 0.95), peak, failed,
    };
  } finally {
    await Promise.all(procs.map((p) => stopProcess(p, 30_000)));
    await db.end().catch(() => {});
    const admin2 = new pg.Client({ connectionString: adminUrl });
    await admin2.connect();
    await admin2.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin2.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows: Row[] = [];
for (const w of workerCounts) {
  log(`${count} bills through ${w} worker process(es) × ${concurrency} slot(s)…`);
  rows.push(await runOnce(w));
}
log('one plain tesseract pass over each distinct page…');
let plain = 0;
for (const f of files) plain += await plainTesseractCpu(f);
const plainPerPage = plain / files.length;

const out: string[] = [];
out.push(`Ladingwise throughput bench — ${new Date().toISOString()}, ${count} bills (${files.length} distinct generated forms, one page each), PostgreSQL,`);
out.push(`${availableParallelism()} CPU cores (${cpus()[0]?.model ?? 'unknown'}), WORKER_CONCURRENCY=${concurrency} per worker process`);
out.push('');
out.push('| worker processes | bills a minute | worker CPU-s a bill | API CPU-s a bill | upload→Completed p50 / p95 s | processing p50 / p95 s (p95/p50) | peak memory a worker | failed |');
out.push('|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  out.push(`| ${r.workers} | ${r.billsPerMinute.toFixed(1)} | ${r.cpuPerBill.toFixed(2)} | ${r.apiCpuPerBill.toFixed(2)} | ${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} | ${r.proc50.toFixed(1)} / ${r.proc95.toFixed(1)} (${(r.proc95 / r.proc50).toFixed(2)}) | ${r.peak.map((p) => `${p.toFixed(0)} MiB`).join(', ')} | ${r.failed} |`);
}
out.push('');
out.push(`plain tesseract (OMP_THREAD_LIMIT=1 tesseract FILE - -l eng): ${plainPerPage.toFixed(2)} CPU-s a page`);
for (const r of rows) out.push(`workers' CPU a bill / plain tesseract a page, ${r.workers} worker(s): ${(r.cpuPerBill / plainPerPage).toFixed(2)}x`);
const best = Math.min(...rows.map((r) => r.cpuPerBill + r.apiCpuPerBill));
out.push(`1,000 bills in 2 minutes at ${best.toFixed(2)} CPU-s a bill (workers + API): ${Math.ceil((1000 * best) / 120)} busy cores`);
process.stdout.write(`${out.join('\n')}\n`);
