import type { Word } from '../../types.ts';

// Runs of words as values are printed: level on one line, wrapped onto the next line back at the cell's edge.

// How far left of a run printed after its label (in text heights) its wrapped tail may start: the cell's edge.
export const CELL_REACH = 40;

/** Whether two words stand on one line: their middles less than half the taller one's height apart. */
export function level(a: Word, b: Word): boolean {
  const lh = Math.max(a.bbox[3] - a.bbox[1], b.bbox[3] - b.bbox[1]);
  return Math.abs((a.bbox[1] + a.bbox[3]) / 2 - (b.bbox[1] + b.bbox[3]) / 2) < 0.5 * lh;
}

/** Words in runs a value is printed in: level on one line, no wider apart than a column gap, in reading order. */
export function groupWords(words: Word[]): Word[][] {
  const sorted = [...words].sort((a, b) => a.page - b.page || a.bbox[0] - b.bbox[0]);
  const groups: Word[][] = [];
  for (const w of sorted) {
    const h = w.bbox[3] - w.bbox[1];
    const g = groups.find((ws) => {
      const last = ws[ws.length - 1]!;
      const lh = Math.max(h, last.bbox[3] - last.bbox[1]);
      // Overlapping boxes (low-resolution captures) are one run as well.
      const gap = w.bbox[0] - last.bbox[2];
      return last.page === w.page && level(last, w) && w.bbox[0] >= last.bbox[0] && gap < 2 * lh;
    });
    if (g) g.push(w); else groups.push([w]);
  }
  const mid = (g: Word[]): number => (g[0]!.bbox[1] + g[0]!.bbox[3]) / 2;
  return groups.sort((a, b) => a[0]!.page - b[0]!.page || mid(a) - mid(b) || a[0]!.bbox[0] - b[0]!.bbox[0]);
}

/**
 * Runs of one field with a short run (three words at most) right under a run's start, the next line down (no further
 * below than `wrapsTo` lets a line go on): the value's wrapped tail, one value with the run above it. `reachLeft` gives
 * how far left of a run (in text heights) its tail may start.
 */
export function joinWrapped(runs: Word[][], reachLeft: (run: Word[]) => number = () => 1.5): Word[][] {
  const out: Word[][] = [];
  const used = new Set<Word[]>();
  for (const a of runs) {
    if (used.has(a)) continue;
    const h = a[0]!.bbox[3] - a[0]!.bbox[1];
    const bottom = Math.max(...a.map((w) => w.bbox[3]));
    const tail = runs.find((b) => b !== a && !used.has(b) && b.length <= 3 && b[0]!.page === a[0]!.page
      && b[0]!.bbox[1] >= bottom - 0.3 * h && b[0]!.bbox[1] - bottom < 1.2 * h && b[0]!.bbox[0] - a[0]!.bbox[0] < 1.5 * h
      && a[0]!.bbox[0] - b[0]!.bbox[0] < reachLeft(a) * h);
    if (tail) used.add(tail);
    out.push(tail ? [...a, ...tail] : a);
  }
  return out;
}

/**
 * Whether a label's word stands before `w` on its line, however wide the gap (labels in a column of their own, values
 * set at a tab stop): the cell then begins at the label, and a value's wrapped line starts back under it.
 */
export function labelBefore(w: Word, labels: ReadonlySet<Word>): boolean {
  const h = w.bbox[3] - w.bbox[1];
  return [...labels].some((l) => l.page === w.page && l.bbox[2] <= w.bbox[0] + 0.5 * h && w.bbox[0] - l.bbox[2] <= CELL_REACH * h && level(l, w));
}

