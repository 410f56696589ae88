import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { otsuThreshold, type Grey } from './image/analyze.ts';
import type { VerticalRule } from './image/rulings.ts';
import { toPgm } from './image/pgm.ts';

/** A barcode or 2-D code read off a page. */
export interface Barcode { format: string; text: string; bbox?: [number, number, number, number] }

const require = createRequire(import.meta.url);
let ready: Promise<unknown> | null = null;

// The package's default fetches its .wasm from a CDN; hand it the bytes shipped in node_modules instead.
function ensureModule(): Promise<unknown> {
  if (!ready) {
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    const wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength);
    ready = Promise.resolve(prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true }));
  }
  return ready;
}

/** Decodes Code 128, Code 39, PDF417, QR and DataMatrix symbols in a greyscale image. */
export async function readPageBarcodes(img: Grey): Promise<Barcode[]> {
  await ensureModule();
  // Handed over as PGM, which the module reads as greyscale: a quarter of the bytes of RGBA, ~30 ms less a page.
  const results = await readBarcodes(new Uint8Array(toPgm(img)), {
    formats: ['Code128', 'Code39', 'PDF417', 'QRCode', 'DataMatrix'],
    tryHarder: true,
    // The page is already turned upright and deskewed: the reader's own quarter turns found no symbol more on 18
    // pages (9 of 9 either way) and cost half its time (0.05 CPU-s a page of 0.12).
    tryRotate: false,
    // White-on-black symbols do not occur on these forms; the inverted search took a quarter of the reader's time
    // and found nothing more (33 symbols on 64 pages either way).
    tryInvert: false,
    maxNumberOfSymbols: 8,
  });
  return results.filter((r) => r.isValid && r.text).map((r) => {
    const p = r.position;
    const xs = [p.topLeft.x, p.topRight.x, p.bottomLeft.x, p.bottomRight.x];
    const ys = [p.topLeft.y, p.topRight.y, p.bottomLeft.y, p.bottomRight.y];
    return { format: r.format, text: r.text, bbox: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] as [number, number, number, number] };
  });
}

/**
 * Erases the cell borders that have a barcode beside them from a copy of the page (null when there are none). A
 * barcode printed tight against a border has no quiet zone: the reader takes the border for the first bar and the
 * symbol fails its start pattern. A thin bar of the barcode itself also looks like a border; it is told apart by a
 * neighbouring column inked over nearly its whole length (the next bar), where a border runs on above or below
 * whatever it passes.
 */
export function eraseCellBorders(img: Grey, rules: VerticalRule[]): Grey | null {
  const { width: w, data: src } = img;
  const t = Math.min(otsuThreshold(img), 160);
  const pad = Math.max(3, Math.round(w / 220)) + 1;
  const near = pad + Math.max(12, Math.round(w / 100));
  const barLike = ([x, y0, y1]: VerticalRule): boolean => {
    for (let dx = pad + 1; dx <= near; dx++) {
      for (const c of [x - dx, x + dx]) {
        if (c < 0 || c >= w) continue;
        let n = 0;
        for (let y = y0; y < y1; y++) if (src[y * w + c]! <= t) n++;
        if (n >= 0.85 * (y1 - y0)) return true;
      }
    }
    return false;
  };
  // Bars beside a border: rows with several ink edges that repeat a few pixels lower (text changes within a letter).
  const band = near + 40;
  const barsBeside = ([x, y0, y1]: VerticalRule): boolean => {
    for (const [a, b] of [[x + pad + 1, x + band], [x - band, x - pad - 1]] as const) {
      const xa = Math.max(0, a), xb = Math.min(w - 1, b);
      if (xb - xa < 10) continue;
      let rows = 0;
      for (let y = y0; y + 8 < y1; y += 2) {
        let edges = 0, same = 0;
        for (let c = xa; c <= xb; c++) {
          const ink = src[y * w + c]! <= t;
          if (c > xa && ink !== (src[y * w + c - 1]! <= t)) edges++;
          if (ink === (src[(y + 8) * w + c]! <= t)) same++;
        }
        if (edges >= 6 && same >= 0.9 * (xb - xa + 1)) rows++;
      }
      if (rows >= 8) return true;
    }
    return false;
  };
  // Only borders with a barcode beside them matter; a page without any needs no second pass.
  const borders = rules.filter((r) => !barLike(r) && barsBeside(r));
  if (!borders.length) return null;
  // Only the border's own columns go (and a pixel of their soft edge): a bar may stand a few pixels away.
  const inked = (c: number, y0: number, y1: number): boolean => {
    let n = 0;
    for (let y = y0; y < y1; y++) if (src[y * w + c]! <= Math.min(250, t + 40)) n++;
    return n >= 0.6 * (y1 - y0);
  };
  const data = new Uint8Array(src);
  for (const [x, y0, y1] of borders) {
    let x0 = x, x1 = x;
    while (x0 > 0 && x - x0 < pad && inked(x0 - 1, y0, y1)) x0--;
    while (x1 < w - 1 && x1 - x < pad && inked(x1 + 1, y0, y1)) x1++;
    x0 = Math.max(0, x0 - 1); x1 = Math.min(w - 1, x1 + 1);
    for (let y = y0; y < y1; y++) data.fill(255, y * w + x0, y * w + x1 + 1);
  }
  return { width: w, height: img.height, data };
}

const overlaps = (a: Barcode, b: Barcode): boolean => {
  if (!a.bbox || !b.bbox) return false;
  const w = Math.min(a.bbox[2], b.bbox[2]) - Math.max(a.bbox[0], b.bbox[0]), h = Math.min(a.bbox[3], b.bbox[3]) - Math.max(a.bbox[1], b.bbox[1]);
  return w > 0 && h >= 0;
};

/**
 * Reads a form's barcodes: the page as it is, then (when it has cell borders) with the borders erased. A symbol read
 * only on the second pass is added; two different texts read off one symbol cannot both be right (a checksum can
 * pass by chance), so a second-pass reading that disagrees with another on the same spot is dropped.
 */
export async function readFormBarcodes(img: Grey, rules: VerticalRule[], opts: { second?: boolean } = {}): Promise<Barcode[]> {
  const first = await readPageBarcodes(img);
  const erased = opts.second === false ? null : eraseCellBorders(img, rules);
  if (!erased) return first;
  const second = (await readPageBarcodes(erased)).filter((b) => !first.some((a) => a.text === b.text));
  const clash = (b: Barcode): boolean => [...first, ...second].some((o) => o !== b && o.text !== b.text && overlaps(o, b));
  return [...first, ...second.filter((b) => !clash(b))];
}
