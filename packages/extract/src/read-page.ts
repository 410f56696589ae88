import { readFormBarcodes } from './barcodes.ts';
import type { DecodedPage } from './image/decode.ts';
import { analyzePage, preparePage, type PreparedPage } from './image/prepare.ts';
import { flattenLighting } from './image/flatten.ts';
import { boxOnPhoto, unwarpPhoto } from './image/unwarp.ts';
import type { EngineWord, OcrWorker } from './ocr/engine.ts';
import type { LineRecogniser } from './ocr/line-recogniser.ts';
import { rereadWeakLines, type LineChoice } from './ocr/reread.ts';
import { secondLook } from './ocr/second-look.ts';
import { fieldsInDoubt, type Doubts } from './fields/in-doubt.ts';
import { startsWithLabel } from './fields/find-labels.ts';
import { keepReading } from './fields/page-reading.ts';
import type { VerticalRule } from './image/rulings.ts';
import type { ReadPage, Word } from './types.ts';

/**
 * A page's time: past the soft budget the optional work (another orientation, an enlarged pass, weak lines read
 * again, a second look, a second barcode search) is skipped and the page finishes with what was read; `left` is what
 * remains before the hard cap, handed to the OCR engine so a pathological image stops there.
 */
export interface PageBudget {
  spent(): boolean;
  left(): number;
}

/** A budget measured from now: soft and hard limits in milliseconds. */
export function pageBudget(softMs: number, hardMs: number, now: () => number = Date.now): PageBudget {
  const t0 = now();
  return { spent: () => now() - t0 >= softMs, left: () => Math.max(1, hardMs - (now() - t0)) };
}

const UNBOUNDED: PageBudget = { spent: () => false, left: () => 0 };

/** Quality of an OCR pass: mean confidence of word-like tokens, weighted by length. Upside-down text scores low. */
export function passQuality(words: EngineWord[]): number {
  let sum = 0, n = 0;
  for (const w of words) {
    const t = w.text.replace(/[^\p{L}\p{N}]/gu, '');
    if (t.length < 2) continue;
    sum += w.confidence * t.length; n += t.length;
  }
  return n ? sum / n : 0;
}

// Lines the page pass read below this confidence, where a field is in doubt, are read again (at most so many a page):
// the learned choice between the two readings (ocr/line-choice.ts) keeps Tesseract's where it is the better, so lines
// read fairly surely are worth the neural reader's look too; handwriting is often misread at 70-90 (measured on
// generated handwritten pages of the trained families: value words right 76.5 -> 81.0 % reading below 90 against 70).
const REREAD_BELOW = 90;
const REREAD_LINES = 40;

// A page pass with fewer words than this read a form badly enough to try sparse-text mode (one form has hundreds).
const SPARSE_BELOW = 30;

/** Letters and digits of the words read with some confidence. */
function readLetters(words: EngineWord[]): number {
  return words.filter((w) => w.confidence >= 60).reduce((n, w) => n + w.text.replace(/[^\p{L}\p{N}]/gu, '').length, 0);
}

// A page pass below this quality (mean word confidence) read the page poorly: photos left at their own size and
// low-resolution captures are then read once more, enlarged, and the reading that gives more fields is kept.
const POOR_PASS = 76;
// ~300 dpi across a letter page; enlarged further, Tesseract's glyphs outgrow its models.
const ENLARGED_WIDTH = 2550;

/**
 * Reads one decoded page: orientation, deskew, OCR (a second orientation when the first reads badly), weak lines read
 * again, barcodes; a page read poorly at its usual size is read once more enlarged, keeping the better reading.
 */
