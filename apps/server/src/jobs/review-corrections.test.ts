/**
 * What a reviewer does field by field, through the API the review screen uses: commodity lines corrected like any
 * other field (checked line by line, audited line by line, in the EDI), a flagged field confirmed as right (its
 * flag cleared and audited, nothing sent), and an approval that says which flagged fields a person checked.
 * No workers: each job is put on hold with known data by the review gate's own function.
 */
import { emptyExtractedData, type ExtractedData } from '@ladingwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp } from '../../test/harness.ts';
import { BOL_JPEG, upload } from '../../test/pipeline-helpers.ts';
import { holdForReview } from '../pipeline/review-gate.ts';

type Auth = Record<string, string>;

/** A bill a reviewer could send as it is, with two fields the reader was unsure of and where each was read. */
function heldData(): ExtractedData {
  return {
    ...emptyExtractedData(),
    Shipper: { Name: 'Orion Pet Supply', Address: '120 Main St', City: 'Dayton', State: 'OH', Zip: '45402', Country: 'US' },
    Consignee: { Name: 'Harbor Foods', Address: '55 Harbor Dr', City: 'Toledo', State: 'OH', Zip: '43604', Country: 'US' },
    Carrier: { Name: 'Blue Line Freight', Scac: 'BLFT' },
    ShipmentDetails: { Weight: 1200, WeightUnit: 'L', Pieces: 3, HandlingUnits: 1, Commodity: 'Dog food', FreightClass: '70' },
    Dates: { Pickup: '2026-11-20', Delivery: '2026-11-24' },
    References: { BolNumber: 'BOL-5521', PoNumber: 'PO-88', OrderNumber: null, ProNumber: null },
    FreightTerms: 'prepaid',
    ConfidenceScores: { 'Shipper.Name': 0.98, 'Consignee.Zip': 0.62, 'References.PoNumber': 0.55 },
    FieldSources: { 'Consignee.Zip': { page: 0, bbox: [400, 300, 480, 320] } },
    PageSizes: [{ width: 1700, height: 2200, turn: 90 }],
  };
}

