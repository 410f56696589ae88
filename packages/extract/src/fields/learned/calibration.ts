import { TRUSTED_SCORE } from '../confidence.ts';

/**
 * An isotonic calibration: the raw scores of values read on pages kept out of the fit, sorted, and the share of them
 * that were right, made non-decreasing (pool adjacent violators); where all values from a block upwards together are
 * right often enough for the 0.9 promise, the block is given 0.9 or more. `x` are the lowest raw scores of each block, `y` the
 * confidence given to the block (see `confidenceOf`).
 */
export interface IsotonicTable { x: number[]; y: number[]; n: number }

/** One table per field that had enough values to fit, and one for all fields together (`*`). */
export type Calibration = Record<string, IsotonicTable>;

// A field's own table needs this many values, else it uses the table of all fields: below about 600 values right in a
// row, no block can show 99.5 % at its lower bound, and the field would never be trusted.
const MIN_FIELD_VALUES = 600;

/** Fits an isotonic table to (raw score, right) pairs. */
export function fitIsotonic(points: Array<{ raw: number; right: boolean }>): IsotonicTable {
  const sorted = [...points].sort((a, b) => a.raw - b.raw);
  const blocks: Array<{ x: number; sum: number; n: number }> = [];
  for (const p of sorted) {
    blocks.push({ x: p.raw, sum: p.right ? 1 : 0, n: 1 });
    // Merge while the last block's share is below the one before it.
    while (blocks.length > 1 && blocks[blocks.length - 1]!.sum / blocks[blocks.length - 1]!.n <= blocks[blocks.length - 2]!.sum / blocks[blocks.length - 2]!.n) {
      const b = blocks.pop()!;
      const a = blocks[blocks.length - 1]!;
      a.sum += b.sum; a.n += b.n;
    }
  }
  // The promise is about the set of values scored 0.9 or more, so a block also earns the confidence of all the values
  // from it upwards (right at least 99.5 % of the time at the lower bound, however small the block is on its own).
  const tail: number[] = new Array(blocks.length);
  for (let i = blocks.length - 1, right = 0, n = 0; i >= 0; i--) {
    right += blocks[i]!.sum; n += blocks[i]!.n;
    tail[i] = confidenceOf(right, n);
  }
  let floor = 0;
  const y = blocks.map((b, i) => (floor = Math.max(floor, confidenceOf(b.sum, b.n), tail[i]! >= TRUSTED_SCORE ? tail[i]! : 0)));
  return { x: blocks.map((b) => b.x), y: y.map((v) => Math.round(v * 1e4) / 1e4), n: sorted.length };
}

/** Share right that the 0.9 line stands for: the product promises fields scored 0.9 or more are right this often. */
export const TRUSTED_SHARE = 0.995;

/**
 * The confidence of a block of values of which `right` of `n` were right. The share is taken at its lower 95 % bound
 * (Wilson), so a small block of lucky values does not earn trust, then mapped so that 0.9 stands for TRUSTED_SHARE:
 * linear from 0 to 0.9 below it and from 0.9 to 1 above it.
 */
export function confidenceOf(right: number, n: number): number {
  if (!n) return 0;
  const z = 1.645, p = right / n;
  const lower = (p + (z * z) / (2 * n) - z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return lower < TRUSTED_SHARE ? (0.9 * lower) / TRUSTED_SHARE : 0.9 + (0.1 * (lower - TRUSTED_SHARE)) / (1 - TRUSTED_SHARE);
}

/** Tables for each field with enough values and for all together. */
export function fitCalibration(points: Array<{ field: string; raw: number; right: boolean }>): Calibration {
  const out: Calibration = { '*': fitIsotonic(points) };
  for (const field of new Set(points.map((p) => p.field))) {
    const mine = points.filter((p) => p.field === field);
    if (mine.length >= MIN_FIELD_VALUES) out[field] = fitIsotonic(mine);
  }
  return out;
}

/** The calibrated confidence of a raw score: the share right of the block it falls in (uncalibrated: the raw score). */
export function calibrate(c: Calibration | undefined, field: string, raw: number): number {
  const t = c?.[field] ?? c?.['*'];
  if (!t || !t.x.length) return raw;
  let lo = 0, hi = t.x.length - 1;
  if (raw < t.x[0]!) return t.y[0]!;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (t.x[mid]! <= raw) lo = mid; else hi = mid - 1;
  }
  return t.y[lo]!;
}
