import sharp from 'sharp';
import { boxAround } from '../layout.ts';
import { inkMask, otsuThreshold, type Grey } from '../image/analyze.ts';
import type { VerticalRule } from '../image/rulings.ts';
import type { EngineWord, OcrWorker } from './engine.ts';
import { handOverrideFeatures, handOverrideModel } from './hand-override.ts';
import { lineChoiceFeatures, lineChoiceModel } from './line-choice.ts';
import type { LineRecogniser, LineRecognition } from './line-recogniser.ts';

/** Limits for the second pass over weakly read lines. */
export interface RereadOptions {
  /** Lines whose mean word confidence (0–100) is below this are read again (default 70). */
  maxConfidence?: number;
  /** At most this many lines a page (default 20). */
  maxLines?: number;
  /** Letter height the crops are enlarged to, in pixels (default 40). */
  targetHeight?: number;
  /** Also look for inked lines the page pass returned nothing for (default true). */
  missed?: boolean;
  /** The form's vertical cell borders, kept out of the search for missed lines. */
  rules?: VerticalRule[];
  /**
   * Recognises the form's own wording (its labels). A first reading that says a label is not replaced by one that
   * does not, however confident: small-caps labels read with low confidence either way.
   */
  known?: (texts: string[]) => boolean;
  /** A second recogniser for each weak line (a neural line reader); its reading wins when clearly surer. */
  lines?: LineRecogniser;
  /** The page less processed (same geometry), for the neural reader's eyes. */
  soft?: Grey;
  /**
   * Only lines that overlap one of these boxes (OCR image pixels) are read again: where the fields still in doubt
   * stand. Left out, every weak line is.
   */
  within?: Array<[number, number, number, number]>;
  /**
   * Chooses between Tesseract's reading of a weak line and the neural reader's (default: the committed model,
   * line-choice.ts); with none, Tesseract's is kept.
   */
  choice?: { neuralChance(features: number[]): number } | null;
  /**
   * Looks again at the handwriting model's reading where the choice kept another (default: the committed model,
   * hand-override.ts); with none, the choice's pick stands.
   */
  override?: { handChance(features: number[]): number } | null;
  /** Told each weak line's readings and which was kept (for tools that learn the choice). */
  observe?: (choice: LineChoice) => void;
}

/** A weak line: its words, its box in the OCR image and the mean confidence it was read with. */
export interface WeakLine { line: string; words: EngineWord[]; bbox: [number, number, number, number]; confidence: number }

/** One reading of a weak line: its text and mean confidence (0-100). */
export interface LineReading { text: string; confidence: number }

/** A weak line's readings as the choice between them saw them, and the one kept. */
export interface LineChoice {
  /** The piece's box in the OCR image's pixels. */
  bbox: [number, number, number, number];
  /** The page pass's reading (empty where it read nothing: a missed line). */
  first: LineReading;
  /** The Tesseract reading the neural one was weighed against: the enlarged piece's where it beat the page pass's. */
  tesseract: LineReading;
  /** The neural line reader's reading, where it read any. */
  neural: LineReading | null;
  /** What each of the neural reader's own readers read, where it is made of several (vote.ts). */
  readers?: Record<string, LineReading>;
  /** Whether the handwriting model's reading replaced the pick (`chosen` stays the choice's own). */
  overridden?: boolean;
  /** What the choice saw (line-choice.ts), where there were two readings to choose from. */
  features: number[] | null;
  chosen: 'tesseract' | 'neural';
}

// New words found where the page pass read nothing must be read at least this well to be kept.
const MISSED_FLOOR = 52;
// The neural reading replaces Tesseract's where the choice finds it likelier the closer to what the line says.
const NEURAL_CHANCE = 0.5;
// The handwriting model's reading replaces the pick where the override finds it likelier the closer.
const HAND_CHANCE = 0.5;
// The neural reader's own sureness (mean letter probability, 0-100) is trusted at most this much.
export const NEURAL_CAP = 88;
// A neural reading not chosen is still kept beside Tesseract's, as a hint, from this sureness on.
const ALT_FLOOR = 55;
// Tesseract reads a weak line again, enlarged, only below this confidence: above it the enlarged reading seldom beats
// the page pass's (generated pages of the trained families: 33 of 855 lines read at 70-90 replaced, no value word won).
const ENLARGE_BELOW = 70;
// About a quarter of a page at OCR resolution.
const MAX_CANVAS = 1_200_000;