export async function readPage(
  original: DecodedPage,
  pageIndex: number,
  worker: OcrWorker,
  time: (step: string, ms: number) => void,
  lines?: LineRecogniser,
  budget: PageBudget = UNBOUNDED,
  tools: ReadTools = {},
): Promise<ReadPage> {
  let t = Date.now();
  let analysis = await analyzePage(original);
  time('analyze', Date.now() - t);
  if (analysis.blank) {
    return { index: pageIndex, width: original.width, height: original.height, rotation: original.exifRotation, turn: 0, words: [], barcodes: [], blank: true, toUpright: (b) => b };
  }
  // A photographed sheet is straightened and everything below reads the flat sheet (its orientation and skew measured
  // again); reported boxes stay on the original image. Should straightening fail, the page is read as it was taken.
  t = Date.now();
  const flat = await unwarpPhoto(original).catch(() => null);
  const page = flat ? await flattenLighting(flat.page) : original;
  if (flat) analysis = await analyzePage(page);
  time('unwarp', Date.now() - t);
  const sheet: Sheet = { original, page, flat, pageIndex, worker, time, lines, budget, skipped: new Set(), tools };
  const first = await pagePass(sheet, analysis.candidates, analysis.skew);
  // What the fields make of the page pass decides what more is read: nothing when every core field it shows was
  // read surely, else only the lines where the fields in doubt stand.
  t = Date.now();
  const doubts = fieldsInDoubt(await finishPage(sheet, first, null));
  time('doubts', Date.now() - t);
  const worthEnlarging = doubts.fields.length > 0 && first.q < POOR_PASS && first.prepared.grey.width * 1.2 <= ENLARGED_WIDTH;
  if (worthEnlarging && budget.spent()) sheet.skipped.add('enlarged pass');
  if (!worthEnlarging || budget.spent()) return finished(await finishPage(sheet, first, doubts), sheet, doubts);
  // Which reading is better shows in what the fields make of it, not in the OCR's own confidence (measured: a page
  // read at 47 then 52 gave 18 then 16 wrong fields; one read at 71 then 53 gave 12 then 2). The two page passes are
  // compared as read; only the better one has its weak lines read again (that second read cost as much as the pass).
  t = Date.now();
  const again = await pagePass(sheet, [first.prepared.quarterTurn], analysis.skew, ENLARGED_WIDTH);
  const againDoubts = fieldsInDoubt(await finishPage(sheet, again, null));
  const kept = againDoubts.found > doubts.found;
  time(kept ? 'enlarged kept' : 'enlarged dropped', Date.now() - t);
  return finished(await finishPage(sheet, kept ? again : first, kept ? againDoubts : doubts), sheet, kept ? againDoubts : doubts);
}

/**
 * The page as read, with the steps its budget cut short named (its fields' confidence is then lowered); where nothing
 * was read again or found since the fields were judged, their reading goes with it so the rules need not run again.
 */
function finished(read: ReadPage, sheet: Sheet, doubts: Doubts): ReadPage {
  return keepReading(sheet.skipped.size ? { ...read, cutShort: [...sheet.skipped] } : read, doubts.reading);
}

interface Sheet {
  original: DecodedPage;
  /** The page as read: the straightened sheet of a photo, else the original. */
  page: DecodedPage;
  flat: Awaited<ReturnType<typeof unwarpPhoto>> | null;
  pageIndex: number;
  worker: OcrWorker;
  time: (step: string, ms: number) => void;
  lines: LineRecogniser | undefined;
  budget: PageBudget;
  /** Optional steps the budget left out. */
  skipped: Set<string>;
  tools: ReadTools;
}

/** What tools that learn from the reading may ask of it (the product asks none of it). */
export interface ReadTools {
  /** Told each weak line's readings and which was kept, its box on the upright page. */
  observe?: (choice: LineChoice) => void;
  /** Every line read again, however sure the page pass was of it and wherever it stands (up to 80 a page). */
  rereadAll?: boolean;
}

interface Pass {
  prepared: PreparedPage;
  words: EngineWord[];
  q: number;
  /**
   * The pass's own words and rulings in page coordinates, mapped once: every page built from the pass with nothing read
   * again shares these arrays, so their identity says that the words are those the fields were judged on.
   */
  onPage?: { words: Word[]; rules: VerticalRule[] };
}

