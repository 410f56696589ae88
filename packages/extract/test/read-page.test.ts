import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodePages } from '../src/image/decode.ts';
import type { Grey } from '../src/image/analyze.ts';
import type { EngineWord, OcrWorker, Psm } from '../src/ocr/engine.ts';
import { readPage } from '../src/read-page.ts';

const fixture = new URL('./fixtures/shortform-clean.jpg', import.meta.url);

/** An engine whose page layout analysis finds nothing on the page, as Tesseract's did on a ruled handwritten form. */
function layoutBlindEngine(sparseWords: EngineWord[]): OcrWorker & { calls: Psm[] } {
  const calls: Psm[] = [];
  return { calls, recognize: async (_image: Grey, psm: Psm) => { calls.push(psm); return psm === 11 ? sparseWords : []; }, close: async () => {} };
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

  describe('a page the page pass reads poorly', () => {
    // A block of words laid out as the OCR image sees it, at `scale` times the 1000 px page.
    const block = (texts: string[], confidence: number, scale: number): EngineWord[] => texts.flatMap((line, row) =>
      line.split(' ').map((text, i) => ({ text, confidence, bbox: [Math.round((60 + i * 130) * scale), Math.round((60 + row * 30) * scale), Math.round((180 + i * 130) * scale), Math.round((80 + row * 30) * scale)] as [number, number, number, number], line: `l${row}` })));
    const GOOD = ['SHIPPER', 'ACME FOODS INC', '120 MAIN ST', 'AUSTIN, TX 78701'];
    const GARBLED = ['SHPEER', 'ACNE FOODS IMC', 'I2O MAN SI', 'AUSIN, TK 7B7O1'];
    /** An engine that reads the page as `small` at its usual size and as `large` when it is enlarged to ~300 dpi. */
    function sizeDependentEngine(small: (scale: number) => EngineWord[], large: (scale: number) => EngineWord[]): OcrWorker & { widths: number[] } {
      const widths: number[] = [];
      return {
        widths,
        recognize: async ({ width }: Grey, psm: Psm) => {
          if (psm !== 3) return [];
          widths.push(width);
          return width >= 2500 ? large(width / 1000) : small(width / 1000);
        },
        close: async () => {},
      };
    }
    const lowResPage = async () => {
      const png = await sharp(readFileSync(fixture)).resize(1000).png().toBuffer();
      return (await decodePages(png, { name: 'low.png' }))[0]!;
    };

    it('reads it again enlarged and keeps the reading that gives more fields', async () => {
      const engine = sizeDependentEngine((k) => block(GARBLED, 40, k), (k) => block(GOOD, 92, k));
      const read = await readPage(await lowResPage(), 0, engine, () => {});
      // The page, its middle band turned half round (it reads no worse so: nothing of the page's text stands there),
      // then the page turned, both at the usual size (the first read so badly), then once enlarged in the better one.
      expect(engine.widths).toEqual([1900, 1900, 1900, 2550]);
      expect(read.words.map((w) => w.text)).toContain('78701');
    });

    it('reads a poor page once more whole only when its middle band reads better turned half round', async () => {
      const heights: number[] = [];
      const engine: OcrWorker = {
        recognize: async ({ width, height }: Grey, psm: Psm) => {
          if (psm !== 3) return [];
          heights.push(height);
          // The band read turned comes back as noise; the page itself reads poorly but the right way up, text mid-page.
          if (height < width) return [{ text: 'ʍ0ɹ', confidence: 20, bbox: [100, 10, 200, 40], line: 'x' }];
          const k = width / 1000;
          return block(GARBLED, 60, k).map((w) => ({ ...w, bbox: [w.bbox[0], w.bbox[1] + 600 * k, w.bbox[2], w.bbox[3] + 600 * k] as [number, number, number, number] }));
        },
        close: async () => {},
      };
      await readPage(await lowResPage(), 0, engine, () => {});
      // The page, the band turned, then the enlarged pass: never the whole page turned.
      expect(heights).toHaveLength(3);
      expect(heights[1]).toBeLessThan(heights[0]! / 2);
    });

    it('keeps the first reading when the enlarged one gives fewer fields', async () => {
      const engine = sizeDependentEngine((k) => block(GOOD, 70, k), (k) => block(GARBLED, 74, k));
      const read = await readPage(await lowResPage(), 0, engine, () => {});
      expect(engine.widths).toEqual([1900, 2550]);
      expect(read.words.map((w) => w.text)).toContain('78701');
      // A page read well is read once.
      const once = sizeDependentEngine((k) => block(GOOD, 92, k), (k) => block(GARBLED, 92, k));
      await readPage(await lowResPage(), 0, once, () => {});
      expect(once.widths).toEqual([1900]);
    });
  });
});