const letters = (t: string): number => t.replace(/[^\p{L}\p{N}]/gu, '').length;

/** Share of box `a` covered by box `b`. */
export function overlapShare(a: [number, number, number, number], b: [number, number, number, number]): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]), h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  const area = Math.max(1, (a[2] - a[0]) * (a[3] - a[1]));
  return w > 0 && h > 0 ? (w * h) / area : 0;
}

/** Whether box `b` overlaps any of `boxes`. */
function overlapsAny(b: [number, number, number, number], boxes: ReadonlyArray<[number, number, number, number]>): boolean {
  return boxes.some((r) => b[0] < r[2] && b[2] > r[0] && b[1] < r[3] && b[3] > r[1]);
}

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
    const bbox = boxAround(ws);
    const h = bbox[3] - bbox[1];
    // Marks alone are punctuation or a ruling, unless they run the width of several words at letter height: a line of
    // text the page pass garbled into "==" (on a photo), which would otherwise hide that line from the search for
    // missed ones as well.
    const garbled = h >= 12 && bbox[2] - bbox[0] >= 5 * h;
    // A lone digit is a count whose other digits the page pass may have lost ("0" for 40): read again as well.
    const digit = ws.length === 1 && /^\d$/.test(ws[0]!.text.replace(/[^\p{L}\p{N}]/gu, ''));
    if (ws.reduce((a, w) => a + letters(w.text), 0) < 2 && !garbled && !digit) return;
    // Tall boxes are pictures, logos or barcodes read as text; long runs are sentences that read fine anyway.
    if (h < 6 || h > 200 || ws.length > 8) return;
    const confidence = lineConfidence(ws);
    if (opts.within && !overlapsAny(bbox, opts.within)) return;
    if (confidence < maxConf) out.push({ line: `${ws[0]!.line}#${i}`, words: ws, bbox, confidence });
  });
  return out.sort((a, b) => a.confidence - b.confidence).slice(0, opts.maxLines ?? 20);
}

// The height of small letters (x, o, n) against a word's box, which holds capitals and descenders: about half; less
// than this is no letter.
const SMALL_LETTER = 0.35;

/** The tallest run of rows with ink across a box of a mask (1 = ink), rows with only a speck or two not counted. */
function inkHeight(mask: Uint8Array, width: number, x0: number, y0: number, x1: number, y1: number): number {
  const least = Math.max(1, 0.01 * (x1 - x0));
  let run = 0, tallest = 0;
  for (let y = y0; y < y1; y++) {
    let n = 0;
    for (let i = y * width + x0, end = y * width + x1; i < end; i++) n += mask[i]!;
    run = n > least ? run + 1 : 0;
    tallest = Math.max(tallest, run);
  }
  return tallest;
}

/**
 * Inked runs of text the page pass returned no words for (handwriting often goes missing in whole lines): the ink
 * mask without table rulings, less the read words' boxes, grouped on a coarse grid into line-shaped regions.
 */
