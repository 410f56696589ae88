import type { Grey } from './image/analyze.ts';
import type { VerticalRule } from './image/rulings.ts';
import type { ExtractedData } from '@ladingwise/shared';
import type { Barcode } from './barcodes.ts';
import type { OcrLanguage } from './ocr/languages.ts';

/** Options for a long-lived extractor. */
export interface ExtractorOptions {
  /** The page pass's Tesseract languages (default LANGUAGES in ocr/languages.ts). */
  languages?: OcrLanguage[];
  /** Pages read in parallel, one OCR worker each (default 1). */
  workers?: number;
  /** Hard limit for one page, decode to fields (default 60 s): past it the document fails with PAGE_TIMEOUT. */
  pageTimeoutMs?: number;
  /**
   * Soft limit for one page (default 40 % of pageTimeoutMs): past it the page finishes with what was read, leaving
   * out the optional steps, and every field of the document is held for review (confidence at most 0.5).
   */
  pageBudgetMs?: number;
  /** Largest image accepted, in pixels (default 60 million). */
  maxPixels?: number;
  /**
   * OCR engine: 'auto' (default: native where installed, else tesseract.js), 'native' (libtesseract or the
   * `tesseract` program, e.g. Debian tesseract-ocr) or 'tesseract.js' (WASM, installs from npm alone).
   */
  engine?: 'auto' | 'tesseract.js' | 'native';
  /** Path of the native `tesseract` binary (default "tesseract"). */
  tesseractBinary?: string;
  /**
   * Re-read weak lines with a neural text-line model (PaddleOCR PP-OCRv4 on ONNX Runtime, CPU) as well as Tesseract
   * (default true): it reads handwriting far better. Off, pages are read with Tesseract alone.
   */
  lineReader?: boolean;
  /**
   * With the line reader on, also read weak lines with the handwriting model trained in training/ and keep the reading
   * the two models are likelier right about (default true; false reads with the print recogniser alone). The bench
   * figures behind the default: training/MODEL_CARD-handwriting.md.
   */
  handwritingReader?: boolean;
  /**
   * Which reader turns the OCR words into fields: 'rules' (the hand-written extractor), 'learned' (the field tagger,
   * a tree model over each word's features, with parsers and checks as its last step) or 'combined' (per field, the
   * one with the higher calibrated confidence; the default, measured best: docs/decisions/extract.md).
   */
  fields?: 'rules' | 'learned' | 'combined';
  /** Step timings, for logs and metrics. */
  logger?: (event: { step: string; ms: number; page?: number; slot?: number; engine?: string; workers?: number; error?: string }) => void;
}

/** A word read by OCR: confidence in [0,1], box [x0, y0, x1, y1] in upright page pixels. */
export interface OcrWord { text: string; confidence: number; bbox: [number, number, number, number] }

/** What was read off one page. Boxes are in the upright page: the stored image turned clockwise by `rotation`. */
export interface PageResult {
  index: number;
  width: number;
  height: number;
  /** Clockwise degrees (0, 90, 180, 270) that turn the uploaded image upright, EXIF included. */
  rotation: number;
  /**
   * The part of `rotation` the extractor found beyond EXIF: clockwise degrees that turn the image as a viewer
   * shows it (EXIF applied) into the upright page the boxes are measured in.
   */
  turn: number;
  words: OcrWord[];
  barcodes: Barcode[];
}

/** The extraction of one document. */
export interface ExtractionResult {
  extractedData: ExtractedData;
  pages: PageResult[];
  /** Milliseconds per step, summed over pages. */
  timings: Record<string, number>;
}

/** A long-lived extractor holding OCR workers; one `extract` call is one document. */
export interface Extractor {
  extract(images: Array<{ name: string; bytes: Uint8Array }>): Promise<ExtractionResult>;
  close(): Promise<void>;
}

/** Internal: an OCR word with its page, engine line and 0–1 confidence. */
export interface Word extends OcrWord {
  page: number;
  line: string;
  /** The line reader's unsure reading of the weak piece of line the word is in (see EngineWord.alt). */
  alt?: string;
  /** The neural line reader read the word (see EngineWord.by). */
  by?: 'neural';
}

/** Internal: a page with words in deskewed page coordinates, and the map from those to the upright page. */
export interface ReadPage {
  index: number; width: number; height: number; rotation: number; turn?: number; barcodes: Barcode[]; blank: boolean;
  /**
   * Never changed in place: a page with other words (a line read again) gets a new array, so the array's identity says
   * whether the words are those a reading of the page was made from (see fields/page-reading.ts).
   */
  words: Word[];
  /** Vertical rulings (cell borders) in the words' coordinates. */
  rules?: VerticalRule[];
  /** Optional steps left out because the page ran past its time budget (its fields are then held for review). */
  cutShort?: string[];
  toUpright: (b: [number, number, number, number]) => [number, number, number, number];
  /**
   * The page as OCR read it (words' boxes times `scale`) and less processed (`soft`), kept while the document is read:
   * fields are read again from it once their kind is known (see fields/reread-by-kind.ts). Never serialised.
   */
  image?: { grey: Grey; soft: Grey; scale: number };
}