/** The page pass: prepares and reads the page in each orientation given until one reads well. */
async function pagePass(sheet: Sheet, turns: number[], skew: number, targetWidth?: number): Promise<Pass> {
  const { page, worker, time, budget } = sheet;
  let best: Pass | null = null;
  for (const turn of turns) {
    if (best && budget.spent()) { sheet.skipped.add('other orientation'); break; }
    if (best) {
      const t = Date.now();
      const turnIt = await otherWayReadsBetter(worker, best, budget);
      time('orientation', Date.now() - t);
      if (!turnIt) break;
    }
    let t = Date.now();
    const prepared = await preparePage(page, turn, skew, targetWidth);
    time('prepare', Date.now() - t);
    t = Date.now();
    let words = await worker.recognize(prepared.grey, 3, budget.left());
    // Page layout analysis can give up on a whole page (a low-resolution form of ruled lines and handwriting came back
    // with no word at all): sparse-text mode then finds the text wherever it stands.
    if (words.length < SPARSE_BELOW && budget.spent()) sheet.skipped.add('sparse-text pass');
    else if (words.length < SPARSE_BELOW) {
      const sparse = await worker.recognize(prepared.grey, 11, budget.left());
      if (readLetters(sparse) > readLetters(words)) words = sparse;
    }
    time('ocr', Date.now() - t);
    const q = passQuality(words);
    if (!best || q > best.q) best = { prepared, words, q };
    // Right-way-up printed text reads with high confidence; only a poor pass is worth a second orientation.
    if (q >= 70 && words.length >= 5) break;
  }
  return best!;
}

// The band of the page read both ways up to decide whether the page is upside down: a third of its height, centred.
const BAND = [0.33, 0.66] as const;

/**
 * Whether the page reads better turned half round, judged on a band across its middle read that way (a tenth of the
 * cost of reading the whole page again), against the same band's words in the pass already made. A band with no text
 * either way says nothing: the whole page is read again then.
 */
async function otherWayReadsBetter(worker: OcrWorker, pass: Pass, budget: PageBudget): Promise<boolean> {
  const { grey } = pass.prepared;
  const y0 = Math.floor(grey.height * BAND[0]), y1 = Math.floor(grey.height * BAND[1]);
  // Turning an image half round reverses its pixels; the band turned is the same band of the turned page.
  const band = grey.data.slice(y0 * grey.width, y1 * grey.width).reverse();
  const turned = await worker.recognize({ width: grey.width, height: y1 - y0, data: band }, 3, budget.left());
  const here = pass.words.filter((w) => { const cy = (w.bbox[1] + w.bbox[3]) / 2; return cy >= y0 && cy < y1; });
  const [q, qTurned] = [passQuality(here), passQuality(turned)];
  return (q === 0 && qTurned === 0) || qTurned > q;
}

/**
 * Weak lines where `doubts` places fields read again, barcodes, and the words mapped back onto the page as the user
 * sees it; with `doubts` null, the page pass's words alone are mapped (to judge a pass by its fields).
 */
