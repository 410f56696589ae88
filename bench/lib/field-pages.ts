import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { ReadPage, Word } from '../../packages/extract/src/types.ts';

/** One word of a generated page as the dataset gives it: the page reader's word and the field it belongs to. */
export interface TruthWord {
  text: string;
  /** OCR confidence, 0–100 as the engine gives it. */
  conf: number;
  box: [number, number, number, number];
  line: string | number;
  page: number;
  field: string | null;
  role: 'value' | 'label' | 'other';
  /** The line reader's unsure reading of the weak line the word is in (Word.alt). */
  alt?: string;
  /** The neural line reader read the word (Word.by). */
  by?: 'neural';
}

/** One generated page of the field dataset (training/data/fields/*.jsonl): its truth and its OCR words. */
export interface TruthPage {
  id: string;
  family: string;
  split: 'train' | 'heldout';
  lang?: string;
  profile?: string;
  writing?: string;
  width: number;
  height: number;
  truth: Record<string, unknown>;
  words: TruthWord[];
}

/** Reads a JSONL file of pages one at a time (files grow to thousands of pages). */
export async function* readTruthPages(path: string): AsyncGenerator<TruthPage> {
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    try {
      yield JSON.parse(line) as TruthPage;
    } catch {
      // A file still being written may end in half a line.
    }
  }
}

/** A word the page reader returned, as the dataset stores it with the field and role of the truth word under it. */
export function storedWord(w: Word, field: string | null, role: TruthWord['role']): TruthWord {
  return { text: w.text, conf: Math.round(w.confidence * 100), box: w.bbox, line: w.line, page: w.page, field, role, ...(w.alt ? { alt: w.alt } : {}), ...(w.by ? { by: w.by } : {}) };
}

/** The page as the field extractors see it at run time: words with 0–1 confidences in the page's coordinates. */
export function asReadPage(p: TruthPage, index = 0): ReadPage {
  return {
    index, width: p.width, height: p.height, rotation: 0, barcodes: [], blank: !p.words.length, toUpright: (b) => b,
    words: p.words.map((w) => ({ text: w.text, confidence: Math.max(0, Math.min(1, w.conf / 100)), bbox: w.box, page: index, line: String(w.line), ...(w.alt ? { alt: w.alt } : {}), ...(w.by ? { by: w.by } : {}) })),
  };
}

/**
 * Whether a training page was kept out of the tagger's fit: a fifth of the training pages, fixed by a hash of their
 * id (training/fields/train.py uses the same rule), left for early stopping and calibration. Decisions about the
 * model are measured on these pages, never on held-out families.
 */
export function keptOutOfFit(id: string): boolean {
  return foldOf(id) === 0;
}

/** A training page's fold of five, fixed by a hash of its id (train.py's fold_of): fold 0 is kept out of the fit. */
export function foldOf(id: string): number {
  return Number.parseInt(createHash('sha1').update(id).digest('hex').slice(0, 8), 16) % 5;
}
