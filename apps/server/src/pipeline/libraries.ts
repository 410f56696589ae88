/**
 * The two libraries the pipeline runs, typed by their published contract. They are built
 * alongside the server; importing through a namespace keeps the server compiling until their
 * exports land, and a clear error says which one is missing at run time.
 */
import * as extractModule from '@ladingwise/extract';
import * as x12Module from '@ladingwise/x12';
import type { ExtractedData } from '@ladingwise/shared';

export type ImageType = 'jpeg' | 'png' | 'bmp' | 'tiff' | 'webp';
export type ExtractErrorCode =
  | 'EMPTY_FILE' | 'UNSUPPORTED_TYPE' | 'CORRUPT_IMAGE' | 'IMAGE_TOO_SMALL' | 'IMAGE_TOO_LARGE' | 'PAGE_TIMEOUT' | 'OCR_FAILED';

export interface ExtractedPage {
  index: number;
  width: number;
  height: number;
  rotation: number;
  words: { text: string; confidence: number; bbox: unknown }[];
  barcodes: unknown[];
}

export interface ExtractResult {
  extractedData: ExtractedData;
  pages: ExtractedPage[];
  timings: Record<string, number> | unknown;
}

export interface Extractor {
  extract(files: { name: string; bytes: Uint8Array }[]): Promise<ExtractResult>;
  close(): Promise<void>;
}

export interface ExtractorOptions {
  languages: string[];
  workers: number;
  pageTimeoutMs: number;
  logger?: { debug?: (...a: never[]) => void; info?: (...a: never[]) => void; warn?: (...a: never[]) => void; error?: (...a: never[]) => void };
}

/** A decoded page as raw pixels (the contract leaves the exact field names to the library). */
export interface DecodedPage { width: number; height: number; channels?: number; data?: Uint8Array; pixels?: Uint8Array }

export interface X12Issue { code: string; path: string; message: string }

export interface WriteInterchangeInput {
  type: '204' | '211';
  version: '4010' | '5010' | '7010';
  data: ExtractedData;
  senderId: string;
  receiverId: string;
  controlNumber: number;
  groupControlNumber?: number;
  now: Date;
  usage?: 'P' | 'T';
}

interface ExtractModule {
  createExtractor?: (o: ExtractorOptions) => Extractor | Promise<Extractor>;
  sniffImageType?: (bytes: Uint8Array) => ImageType | null;
  decodePages?: (bytes: Uint8Array) => Promise<DecodedPage[]> | DecodedPage[];
  ExtractError?: new (...a: never[]) => Error;
}
interface X12Module {
  writeInterchange?: (i: WriteInterchangeInput) => { content: string; issues: X12Issue[]; missingRequired: string[] };
  checkInterchange?: (text: string) => { ok: boolean; issues: X12Issue[]; type?: string; version?: string; controlNumber?: string | number };
}

const extract = extractModule as unknown as ExtractModule;
const x12 = x12Module as unknown as X12Module;

function missing(lib: string, name: string): Error {
  return new Error(`${lib} does not export ${name} yet.`);
}

/** Creates the long-lived OCR extractor of a worker process. */
export async function createExtractor(options: ExtractorOptions): Promise<Extractor> {
  if (!extract.createExtractor) throw missing('@ladingwise/extract', 'createExtractor');
  return extract.createExtractor(options);
}

/** The image type read from the first bytes, or null when it is none we accept. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (extract.sniffImageType) return extract.sniffImageType(bytes);
  return sniffFallback(bytes);
}

/** Decodes an image's pages to raw pixels (used for BMP, which sharp cannot read). */
export async function decodePages(bytes: Uint8Array): Promise<DecodedPage[]> {
  if (!extract.decodePages) throw missing('@ladingwise/extract', 'decodePages');
  return extract.decodePages(bytes);
}

/** The stable code of an extraction error the user can act on, or null for any other error. */
export function extractErrorCode(err: unknown): ExtractErrorCode | null {
  if (!(err instanceof Error)) return null;
  const isExtractError = (extract.ExtractError && err instanceof extract.ExtractError) || err.name === 'ExtractError';
  const code = (err as { code?: unknown }).code;
  return isExtractError && typeof code === 'string' ? (code as ExtractErrorCode) : null;
}

/** Writes one X12 interchange. */
export function writeInterchange(input: WriteInterchangeInput): { content: string; issues: X12Issue[]; missingRequired: string[] } {
  if (!x12.writeInterchange) throw missing('@ladingwise/x12', 'writeInterchange');
  return x12.writeInterchange(input);
}

/** Reads an X12 interchange back and lists what is wrong with it. */
export function checkInterchange(text: string): { ok: boolean; issues: X12Issue[]; type?: string; version?: string; controlNumber?: string | number } {
  if (!x12.checkInterchange) throw missing('@ladingwise/x12', 'checkInterchange');
  return x12.checkInterchange(text);
}

/** Magic-number check used only until the extract library's sniffer lands. */
function sniffFallback(b: Uint8Array): ImageType | null {
  const at = (i: number) => b[i] ?? -1;
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg';
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return 'png';
  if (at(0) === 0x42 && at(1) === 0x4d) return 'bmp';
  if ((at(0) === 0x49 && at(1) === 0x49 && at(2) === 0x2a && at(3) === 0) || (at(0) === 0x4d && at(1) === 0x4d && at(2) === 0 && at(3) === 0x2a)) return 'tiff';
  if (at(0) === 0x52 && at(1) === 0x49 && at(2) === 0x46 && at(3) === 0x46 && at(8) === 0x57 && at(9) === 0x45 && at(10) === 0x42 && at(11) === 0x50) return 'webp';
  return null;
}
