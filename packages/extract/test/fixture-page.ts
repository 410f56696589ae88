import { readFileSync } from 'node:fs';
import type { ReadPage, Word } from '../src/types.ts';

/** The committed fixture page: a generated page's OCR words as the page reader gave them (from the field dataset). */
export function fixturePage(): ReadPage {
  const p = JSON.parse(readFileSync(new URL('./fixtures/field-page.json', import.meta.url), 'utf8')) as { width: number; height: number; words: Array<{ text: string; conf: number; box: Word['bbox']; line: string }> };
  return {
    index: 0, width: p.width, height: p.height, rotation: 0, barcodes: [], blank: false, toUpright: (b) => b,
    words: p.words.map((w) => ({ text: w.text, confidence: w.conf / 100, bbox: w.box, page: 0, line: String(w.line) })),
  };
}

/** The fixture page's truth (ExtractedData paths). */
export const fixtureTruth = (): unknown => (JSON.parse(readFileSync(new URL('./fixtures/field-page.json', import.meta.url), 'utf8')) as { truth: unknown }).truth;
