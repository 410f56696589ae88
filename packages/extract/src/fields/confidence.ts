import type { Word } from '../types.ts';

/** What supports a value: where it was found (prior), checks it passed, doubts raised. */
export interface Evidence {
  prior: number;
  checks: number;
  doubts: number;
  kind: 'text' | 'code' | 'number' | 'date';
}

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
