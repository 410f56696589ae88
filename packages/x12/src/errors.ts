/**
 * Issue and error codes of the X12 package, with what each means. The reader and checker return
 * issues `{code, path, message}`; the writer throws `X12WriteError` only for arguments it cannot
 * turn into a valid envelope (bad control number, unusable interchange ID).
 */

/** One problem found while writing or reading an interchange. */
export interface X12Issue {
  /** Stable code from `ISSUE_CODES`. */
  code: string;
  /** Where: a dotted ExtractedData path (writer) or segment position like `ST/BOL[2].BOL03` (reader). */
  path: string;
  /** Plain sentence a reviewer can act on. */
  message: string;
}

/** Every issue code the package emits, with a description (a test keeps this list complete). */
export const ISSUE_CODES = {
  // Writer
  MISSING_REQUIRED: 'A field the transaction set needs is empty; the element or segment was left out.',
  INVALID_VALUE: 'A value cannot be written in the element (bad date, number, code length); it was left out.',
  TRUNCATED: 'A text value was longer than the element allows and was cut to the maximum length.',
  CLEANED: 'Delimiters, control characters or non-ASCII letters were replaced in a value.',
  DEFAULTED: 'A mandatory code was empty and the usual default was written (e.g. PP prepaid, L pounds).',
  // Reader: syntax and envelope
  EMPTY: 'The text is empty.',
  NO_ISA: 'The text does not start with an ISA segment.',
  ISA_LENGTH: 'The ISA segment is not 106 characters long (fixed widths broken).',
  ISA_ELEMENT: 'An ISA element has the wrong width or content.',
  DELIMITERS: 'The element, component, repetition and segment delimiters are not all different.',
  UNEXPECTED_SEGMENT: 'A segment appears where the envelope does not allow it.',
  MISSING_SEGMENT: 'A mandatory segment or trailer is missing.',
  COUNT_MISMATCH: 'A trailer count (IEA01, GE01, SE01) does not match what was received.',
  CONTROL_MISMATCH: 'A trailer control number (IEA02, GE02, SE02) does not match its header.',
  BAD_CONTROL_NUMBER: 'A control number has the wrong form (ISA13 nine digits, GS06 1–9 digits, ST02 4–9 characters).',
  DUPLICATE_CONTROL_NUMBER: 'Two transaction sets in a group share an ST02.',
  VERSION_MISMATCH: 'ISA12, GS08 and the version this package knows disagree.',
  FUNCTIONAL_ID_MISMATCH: 'GS01 does not fit the transaction set (SM for 204, BL for 211).',
  UNSUPPORTED_TRANSACTION: 'The transaction set is not a 204 or 211; only the envelope was checked.',
  ELEMENT_TOO_LONG: 'An element is longer than its maximum.',
  ELEMENT_TOO_SHORT: 'An element is shorter than its minimum.',
  ELEMENT_MISSING: 'A mandatory element of a 204/211 segment is empty.',
  BAD_CHARACTER: 'An element holds a character outside the X12 basic/extended character set.',
  BAD_DATE: 'A date element is not a real CCYYMMDD / YYMMDD date.',
  BAD_NUMBER: 'A numeric element is not a number of the expected form.',
  BAD_CODE: 'A code element holds a value this package does not write or accept.',
  ORDER: 'A segment is out of the order the transaction set defines.',
} as const;

/** A code from `ISSUE_CODES`. */
export type IssueCode = keyof typeof ISSUE_CODES;

/** Builds an issue. */
export function issue(code: IssueCode, path: string, message: string): X12Issue {
  return { code, path, message };
}

/** Codes of `X12WriteError`. */
export const WRITE_ERROR_CODES = {
  BAD_TYPE: 'type must be 204 or 211.',
  BAD_VERSION: 'version must be 4010, 5010 or 7010.',
  BAD_CONTROL_NUMBER: 'controlNumber and groupControlNumber must be whole numbers from 1 to 999999999.',
  BAD_INTERCHANGE_ID: 'senderId and receiverId must be 1–15 printable ASCII characters without delimiters.',
  BAD_DATE: 'now must be a valid Date.',
  BAD_USAGE: 'usage must be P (production) or T (test).',
  BAD_PURPOSE: 'purpose must be original (B2A01 00) or change (B2A01 04).',
} as const;

/** Thrown by the writer for arguments it cannot write at all. */
export class X12WriteError extends Error {
  readonly code: keyof typeof WRITE_ERROR_CODES;
  constructor(code: keyof typeof WRITE_ERROR_CODES, message: string) {
    super(message);
    this.name = 'X12WriteError';
    this.code = code;
  }
}
