import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import pino from 'pino';
import sharp from 'sharp';
import { emptyExtractedData, type ExtractedData } from '@ladingwise/shared';
import { loadConfig } from '../../config.ts';
import { secondOpinion } from './second-opinion.ts';
import { pageDataUrls, type PageImage } from './page-data-urls.ts';
import { ASKABLE_FIELDS } from './second-opinion-fields.ts';
import { startOpenAiChatStandIn, type OpenAiChatStandIn } from '../../../test/stand-ins/openai-chat-stand-in.ts';

const KEY = 'sk-test-secret-key-0123456789';
const MODEL = 'vision-test-model';

/** A 24-bit bottom-up BMP, white (the server reads BMP through the extract library's decoder). */
function bmp(width: number, height: number): Buffer {
  const row = Math.ceil((width * 3) / 4) * 4;
  const buf = Buffer.alloc(54 + row * height, 0xff);
  buf.write('BM', 0, 'ascii');
  buf.writeUInt32LE(buf.length, 2); buf.writeUInt32LE(0, 6); buf.writeUInt32LE(54, 10);
  buf.writeUInt32LE(40, 14); buf.writeInt32LE(width, 18); buf.writeInt32LE(height, 22);
  buf.writeUInt16LE(1, 26); buf.writeUInt16LE(24, 28); buf.writeUInt32LE(0, 30); buf.writeUInt32LE(row * height, 34);
  buf.writeInt32LE(2835, 38); buf.writeInt32LE(2835, 42); buf.writeUInt32LE(0, 46); buf.writeUInt32LE(0, 50);
  return buf;
}

/** Shipper.Name weak, Consignee.Zip missing, everything else sure. */
function reading(): ExtractedData {
  const d = emptyExtractedData();
  d.Shipper = { Name: 'ORION PET SUPPLY LTD', Address: '1 MAIN ST', City: 'FORT WAYNE', State: 'IN', Zip: '46802' };
  d.Consignee = { Name: 'PRAIRIE PET', Address: '2 DOCK RD', City: 'MOBILE', State: 'AL', Zip: null };
  d.ShipmentDetails = { ...d.ShipmentDetails, Weight: 1040, WeightUnit: 'L', Pieces: 7 };
  d.Dates.Pickup = '2026-01-01';
  d.References = { BolNumber: 'DT26062562', PoNumber: '18764623', OrderNumber: null, ProNumber: '42306599005' };
  d.FreightTerms = 'prepaid';
  for (const f of ASKABLE_FIELDS) d.ConfidenceScores[f.path] = 0.95;
  d.ConfidenceScores['Shipper.Name'] = 0.7;
  delete d.ConfidenceScores['Consignee.Zip'];
  return d;
}

