import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp } from '../../test/harness.ts';
import { BOL_JPEG, setReviewPolicy, upload, waitFor } from '../../test/pipeline-helpers.ts';
import { checkInterchange } from './libraries.ts';
import { listOutboundFiles } from '../sftp/outbound-store.ts';
import { startWorkers } from '../queue/workers.ts';

/** A JPEG whose header is real but whose image data is garbage: accepted at upload, refused by the decoder. */
const CORRUPT_JPEG = Buffer.concat([BOL_JPEG.subarray(0, 600), Buffer.alloc(4000, 0x55)]);

// Real OCR, real X12 writing and delivery: every worker of `ladingwise serve`, in process, on the test database.
describe('pipeline end to end', () => {
  let t: TestApp;
  let workers: { stop(): Promise<void> };
  beforeAll(async () => {
    t = await startTestApp({ WORKER_CONCURRENCY: '2', OCR_LANGUAGES: 'eng' });
    workers = await startWorkers(t.ctx);
  }, 60_000);
  afterAll(async () => {
    await workers?.stop();
    await t?.close();
  });

  const jobOf = async (auth: Record<string, string>, id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/processing/jobs?jobId=${id}`, headers: auth })).json().data.jobs[0];
  const finished = (auth: Record<string, string>, id: string) =>
    waitFor(async () => {
      const j = await jobOf(auth, id);
      return j.Status === 'InProgress' ? undefined : j;
    }, `job ${id} to finish`, 120_000);
  const balance = async (auth: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/billing/balance', headers: auth });
    return res.statusCode === 200 ? JSON.stringify(res.json().data) : null;
  };
  const audits = async (id: string, action: string) =>
    (await t.ctx.db.query('SELECT 1 FROM audit_log WHERE target_id = $1 AND action = $2', [id, action])).rows.length;

  let completed: { auth: Record<string, string>; tenantId: string; id: string; job: Record<string, any> };

  it('turns a real bill of lading into a Completed job with a 204 and a 211 that pass the X12 check', async () => {
    const u = await createTestUser(t.ctx);
    // This test is about automatic delivery: nothing waits for review (the review gate has its own tests).
    await setReviewPolicy(t.app, u.auth, 'never');
    const res = await upload(t.app, u.auth, [{ filename: 'd010.jpg', data: BOL_JPEG }], { EdiSenderId: 'lwsender', EdiReceiverId: 'PARTNER/01' });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.jobId;
    const job = await finished(u.auth, id);
    expect(job.ErrorMessage).toBeNull();
    expect(job).toMatchObject({ Status: 'Completed', StatusIcon: 'Completed', ProcessingType: '204', EdiInterchangeSenderId: 'LWSENDER' });
    expect(job.CompletedAt).toBeTruthy();
    expect(job.EdiDocuments.map((d: { Type: string }) => d.Type)).toEqual(['204', '211']);
    expect(job.EDIContent).toBe(job.EdiDocuments[0].Content);
    expect(job.ISAControlNumber).toMatch(/^\d{9}$/);
    expect(job.ExtractedData.ISAControlNumber).toBe(job.ISAControlNumber);
    expect(job.ExtractedData.Edi).toBe(job.EDIContent);
    for (const doc of job.EdiDocuments) {
      const check = checkInterchange(doc.Content);
      expect(check.issues).toEqual([]);
      expect(check.ok).toBe(true);
      expect(String(check.type)).toBe(doc.Type);
    }
    expect(new Set(job.EdiDocuments.map((d: { ISAControlNumber: string }) => d.ISAControlNumber)).size).toBe(2);
    expect(job.ExtractedData.Shipper?.Name ?? '').toMatch(/ORION/i);
    expect(await audits(id, 'job.complete')).toBe(1);
    completed = { auth: u.auth, tenantId: u.tenantId, id, job };
  }, 150_000);

  it('downloads the EDI as text named <receiverId>_<ISA>.txt with unsafe characters replaced', async () => {
    const { auth, id, job } = completed;
    const res = await t.app.inject({ method: 'GET', url: `/api/processing/job/${id}/edi?type=204`, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="PARTNER_01_${job.ISAControlNumber}.txt"`);
    expect(res.body).toBe(job.EDIContent);
  });

  it('keeps every correction as a version and rebuilds the EDI from the corrected data', async () => {
    const { auth, tenantId, id, job } = completed;
    const corrected = { ...job.ExtractedData, shipper: { ...job.ExtractedData.Shipper, name: 'CORRECTED SHIPPER INC' } };
    delete corrected.Shipper;
    const put = await t.app.inject({ method: 'PUT', url: `/api/processing/job/${id}/data`, headers: auth, payload: corrected });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.ExtractedData.Shipper.Name).toBe('CORRECTED SHIPPER INC');
    expect(put.json().data.DataVersion).toBe(2);
    const versions = await t.ctx.db.query<{ version: number; source: string }>(
      'SELECT version, source FROM extracted_data_versions WHERE job_id = $1 AND tenant_id = $2 ORDER BY version', [id, tenantId]);
    expect(versions.rows).toEqual([{ version: 1, source: 'extraction' }, { version: 2, source: 'correction' }]);
    // Saving does not touch the EDI until it is rebuilt.
    expect(put.json().data.EDIContent).toBe(job.EDIContent);

    const gen = await t.app.inject({ method: 'POST', url: `/api/processing/job/${id}/generate-edi`, headers: auth, payload: { documentType: '211' } });
    expect(gen.statusCode).toBe(200);
    const after = gen.json().data;
    expect(after.ProcessingType).toBe('211');
    expect(after.EDIContent).toContain('CORRECTED SHIPPER INC');
    expect(checkInterchange(after.EDIContent).ok).toBe(true);
    expect(Number(after.ISAControlNumber)).toBeGreaterThan(Math.max(...job.EdiDocuments.map((d: { ISAControlNumber: string }) => Number(d.ISAControlNumber))));
    // The rebuilt interchange is delivered like the first: it appears in the tenant's /outbound folder.
    const outbound = await waitFor(async () => {
      const files = await listOutboundFiles(t.ctx.db, tenantId);
      return files.find((f) => f.name.includes(after.ISAControlNumber)) ?? undefined;
    }, 'the rebuilt EDI in /outbound', 20_000);
    expect(outbound.name).toBe(`PARTNER_01_${after.ISAControlNumber}_211.x12`);
    const bad = await t.app.inject({ method: 'POST', url: `/api/processing/job/${id}/generate-edi`, headers: auth, payload: { documentType: '210' } });
    expect(bad.statusCode).toBe(400);
  });

  it('fails a corrupt image with a message, charges nothing, and reprocesses it on request', async () => {
    const u = await createTestUser(t.ctx);
    const before = await balance(u.auth);
    const res = await upload(t.app, u.auth, [{ filename: 'broken.jpg', data: CORRUPT_JPEG }]);
    expect(res.statusCode).toBe(200);
    const id = res.json().data.jobId;
    const job = await finished(u.auth, id);
    expect(job.Status).toBe('Failed');
    expect(job.ErrorMessage).toEqual(expect.any(String));
    expect(job.ErrorMessage.length).toBeGreaterThan(5);
    expect(job.EDIContent).toBeNull();
    expect(await balance(u.auth)).toBe(before);
    expect(await audits(id, 'job.complete')).toBe(0);

    const again = await t.app.inject({ method: 'POST', url: `/api/processing/job/${id}/reprocess`, headers: u.auth });
    expect(again.statusCode).toBe(200);
    const second = await finished(u.auth, id);
    expect(second.Status).toBe('Failed');
    expect(await audits(id, 'job.fail')).toBe(2);
    expect(await balance(u.auth)).toBe(before);
  }, 150_000);
});
