import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createExtractor } from '../src/index.ts';
import type { OcrWorker } from '../src/ocr/engine.ts';
import { loadLibTesseract } from '../src/ocr/libtesseract.ts';
import { nativeTesseractFactory } from '../src/ocr/native-tesseract.ts';
import { tesseractJsFactory } from '../src/ocr/tesseract-js.ts';
import { WorkerPool } from '../src/pool.ts';
import { fixture } from './helpers.ts';

// The engine the product picks here: native Tesseract where installed (CI installs it), else tesseract.js.
const factory = () => (loadLibTesseract() ? nativeTesseractFactory(['eng']) : tesseractJsFactory(['eng']));

/** A line of black text on white, as greyscale pixels. */
async function textImage(text: string): Promise<{ width: number; height: number; data: Uint8Array }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="120"><rect width="100%" height="100%" fill="#fff"/><text x="30" y="80" font-family="DejaVu Sans" font-size="48">${text}</text></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

describe('worker pool', () => {
  it('runs two workers at once in one process, each with its own engine', async () => {
    const pool = new WorkerPool(factory(), 2);
    await pool.ready();
    try {
      const [a, b] = await Promise.all([textImage('SHIPPER 4471 ORION'), textImage('CONSIGNEE 9026 PRAIRIE')]);
      // Neither job reads until both hold a worker: they run at the same time by construction, not by luck.
      let entered = 0;
      let bothIn!: () => void;
      const together = new Promise<void>((r) => { bothIn = r; });
      const held: OcrWorker[] = [];
      const job = (img: typeof a) => pool.use(async (worker, _discard, slot) => {
        held.push(worker);
        if (++entered === 2) bothIn();
        await together;
        const words = await worker.recognize(img, 7);
        return { slot, text: words.map((w) => w.text).join(' ') };
      });
      const [ra, rb] = await Promise.all([job(a), job(b)]);
      expect(held).toHaveLength(2);
      expect(held[0]).not.toBe(held[1]);
      expect(new Set([ra.slot, rb.slot]).size).toBe(2);
      // Each engine read its own page: nothing of one leaked into the other.
      expect(ra.text).toBe('SHIPPER 4471 ORION');
      expect(rb.text).toBe('CONSIGNEE 9026 PRAIRIE');
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('extracts two documents concurrently on two slots of one extractor', async () => {
    const pages: Array<{ slot: number; start: number; end: number }> = [];
    const extractor = await createExtractor({
      workers: 2, languages: ['eng'], lineReader: false,
      logger: (e) => { if (e.step === 'page' && e.slot !== undefined) pages.push({ slot: e.slot, start: Date.now() - e.ms, end: Date.now() }); },
    });
    try {
      const [vics, short] = await Promise.all([
        extractor.extract([{ name: 'vics.jpg', bytes: fixture('vics-clean.jpg') }]),
        extractor.extract([{ name: 'short.jpg', bytes: fixture('shortform-clean.jpg') }]),
      ]);
      expect(vics.extractedData.References.BolNumber).toBe('DT26062562');
      expect(short.extractedData.References.BolNumber).toBeTruthy();
      expect(short.extractedData.References.BolNumber).not.toBe('DT26062562');
      expect(pages.map((p) => p.slot).sort()).toEqual([0, 1]);
      // The two pages were read at the same time.
      expect(Math.max(pages[0]!.start, pages[1]!.start)).toBeLessThan(Math.min(pages[0]!.end, pages[1]!.end));
    } finally {
      await extractor.close();
    }
  }, 120_000);
});
