/**
 * The review gate end to end, with real OCR and every worker of `ladingwise serve` in process: the
 * three policies, a held document neither delivered nor charged, approval (concurrent, by user and
 * API key) charging once, a correction after delivery sent as a B2A*04 change, pages without a bill
 * of lading failing uncharged, every page of a multi-page TIFF served, and upload grouping.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp } from '../../test/harness.ts';
import { multiPageTiff, setReviewPolicy, textImage, typedBol, upload, waitFor } from '../../test/pipeline-helpers.ts';
import { listOutboundFiles } from '../sftp/outbound-store.ts';
import { startWorkers } from '../queue/workers.ts';

type Auth = Record<string, string>;

describe('review gate', () => {
  let t: TestApp;
  let workers: { stop(): Promise<void> };
  beforeAll(async () => {
    // The webhook target is a loopback address (nothing listens: only the recorded delivery is checked),
    // which the default configuration refuses.
    t = await startTestApp({ WORKER_CONCURRENCY: '2', OCR_LANGUAGES: 'eng', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
    workers = await startWorkers(t.ctx);
  }, 60_000);
  afterAll(async () => {
    await workers?.stop();
    await t?.close();
  });

  const jobOf = async (auth: Auth, id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/processing/jobs?jobId=${id}`, headers: auth })).json().data.jobs[0];
  const settled = (auth: Auth, id: string, timeoutMs = 120_000) =>
    waitFor(async () => {
      const j = await jobOf(auth, id);
      return j.Status === 'InProgress' ? undefined : j;
    }, `job ${id} to leave InProgress`, timeoutMs);
  const balance = async (auth: Auth) => JSON.stringify((await t.app.inject({ method: 'GET', url: '/api/billing/balance', headers: auth })).json().data);
  const charges = async (jobId: string) =>
    (await t.ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM credit_transactions WHERE job_id = $1 AND kind = 'charge'", [jobId])).rows[0]!.n;
  const webhookEvents = async (jobId: string) =>
    (await t.ctx.db.query<{ event: string }>('SELECT event FROM webhook_deliveries WHERE job_id = $1 ORDER BY created_at', [jobId])).rows.map((r) => r.event);
  const outboundFor = async (tenantId: string, isa: string) => (await listOutboundFiles(t.ctx.db, tenantId)).filter((f) => f.name.includes(isa));
  const uploadOne = async (auth: Auth, name: string, data: Buffer) => {
    const res = await upload(t.app, auth, [{ filename: name, data, contentType: 'image/png' }]);
    expect(res.statusCode).toBe(200);
    return res.json().data.jobId as string;
  };
  /** A reviewer's complete data for the typed bill: the addresses OCR left out of the parties, filled in. */
  const reviewed = (data: Record<string, any>) => ({
    ...data,
    Shipper: { ...data.Shipper, Address: '120 Main St', City: 'Dayton', State: 'OH', Zip: '45402' },
    Consignee: { ...data.Consignee, Address: '55 Harbor Dr', City: 'Toledo', State: 'OH', Zip: '43604' },
    Dates: { Pickup: '2026-11-20', Delivery: '2026-11-24' },
  });

  let held: { auth: Auth; tenantId: string; id: string; job: Record<string, any> };

  it('holds an unsure document by default: its data and pages are visible, nothing is delivered or charged, a job.needs_review webhook goes out', async () => {
    const u = await createTestUser(t.ctx);
    const settings = (await t.app.inject({ method: 'GET', url: '/api/admin/user/settings', headers: u.auth })).json().data;
    expect(settings).toMatchObject({ reviewPolicy: 'when-unsure', reviewThreshold: 0.9 });
    const hook = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: u.auth, payload: { url: 'http://127.0.0.1:9/hook' } });
    expect(hook.statusCode).toBe(200);
    const before = await balance(u.auth);

    const id = await uploadOne(u.auth, 'typed.png', await typedBol());
    const job = await settled(u.auth, id);
    expect(job).toMatchObject({ Status: 'NeedsReview', StatusIcon: 'NeedsReview', Stage: 'done', EdiDocuments: [], EDIContent: null, ISAControlNumber: null });
    expect(job.ExtractedData.References.BolNumber).toBe('4471902');
    expect(job.ExtractedData.Validation.length).toBeGreaterThan(0);
    expect(job.ExtractedData.PageSizes).toEqual([{ width: 900, height: 380 }]);
    expect(job.DisplayUrls).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: job.DisplayUrls[0], headers: u.auth })).statusCode).toBe(200);

    await waitFor(async () => ((await webhookEvents(id)).length ? true : undefined), 'the needs_review webhook delivery', 20_000);
    expect(await webhookEvents(id)).toEqual(['job.needs_review']);
    expect(await listOutboundFiles(t.ctx.db, u.tenantId)).toEqual([]);
    expect(await charges(id)).toBe(0);
    expect(await balance(u.auth)).toBe(before);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/processing/jobs?status=NeedsReview', headers: u.auth })).json().data;
    expect(listed.jobs.map((j: { JobId: string }) => j.JobId)).toEqual([id]);
    held = { auth: u.auth, tenantId: u.tenantId, id, job };
  }, 150_000);

  it('holds every document under "always" and delivers at once under "never"', async () => {
    const always = await createTestUser(t.ctx);
    const never = await createTestUser(t.ctx);
    await setReviewPolicy(t.app, always.auth, 'always');
    await setReviewPolicy(t.app, never.auth, 'never');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/user/settings', headers: always.auth })).json().data.reviewPolicy).toBe('always');
    const image = await typedBol('5500123');
    const [a, n] = await Promise.all([uploadOne(always.auth, 'a.png', image), uploadOne(never.auth, 'n.png', image)]);
    const [heldJob, doneJob] = await Promise.all([settled(always.auth, a), settled(never.auth, n)]);
    expect(heldJob.Status).toBe('NeedsReview');
    expect(await charges(a)).toBe(0);
    expect(doneJob.Status).toBe('Completed');
    expect(doneJob.EdiDocuments.map((d: { Type: string }) => d.Type)).toEqual(['204', '211']);
    expect(await charges(n)).toBe(1);
    await waitFor(async () => ((await listOutboundFiles(t.ctx.db, never.tenantId)).length === 2 ? true : undefined), 'the two /outbound files', 20_000);
    const bad = await t.app.inject({ method: 'PUT', url: '/api/admin/user/settings', headers: never.auth, payload: { reviewPolicy: 'sometimes' } });
    expect(bad.statusCode).toBe(400);
  }, 150_000);

  it('approves once however many requests race (users and API keys), builds checked EDI from the reviewed data, delivers it and charges once', async () => {
    const { auth, tenantId, id, job } = held;
    const key = (await t.app.inject({ method: 'POST', url: '/api/apikeys', headers: auth, payload: { name: 'tms' } })).json().data.apiKey.key as string;
    const body = reviewed(job.ExtractedData);
    const answers = await Promise.all([
      t.app.inject({ method: 'POST', url: `/api/processing/job/${id}/approve`, headers: auth, payload: body }),
      t.app.inject({ method: 'POST', url: `/api/processing/job/${id}/approve`, headers: { 'x-api-key': key }, payload: body }),
      t.app.inject({ method: 'POST', url: `/api/processing/job/${id}/approve`, headers: auth, payload: body }),
    ]);
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThan(0);

    const done = await jobOf(auth, id);
    expect(done.Status).toBe('Completed');
    expect(done.ExtractedData.Validation).toEqual([]);
    expect(done.ExtractedData.Shipper.Zip).toBe('45402');
    for (const d of done.EdiDocuments) {
      expect(d.Content).toMatch(/B2A\*00/);
      expect(d.Content).toContain('N4*Dayton*OH*45402~');
    }
    expect(await charges(id)).toBe(1);
    const audit = await t.ctx.db.query<{ actor: string; details: any }>("SELECT actor, details FROM audit_log WHERE target_id = $1 AND action = 'job.approve'", [id]);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.actor).toMatch(/\S/);
    const details = typeof audit.rows[0]!.details === 'string' ? JSON.parse(audit.rows[0]!.details) : audit.rows[0]!.details;
    // The audit names exactly the fields the reviewer's data changed (which ones depends on what OCR read).
    const before = (path: string) => { const [g, k] = path.split('.') as [string, string]; return job.ExtractedData[g]?.[k] ?? null; };
    const after = (path: string) => { const [g, k] = path.split('.') as [string, string]; return (body as Record<string, any>)[g][k]; };
    const edited = ['Shipper.Address', 'Shipper.City', 'Shipper.State', 'Shipper.Zip', 'Consignee.Address', 'Consignee.City', 'Consignee.State', 'Consignee.Zip', 'Dates.Pickup', 'Dates.Delivery']
      .filter((path) => String(before(path) ?? '') !== String(after(path)));
    expect(edited.length).toBeGreaterThan(0);
    expect(details.changed).toEqual(expect.arrayContaining(edited));
    expect(details.changed).not.toContain('Shipper.Name');

    await waitFor(async () => ((await listOutboundFiles(t.ctx.db, tenantId)).length === 2 ? true : undefined), 'the approved EDI in /outbound', 20_000);
    await waitFor(async () => ((await webhookEvents(id)).includes('job.completed') ? true : undefined), 'the completed webhook', 20_000);

    // Approving again changes nothing.
    const again = await t.app.inject({ method: 'POST', url: `/api/processing/job/${id}/approve`, headers: { 'x-api-key': key } });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.EdiDocuments).toEqual(done.EdiDocuments);
    expect(await charges(id)).toBe(1);
    held.job = done;
  }, 60_000);

  it('sends a correction after delivery as a B2A*04 change with a new ISA, withdraws the superseded /outbound file, keeps both in history and charges nothing', async () => {
    const { auth, tenantId, id, job } = held;
    const old204 = job.EdiDocuments.find((d: { Type: string }) => d.Type === '204');
    expect(await outboundFor(tenantId, old204.ISAControlNumber)).toHaveLength(1);
    const put = await t.app.inject({ method: 'PUT', url: `/api/processing/job/${id}/data`, headers: auth, payload: { ...job.ExtractedData, References: { ...job.ExtractedData.References, PoNumber: 'PO-77' } } });
    expect(put.statusCode).toBe(200);
    const gen = await t.app.inject({ method: 'POST', url: `/api/processing/job/${id}/generate-edi`, headers: auth, payload: { documentType: '204' } });
    expect(gen.statusCode).toBe(200);
    const after = gen.json().data;
    const new204 = after.EdiDocuments.find((d: { Type: string }) => d.Type === '204');
    expect(new204.Content).toMatch(/B2A\*04\*LT~/);
    expect(new204.Content).toContain('PO-77');
    expect(new204.Content.match(/B2\*[^~]*/)![0]).toBe(old204.Content.match(/B2\*[^~]*/)![0]);
    expect(Number(new204.ISAControlNumber)).toBeGreaterThan(Number(old204.ISAControlNumber));

    expect(await outboundFor(tenantId, old204.ISAControlNumber)).toEqual([]);
    await waitFor(async () => ((await outboundFor(tenantId, new204.ISAControlNumber)).length ? true : undefined), 'the change in /outbound', 20_000);
    expect(after.EdiHistory.filter((h: { Type: string }) => h.Type === '204')).toEqual([
      expect.objectContaining({ ISAControlNumber: old204.ISAControlNumber, Purpose: 'original', Current: false }),
      expect.objectContaining({ ISAControlNumber: new204.ISAControlNumber, Purpose: 'change', Current: true }),
    ]);
    expect(await charges(id)).toBe(1);
  }, 60_000);

  it('fails a blank page and a page of noise with "No bill of lading was found on page 1", uncharged', async () => {
    const u = await createTestUser(t.ctx);
    await setReviewPolicy(t.app, u.auth, 'never');
    const before = await balance(u.auth);
    const blank = await sharp({ create: { width: 850, height: 1100, channels: 3, background: '#ffffff' } }).png().toBuffer();
    let seed = 7;
    const rnd = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
    const noise = await sharp(Buffer.from(Array.from({ length: 240 * 220 }, () => Math.floor(rnd() * 256))), { raw: { width: 240, height: 220, channels: 1 } }).png().toBuffer();
    const res = await upload(t.app, u.auth, [{ filename: 'blank.png', data: blank, contentType: 'image/png' }, { filename: 'noise.png', data: noise, contentType: 'image/png' }]);
    const [blankId, noiseId] = res.json().data.jobIds as string[];
    // OCR takes longest on noise (every speck is a candidate letter): about 25 s on 2 idle cores.
    const [b, n] = await Promise.all([settled(u.auth, blankId!), settled(u.auth, noiseId!, 280_000)]);
    expect(b.Status).toBe('Failed');
    expect(b.ErrorMessage).toMatch(/^No bill of lading was found on page 1: the page looks blank\./);
    expect(n.Status).toBe('Failed');
    expect(n.ErrorMessage).toMatch(/^No bill of lading was found on page 1: no bill of lading labels or fields/);
    expect(await charges(blankId!) + await charges(noiseId!)).toBe(0);
    expect(await balance(u.auth)).toBe(before);
  }, 300_000);

  it('stores and serves every page of a 2-page TIFF, and the extractor reads both', async () => {
    const u = await createTestUser(t.ctx);
    await setReviewPolicy(t.app, u.auth, 'always');
    const tiff = await multiPageTiff([await textImage(['BILL OF LADING', 'BOL NUMBER: 7001'], 'png'), await textImage(['PAGE TWO', 'CONTINUED'], 'png')]);
    const res = await upload(t.app, u.auth, [{ filename: 'fax.tiff', data: tiff, contentType: 'image/tiff' }]);
    expect(res.json().data.jobIds).toHaveLength(1);
    const id = res.json().data.jobId;
    const job = await jobOf(u.auth, id);
    expect(job.ImageUrls).toEqual([`/api/image/${id}/0`, `/api/image/${id}/1`]);
    expect(job.DisplayUrls).toHaveLength(2);
    expect(job.ThumbnailUrls).toHaveLength(2);
    const shown = await Promise.all(job.DisplayUrls.map((url: string) => t.app.inject({ method: 'GET', url, headers: u.auth })));
    for (const s of shown) {
      expect(s.statusCode).toBe(200);
      expect(s.headers['content-type']).toBe('image/jpeg');
    }
    expect(shown[0]!.rawPayload.equals(shown[1]!.rawPayload)).toBe(false);
    const done = await settled(u.auth, id);
    expect(done.ExtractedData.PageSizes).toHaveLength(2);
  }, 150_000);

  it('makes one job per file by default and one job of all files with Grouping one-document', async () => {
    const u = await createTestUser(t.ctx);
    const blank = await sharp({ create: { width: 850, height: 1100, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const files = [{ filename: 'p1.png', data: blank, contentType: 'image/png' }, { filename: 'p2.png', data: blank, contentType: 'image/png' }];
    const perFile = (await upload(t.app, u.auth, files)).json().data;
    expect(perFile.jobIds).toHaveLength(2);
    expect(perFile.jobId).toBe(perFile.jobIds[0]);
    for (const id of perFile.jobIds) expect((await jobOf(u.auth, id)).ImageUrls).toHaveLength(1);

    const one = (await upload(t.app, u.auth, files, { Grouping: 'one-document' })).json().data;
    expect(one.jobIds).toEqual([one.jobId]);
    expect((await jobOf(u.auth, one.jobId)).ImageUrls).toHaveLength(2);
    const failed = await settled(u.auth, one.jobId);
    expect(failed.ErrorMessage).toMatch(/^No bill of lading was found on pages 1 and 2: the pages look blank\./);

    const bad = await upload(t.app, u.auth, files, { Grouping: 'pages' });
    expect(bad.statusCode).toBe(400);
  }, 150_000);
});
