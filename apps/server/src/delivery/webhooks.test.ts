/**
 * Webhooks against a real local HTTP receiver: signed POSTs for finished jobs, retries with backoff
 * after a failure, delivery history, URL validation and tenant isolation.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp } from '../../test/harness.ts';
import { waitFor } from '../../test/pipeline-helpers.ts';
import { startWorkers } from '../queue/workers.ts';
import { deliverJob, enqueueDelivery } from '../pipeline/deliver.ts';
import { finishedJob } from './finished-job-fixture.ts';
import { verifySignature } from './sign-payload.ts';
import { privateTargetProblem } from './webhook-url.ts';

interface Received { path: string; headers: IncomingHttpHeaders; body: string }

let t: TestApp;
let receiver: Server;
let base: string;
const received: Received[] = [];
/** Status codes to answer per path, consumed in order; 200 once a path's list is empty. */
const script = new Map<string, number[]>();

beforeAll(async () => {
  // The receiver listens on loopback, which the default configuration refuses (webhook-ssrf.test.ts covers that).
  t = await startTestApp({ WEBHOOK_RETRY_LIMIT: '2', WEBHOOK_RETRY_DELAY_SECONDS: '1', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
  await startWorkers(t.ctx, ['deliver-job', 'deliver-webhook']);
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      const code = script.get(req.url ?? '')?.shift() ?? 200;
      res.writeHead(code).end(code === 200 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((r) => receiver?.close(r));
  await t?.close();
});

async function addHook(auth: Record<string, string>, path: string): Promise<{ id: string; secret: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: auth, payload: { url: `${base}${path}` } });
  expect(res.statusCode, res.body).toBe(200);
  const d = res.json().data;
  return { id: d.webhook.id, secret: d.secret };
}

const deliveries = async (auth: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/api/webhooks/deliveries', headers: auth })).json().data;
const hits = (path: string) => received.filter((r) => r.path === path);

describe('webhooks', () => {
  it('POSTs a signed job.completed event to each of the tenant\'s URLs and never to another tenant\'s', async () => {
    const a = await createTestUser(t.ctx);
    const b = await createTestUser(t.ctx);
    const hook = await addHook(a.auth, '/a-done');
    await addHook(b.auth, '/b-done');
    const list = (await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: a.auth })).json().data;
    expect(list).toEqual([expect.objectContaining({ id: hook.id, url: `${base}/a-done`, isActive: true, events: ['job.completed', 'job.failed', 'job.needs_review'] })]);
    expect(JSON.stringify(list)).not.toContain(hook.secret);
    const stored = await t.ctx.db.query<{ secret: string }>('SELECT secret FROM webhooks WHERE id = $1', [hook.id]);
    expect(stored.rows[0]!.secret).toMatch(/^v1:/); // encrypted at rest, never the secret itself
    expect(stored.rows[0]!.secret).not.toContain(hook.secret);

    const job = await finishedJob(t.ctx, a.tenantId, { status: 'Completed' });
    await enqueueDelivery(t.ctx, { tenantId: a.tenantId, jobId: job.jobId });
    const got = await waitFor(async () => hits('/a-done')[0], 'webhook POST', 15_000);

    const sig = String(got.headers['x-ladingwise-signature']);
    const [, ts, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(sig) ?? [];
    expect(v1).toBe(createHmac('sha256', hook.secret).update(`${ts}.${got.body}`).digest('hex'));
    expect(verifySignature(hook.secret, got.body, sig, Math.floor(Date.now() / 1000))).toBe(true);
    expect(verifySignature('whsec_wrong', got.body, sig, Math.floor(Date.now() / 1000))).toBe(false);
    expect(got.headers['x-ladingwise-event']).toBe('job.completed');
    expect(got.headers['content-type']).toBe('application/json');
    const body = JSON.parse(got.body);
    expect(body).toMatchObject({ event: 'job.completed', jobId: job.jobId, status: 'Completed', fileName: 'bol.jpg', isa: job.isa, errorMessage: null });
    expect(body.ediUrls).toEqual([expect.stringMatching(new RegExp(`/api/processing/job/${job.jobId}/edi\\?type=204$`))]);
    expect(body.ediDocuments[0].content).toBe(job.edi);

    const history = await waitFor(async () => {
      const d = await deliveries(a.auth);
      return d[0]?.status === 'succeeded' ? d : undefined;
    }, 'delivery recorded');
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ id: got.headers['x-ladingwise-delivery'], webhookId: hook.id, jobId: job.jobId, attempts: 1, lastStatusCode: 200 });
    expect(hits('/b-done')).toHaveLength(0);
    expect(await deliveries(b.auth)).toEqual([]);
  });

  it('retries a failed POST with backoff until the receiver accepts it, recording every attempt', async () => {
    const u = await createTestUser(t.ctx);
    await addHook(u.auth, '/flaky');
    script.set('/flaky', [500]);
    const job = await finishedJob(t.ctx, u.tenantId, { status: 'Failed', error: 'The image is too blurry to read.' });
    await enqueueDelivery(t.ctx, { tenantId: u.tenantId, jobId: job.jobId });
    const done = await waitFor(async () => {
      const d = await deliveries(u.auth);
      return d[0]?.status === 'succeeded' ? d[0] : undefined;
    }, 'retried delivery', 20_000);
    expect(done.attemptLog.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 200]);
    expect(done.attemptLog[0].error).toBe('HTTP 500');
    const [first, second] = hits('/flaky');
    // The same delivery and the same bytes on every attempt.
    expect(second!.headers['x-ladingwise-delivery']).toBe(first!.headers['x-ladingwise-delivery']);
    expect(second!.body).toBe(first!.body);
    expect(JSON.parse(second!.body)).toMatchObject({ event: 'job.failed', status: 'Failed', errorMessage: 'The image is too blurry to read.', ediUrls: [] });
  });

  it('gives up after the retry limit and marks the delivery failed', async () => {
    const u = await createTestUser(t.ctx);
    await addHook(u.auth, '/down');
    script.set('/down', [503, 503, 503, 503, 503]);
    const job = await finishedJob(t.ctx, u.tenantId, { status: 'Completed' });
    await enqueueDelivery(t.ctx, { tenantId: u.tenantId, jobId: job.jobId });
    const failed = await waitFor(async () => {
      const d = await deliveries(u.auth);
      return d[0]?.status === 'failed' ? d[0] : undefined;
    }, 'failed delivery', 30_000);
    // One attempt plus WEBHOOK_RETRY_LIMIT (2) retries.
    expect(failed.attempts).toBe(3);
    expect(failed.lastError).toBe('HTTP 503');
  }, 40_000);

  it('sends a signed test event on demand and reports only whether it was accepted', async () => {
    const u = await createTestUser(t.ctx);
    const hook = await addHook(u.auth, '/test-me');
    const res = await t.app.inject({ method: 'POST', url: `/api/webhooks/${hook.id}/test`, headers: u.auth });
    expect(res.json().data).toEqual({ deliveryId: expect.any(String), delivered: true });
    const refusedHook = await addHook(u.auth, '/test-refused');
    script.set('/test-refused', [503]);
    const refused = await t.app.inject({ method: 'POST', url: `/api/webhooks/${refusedHook.id}/test`, headers: u.auth });
    // No status code, error text or timing: the call must not tell an open port from a closed one.
    expect(refused.json().data).toEqual({ deliveryId: expect.any(String), delivered: false });
    const got = hits('/test-me')[0]!;
    expect(got.headers['x-ladingwise-event']).toBe('webhook.test');
    expect(verifySignature(hook.secret, got.body, String(got.headers['x-ladingwise-signature']), Math.floor(Date.now() / 1000))).toBe(true);
  });

  it('refuses URLs that are not http(s), and only the owner can delete or test a webhook', async () => {
    const a = await createTestUser(t.ctx);
    const b = await createTestUser(t.ctx);
    for (const url of ['ftp://example.com/x', 'not a url', 'javascript:alert(1)', 'file:///etc/passwd', '', 'https://user:pw@example.com/']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: a.auth, payload: { url } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining('valid http:// or https:// URL') });
    }
    const hook = await addHook(a.auth, '/mine');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/webhooks/${hook.id}`, headers: b.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/webhooks/${hook.id}/test`, headers: b.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/webhooks/${hook.id}`, headers: a.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: a.auth })).json().data).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/webhooks/not-a-uuid', headers: a.auth })).statusCode).toBe(404);
  });

  it('sends nothing for a job that is not finished, nor once the account is deleted', async () => {
    const u = await createTestUser(t.ctx);
    await addHook(u.auth, '/gone');
    const running = await finishedJob(t.ctx, u.tenantId, { status: 'Completed' });
    await t.ctx.db.query(`UPDATE jobs SET status = 'InProgress', stage = 'processing' WHERE id = $1`, [running.jobId]);
    await deliverJob(t.ctx, { tenantId: u.tenantId, jobId: running.jobId });
    expect(await deliveries(u.auth)).toEqual([]);
    const done = await finishedJob(t.ctx, u.tenantId, { status: 'Completed' });
    await t.ctx.db.query('UPDATE tenants SET deleted_at = now() WHERE id = $1', [u.tenantId]);
    await deliverJob(t.ctx, { tenantId: u.tenantId, jobId: done.jobId });
    const { rows } = await t.ctx.db.query('SELECT id FROM webhook_deliveries WHERE tenant_id = $1', [u.tenantId]);
    expect(rows).toEqual([]);
  });

  it('blocks private-network targets only when WEBHOOK_ALLOW_PRIVATE_TARGETS is false', async () => {
    for (const u of ['http://127.0.0.1:9/x', 'http://10.1.2.3/', 'http://192.168.0.10/', 'http://169.254.169.254/latest', 'http://[::1]/', 'http://localhost/']) {
      expect(await privateTargetProblem(new URL(u), false), u).toMatch(/private/);
      expect(await privateTargetProblem(new URL(u), true)).toBeNull();
    }
    expect(await privateTargetProblem(new URL('http://93.184.216.34/'), false)).toBeNull();
  });
});