/** Each word's nearest neighbours left and right on its line, where no more than a word space apart. */
export function lineNeighbours(words: Word[]): Map<Word, [Word | null, Word | null]> {
  const out = new Map<Word, [Word | null, Word | null]>(words.map((w) => [w, [null, null]]));
  for (const a of words) {
    const h = a.bbox[3] - a.bbox[1];
    let best: Word | null = null, bestGap = Infinity;
    for (const b of words) {
      if (b === a || b.page !== a.page) continue;
      if (!level(a, b)) continue;
      const lh = Math.max(h, b.bbox[3] - b.bbox[1]);
      // Boxes of neighbouring words may overlap (low-resolution captures): a word starting right of another's start
      // and no further than a word space past its end is its neighbour.
      const gap = b.bbox[0] - a.bbox[2];
      if (b.bbox[0] > a.bbox[0] && gap < 1.2 * lh && gap < bestGap) { bestGap = gap; best = b; }
    }
    if (best && !out.get(best)![0]) { out.get(a)![1] = best; out.get(best)![0] = a; }
  }
  return out;
}

/**
 * Whether `b` goes on from `a` on the next line: `a` ends its line, and `b` starts the line right under it at the
 * margin `a`'s run started from, or under a word printed before that run on its line (its label): a text wrapped at
 * its cell's edge. `side` gives each word's neighbours on its line; `words` the page's words.
 */
export function wrapsTo(a: Word, b: Word, side: Map<Word, [Word | null, Word | null]>, words: readonly Word[]): boolean {
  const h = a.bbox[3] - a.bbox[1];
  if (a.page !== b.page || side.get(a)?.[1] || side.get(b)?.[0]) return false;
  if (b.bbox[1] < a.bbox[3] - 0.3 * h || b.bbox[1] - a.bbox[3] > 1.2 * h) return false;
  let start = a;
  for (let w = side.get(a)?.[0]; w; w = side.get(w)?.[0]) start = w;
  const under = (w: Word): boolean => Math.abs(b.bbox[0] - w.bbox[0]) < 1.5 * h;
  if (under(start)) return true;
  // A label before the run in its cell: the words left of it on its line, walking left while no gap as wide as a
  // column's space parts them; past one lies another cell, whose lines are not this run's.
  const left = words.filter((l) => l.page === a.page && level(l, a) && l.bbox[2] <= start.bbox[0]).sort((x, y) => y.bbox[2] - x.bbox[2]);
  let edge = start.bbox[0];
  for (const l of left) {
    if (edge - l.bbox[2] > CELL_GAP * h) return false;
    if (under(l)) return true;
    edge = Math.min(edge, l.bbox[0]);
  }
  return false;
}

// How many letters high a gap on a line parts two cells: wider than a label's space before its value.
const CELL_GAP = 12;

/**
 * The word that goes on from `w`: after it on its line, or, where it ends its line, starting the next; of several
 * margins the next line may start at (the run's own, a label's further left), the nearest is its cell's.
 */
export const nextOf = (w: Word, side: Map<Word, [Word | null, Word | null]>, words: readonly Word[]): Word | null =>
  side.get(w)?.[1] ?? words.filter((x) => wrapsTo(w, x, side, words)).reduce<Word | null>((best, x) => (!best || x.bbox[0] > best.bbox[0] ? x : best), null);

// A word broken at its line's end: letters and the hyphen that breaks them ("COTE-DE-" before "LIESSE").
const BROKEN = /\p{L}-$/u;

/**
 * Words broken by a hyphen at their line's end, each with the word its second part starts the next line with: one
 * word of one value, printed in two pieces.
 */
export function brokenWords(words: readonly Word[], side: Map<Word, [Word | null, Word | null]>): Array<[Word, Word]> {
  const out: Array<[Word, Word]> = [];
  for (const w of words) {
    if (!BROKEN.test(w.text) || side.get(w)?.[1]) continue;
    const rest = nextOf(w, side, words);
    if (rest && /^\p{L}/u.test(rest.text)) out.push([w, rest]);
  }
  return out;
}

/** Whether `a` and `b` are the two pieces of one word broken by a hyphen at a line's end. */
export const brokenPair = (a: Word, b: Word): boolean => BROKEN.test(a.text) && /^\p{L}/u.test(b.text) && !level(a, b);

/**
 * Whether `a` ends before `b` starts, less than one and a half letters high apart: one string's print spread apart,
 * not a mark laid over it or a word of the next column.
 */
export function spacedBefore(a: Word, b: Word): boolean {
  const gap = b.bbox[0] - a.bbox[2];
  return gap >= 0 && gap < 1.5 * (b.bbox[3] - b.bbox[1]);
}

