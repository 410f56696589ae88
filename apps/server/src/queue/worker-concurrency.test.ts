import { availableParallelism } from 'node:os';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp } from '../../test/harness.ts';
import { setReviewPolicy, typedBol, upload, waitFor } from '../../test/pipeline-helpers.ts';
import { startWorkers } from './workers.ts';

/** Log lines as objects, kept in memory (the extractor reports how many OCR engines it started). */
function memoryLogger(): { logger: pino.Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({ write(chunk: Buffer, _enc, done) { lines.push(JSON.parse(chunk.toString())); done(); } });
  return { logger: pino({ level: 'info' }, stream), lines };
}

/**
 * The most documents of a tenant that were being read at one moment, from the product's own job times: started_at
 * (claimed) and completed_at (the completion's transaction) are both set inside the handler, so each span lies within
 * one slot's work. The queue's own start and finish times do not: a job may be marked completed after its worker has
 * fetched the next one, so two spans of one slot can overlap by a few milliseconds and count it twice.
 */
async function mostAtOnce(t: TestApp, tenantId: string): Promise<number> {
  const { rows } = await t.ctx.db.query<{ started_at: Date; completed_at: Date }>(
    'SELECT started_at, completed_at FROM jobs WHERE tenant_id = $1 AND started_at IS NOT NULL AND completed_at IS NOT NULL', [tenantId]);
  const spans = rows.map((r) => [new Date(r.started_at).getTime(), new Date(r.completed_at).getTime()] as const);
  return Math.max(0, ...spans.map(([at]) => spans.filter(([s, e]) => s <= at && e > at).length));
}

/**
 * Queues `documents` bills before any worker runs, starts the workers of `ladingwise serve`, and waits until each
 * job has left InProgress; returns how many ran at once and how many OCR engines the extractor started.
 */
async function runQueued(t: TestApp, lines: Array<Record<string, unknown>>, documents: number): Promise<{ atOnce: number; engines: unknown }> {
  const u = await createTestUser(t.ctx);
  await setReviewPolicy(t.app, u.auth, 'never');
  const image = await typedBol();
  const ids: string[] = [];
  for (let i = 0; i < documents; i++) {
    const res = await upload(t.app, u.auth, [{ filename: `bol-${i}.png`, data: image, contentType: 'image/png' }]);
    expect(res.statusCode).toBe(200);
    ids.push(res.json().data.jobId);
  }
  const workers = await startWorkers(t.ctx, ['process-document']);
  try {
    for (const id of ids) {
      await waitFor(async () => {
        const res = await t.app.inject({ method: 'GET', url: `/api/processing/jobs?jobId=${id}`, headers: u.auth });
        return res.json().data.jobs[0].Status === 'InProgress' ? undefined : true;
      }, `job ${id} to finish`, 180_000);
    }
  } finally {
    await workers.stop();
  }
  return { atOnce: await mostAtOnce(t, u.tenantId), engines: lines.find((l) => l.msg === 'OCR engines started')?.workers };
}

// An operator sizes worker processes by this: WORKER_CONCURRENCY documents at once, each on its own OCR engine, and
// by default one per CPU core (README, "Scaling out"; docs/pipeline.md).
describe('documents a worker process reads at once', () => {
  let t: TestApp | undefined;
  afterEach(async () => { await t?.close(); t = undefined; });

  it('is one per CPU core when WORKER_CONCURRENCY is not set', async () => {
    const cores = availableParallelism();
    const log = memoryLogger();
    t = await startTestApp({ OCR_LANGUAGES: 'eng' }, { logger: log.logger });
    expect(t.config.WORKER_CONCURRENCY).toBe(cores);
    // One more document than slots: the last waits for a free slot instead of running beside the others.
    expect(await runQueued(t, log.lines, cores + 1)).toEqual({ atOnce: cores, engines: cores });
  }, 240_000);

  it('is WORKER_CONCURRENCY when it is set', async () => {
    const slots = availableParallelism() === 3 ? 2 : 3;
    const log = memoryLogger();
    t = await startTestApp({ OCR_LANGUAGES: 'eng', WORKER_CONCURRENCY: String(slots) }, { logger: log.logger });
    expect(await runQueued(t, log.lines, slots + 1)).toEqual({ atOnce: slots, engines: slots });
  }, 240_000);
});