export function missedRegions(grey: Grey, words: EngineWord[], max = 16, rules: VerticalRule[] = []): Array<[number, number, number, number]> {
  const hs = words.map((w) => w.bbox[3] - w.bbox[1]).filter((h) => h > 4).sort((a, b) => a - b);
  const lh = hs[Math.floor(hs.length / 2)] ?? 20;
  const cell = Math.max(4, Math.round(lh / 3));
  const gw = Math.ceil(grey.width / cell), gh = Math.ceil(grey.height / cell);
  const mask = inkMask(grey, Math.min(otsuThreshold(grey), 160));
  // Rulings leave ragged edges the mask's own removal misses: clear long runs that allow small breaks.
  const longRun = Math.round(3 * lh);
  for (let y = 0; y < grey.height; y++) {
    const row = y * grey.width;
    let start = -1, lastInk = -10;
    for (let x = 0; x <= grey.width; x++) {
      const ink = x < grey.width && mask[row + x] === 1;
      if (ink) { if (start < 0 || x - lastInk > 4) { if (start >= 0 && lastInk - start >= longRun) mask.fill(0, row + start, row + lastInk + 1); start = x; } lastInk = x; }
      else if (x === grey.width && start >= 0 && lastInk - start >= longRun) mask.fill(0, row + start, row + lastInk + 1);
    }
  }
  // Cell borders would join a form's rows into one tall region that is no line at all.
  const pad = Math.max(2, Math.round(grey.width / 400));
  for (const [x, y0, y1] of rules) {
    for (let y = Math.max(0, y0 - pad); y < Math.min(grey.height, y1 + pad); y++) mask.fill(0, y * grey.width + Math.max(0, x - pad), y * grey.width + Math.min(grey.width, x + pad + 1));
  }
  const count = new Uint16Array(gw * gh);
  for (let y = 0; y < grey.height; y++) {
    const row = y * grey.width, gy = Math.floor(y / cell) * gw;
    for (let x = 0; x < grey.width; x++) if (mask[row + x]) count[gy + Math.floor(x / cell)]!++;
  }
  // A cell holds text when enough of it is ink (specks and dust stay below).
  const on = new Uint8Array(gw * gh);
  const minInk = Math.max(3, Math.round(cell * cell * 0.04));
  for (let i = 0; i < on.length; i++) on[i] = count[i]! >= minInk ? 1 : 0;
  const around = Math.round(0.25 * lh);
  for (const w of words) {
    const x0 = Math.max(0, Math.floor((w.bbox[0] - around) / cell)), x1 = Math.min(gw - 1, Math.floor((w.bbox[2] + around) / cell));
    const y0 = Math.max(0, Math.floor((w.bbox[1] - around) / cell)), y1 = Math.min(gh - 1, Math.floor((w.bbox[3] + around) / cell));
    for (let gy = y0; gy <= y1; gy++) on.fill(0, gy * gw + x0, gy * gw + x1 + 1);
  }
  // Join cells along a row across word gaps, then take connected components.
  const joinGap = 3;
  for (let gy = 0; gy < gh; gy++) {
    let last = -1;
    for (let gx = 0; gx < gw; gx++) {
      if (!on[gy * gw + gx]) continue;
      if (last >= 0 && gx - last > 1 && gx - last <= joinGap + 1) for (let k = last + 1; k < gx; k++) on[gy * gw + k] = 2;
      last = gx;
    }
  }
  const seen = new Uint8Array(gw * gh);
  const out: Array<{ box: [number, number, number, number]; ink: number }> = [];
  const stack: number[] = [];
  for (let i = 0; i < on.length; i++) {
    if (!on[i] || seen[i]) continue;
    let minX = gw, minY = gh, maxX = 0, maxY = 0, ink = 0;
    stack.push(i); seen[i] = 1;
    while (stack.length) {
      const j = stack.pop()!;
      const x = j % gw, y = (j - x) / gw;
      if (on[j] === 1) ink++;
      minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
      for (const k of [x > 0 ? j - 1 : -1, x < gw - 1 ? j + 1 : -1, y > 0 ? j - gw : -1, y < gh - 1 ? j + gw : -1]) {
        if (k >= 0 && on[k] && !seen[k]) { seen[k] = 1; stack.push(k); }
      }
    }
    const wPx = (maxX - minX + 1) * cell, hPx = (maxY - minY + 1) * cell;
    // Line-shaped: wider than tall, about one to two letter heights; barcodes, logos and boxes are taller. A lone
    // glyph of letter height is kept too: the page pass drops single characters, such as a count alone in its cell.
    const [x0, y0, x1, y1] = [minX * cell, minY * cell, (maxX + 1) * cell, (maxY + 1) * cell];
    // ... standing alone: with a word read right beside it on its row, it is a mark or a piece of that word, unless a
    // cell border stands between them (a count right-aligned in its cell, the next cell's word just past the border).
    const walled = (w: EngineWord): boolean => rules.some(([x, ry0, ry1]) => ry0 <= (y0 + y1) / 2 && ry1 >= (y0 + y1) / 2
      && x > Math.min(x1, w.bbox[2]) - pad - cell && x < Math.max(x0, w.bbox[0]) + pad + cell);
    const glyph = hPx >= 0.8 * lh && hPx <= 1.7 * lh && wPx >= 0.5 * lh && wPx <= 1.4 * lh && !words.some((w) =>
      Math.min(w.bbox[3], y1) - Math.max(w.bbox[1], y0) > 0 && w.bbox[0] < x1 + 2 * lh && w.bbox[2] > x0 - 2 * lh && !walled(w));
    if (!glyph && hPx > 2.6 * lh && wPx >= 1.5 * lh) {
      const near = words.map((w): [number, number, number, number] => [w.bbox[0] - around, w.bbox[1] - around, w.bbox[2] + around, w.bbox[3] + around])
        .filter((b) => b[0] < x1 + lh && b[2] > x0 - lh && b[1] < y1 + lh && b[3] > y0 - lh);
      out.push(...linesOfBlock(mask, [grey.width, grey.height], [x0, y0, Math.min(grey.width, x1), Math.min(grey.height, y1)], lh, cell, near));
      continue;
    }
    if (!glyph && (hPx < 0.6 * lh || hPx > 2.6 * lh || wPx < 1.5 * lh || wPx < hPx)) continue;
    if (ink < 4) continue;
    // Its ink must stand as tall as small letters do: a dotted rule, an underline or the ragged edge of a border fills
    // grid cells of a line's size with a band a few pixels high, which holds nothing to read (and, stretched to a line
    // reader's height, costs the most of any line).
    if (inkHeight(mask, grey.width, x0, y0, Math.min(grey.width, x1), Math.min(grey.height, y1)) < SMALL_LETTER * lh) continue;
    out.push({ box: [x0, y0, Math.min(grey.width, x1), Math.min(grey.height, y1)], ink });
  }
  return out.sort((a, b) => b.ink - a.ink).slice(0, max).map((r) => r.box);
}

