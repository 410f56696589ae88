let rowA = new Int32Array(64), rowB = new Int32Array(64);

/**
 * Levenshtein distance, for matching OCR'd words to known ones; with `max`, it gives up (returning `max` + 1) once
 * the distance must exceed it, which makes scanning a long list for near names cheap.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  if (rowA.length <= n) { rowA = new Int32Array(2 * n + 2); rowB = new Int32Array(2 * n + 2); }
  let prev = rowA, cur = rowB;
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let low = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ca === b.charCodeAt(j - 1) ? 0 : 1));
      cur[j] = v;
      if (v < low) low = v;
    }
    if (low > max) return max + 1;
    [prev, cur] = [cur, prev];
  }
  return prev[n]!;
}
