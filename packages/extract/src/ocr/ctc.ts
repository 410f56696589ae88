/** CTC scoring of a label sequence under a line model's per-step class probabilities (class 0 the blank), and best-path decoding. */

export const LOG0 = -1e30;
/** log(e^a + e^b); LOG0 and -Infinity both stand for a probability of nothing. */
export const logAdd = (a: number, b: number): number => (a <= LOG0 ? b : b <= LOG0 ? a : Math.max(a, b) + Math.log1p(Math.exp(-Math.abs(a - b))));
export const logP = (data: Float32Array, classes: number, t: number, c: number): number => Math.log(Math.max(1e-12, data[t * classes + c]!));

/**
 * CTC log-likelihood of the label sequence (class indices, no blanks) given per-step probabilities, or with `viterbi`
 * the best single alignment's, together with the step each label sits on in that alignment.
 */
export function ctcScore(data: Float32Array, steps: number, classes: number, labels: number[], viterbi = false): { logp: number; at: number[] } {
  const ext = [0];
  for (const l of labels) ext.push(l, 0);
  const S = ext.length;
  let alpha = new Array<number>(S).fill(LOG0);
  const back: Int32Array[] = [];
  alpha[0] = logP(data, classes, 0, 0);
  if (S > 1) alpha[1] = logP(data, classes, 0, ext[1]!);
  back.push(new Int32Array(S).fill(-1));
  for (let t = 1; t < steps; t++) {
    const next = new Array<number>(S).fill(LOG0);
    const from = new Int32Array(S);
    for (let s = 0; s < S; s++) {
      let best = alpha[s]!, arg = s;
      const from2 = s > 1 && ext[s] !== 0 && ext[s] !== ext[s - 2];
      for (const c of s > 0 ? (from2 ? [s - 1, s - 2] : [s - 1]) : []) {
        if (!viterbi) best = logAdd(best, alpha[c]!);
        else if (alpha[c]! > best) { best = alpha[c]!; arg = c; }
      }
      next[s] = best === LOG0 ? LOG0 : best + logP(data, classes, t, ext[s]!);
      from[s] = arg;
    }
    alpha = next;
    back.push(from);
  }
  const endBlank = alpha[S - 1]!, endLabel = S > 1 ? alpha[S - 2]! : LOG0;
  const logp = viterbi ? Math.max(endBlank, endLabel) : logAdd(endBlank, endLabel);
  const at: number[] = [];
  if (viterbi && logp > LOG0) {
    let s = endBlank >= endLabel ? S - 1 : S - 2;
    const stepOf = new Array<number>(labels.length).fill(-1);
    for (let t = steps - 1; t >= 0; t--) {
      if (s % 2 === 1) stepOf[(s - 1) / 2] = t;
      s = t > 0 ? back[t]![s]! : s;
    }
    at.push(...stepOf);
  }
  return { logp, at };
}

/** One emitted character; `joined` keeps it in the word before it whatever the gap (a word read whole from a list). */
export interface Emitted { ch: string; step: number; p: number; joined?: boolean }

/** Best path CTC decoding that keeps the step each character came from. */
export function decodeCtc(data: Float32Array, steps: number, classes: number, dict: string[]): Emitted[] {
  const out: Emitted[] = [];
  let prev = -1;
  for (let t = 0; t < steps; t++) {
    let best = 0, p = -Infinity;
    for (let c = 0; c < classes; c++) { const v = data[t * classes + c]!; if (v > p) { p = v; best = c; } }
    // The model's alphabet is Chinese and English: full-width signs are folded to ASCII, Han characters (never on
    // these forms) kept as an unreadable mark with no confidence.
    if (best !== 0 && best !== prev) {
      const ch = (dict[best - 1] ?? '').normalize('NFKC');
      out.push(/\p{Script=Han}/u.test(ch) ? { ch: '?', step: t, p: 0 } : { ch, step: t, p });
    }
    prev = best;
  }
  return out;
}
