import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedData } from '@ladingwise/shared';
import { createTestUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { BOL_JPEG, upload, waitFor, setReviewPolicy } from '../../../test/pipeline-helpers.ts';
import { startOpenAiChatStandIn, type OpenAiChatStandIn } from '../../../test/stand-ins/openai-chat-stand-in.ts';
import { startWorkers } from '../../queue/workers.ts';
import { ASKABLE_FIELDS } from './second-opinion-fields.ts';

const KEY = 'sk-pipeline-test-key';
const MODEL = 'gpt-4o-mini';

/** A valid answer for each field that no OCR of the d010 form would give. */
const OTHER: Record<string, string> = {
  Shipper_Name: 'SECOND OPINION SHIPPER', Shipper_Address: '1 MODEL WAY', Shipper_City: 'SPRINGFIELD', Shipper_State: 'IL', Shipper_Zip: '62701',
  Consignee_Name: 'SECOND OPINION CONSIGNEE', Consignee_Address: '2 MODEL WAY', Consignee_City: 'AUSTIN', Consignee_State: 'TX', Consignee_Zip: '78701',
  ShipmentDetails_Weight: '4321 LB', ShipmentDetails_Pieces: '13', References_BolNumber: 'BOL777001', References_PoNumber: 'PO-880011',
  References_ProNumber: '9988776655', Dates_Pickup: '2026-03-15', FreightTerms: 'third party',
};

// The real pipeline (real OCR of a scanned BOL) with the second opinion pointed at a local stand-in.
describe('pipeline with a second-opinion provider', () => {
  let t: TestApp;
  let workers: { stop(): Promise<void> };
  let standIn: OpenAiChatStandIn;
  let ocrOnly: ExtractedData;
  let ocrOnlyCharges: unknown[];

  beforeAll(async () => {
    standIn = await startOpenAiChatStandIn({ key: KEY, model: MODEL });
    t = await startTestApp({ OCR_LANGUAGES: 'eng', VISION_API_BASE: standIn.url, VISION_API_KEY: KEY, VISION_MODEL: MODEL });
    workers = await startWorkers(t.ctx);
  }, 60_000);
  afterAll(async () => {
    await workers?.stop();
    await t?.close();
    await standIn?.close();
  });

  const run = async () => {
    const u = await createTestUser(t.ctx);
    // These tests are about the merged data of a delivered document, so nothing waits for review.
    await setReviewPolicy(t.app, u.auth, 'never');
    const res = await upload(t.app, u.auth, [{ filename: 'd010.jpg', data: BOL_JPEG }]);
    expect(res.statusCode).toBe(200);
    const id: string = res.json().data.jobId;
    const job = await waitFor(async () => {
      const j = (await t.app.inject({ method: 'GET', url: `/api/processing/job/${id}`, headers: u.auth })).json().data;
      return j.Status === 'InProgress' ? undefined : j;
    }, `job ${id} to finish`, 120_000);
    const charges = (await t.ctx.db.query("SELECT kind, amount FROM credit_transactions WHERE job_id = $1 AND kind = 'charge'", [id])).rows;
    return { job, data: job.ExtractedData as ExtractedData, charges };
  };
  const ours = (d: ExtractedData) => d.Warnings.filter((w) => !w.startsWith('Check: '));

  it('completes with the OCR result and one warning when the provider answers 500', async () => {
    standIn.script = { kind: 'status', status: 500 };
    const { job, data, charges } = await run();
    expect(job.Status).toBe('Completed');
    expect(job.ErrorMessage).toBeNull();
    expect(standIn.requests).toHaveLength(1);
    expect(ours(data)).toEqual(['Second opinion unavailable: HTTP 500']);
    expect(data.Shipper?.Name ?? '').toMatch(/ORION/i);
    ocrOnly = data;
    ocrOnlyCharges = charges;
  }, 150_000);

  it('asks about the weak fields only, keeps every sure field, confirms agreements at 0.9 and takes new values at 0.8', async () => {
    const weak = ASKABLE_FIELDS.filter((f) => { const v = f.get(ocrOnly); return v === null || (ocrOnly.ConfidenceScores[f.path] ?? 0) < 0.9; });
    expect(weak.length).toBeGreaterThan(0);
    // The first weak field OCR did read is answered the same (agreement); every other field, asked or not, differently.
    const agreeing = weak.find((f) => f.get(ocrOnly) !== null);
    standIn.requests.length = 0;
    standIn.script = { kind: 'answer', answer: () => ({ ...OTHER, ...(agreeing ? { [agreeing.key]: String(agreeing.get(ocrOnly)) } : {}) }) };
    const { job, data, charges } = await run();
    expect(job.Status).toBe('Completed');
    expect(charges).toEqual(ocrOnlyCharges);
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.requests[0]).toMatchObject({ authorization: `Bearer ${KEY}`, model: MODEL, images: 1, fields: weak.map((f) => f.key) });

    const warnings: string[] = [];
    for (const f of ASKABLE_FIELDS) {
      const before = ocrOnly.ConfidenceScores[f.path];
      if (!weak.includes(f)) {
        expect([f.path, f.get(data), data.ConfidenceScores[f.path]]).toEqual([f.path, f.get(ocrOnly), before]);
      } else if (f === agreeing) {
        expect([f.path, f.get(data), data.ConfidenceScores[f.path]]).toEqual([f.path, f.get(ocrOnly), Math.max(before ?? 0, 0.9)]);
      } else {
        expect([f.path, f.get(data), data.ConfidenceScores[f.path]]).toEqual([f.path, f.check(OTHER[f.key]!), 0.8]);
        warnings.push(`${f.path} read by the second-opinion model`);
      }
    }
    expect(ours(data)).toEqual(warnings);
    // The EDI is built from the merged data.
    const newRef = weak.find((f) => f !== agreeing && f.path.startsWith('References.'));
    if (newRef) expect(job.EDIContent).toContain(String(newRef.check(OTHER[newRef.key]!)));
  }, 150_000);
});
