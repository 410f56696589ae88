import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractFields } from '../src/fields/extract-fields.ts';
import { keepOwnScores } from '../src/fields/own-scores.ts';
import { kindOfField, readFieldsByKind, REREAD_HELD, rereadFieldsByKind } from '../src/fields/reread-by-kind.ts';
import type { Grey } from '../src/image/analyze.ts';
import { createHandRecogniser } from '../src/ocr/hand-recogniser.ts';
import { createLineRecogniser, type LineRecogniser } from '../src/ocr/line-recogniser.ts';
import { votingRecogniser } from '../src/ocr/vote.ts';
import type { ReadPage, Word } from '../src/types.ts';

// A shipper block whose territory was written by hand in a font the models never trained on (DkgHandwriting italic,
// Debian's fonts-dkg-handwriting: training/heldout/state-016.png, "NU"). The page pass took it for another code, NV.
const STATE_LINE = new URL('./fixtures/handwriting/state-016.png', import.meta.url).pathname;

let lines: LineRecogniser, vote: LineRecogniser;
beforeAll(async () => {
  lines = await createLineRecogniser();
  // The extractor's reader with handwritingReader on: PP-OCR and the handwriting model, each decoding under the kind.
  vote = votingRecogniser(await createLineRecogniser(), await createHandRecogniser());
});
afterAll(async () => { await lines.close(); await vote.close(); });

/** A white page with the handwritten line pasted where the block's state stands; the other words are typed in. */
async function page(stateRead: string): Promise<ReadPage> {
  const ink = await sharp(STATE_LINE).greyscale().resize({ height: 30 }).raw().toBuffer({ resolveWithObject: true });
  const W = 1200, H = 400, x = 250, y = 196, iw = ink.info.width;
  const data = new Uint8Array(W * H).fill(255);
  for (let r = 0; r < ink.info.height; r++) data.set(ink.data.subarray(r * iw, (r + 1) * iw), (y + r) * W + x);
  const grey: Grey = { width: W, height: H, data };
  const w = (text: string, bbox: Word['bbox'], line: string, confidence = 0.96): Word => ({ text, bbox, line, confidence, page: 0 });
  const words: Word[] = [
    w('SHIPPER', [100, 40, 220, 62], 'a'),
    w('MAPLE', [100, 90, 190, 112], 'b'), w('LEAF', [200, 90, 265, 112], 'b'), w('FOODS', [275, 90, 370, 112], 'b'), w('INC', [380, 90, 430, 112], 'b'),
    w('120', [100, 145, 150, 167], 'c'), w('KING', [160, 145, 230, 167], 'c'), w('ST', [240, 145, 270, 167], 'c'), w('W', [280, 145, 300, 167], 'c'),
    w('IQALUIT,', [100, 200, 236, 222], 'd'),
    w(stateRead, [x + 2, y + 3, x + iw - 2, y + 27], 'd', 0.5),
    w('X0A', [x + iw + 14, 200, x + iw + 70, 222], 'd'), w('0H0', [x + iw + 82, 200, x + iw + 135, 222], 'd'),
  ];
  return { index: 0, width: W, height: H, rotation: 0, words, barcodes: [], blank: false, toUpright: (b) => b, image: { grey, soft: grey, scale: 1 } };
}

describe('fields read again under their kind', () => {
  it('maps each field with a shape of its own to the kind it is decoded under', () => {
    expect(['Shipper.State', 'Consignee.Zip', 'Consignee.City', 'Dates.Pickup', 'ShipmentDetails.Weight', 'ShipmentDetails.Pieces', 'References.ProNumber', 'Carrier.Scac', 'ShipmentDetails.FreightClass'].map(kindOfField))
      .toEqual(['state', 'zip', 'city', 'date', 'weight', 'count', 'reference', 'scac', 'class']);
    expect(kindOfField('Shipper.Name')).toBeNull();
  });

  it('reads a handwritten territory the page pass took for another code as the one written, held for review', async () => {
    const p = await page('NV');
    const before = extractFields([p]);
    expect(before.Shipper?.State).toBe('NV');
    expect(before.ConfidenceScores['Shipper.State']).toBeLessThan(0.9);
    const { data, pages } = await rereadFieldsByKind([p], before, lines, (ps) => extractFields(ps));
    expect(data.Shipper).toMatchObject({ City: 'IQALUIT', State: 'NU', Zip: 'X0A 0H0' });
    expect(data.ConfidenceScores['Shipper.State']).toBeLessThanOrEqual(REREAD_HELD);
    // The words given back say what was read, where it was written.
    expect(pages[0]!.words.find((w) => w.text === 'NU')?.bbox[0]).toBeGreaterThanOrEqual(240);
    expect(pages[0]!.words.find((w) => w.text === 'NU')?.by).toBe('neural');
  });

  it('reads it so through the vote with the handwriting model as well', async () => {
    const p = await page('NV');
    const { data } = await rereadFieldsByKind([p], extractFields([p]), vote, (ps) => extractFields(ps));
    expect(data.Shipper?.State).toBe('NU');
  });

  it('reads a field left empty, whose words the tagger found but no parser read, under its kind', async () => {
    const p = await page('NV');
    const data = extractFields([p]);
    // As the extractor hands it on: the state left empty, where it stands known from the tagger.
    const unread = { 'Shipper.State': data.FieldSources!['Shipper.State']! };
    delete data.FieldSources!['Shipper.State'];
    delete data.ConfidenceScores['Shipper.State'];
    data.Shipper!.State = null;
    const readings = await readFieldsByKind([p], data, lines, undefined, unread);
    expect(readings.map((r) => [r.path, r.after.map((w) => w.text).join(' ')])).toEqual([['Shipper.State', 'NU']]);
  });

  it('leaves a value the product trusts as it was read', async () => {
    const p = await page('NV');
    const before = extractFields([p]);
    before.ConfidenceScores['Shipper.State'] = 0.95;
    expect(await readFieldsByKind([p], before, lines)).toEqual([]);
  });

  it('goes by the checks its reader made, not by the reported chance: a value that passed them is not read again', async () => {
    const p = await page('NV');
    const before = extractFields([p]);
    // The reported confidence (the confidence model's chance right) is low; the reader's own score says it passed.
    keepOwnScores(before, { ...before.ConfidenceScores, 'Shipper.State': 0.95 });
    before.ConfidenceScores['Shipper.State'] = 0.5;
    expect(await readFieldsByKind([p], before, lines)).toEqual([]);
    // And the other way round: a low own score is read again even when the reported chance is high.
    const doubted = extractFields([p]);
    keepOwnScores(doubted, { ...doubted.ConfidenceScores, 'Shipper.State': 0.5 });
    doubted.ConfidenceScores['Shipper.State'] = 0.95;
    expect((await readFieldsByKind([p], doubted, lines)).map((r) => r.path)).toEqual(['Shipper.State']);
  });

  it('leaves a value alone when its reading under the kind is what the page pass read', async () => {
    const p = await page('NU');
    const before = extractFields([p]);
    before.ConfidenceScores['Shipper.State'] = 0.6;
    expect(await readFieldsByKind([p], before, lines)).toEqual([]);
  });
});
