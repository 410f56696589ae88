import type { Word } from '../../types.ts';
import { FEATURE_NAMES, type WordNeighbours } from './features.ts';

/**
 * The second stage of the tagger: a word read again in the light of what the first stage took its neighbours for.
 * The first stage judges each word by its own features; parties, tables and wrapped values are decided by the words
 * around them (a street under a name the model gives the shipper is the shipper's street), so the second stage sees
 * the class probabilities of the word, of its neighbours, and of the rest of its line, its column and its row (PLACES).
 * It is trained on out-of-fold first-stage probabilities (training/fields/context-rows.ts), so it learns how far the
 * first stage can be trusted on pages it has not seen.
 */

/**
 * Where the probabilities of a context row come from, in column order: the word; its neighbours; the mean of the rest
 * of its line; the mean of the words of its column a few lines above and below (the block it is read in); the mean of
 * the other printed runs level with it (the other cells of a table's row, the box beside it).
 */
const PLACES = ['own', 'prev', 'next', 'up', 'down', 'line', 'column', 'row'] as const;
// How far up and down the column reaches, in the word's heights: a party's block of four or five lines.
const COLUMN_REACH = 5;

/** First-stage features carried into the second stage: where the word is and whether it is a label. */
const CARRIED = ['isLabel.any', 'x0', 'y0', 'x1', 'y1', 'relHeight', 'leftLabel.kind', 'aboveLabel.kind', 'block.headKind', 'neural'] as const;
const carriedAt = CARRIED.map((n) => {
  const i = FEATURE_NAMES.indexOf(n);
  if (i < 0) throw new Error(`The field context model carries a feature the code does not compute: ${n}`);
  return i;
});

/** Names of the second stage's features for a model of these classes. */
export function contextNames(classes: readonly string[]): string[] {
  return [...PLACES.flatMap((p) => classes.map((c) => `${p}.${c}`)), ...CARRIED.map((n) => `word.${n}`)];
}

/** The second stage's rows of a page: one per word, from the first stage's probabilities and feature rows. */
export function contextRows(probs: ArrayLike<number>[], rows: ArrayLike<number>[], nb: WordNeighbours, words: readonly Word[]): Float32Array[] {
  const n = probs.length;
  if (!n) return [];
  const k = probs[0]!.length;
  // Each line's summed probabilities: a word's line context is the sum less its own, over the other words.
  const lineSum = new Map<number, { sum: Float64Array; count: number }>();
  for (let i = 0; i < n; i++) {
    const l = nb.line[i]!;
    if (l < 0) continue;
    let e = lineSum.get(l);
    if (!e) lineSum.set(l, e = { sum: new Float64Array(k), count: 0 });
    for (let c = 0; c < k; c++) e.sum[c]! += probs[i]![c]!;
    e.count++;
  }
  return probs.map((own, i) => {
    const out = new Float32Array(PLACES.length * k + CARRIED.length);
    const put = (slot: number, p: ArrayLike<number> | null): void => {
      for (let c = 0; c < k; c++) out[slot * k + c] = p ? p[c]! : NaN;
    };
    const at = (j: number): ArrayLike<number> | null => (j >= 0 ? probs[j]! : null);
    put(0, own);
    put(1, at(nb.prev[i]!)); put(2, at(nb.next[i]!)); put(3, at(nb.up[i]!)); put(4, at(nb.down[i]!));
    const line = lineSum.get(nb.line[i]!);
    if (line && line.count > 1) {
      for (let c = 0; c < k; c++) out[5 * k + c] = (line.sum[c]! - own[c]!) / (line.count - 1);
    } else put(5, null);
    // The column: words of other lines whose span across overlaps this word's, within reach above or below. The row:
    // words of other lines level with it.
    const w = words[i]!;
    const h = Math.max(1, w.bbox[3] - w.bbox[1]);
    const cy = (w.bbox[1] + w.bbox[3]) / 2;
    const column = new Float64Array(k), row = new Float64Array(k);
    let inColumn = 0, inRow = 0;
    for (let j = 0; j < n; j++) {
      const o = words[j]!;
      if (j === i || (nb.line[j] === nb.line[i] && nb.line[i]! >= 0) || o.page !== w.page) continue;
      const dy = Math.abs((o.bbox[1] + o.bbox[3]) / 2 - cy);
      if (dy < 0.5 * h) {
        for (let c = 0; c < k; c++) row[c]! += probs[j]![c]!;
        inRow++;
      } else if (dy <= COLUMN_REACH * h && Math.min(o.bbox[2], w.bbox[2]) - Math.max(o.bbox[0], w.bbox[0]) > 0) {
        for (let c = 0; c < k; c++) column[c]! += probs[j]![c]!;
        inColumn++;
      }
    }
    for (let c = 0; c < k; c++) {
      out[6 * k + c] = inColumn ? column[c]! / inColumn : NaN;
      out[7 * k + c] = inRow ? row[c]! / inRow : NaN;
    }
    carriedAt.forEach((f, j) => { out[PLACES.length * k + j] = rows[i]![f]!; });
    return out;
  });
}
