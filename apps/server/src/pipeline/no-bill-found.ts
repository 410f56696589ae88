/**
 * A page with no bill of lading on it (blank, noise, a photo of something else) must fail with a
 * clear message instead of becoming an empty "Completed" document that is charged and delivered.
 * The test is what the extractor found: no field of a bill of lading on any page means there is
 * none, whatever the OCR made of the pixels. Nor is there one where no page reads as written text
 * (noise, texture or a picture read as letters gives "fields" too) and no field was read surely.
 */
import { DEFAULT_REVIEW_THRESHOLD, type ExtractedData } from '@ladingwise/shared';

/** What the extractor saw on one page: its OCR words, and the share of them that are words of a language. */
export interface PageSeen { words: number; written: number }

/**
 * A page reads as written text from this share of words of a language (`writtenShare`). Measured on pages as read:
 * bills of lading of every layout, capture and hand 0.19 and up, random noise 0.06 at most.
 */
export const WRITTEN_MIN = 0.1;
/** A value read at the calibrated trust line (0.9) is a bill's field whatever the rest of the page looks like. */
const SURE = DEFAULT_REVIEW_THRESHOLD;

/** The fields whose presence shows a bill of lading: parties, carrier, shipment totals, dates, references. */
const EVIDENCE = /^(Shipper|Consignee|BillTo|Carrier|ShipmentDetails|Dates|References)\./;

/** Dotted paths that hold a value (strings not blank, numbers), skipping server-owned keys. */
function filled(data: ExtractedData): string[] {
  const out: string[] = [];
  for (const [group, value] of Object.entries(data)) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const path = `${group}.${key}`;
      if (key === 'ISA' || key === 'WeightUnit' || !EVIDENCE.test(path)) continue;
      if ((typeof v === 'string' && v.trim() !== '') || (typeof v === 'number' && Number.isFinite(v))) out.push(path);
    }
  }
  return out;
}

/** The failure message when no page holds a bill of lading; null when one was found. */
export function noBillOfLadingMessage(data: ExtractedData, pages: PageSeen[]): string | null {
  const fields = filled(data);
  const written = pages.some((p) => p.written >= WRITTEN_MIN);
  if (fields.length > 0 && (written || fields.some((f) => (data.ConfidenceScores[f] ?? 0) >= SURE))) return null;
  const n = Math.max(1, pages.length);
  const which = n === 1 ? 'page 1' : n === 2 ? 'pages 1 and 2' : `pages 1 to ${n}`;
  const blank = pages.length > 0 && pages.every((p) => p.words === 0);
  const why = blank
    ? (n === 1 ? 'the page looks blank' : 'the pages look blank')
    : 'no bill of lading labels or fields (shipper, consignee, BOL number, weight...) could be read';
  return `No bill of lading was found on ${which}: ${why}. Upload a clear scan or photo of the bill of lading; this document is not charged.`;
}