describe('second-opinion step against a local OpenAI-compatible stand-in', () => {
  let standIn: OpenAiChatStandIn;
  let pages: PageImage[];
  let lines: string[];
  const log = () => pino({ level: 'info' }, new Writable({ write(chunk, _enc, cb) { lines.push(String(chunk)); cb(); } }));
  const config = (env: Record<string, string> = {}) => loadConfig({ VISION_API_BASE: standIn.url, VISION_API_KEY: KEY, VISION_MODEL: MODEL, ...env });

  beforeAll(async () => {
    standIn = await startOpenAiChatStandIn({ key: KEY, model: MODEL });
    const jpeg = await sharp({ create: { width: 3000, height: 1200, channels: 3, background: '#fff' } }).jpeg().toBuffer();
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#fff' } }).png().toBuffer();
    pages = [{ type: 'jpeg', bytes: jpeg }, { type: 'bmp', bytes: bmp(300, 200) }, { type: 'png', bytes: png }];
  });
  afterAll(async () => { await standIn?.close(); });
  beforeEach(() => { standIn.requests.length = 0; lines = []; });

  it('sends JPEG pages of at most 1600 px, BMP included', async () => {
    const urls = await pageDataUrls(pages, 4);
    expect(urls).toHaveLength(3);
    for (const u of urls) expect(u).toMatch(/^data:image\/jpeg;base64,/);
    const first = await sharp(Buffer.from(urls[0]!.split(',')[1]!, 'base64')).metadata();
    expect([first.format, first.width, first.height]).toEqual(['jpeg', 1600, 640]);
    const second = await sharp(Buffer.from(urls[1]!.split(',')[1]!, 'base64')).metadata();
    expect([second.width, second.height]).toEqual([300, 200]);
  });

  it('is off without VISION_API_BASE: no request, data unchanged', async () => {
    const d = reading();
    const out = await secondOpinion(loadConfig({}), log(), d, pages);
    expect(out).toBe(d);
    expect(standIn.requests).toHaveLength(0);
  });

  it('asks nothing when every core field is present and sure', async () => {
    const d = reading();
    d.ConfidenceScores['Shipper.Name'] = 0.95;
    d.Consignee!.Zip = '36602';
    d.ConfidenceScores['Consignee.Zip'] = 0.97;
    expect(await secondOpinion(config(), log(), d, pages)).toBe(d);
    expect(standIn.requests).toHaveLength(0);
  });

  it('asks about the weak fields only and merges the answer; logs field names, never values or the key', async () => {
    standIn.script = { kind: 'answer', answer: () => ({ Shipper_Name: 'Orion Pet Supply Ltd', Consignee_Zip: '36602', Shipper_City: 'ELSEWHERE' }) };
    const out = await secondOpinion(config({ VISION_MAX_PAGES: '2' }), log(), reading(), pages);
    expect(standIn.requests).toHaveLength(1);
    const req = standIn.requests[0]!;
    expect(req).toMatchObject({ authorization: `Bearer ${KEY}`, model: MODEL, images: 2, fields: ['Shipper_Name', 'Consignee_Zip'] });
    expect(req.system).toMatch(/JSON/);
    expect(out.ConfidenceScores['Shipper.Name']).toBe(0.9);
    expect(out.Consignee?.Zip).toBe('36602');
    expect(out.ConfidenceScores['Consignee.Zip']).toBe(0.8);
    expect(out.Shipper?.City).toBe('FORT WAYNE');
    expect(out.Warnings).toEqual(['Consignee.Zip read by the second-opinion model']);
    const logged = lines.join('\n');
    expect(logged).toContain('"replaced":["Consignee.Zip"]');
    expect(logged).toContain('"confirmed":["Shipper.Name"]');
    expect(logged).not.toContain(KEY);
    expect(logged).not.toContain('base64');
    expect(logged).not.toContain('36602');
  });

  const failures: Array<[string, () => void, RegExp, Record<string, string>?]> = [
    ['an HTTP 500', () => { standIn.script = { kind: 'status', status: 500 }; }, /^Second opinion unavailable: HTTP 500$/],
    ['a wrong key (401)', () => { standIn.script = { kind: 'answer', answer: () => ({}) }; }, /^Second opinion unavailable: HTTP 401$/, { VISION_API_KEY: 'sk-wrong' }],
    ['a body that is not JSON', () => { standIn.script = { kind: 'raw', body: '<html>gateway</html>' }; }, /^Second opinion unavailable: answer was not JSON$/],
    ['a body that is not a chat completion', () => { standIn.script = { kind: 'raw', body: '{"choices":[]}' }; }, /chat-completions format/],
    ['a field of the wrong type', () => { standIn.script = { kind: 'answer', answer: () => ({ Shipper_Name: { first: 'ORION' } }) }; }, /did not match the field schema/],
    ['no answer within the timeout', () => { standIn.script = { kind: 'hang' }; }, /^Second opinion unavailable: no answer within 300 ms$/, { VISION_TIMEOUT_MS: '300' }],
  ];
  for (const [what, script, warning, env] of failures) {
    it(`keeps the OCR result with one warning on ${what}`, async () => {
      script();
      const d = reading();
      const started = Date.now();
      const out = await secondOpinion(config(env), log(), d, pages);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(out.Warnings).toHaveLength(1);
      expect(out.Warnings[0]).toMatch(warning);
      expect({ ...out, Warnings: [] }).toEqual(d);
      expect(lines.join('\n')).toContain('"level":40');
      expect(lines.join('\n')).not.toContain(KEY);
    });
  }
});