/**
 * The lines of a block of several set close together (an address block), which the coarse grid joins into one
 * region too tall for a line: its rows of ink, cut where rows hold (almost) none. Each line-shaped band is a region,
 * narrowed to its ink; a block with no such cuts (a barcode, a logo, a box) gives none.
 */
function linesOfBlock(mask: Uint8Array, [width, height]: [number, number], [x0, y0, x1, y1]: [number, number, number, number], lh: number, cell: number,
  taken: Array<[number, number, number, number]>): Array<{ box: [number, number, number, number]; ink: number }> {
  const least = Math.max(1, 0.01 * (x1 - x0));
  // Ink of words the page pass read (and a margin round them) is theirs, never a missed line's.
  const isTaken = (x: number, y: number): boolean => taken.some((b) => x >= b[0] && x < b[2] && y >= b[1] && y < b[3]);
  const inkAt = (x: number, y: number): boolean => mask[y * width + x] === 1 && !isTaken(x, y);
  const inked = (y: number): boolean => { let n = 0; for (let x = x0; x < x1; x++) if (inkAt(x, y)) n++; return n > least; };
  const bands: Array<[number, number]> = [];
  let start = -1;
  for (let y = y0; y <= y1; y++) {
    if (y < y1 && inked(y)) { if (start < 0) start = y; }
    else if (start >= 0) { bands.push([start, y]); start = -1; }
  }
  if (bands.length < 2) return [];
  // The grid's cells cut the block's top and bottom lines (cells beside read words are cleared): those run on past
  // the block's box while their rows hold ink.
  const first = bands[0]!, last = bands[bands.length - 1]!;
  if (first[0] === y0) while (first[0] > Math.max(0, y0 - lh) && inked(first[0] - 1)) first[0]--;
  if (last[1] === y1) while (last[1] < Math.min(height, y1 + lh) && inked(last[1])) last[1]++;
  const out: Array<{ box: [number, number, number, number]; ink: number }> = [];
  for (const [b0, b1] of bands) {
    const h = b1 - b0;
    if (h < SMALL_LETTER * lh || h > 2.6 * lh) continue;
    let left = x1, right = x0;
    for (let y = b0; y < b1; y++) for (let x = x0; x < x1; x++) if (inkAt(x, y)) { if (x < left) left = x; if (x > right) right = x; }
    if (right - left < 1.5 * h) continue;
    // A band with a read word on it is a line the page pass read in part: the weak lines' reading covers it.
    if (taken.some((t) => t[0] < right && t[2] > left && Math.min(t[3], b1) - Math.max(t[1], b0) > 0.5 * h)) continue;
    // The grid's cells cut the block's edges: a band may run a little past them.
    const pad = Math.round(0.3 * h);
    out.push({ box: [Math.max(0, left - pad), Math.max(0, b0 - pad), Math.min(width, right + pad + 1), Math.min(height, b1 + pad)], ink: Math.round(((right - left) * h) / (cell * cell)) });
  }
  return out;
}