describe('reviewing field by field', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(); });
  afterAll(async () => { await t.close(); });

  async function heldJob(auth: Auth, tenantId: string): Promise<string> {
    const id = (await upload(t.app, auth, [{ filename: 'bol.jpg', data: BOL_JPEG }])).json().data.jobId as string;
    expect(await holdForReview(t.ctx, { id, tenant_id: tenantId, attempts: 1 }, heldData(), ['unsure'])).toBe(true);
    return id;
  }
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, auth: Auth, payload?: object) =>
    t.app.inject({ method, url: `/api/processing/job/${url}`, headers: auth, ...(payload ? { payload } : {}) });
  const audits = async (id: string, action: string) =>
    (await t.ctx.db.query<{ actor: string; details: unknown }>('SELECT actor, details FROM audit_log WHERE target_id = $1 AND action = $2 ORDER BY created_at', [id, action]))
      .rows.map((r) => ({ actor: r.actor, details: (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as Record<string, any> }));
  const charges = async (id: string) =>
    (await t.ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM credit_transactions WHERE job_id = $1 AND kind = 'charge'", [id])).rows[0]!.n;

  it('takes commodity lines like any field: each line checked, each change audited, every line in the 211', async () => {
    const u = await createTestUser(t.ctx);
    const id = await heldJob(u.auth, u.tenantId);
    const data = (await call('GET', id, u.auth)).json().data.ExtractedData as ExtractedData;
    const line = { HandlingUnits: 1, PackagingType: 'PLT', Pieces: 2, Weight: 800, Commodity: 'Dog food', FreightClass: '70' };

    // A bad line is named by its own path, so the screen can flag that line's field.
    const bad = await call('PUT', `${id}/data`, u.auth, { ...data, LineItems: [line, { ...line, Pieces: 1.5, Weight: 0 }] });
    expect(bad.statusCode).toBe(200);
    expect(bad.json().data.ExtractedData.Validation).toEqual(expect.arrayContaining([
      'LineItems.1.Weight must be a number above 0', 'LineItems.1.Pieces must be a whole number above 0',
    ]));
    // The preview builds one 211 line per commodity line before anything is sent.
    const lines = [line, { ...line, Pieces: 1, Weight: 400, Commodity: 'Cat litter', FreightClass: '85' }];
    const preview = (await call('POST', `${id}/edi-preview`, u.auth, { ...data, LineItems: lines })).json().data;
    expect(preview.ExtractedData.Validation).toEqual([]);
    const at4 = (text: string) => [...text.matchAll(/AT4\*([^~]*)~/g)].map((m) => m[1]);
    expect(at4(preview.Documents.find((d: { Type: string }) => d.Type === '211').Content)).toEqual(['Dog food', 'Cat litter']);

    const approved = await call('POST', `${id}/approve`, u.auth, { ...data, LineItems: lines });
    expect(approved.statusCode).toBe(200);
    const done = approved.json().data;
    expect(done.Status).toBe('Completed');
    expect(done.ExtractedData.LineItems).toEqual([expect.objectContaining({ Weight: 800 }), expect.objectContaining({ Weight: 400, Commodity: 'Cat litter' })]);
    expect(at4(done.EdiDocuments.find((d: { Type: string }) => d.Type === '211').Content)).toEqual(['Dog food', 'Cat litter']);
    // The stored version before it had the bad second line: the approval names the line fields it changed.
    const [approval] = await audits(id, 'job.approve');
    expect(approval!.details.changed).toEqual(expect.arrayContaining(['LineItems.1.Weight', 'LineItems.1.Pieces', 'LineItems.1.Commodity']));
    expect(approval!.details.changed).not.toContain('LineItems.0.Weight');

    // Removing a line after delivery is a correction like any other: audited as the line removed.
    const removed = await call('PUT', `${id}/data`, u.auth, { ...done.ExtractedData, LineItems: [lines[0]] });
    expect(removed.json().data.ExtractedData.LineItems).toHaveLength(1);
    expect((await audits(id, 'job.correct')).at(-1)!.details.changed).toEqual(['LineItems.1']);
  });

  it('confirms a flagged field as right: its flag clears, the audit names who and how sure the reader was, nothing is sent', async () => {
    const u = await createTestUser(t.ctx);
    const id = await heldJob(u.auth, u.tenantId);
    const res = await call('POST', `${id}/confirm`, u.auth, { fields: ['Consignee.Zip'] });
    expect(res.statusCode).toBe(200);
    const job = res.json().data;
    expect(job).toMatchObject({ Status: 'NeedsReview', EdiDocuments: [] });
    expect(job.ExtractedData.ConfidenceScores).toMatchObject({ 'Consignee.Zip': 1, 'References.PoNumber': 0.55 });
    expect(job.ExtractedData.Consignee.Zip).toBe('43604');
    const [confirmed] = await audits(id, 'job.confirm');
    expect(confirmed!.details.confirmed).toEqual({ 'Consignee.Zip': 0.62 });
    expect(confirmed!.actor).toMatch(/\S/);
    expect(await charges(id)).toBe(0);

    // Only field paths are taken.
    expect((await call('POST', `${id}/confirm`, u.auth, { fields: ['ConfidenceScores'] })).statusCode).toBe(400);
    expect((await call('POST', `${id}/confirm`, u.auth, { fields: [] })).statusCode).toBe(400);
    const other = await createTestUser(t.ctx);
    expect((await call('POST', `${id}/confirm`, other.auth, { fields: ['Consignee.Zip'] })).statusCode).toBe(404);
  });

  it('an approval lists the flagged fields a person confirmed and those it sent unchecked; confirming after delivery sends nothing again', async () => {
    const u = await createTestUser(t.ctx);
    const id = await heldJob(u.auth, u.tenantId);
    const data = (await call('GET', id, u.auth)).json().data.ExtractedData as ExtractedData;
    // The screen's draft: the PO number vouched for (score raised), the ZIP left alone.
    const approved = await call('POST', `${id}/approve`, u.auth, { ...data, ConfidenceScores: { ...data.ConfidenceScores, 'References.PoNumber': 1 } });
    expect(approved.statusCode).toBe(200);
    const [approval] = await audits(id, 'job.approve');
    expect(approval!.details.confirmed).toEqual(['References.PoNumber']);
    expect(approval!.details.unchecked).toEqual(['Consignee.Zip']);

    const sent = approved.json().data;
    const later = await call('POST', `${id}/confirm`, u.auth, { fields: ['Consignee.Zip'] });
    expect(later.statusCode).toBe(200);
    expect(later.json().data.ExtractedData.ConfidenceScores['Consignee.Zip']).toBe(1);
    expect(later.json().data.EdiDocuments).toEqual(sent.EdiDocuments);
    expect(await charges(id)).toBe(1);
  });

  it('keeps where each value was read: boxes and page turns come from the extraction, whatever a correction sends', async () => {
    const u = await createTestUser(t.ctx);
    const id = await heldJob(u.auth, u.tenantId);
    const data = (await call('GET', id, u.auth)).json().data.ExtractedData as ExtractedData;
    const moved = { ...data, FieldSources: { 'Consignee.Zip': { page: 0, bbox: [0, 0, 1, 1] } }, PageSizes: [{ width: 10, height: 10 }] };
    const saved = (await call('PUT', `${id}/data`, u.auth, moved)).json().data.ExtractedData;
    expect(saved.FieldSources).toEqual(heldData().FieldSources);
    expect(saved.PageSizes).toEqual([{ width: 1700, height: 2200, turn: 90 }]);
    // A value a person typed is no longer a guess.
    const typed = (await call('PUT', `${id}/data`, u.auth, { ...saved, Consignee: { ...saved.Consignee, Zip: '43605' } })).json().data.ExtractedData;
    expect(typed.ConfidenceScores['Consignee.Zip']).toBe(1);
  });
});
