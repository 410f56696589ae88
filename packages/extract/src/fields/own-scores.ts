import type { ExtractedData } from '@ladingwise/shared';

/**
 * The readers' own scores of a document's fields, kept beside the confidence it reports. A reader's own score says
 * what its checks found (a postal code that agrees with its city, a date that parses, the other reader agreeing); the
 * reported confidence is the calibrated chance the value is right. The extractor's own steps that decide what to read
 * again go by the checks (a value that passed them is not read again), the customer by the chance: the two answer
 * different questions, and the second moves whenever the confidence model is refitted.
 */
const scores = new WeakMap<ExtractedData, Record<string, number>>();

/** Keeps `own` as the readers' scores of `data`'s fields. */
export function keepOwnScores(data: ExtractedData, own: Record<string, number>): void {
  scores.set(data, own);
}

/** The readers' own scores of `data`'s fields; its reported confidence where none were kept (rules alone report their own). */
export function ownScores(data: ExtractedData): Record<string, number> {
  return scores.get(data) ?? data.ConfidenceScores;
}
