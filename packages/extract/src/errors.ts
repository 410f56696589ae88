/** Stable error codes the extractor throws; the server maps them to HTTP answers. */
export type ExtractErrorCode =
  | 'EMPTY_FILE'
  | 'UNSUPPORTED_TYPE'
  | 'CORRUPT_IMAGE'
  | 'IMAGE_TOO_SMALL'
  | 'IMAGE_TOO_LARGE'
  | 'PAGE_TIMEOUT'
  | 'OCR_FAILED';

/** What each code means, in words a user can act on (kept in step with the codes by a test). */
export const EXTRACT_ERROR_CODES: Record<ExtractErrorCode, string> = {
  EMPTY_FILE: 'The file is empty.',
  UNSUPPORTED_TYPE: 'The file is not a JPEG, PNG, BMP, TIFF or WebP image.',
  CORRUPT_IMAGE: 'The image is damaged or cut short and cannot be decoded.',
  IMAGE_TOO_SMALL: 'The image is too small to read.',
  IMAGE_TOO_LARGE: 'The image has more pixels than the extractor accepts.',
  PAGE_TIMEOUT: 'Reading a page took longer than the time allowed.',
  OCR_FAILED: 'The OCR engine failed on the page.',
};

/** A typed extraction error with a stable `code` and a message meant for the uploader. */
export class ExtractError extends Error {
  readonly code: ExtractErrorCode;
  readonly fileName?: string;

  constructor(code: ExtractErrorCode, message: string, fileName?: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ExtractError';
    this.code = code;
    if (fileName !== undefined) this.fileName = fileName;
  }
}

/** True when `e` is an ExtractError (also across module copies, by name and code). */
export function isExtractError(e: unknown): e is ExtractError {
  return e instanceof ExtractError || (e instanceof Error && e.name === 'ExtractError' && typeof (e as { code?: unknown }).code === 'string');
}
