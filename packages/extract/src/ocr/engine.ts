import type { Grey } from '../image/analyze.ts';

/** A word the OCR engine read, in the pixel space of the image it was given. */
export interface EngineWord {
  text: string;
  /** 0–100 as engines report it. */
  confidence: number;
  bbox: [number, number, number, number];
  /** Engine line identity (block.paragraph.line), used to keep a printed line together. */
  line: string;
  /**
   * A second recogniser's reading of the weak piece of line this word belongs to, not sure enough to replace it. Only
   * headings lost to OCR consult it (small caps read "Focas (sara)" by Tesseract, "FRoM (somR)" by the line reader).
   */
  alt?: string;
  /**
   * Set when the word is the neural line reader's reading, not the page pass's: a second reader whose confidence runs
   * on another scale and whose errors (on hands it never saw) a check must catch, so what is learned about values can
   * tell its words apart.
   */
  by?: 'neural';
}

/** Page segmentation modes used here: 3 = automatic layout, 6 = one block, 7 = one line, 11 = sparse text. */
export type Psm = 3 | 4 | 6 | 7 | 11;

/** One OCR worker: recognises a greyscale image; `close` frees it. */
export interface OcrWorker {
  /** `deadlineMs`, where the engine can stop itself (native), ends a call that runs past it with an error. */
  recognize(image: Grey, psm: Psm, deadlineMs?: number): Promise<EngineWord[]>;
  close(): Promise<void>;
}

/** Makes OCR workers of one engine. */
export interface OcrEngineFactory {
  name: string;
  create(): Promise<OcrWorker>;
}

/** An OCR call the engine stopped itself because it ran past the deadline it was given. */
export class OcrDeadlineError extends Error {
  constructor() {
    super('OCR stopped: the page ran past its time limit');
    this.name = 'OcrDeadlineError';
  }
}