/**
 * Black text on white for one crop: its own threshold (tinted paper next to the white canvas would otherwise read as
 * ink) and underlines or form rules crossing it removed.
 */
export function cleanStrip(data: Buffer, w: number, h: number): Buffer {
  const t = otsuThreshold({ width: w, height: h, data });
  const out = Buffer.alloc(data.length, 255);
  for (let i = 0; i < data.length; i++) if (data[i]! <= t) out[i] = 0;
  const long = Math.round(0.5 * w);
  for (let y = 0; y < h; y++) {
    let run = 0;
    for (let x = 0; x <= w; x++) {
      if (x < w && out[y * w + x] === 0) run++;
      else { if (run >= long) out.fill(255, y * w + x - run, y * w + x); run = 0; }
    }
  }
  return out;
}

/** The piece with a margin (`across` letter heights either side): letters' ends the engine's box cut off, in the page. */
export function cropAround(grey: Grey, b: [number, number, number, number], across = 0.6): [number, number, number, number] {
  const h = b[3] - b[1];
  return [Math.max(0, Math.floor(b[0] - across * h)), Math.max(0, Math.floor(b[1] - 0.3 * h)), Math.min(grey.width, Math.ceil(b[2] + across * h)), Math.min(grey.height, Math.ceil(b[3] + 0.3 * h))];
}

const bare = (t: string): string => t.normalize('NFD').toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');
/** `text` less its first `k` letters and digits (and anything before them). */
function afterLetters(text: string, k: number): string {
  let seen = 0, i = 0;
  while (i < text.length && seen < k) { if (/[\p{L}\p{N}]/u.test(text[i]!)) seen++; i++; }
  return text.slice(i);
}

/**
 * A lost run's new reading and the page pass's words at its two ends: the page pass often read a piece of the run's
 * first or last word (`P` of `Progress`, `rto` of `Aeropuerto`), which the reading, cut with a margin, reads again.
 * A page word touching the reading's first word that this word starts with is dropped; one touching its last word
 * that starts with the word's last letters completes it (`Aeropuer` + `rto`). The run then joins the line of the page
 * word beside it on its row (`4567` + `Progress Lane` is one street), as one line read whole would. A page word
 * lying within one of the reading's words is a fragment of it and goes. Returns the words
 * to keep and the page words they replace.
 */