async function finishPage(sheet: Sheet, pass: Pass, doubts: Doubts | null): Promise<ReadPage> {
  const { original, page, flat, pageIndex, worker, time, lines, budget } = sheet;
  const { prepared } = pass;
  // Boxes on the straightened sheet, mapped onto the original image as the user sees it.
  const onOriginal = (b: [number, number, number, number]): [number, number, number, number] => (flat ? boxOnPhoto(b, prepared.quarterTurn, flat, original) : b);
  const full = doubts !== null;
  let words = pass.words;
  // Small print, stamps and handwriting read weakly in the page pass: those lines where a field is in doubt are read
  // again, enlarged, and where one is missing, inked lines the page pass returned nothing for are looked for.
  let t = Date.now();
  const within = (doubts?.regions ?? []).map(([x0, y0, x1, y1]): [number, number, number, number] => [x0 * prepared.scale, y0 * prepared.scale, x1 * prepared.scale, y1 * prepared.scale]);
  if (full && doubts.fields.length && budget.spent()) sheet.skipped.add('weak lines read again');
  else if (full && doubts.fields.length) {
    try {
      const { observe, rereadAll } = sheet.tools;
      const seen = observe && ((c: LineChoice): void => observe({ ...c, bbox: onOriginal(prepared.toUpright(c.bbox)) }));
      words = (await rereadWeakLines(prepared.grey, words, worker, {
        known: startsWithLabel, rules: prepared.rules, soft: prepared.soft, missed: doubts.missing, ...(lines ? { lines } : {}), ...(seen ? { observe: seen } : {}),
        ...(rereadAll ? { maxConfidence: 101, maxLines: 80 } : { maxConfidence: REREAD_BELOW, maxLines: REREAD_LINES, within }),
      })).words;
    } catch {
      // The page pass already has words for these lines; keep them.
    }
  }
  time('reread', Date.now() - t);
  t = Date.now();
  if (lines && full && budget.spent()) sheet.skipped.add('second look');
  else if (lines && full) words = await secondLook(prepared.grey, words, lines, prepared.soft);
  time('second look', Date.now() - t);
  t = Date.now();
  let barcodes: ReadPage['barcodes'] = [];
  try {
    if (full) barcodes = (await readFormBarcodes(prepared.barcodeGrey, prepared.rules, { second: !budget.spent() })).map((b) => ({ ...b, ...(b.bbox ? { bbox: onOriginal(prepared.toUpright(b.bbox)) } : {}) }));
  } catch {
    // A barcode failure must not lose the page's text; the fields fall back to OCR alone.
    barcodes = [];
  }
  time('barcodes', Date.now() - t);
  // Layout works on deskewed boxes (lines stay level); boxes given to callers are mapped back to the upright page.
  const s = prepared.scale;
  const mapped = words === pass.words ? (pass.onPage ??= onPage(pass.words, prepared, pageIndex)) : onPage(words, prepared, pageIndex);
  const toUpright = (b: [number, number, number, number]): [number, number, number, number] => onOriginal(prepared.toUpright([b[0] * s, b[1] * s, b[2] * s, b[3] * s]));
  return {
    index: pageIndex,
    width: prepared.quarterTurn % 180 === 0 ? original.width : original.height,
    height: prepared.quarterTurn % 180 === 0 ? original.height : original.width,
    rotation: (page.exifRotation + prepared.quarterTurn) % 360,
    turn: prepared.quarterTurn,
    words: mapped.words,
    barcodes,
    rules: mapped.rules,
    blank: false,
    toUpright,
    ...(full ? { image: { grey: prepared.grey, soft: prepared.soft, scale: s } } : {}),
  };
}

/** Engine words and the pass's rulings in the page's deskewed coordinates (the prepared image's scale undone). */
function onPage(words: EngineWord[], prepared: PreparedPage, pageIndex: number): { words: Word[]; rules: VerticalRule[] } {
  const s = prepared.scale;
  return {
    words: words.map((w) => ({
      text: w.text,
      confidence: Math.max(0, Math.min(1, w.confidence / 100)),
      bbox: [Math.round(w.bbox[0] / s), Math.round(w.bbox[1] / s), Math.round(w.bbox[2] / s), Math.round(w.bbox[3] / s)],
      page: pageIndex,
      line: w.line,
      ...(w.alt ? { alt: w.alt } : {}),
      ...(w.by ? { by: w.by } : {}),
    })),
    rules: prepared.rules.map(([x, y0, y1]) => [Math.round(x / s), Math.round(y0 / s), Math.round(y1 / s)]),
  };
}
