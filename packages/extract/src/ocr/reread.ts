import sharp from 'sharp';
import type { Grey } from '../image/analyze.ts';
import type { EngineWord, OcrWorker } from './engine.ts';

/** Limits for the second pass over weakly read lines. */
export interface RereadOptions {
  /** Lines whose mean word confidence (0–100) is below this are read again (default 70). */
  maxConfidence?: number;
  /** At most this many lines a page (default 30). */
  maxLines?: number;
  /** Letter height the crops are enlarged to, in pixels (default 40). */
  targetHeight?: number;
}

/** A weak line: its words, its box in the OCR image and the mean confidence it was read with. */
export interface WeakLine { line: string; words: EngineWord[]; bbox: [number, number, number, number]; confidence: number }

const letters = (t: string): number => t.replace(/[^\p{L}\p{N}]/gu, '').length;

/** Mean confidence of a line's words, weighted by how many letters and digits each holds. */
export function lineConfidence(words: EngineWord[]): number {
  let sum = 0, n = 0;
  for (const w of words) { const k = Math.max(1, letters(w.text)); sum += w.confidence * k; n += k; }
  return n ? sum / n : 0;
}

/** Splits engine lines at wide gaps (a label and its value far apart on one line are read and judged apart). */
function pieces(words: EngineWord[]): EngineWord[][] {
  const byLine = new Map<string, EngineWord[]>();
  for (const w of words) (byLine.get(w.line) ?? byLine.set(w.line, []).get(w.line)!).push(w);
  const out: EngineWord[][] = [];
  for (const ws of byLine.values()) {
    const sorted = [...ws].sort((a, b) => a.bbox[0] - b.bbox[0]);
    const hs = sorted.map((w) => w.bbox[3] - w.bbox[1]).sort((a, b) => a - b);
    const h = hs[Math.floor(hs.length / 2)] ?? 10;
    let cur: EngineWord[] = [];
    for (const w of sorted) {
      const prev = cur[cur.length - 1];
      if (prev && w.bbox[0] - prev.bbox[2] > 1.9 * h) { out.push(cur); cur = []; }
      cur.push(w);
    }
    if (cur.length) out.push(cur);
  }
  return out;
}

/** Pieces of lines read with low confidence, weakest first (punctuation, ruling noise and pictures are skipped). */
export function weakLines(words: EngineWord[], opts: RereadOptions = {}): WeakLine[] {
  const maxConf = opts.maxConfidence ?? 70;
  const out: WeakLine[] = [];
  pieces(words).forEach((ws, i) => {
    if (ws.reduce((a, w) => a + letters(w.text), 0) < 2) return;
    const bbox: [number, number, number, number] = [Math.min(...ws.map((w) => w.bbox[0])), Math.min(...ws.map((w) => w.bbox[1])), Math.max(...ws.map((w) => w.bbox[2])), Math.max(...ws.map((w) => w.bbox[3]))];
    const h = bbox[3] - bbox[1];
    // Tall boxes are pictures, logos or barcodes read as text; long runs are sentences that read fine anyway.
    if (h < 6 || h > 200 || ws.length > 8) return;
    const confidence = lineConfidence(ws);
    if (confidence < maxConf) out.push({ line: `${ws[0]!.line}#${i}`, words: ws, bbox, confidence });
  });
  return out.sort((a, b) => a.confidence - b.confidence).slice(0, opts.maxLines ?? 30);
}

/**
 * Reads weak lines a second time: each line is cut out, enlarged and stacked with the others into one small image
 * read in a single OCR call (one call costs far less than one a line). A line's new reading replaces the old one
 * only when it is read with clearly higher confidence. Returns the page's words with those lines replaced.
 */
export async function rereadWeakLines(grey: Grey, words: EngineWord[], worker: OcrWorker, opts: RereadOptions = {}): Promise<{ words: EngineWord[]; replaced: number; tried: number }> {
  const weak = weakLines(words, opts);
  if (!weak.length) return { words, replaced: 0, tried: 0 };
  const target = opts.targetHeight ?? 40;
  const strips: Array<{ weak: WeakLine; crop: [number, number, number, number]; f: number; y: number; w: number; h: number; data: Buffer }> = [];
  let y = 20, width = 0;
  for (const wl of weak) {
    const h = wl.bbox[3] - wl.bbox[1];
    const x0 = Math.max(0, Math.floor(wl.bbox[0] - 0.6 * h)), x1 = Math.min(grey.width, Math.ceil(wl.bbox[2] + 0.6 * h));
    const y0 = Math.max(0, Math.floor(wl.bbox[1] - 0.3 * h)), y1 = Math.min(grey.height, Math.ceil(wl.bbox[3] + 0.3 * h));
    if (x1 - x0 < 4 || y1 - y0 < 4) continue;
    const f = Math.max(1, Math.min(3, target / h));
    const w = Math.round((x1 - x0) * f), sh = Math.round((y1 - y0) * f);
    const data = await sharp(Buffer.from(grey.data.buffer, grey.data.byteOffset, grey.data.byteLength), { raw: { width: grey.width, height: grey.height, channels: 1 } })
      .extract({ left: x0, top: y0, width: x1 - x0, height: y1 - y0 }).resize(w, sh, { kernel: 'lanczos3' }).toColourspace('b-w').raw().toBuffer();
    strips.push({ weak: wl, crop: [x0, y0, x1, y1], f, y, w, h: sh, data });
    y += sh + Math.max(24, Math.round(0.8 * sh));
    width = Math.max(width, w);
  }
  if (!strips.length) return { words, replaced: 0, tried: 0 };
  const padX = 20;
  const W = width + 2 * padX, H = y;
  const canvas = Buffer.alloc(W * H, 255);
  for (const s of strips) for (let r = 0; r < s.h; r++) s.data.copy(canvas, (s.y + r) * W + padX, r * s.w, (r + 1) * s.w);
  const png = await sharp(canvas, { raw: { width: W, height: H, channels: 1 } }).png({ compressionLevel: 1 }).toBuffer();
  const read = await worker.recognize(png, 6);
  const replace = new Map<string, EngineWord[]>();
  for (const s of strips) {
    const mine = read.filter((w) => { const cy = (w.bbox[1] + w.bbox[3]) / 2; return cy >= s.y && cy < s.y + s.h; });
    if (!mine.length) continue;
    const conf = lineConfidence(mine);
    if (conf < s.weak.confidence + 8 || letters(mine.map((w) => w.text).join('')) < 1) continue;
    replace.set(s.weak.line, mine.map((w) => ({
      text: w.text,
      confidence: w.confidence,
      line: s.weak.words[0]!.line,
      bbox: [
        Math.round(s.crop[0] + (w.bbox[0] - padX) / s.f), Math.round(s.crop[1] + (w.bbox[1] - s.y) / s.f),
        Math.round(s.crop[0] + (w.bbox[2] - padX) / s.f), Math.round(s.crop[1] + (w.bbox[3] - s.y) / s.f),
      ],
    })));
  }
  if (!replace.size) return { words, replaced: 0, tried: strips.length };
  const owner = new Map<EngineWord, string>();
  for (const s of strips) for (const w of s.weak.words) owner.set(w, s.weak.line);
  const out: EngineWord[] = [];
  const done = new Set<string>();
  for (const w of words) {
    const id = owner.get(w);
    const r = id === undefined ? undefined : replace.get(id);
    if (!r) { out.push(w); continue; }
    if (!done.has(id!)) { out.push(...r); done.add(id!); }
  }
  return { words: out, replaced: replace.size, tried: strips.length };
}