export function joinFragments(reading: EngineWord[], page: EngineWord[]): { words: EngineWord[]; absorbed: EngineWord[] } {
  const ws = [...reading].sort((a, b) => a.bbox[0] - b.bbox[0]);
  const first = ws[0];
  if (!first) return { words: reading, absorbed: [] };
  const touching = (w: EngineWord, n: EngineWord): boolean => {
    const dy = Math.min(w.bbox[3], n.bbox[3]) - Math.max(w.bbox[1], n.bbox[1]);
    return dy >= 0.5 * Math.min(w.bbox[3] - w.bbox[1], n.bbox[3] - n.bbox[1]) && w.bbox[0] < n.bbox[2] && w.bbox[2] > n.bbox[0];
  };
  const absorbed: EngineWord[] = [];
  // A page word lying within one word of the reading (across its span, on its row) is part of the same ink read
  // before, a fragment: the reading supersedes it.
  const within = (w: EngineWord): boolean => ws.some((n) => touching(w, n) && w.bbox[0] >= n.bbox[0] && w.bbox[2] <= n.bbox[2]);
  for (const w of page) {
    const t = bare(w.text);
    if (!t) continue;
    if (within(w)) { absorbed.push(w); continue; }
    if (touching(w, first) && w.bbox[0] <= first.bbox[0] + 0.5 * (first.bbox[2] - first.bbox[0]) && bare(first.text).startsWith(t)) { absorbed.push(w); continue; }
    const last = ws[ws.length - 1]!;
    if (!touching(w, last) || w.bbox[2] <= last.bbox[2]) continue;
    const l = bare(last.text);
    const k = [...Array(Math.min(t.length, l.length)).keys()].map((i) => i + 1).reverse().find((n) => l.endsWith(t.slice(0, n)));
    if (!k) continue;
    ws[ws.length - 1] = { ...last, text: last.text + afterLetters(w.text, k), bbox: [last.bbox[0], Math.min(last.bbox[1], w.bbox[1]), w.bbox[2], Math.max(last.bbox[3], w.bbox[3])], confidence: Math.min(last.confidence, w.confidence) };
    absorbed.push(w);
  }
  const h = Math.max(...ws.map((w) => w.bbox[3] - w.bbox[1]));
  const x0 = ws[0]!.bbox[0], x1 = ws[ws.length - 1]!.bbox[2];
  let beside: EngineWord | undefined, nearest = 1.9 * h;
  for (const w of page) {
    if (absorbed.includes(w) || !bare(w.text)) continue;
    const dy = Math.min(w.bbox[3], first.bbox[3]) - Math.max(w.bbox[1], first.bbox[1]);
    const gap = w.bbox[2] <= x0 + 0.2 * h ? x0 - w.bbox[2] : w.bbox[0] >= x1 - 0.2 * h ? w.bbox[0] - x1 : Infinity;
    if (dy >= 0.5 * Math.min(w.bbox[3] - w.bbox[1], h) && gap <= nearest) { beside = w; nearest = gap; }
  }
  return { words: beside ? ws.map((w) => ({ ...w, line: beside.line })) : ws, absorbed };
}

/**
 * Reads weak lines a second time: each line is cut out, enlarged and stacked with the others into one small image
 * read in a single OCR call (one call costs far less than one a line). A line's new reading replaces the old one
 * only when it is read with clearly higher confidence. Returns the page's words with those lines replaced.
 */
