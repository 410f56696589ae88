import type { ReadPage, Word } from '../types.ts';

/** The score from which a field is trusted without a look (the review gate's default line; calibrated to 99.5 % right). */
export const TRUSTED_SCORE = 0.9;

/** What supports a value: where it was found (prior), checks it passed, doubts raised. */
export interface Evidence {
  prior: number;
  checks: number;
  doubts: number;
  kind: 'text' | 'code' | 'number' | 'date';
}

/** A chosen value with its evidence, before it is written into ExtractedData. */
export interface Chosen<T> { value: T; words: Word[]; evidence: Evidence; /** Box of the label it was read by. */ label?: [number, number, number, number] }

/**
 * Turns evidence into a confidence in [0,1]. OCR word confidence is the base; a value that passed an
 * independent check (ZIP agrees with state and city, a valid NMFC class, a barcode) is raised, one with a doubt
 * (a repaired character, an ambiguous date, an incomplete block) is lowered below the 0.9 "trust" line.
 * The constants were checked on the dev and synthetic sets: see docs/decisions/extract.md.
 */
export function scoreField(e: Evidence, words: Word[]): number {
  if (!words.length) return 0.5;
  const confs = words.map((w) => w.confidence);
  const mean = confs.reduce((a, b) => a + b, 0) / confs.length;
  const min = Math.min(...confs);
  const ocr = 0.5 * mean + 0.5 * min;
  let s = ocr * e.prior;
  if (e.checks > 0) s = s + (1 - s) * Math.min(0.7, 0.4 * e.checks);
  if (e.doubts > 0) s = Math.min(s, 0.85) * Math.pow(0.85, e.doubts - 1);
  return Math.round(Math.max(0, Math.min(1, s)) * 1000) / 1000;
}

/**
 * Whether a value may have been read short of its end, which no OCR confidence shows: a number ending against a cell
 * border may have lost a last 1 to it (Tesseract takes the 1 for the rule); a value whose last word runs on into a weak
 * word left out of it may end in half a word.
 */
export function cutShort(value: Word[], kind: Evidence['kind'], all: Word[], rules: PageRules): boolean {
  return (kind === 'number' && endsAtRule(value, rules)) || endsInCutWord(value, all);
}

export type PageRules = Map<number, NonNullable<ReadPage['rules']>>;
export const rulesByPage = (pages: ReadPage[]): PageRules => new Map(pages.map((p) => [p.index, p.rules ?? []]));

/** Width of one character of a word, from its box. */
const charWidth = (w: Word): number => (w.bbox[2] - w.bbox[0]) / Math.max(1, w.text.length);

/** Vertical rules of the word's page crossing its middle. */
const rulesAcross = (w: Word, rules: PageRules): Array<[number, number, number]> => {
  const mid = (w.bbox[1] + w.bbox[3]) / 2;
  return (rules.get(w.page) ?? []).filter(([, top, bottom]) => top <= mid && mid <= bottom);
};

/**
 * Whether a weakly read word left out of the value carries on its last word: a word Tesseract cut in two ("Boul" and
 * "evard" read apart, the second weakly) gives a value short of its end.
 */
function endsInCutWord(value: Word[], all: Word[]): boolean {
  if (!value.length || value.some((w) => w.line === 'barcode')) return false;
  const own = new Set(value);
  const last = value.reduce((a, b) => (b.bbox[2] > a.bbox[2] ? b : a));
  const [x0, y0, x1, y1] = last.bbox;
  const h = y1 - y0;
  return all.some((w) => {
    // A strong word beside the value is a value of its own (a state glued to its postal code); specks and barcode
    // noise are no letters of the same size.
    if (own.has(w) || w.page !== last.page || w.confidence >= 0.6 || !/[\p{L}\p{N}]{2}/u.test(w.text)) return false;
    const wh = w.bbox[3] - w.bbox[1];
    if (wh < 0.6 * h || wh > 1.5 * h) return false;
    const level = Math.min(y1, w.bbox[3]) - Math.max(y0, w.bbox[1]) > 0.5 * Math.min(h, wh);
    return level && w.bbox[0] > (x0 + x1) / 2 && w.bbox[0] - x1 < 0.1 * h;
  });
}

/** Whether the value's last word ends less than one of its characters' width before a vertical rule across it. */
function endsAtRule(words: Word[], rules: PageRules): boolean {
  const last = words[words.length - 1];
  // Only a last digit can be lost so; a unit printed after the number keeps the digits off the border.
  if (!last || last.line === 'barcode' || !/\d$/.test(last.text)) return false;
  const x1 = last.bbox[2];
  return rulesAcross(last, rules).some(([x]) => x >= x1 && x - x1 < charWidth(last));
}
