import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodePages } from '../src/image/decode.ts';
import type { EngineWord, OcrWorker, Psm } from '../src/ocr/engine.ts';
import { readPage } from '../src/read-page.ts';

const fixture = new URL('./fixtures/shortform-clean.jpg', import.meta.url);

/** An engine whose page layout analysis finds nothing on the page, as Tesseract's did on a ruled handwritten form. */
function layoutBlindEngine(sparseWords: EngineWord[]): OcrWorker & { calls: Psm[] } {
  const calls: Psm[] = [];
  return { calls, recognize: async (_png: Buffer, psm: Psm) => { calls.push(psm); return psm === 11 ? sparseWords : []; }, close: async () => {} };
}

describe('reading a page', () => {
  it('falls back to sparse-text mode when page layout analysis returns (almost) no words', async () => {
    const [page] = await decodePages(readFileSync(fixture), { name: 'shortform-clean.jpg' });
    const words: EngineWord[] = ['SHIPPER', 'ACME', 'FOODS', 'INC'].map((text, i) => ({ text, confidence: 90, bbox: [100 + i * 200, 100, 280 + i * 200, 140], line: 'a' }));
    const engine = layoutBlindEngine(words);
    const read = await readPage(page!, 0, engine, () => {});
    expect(engine.calls.slice(0, 2)).toEqual([3, 11]);
    expect(read.words.map((w) => w.text)).toEqual(expect.arrayContaining(['SHIPPER', 'ACME', 'FOODS', 'INC']));
  });
});
