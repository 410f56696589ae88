import { CORE_FIELDS } from '@ladingwise/shared';
import { sameValue, valueAt } from '../../packages/extract/src/fields/learned/field-truth.ts';

type Row = Record<string, unknown>;

/** The confidence lines the bench prints: the review gate's 0.9 and a few around it. */
export const CURVE_THRESHOLDS = [0.5, 0.7, 0.8, 0.9, 0.95] as const;

/** Precision and coverage of the core fields scored at or above one confidence (coverage: of all core fields). */
export interface CurvePoint { threshold: number; fields: number; precision: number; coverage: number }

/**
 * Precision and coverage at each threshold, compared as the shared scorer compares (field-truth.ts): what a review gate
 * set at that threshold would let through unseen, and how often that is right.
 */
export function confidenceCurve(rows: readonly Row[], preds: readonly Row[], thresholds: readonly number[] = CURVE_THRESHOLDS): CurvePoint[] {
  const byFile = new Map(preds.map((p) => [String(p.file), p.extractedData as Record<string, unknown> | undefined]));
  const scored: Array<{ conf: number; right: boolean }> = [];
  let slots = 0;
  for (const r of rows) {
    const data = byFile.get(String(r.file));
    slots += CORE_FIELDS.length;
    if (!data) continue;
    const scores = (data.ConfidenceScores ?? {}) as Record<string, unknown>;
    for (const f of CORE_FIELDS) {
      const c = scores[f];
      if (typeof c === 'number') scored.push({ conf: c, right: sameValue(f, valueAt(r.truth, f), valueAt(data, f)) });
    }
  }
  return thresholds.map((threshold) => {
    const hi = scored.filter((s) => s.conf >= threshold);
    const right = hi.filter((s) => s.right).length;
    return { threshold, fields: hi.length, precision: hi.length ? (100 * right) / hi.length : Number.NaN, coverage: slots ? (100 * hi.length) / slots : 0 };
  });
}
