/**
 * The merge rule for a second opinion. Confidence is calibrated (>= 0.9 must be right >= 99 % of the
 * time), so the model never touches a field OCR already scored at or above the threshold, and a value
 * only the model read stays below 0.9: a reviewer still looks at it.
 */
import type { ExtractedData } from '@ladingwise/shared';
import { weakFields, type AskableField } from './second-opinion-fields.ts';

/** OCR and the model read the same value: two independent readings agree. */
export const AGREED_CONFIDENCE = 0.9;
/** Only the model's reading: kept for review. */
export const MODEL_CONFIDENCE = 0.8;

export interface MergeResult {
  data: ExtractedData;
  /** Fields whose value now comes from the model. */
  replaced: string[];
  /** Fields whose OCR value the model confirmed. */
  confirmed: string[];
  /** Answers that failed the field's checks (ignored). */
  rejected: string[];
}

export const modelWarning = (path: string): string => `${path} read by the second-opinion model`;

/** Applies the model's answers (JSON keys as in AskableField.key) to the fields that were weak. */
export function mergeSecondOpinion(input: ExtractedData, answers: Record<string, string | null | undefined>, threshold: number): MergeResult {
  const data: ExtractedData = structuredClone(input);
  const result: MergeResult = { data, replaced: [], confirmed: [], rejected: [] };
  // Decided on the input, before any field is written, so the answers cannot widen the set.
  const weak: AskableField[] = weakFields(input, threshold);
  for (const field of weak) {
    const raw = answers[field.key];
    if (raw === null || raw === undefined || raw.trim() === '') continue;
    const value = field.check(raw);
    if (value === null) { result.rejected.push(field.path); continue; }
    const ocr = field.get(data);
    const old = data.ConfidenceScores[field.path] ?? 0;
    if (ocr !== null && ocr !== '' && field.same(ocr, value)) {
      data.ConfidenceScores[field.path] = Math.max(old, AGREED_CONFIDENCE);
      result.confirmed.push(field.path);
      continue;
    }
    field.set(data, value);
    data.ConfidenceScores[field.path] = MODEL_CONFIDENCE;
    const companion = field.companion?.(data, raw);
    if (companion) data.ConfidenceScores[companion] = MODEL_CONFIDENCE;
    // The OCR box no longer shows this value.
    if (data.FieldSources) delete data.FieldSources[field.path];
    data.Warnings = [...data.Warnings, modelWarning(field.path)];
    data.MissingFields = data.MissingFields.filter((m) => m !== field.path);
    result.replaced.push(field.path);
  }
  return result;
}