export async function rereadWeakLines(grey: Grey, words: EngineWord[], worker: OcrWorker, opts: RereadOptions = {}): Promise<{ words: EngineWord[]; replaced: number; tried: number }> {
  const weak = weakLines(words, opts);
  if (opts.missed !== false) {
    missedRegions(grey, words, opts.within ? 40 : 10, opts.rules).filter((box) => !opts.within || overlapsAny(box, opts.within)).slice(0, 10).forEach((box, i) => weak.push({ line: `missed#${i}`, words: [], bbox: box, confidence: MISSED_FLOOR }));
  }
  if (!weak.length) return { words, replaced: 0, tried: 0 };
  const target = opts.targetHeight ?? 40;
  // Each weak line is a strip of the stacked image, while it stays within bounds; past them (many lost lines on a
  // handwritten page) only the neural reader sees the line. `h` 0 marks a strip not stacked.
  const strips: Array<{ weak: WeakLine; crop: [number, number, number, number]; f: number; y: number; w: number; h: number; data?: Buffer }> = [];
  let y = 20, width = 0;
  for (const wl of weak) {
    const h = wl.bbox[3] - wl.bbox[1];
    const [x0, y0, x1, y1] = cropAround(grey, wl.bbox);
    if (x1 - x0 < 4 || y1 - y0 < 4) continue;
    const f = Math.max(1, Math.min(3, target / h));
    const w = Math.round((x1 - x0) * f), sh = Math.round((y1 - y0) * f);
    // Bound the one OCR call: the stacked image's area is what it costs. A line read fairly surely goes to the neural
    // reader alone: Tesseract seldom reads it better enlarged.
    if (wl.confidence >= ENLARGE_BELOW || (Math.max(width, w) + 40) * (y + sh) > MAX_CANVAS) {
      if (opts.lines) strips.push({ weak: wl, crop: [x0, y0, x1, y1], f, y: 0, w, h: 0 });
      continue;
    }
    const data = cleanStrip(await sharp(Buffer.from(grey.data.buffer, grey.data.byteOffset, grey.data.byteLength), { raw: { width: grey.width, height: grey.height, channels: 1 } })
      .extract({ left: x0, top: y0, width: x1 - x0, height: y1 - y0 }).resize(w, sh, { kernel: 'lanczos3' }).toColourspace('b-w').raw().toBuffer(), w, sh);
    strips.push({ weak: wl, crop: [x0, y0, x1, y1], f, y, w, h: sh, data });
    y += sh + Math.max(24, Math.round(0.8 * sh));
    width = Math.max(width, w);
  }
  if (!strips.length) return { words, replaced: 0, tried: 0 };
  const choice = opts.choice === undefined ? lineChoiceModel() : opts.choice;
  const override = opts.override === undefined ? handOverrideModel() : opts.override;
  const padX = 20;
  const W = width + 2 * padX, H = y;
  const canvas = Buffer.alloc(W * H, 255);
  for (const s of strips) if (s.data) for (let r = 0; r < s.h; r++) s.data.copy(canvas, (s.y + r) * W + padX, r * s.w, (r + 1) * s.w);
  const read = width ? await worker.recognize({ width: W, height: H, data: canvas }, 11) : [];
  const replace = new Map<string, EngineWord[]>();
  // A word the page pass already read outside the piece (a neighbouring line in the crop) is not taken twice.
  const notReadElsewhere = (w: EngineWord, own: Set<EngineWord>): boolean => !words.some((o) => !own.has(o) && overlapShare(w.bbox, o.bbox) > 0.4);
  // A label standing alone whose first reading says one of the form's labels keeps it against a more confident
  // reading that does not (a line with a value after the label is judged on its confidence: the value matters more).
  const keepsLabel = (weak: WeakLine, ws: EngineWord[]): boolean => {
    const alone = weak.words.length > 0 && weak.words.length <= 3;
    return !(opts.known && alone && opts.known(weak.words.map((w) => w.text)) && !opts.known(ws.map((w) => w.text)));
  };
  /** The neural reader's reading of a piece, its words not already read elsewhere on the page. */
  const neuralReading = async (weak: WeakLine, crop: [number, number, number, number]): Promise<LineRecognition | null> => {
    if (!opts.lines) return null;
    const neural = await opts.lines.read(grey, crop, weak.bbox, weak.words[0]?.line ?? weak.line, opts.soft).catch(() => null);
    if (!neural) return null;
    const own = new Set(weak.words);
    const words = neural.words.filter((w) => notReadElsewhere(w, own));
    // One character is noise, but for a digit: a count alone in its cell.
    const text = words.map((w) => w.text).join('');
    return letters(text) < 2 && !/^\d$/.test(text.replace(/[^\p{L}\p{N}]/gu, '')) ? null : { words, confidence: neural.confidence, ...(neural.readers ? { readers: neural.readers } : {}) };
  };
  for (const s of strips) {
    const toPage = (w: EngineWord): EngineWord => ({
      text: w.text,
      confidence: w.confidence,
      line: s.weak.words[0]?.line ?? s.weak.line,
      bbox: [
        Math.round(s.crop[0] + (w.bbox[0] - padX) / s.f), Math.round(s.crop[1] + (w.bbox[1] - s.y) / s.f),
        Math.round(s.crop[0] + (w.bbox[2] - padX) / s.f), Math.round(s.crop[1] + (w.bbox[3] - s.y) / s.f),
      ],
    });
    // The crop's margins hold bits of neighbouring lines: keep only words centred on the piece itself, and for a
    // missed region only words that do not repeat one the page pass already has.
    const b = s.weak.bbox, h = b[3] - b[1];
    const own = new Set(s.weak.words);
    const mine = read.filter((w) => { const cy = (w.bbox[1] + w.bbox[3]) / 2; return cy >= s.y && cy < s.y + s.h; }).map(toPage).filter((w) => {
      const cx = (w.bbox[0] + w.bbox[2]) / 2, cy = (w.bbox[1] + w.bbox[3]) / 2;
      if (cx < b[0] - 0.3 * h || cx > b[2] + 0.3 * h || cy < b[1] - 0.15 * h || cy > b[3] + 0.15 * h) return false;
      return notReadElsewhere(w, own);
    });
    let best = s.weak.words;
    if (mine.length && letters(mine.map((w) => w.text).join('')) >= 1 && keepsLabel(s.weak, mine) && lineConfidence(mine) >= s.weak.confidence + 8) {
      best = mine;
    }
    const tesseract = best;
    const neural = await neuralReading(s.weak, s.crop);
    const reading = (ws: EngineWord[]): LineReading => ({ text: ws.map((w) => w.text).join(' '), confidence: lineConfidence(ws) });
    const neuralRead = neural && { text: neural.words.map((w) => w.text).join(' '), confidence: neural.confidence };
    const features = neuralRead && lineChoiceFeatures(reading(s.weak.words), reading(tesseract), neuralRead, h, (t) => !!opts.known?.(t));
    const chance = features && choice ? choice.neuralChance(features) : 0;
    const takeNeural = chance >= NEURAL_CHANCE;
    if (neural && takeNeural && keepsLabel(s.weak, neural.words)) {
      // Its probabilities run high: capped so a value read only by it is never trusted without a check.
      best = neural.words.map((w) => ({ ...w, confidence: Math.min(w.confidence, NEURAL_CAP), by: 'neural' as const }));
    } else if (neural && neural.confidence >= ALT_FLOOR && best.length) {
      const alt = neural.words.map((w) => w.text).join(' ');
      best = best.map((w) => ({ ...w, alt }));
    }
    const chosen = best.some((w) => w.by === 'neural') ? 'neural' : 'tesseract';
    const readers = neural?.readers && Object.fromEntries(Object.entries(neural.readers).map(([k, r]) => [k, { text: r.words.map((w) => w.text).join(' '), confidence: r.confidence }]));
    // The handwriting model's reading, looked at again where the pick is another.
    const hand = neural?.readers?.hand?.words.filter((w) => notReadElsewhere(w, own));
    let overridden = false;
    if (override && readers?.hand && readers.print && hand?.length && neuralRead) {
      const pick = chosen === 'tesseract' ? reading(tesseract) : neuralRead;
      const handRead = { text: hand.map((w) => w.text).join(' '), confidence: readers.hand.confidence };
      const differs = handRead.text.replace(/\s+/g, '') !== pick.text.replace(/\s+/g, '');
      const three = { first: reading(s.weak.words), tesseract: reading(tesseract), print: readers.print, hand: handRead, pick, pickedTesseract: chosen === 'tesseract', neuralChance: chance, height: h };
      overridden = differs && override.handChance(handOverrideFeatures(three, (t) => !!opts.known?.(t))) >= HAND_CHANCE && keepsLabel(s.weak, hand);
      if (overridden) best = hand.map((w) => ({ ...w, confidence: Math.min(w.confidence, NEURAL_CAP), by: 'neural' as const }));
    }
    if (best !== s.weak.words) replace.set(s.weak.line, best);
    opts.observe?.({
      bbox: s.weak.bbox, first: reading(s.weak.words), tesseract: reading(tesseract), neural: neuralRead, features,
      ...(readers ? { readers } : {}), chosen, ...(overridden ? { overridden } : {}),
    });
  }
  if (!replace.size) return { words, replaced: 0, tried: strips.length };
  // The weak lines' new readings first, each in place of its line's words; then each lost run read is joined to the
  // words around it as they now stand, so that a seam between two new readings is mended like one with the page's.
  const owner = new Map<EngineWord, string>();
  for (const s of strips) for (const w of s.weak.words) owner.set(w, s.weak.line);
  const done = new Set<string>();
  let page: EngineWord[] = [];
  for (const w of words) {
    const id = owner.get(w);
    const r = id === undefined ? undefined : replace.get(id);
    if (!r) { page.push(w); continue; }
    if (!done.has(id!)) { page.push(...r); done.add(id!); }
  }
  const lost: EngineWord[] = [];
  for (const s of strips) {
    const r = s.weak.words.length ? undefined : replace.get(s.weak.line);
    if (!r) continue;
    const joined = joinFragments(r, page);
    lost.push(...joined.words);
    if (joined.absorbed.length) page = page.filter((w) => !joined.absorbed.includes(w));
  }
  return { words: [...lost, ...page], replaced: replace.size, tried: strips.length };
}
