/**
 * The two libraries the pipeline runs, in one place so the server's other modules name what
 * they use rather than which package it lives in.
 */
import { isExtractError, type ExtractErrorCode } from '@ladingwise/extract';

export { createExtractor, decodeBmp, DEFAULT_MAX_PIXELS, sniffImageType, type ImageType, type Extractor, type ExtractionResult, type ExtractErrorCode } from '@ladingwise/extract';
// The extractor's own field checkers, so a second-opinion answer is held to the same rules as OCR.
export { normalizePostal, parseDate, parseReference, parseWeight, repairState } from '@ladingwise/extract';
// Whether a page reads as written text at all (the no-bill check).
export { writtenShare } from '@ladingwise/extract';
export { checkInterchange, writeInterchange, type X12Issue, type WriteInterchangeInput } from '@ladingwise/x12';

/** The stable code of an extraction error the user can act on, or null for any other error. */
export function extractErrorCode(err: unknown): ExtractErrorCode | null {
  return isExtractError(err) ? err.code : null;
}
