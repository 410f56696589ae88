import { ctcScore, logAdd, type Emitted } from './ctc.ts';

/**
 * Choosing a line's reading from a list of known values (places, dictionary words) by how well the line model's own
 * per-step probabilities support each: every candidate is scored whole under CTC (the sum over all its alignments),
 * and the best one replaces the model's free reading only when its probability comes within a set margin of the free
 * reading's. A value the frames do not support stays as read, so names and numbers no list holds are not bent into
 * one that merely looks alike.
 *
 * Lists hold values in one spelling, the hand writes them in any case and with or without accents: the model's
 * classes are folded (upper case, no accents) by adding their probabilities, candidates are scored on the folded
 * classes, and a chosen value takes, letter by letter, the case and accent the model found likeliest.
 */

/** Model output with its classes folded: `data` is steps x classes, class 0 the blank. */
export interface Folded {
  data: Float32Array;
  steps: number;
  classes: number;
  /** Folded class of each folded key (a character); 0 for none. */
  classOf: Map<string, number>;
  /** Folded class -> its key. */
  keys: string[];
  /** Folded class -> the model's classes folded into it. */
  members: number[][];
}

/** The folded form of one character: upper case, accents dropped ('é' -> 'E'); a compatibility form made plain. */
export const foldChar = (ch: string): string => {
  const base = ch.normalize('NFKD').replace(/\p{M}+/gu, '').toUpperCase();
  return base.length === 1 ? base : ch.toUpperCase();
};
/** A text's folded form. */
export const foldText = (text: string): string => [...text].map(foldChar).join('');

const plans = new WeakMap<string[], { of: Int32Array; keys: string[]; members: number[][]; classOf: Map<string, number> }>();

/** How a model's alphabet folds (computed once an alphabet). */
function planFor(dict: string[]): { of: Int32Array; keys: string[]; members: number[][]; classOf: Map<string, number> } {
  let plan = plans.get(dict);
  if (plan) return plan;
  const classOf = new Map<string, number>();
  const keys = [''], members: number[][] = [[0]];
  const of = new Int32Array(dict.length + 1);
  dict.forEach((ch, i) => {
    const key = foldChar(ch);
    let k = classOf.get(key);
    if (k === undefined) { k = keys.length; classOf.set(key, k); keys.push(key); members.push([]); }
    of[i + 1] = k;
    members[k]!.push(i + 1);
  });
  plan = { of, keys, members, classOf };
  plans.set(dict, plan);
  return plan;
}

/** The model's per-step probabilities over folded classes. */
export function fold(data: Float32Array, steps: number, classes: number, dict: string[]): Folded {
  const plan = planFor(dict);
  const K = plan.keys.length;
  const out = new Float32Array(steps * K);
  for (let t = 0; t < steps; t++) {
    for (let c = 0; c < classes; c++) { const k = t * K + (c < plan.of.length ? plan.of[c]! : 0); out[k] = out[k]! + data[t * classes + c]!; }
  }
  return { data: out, steps, classes: K, classOf: plan.classOf, keys: plan.keys, members: plan.members };
}

/** The steps `from`..`to` (exclusive) of a folded output, as an output of their own. */
export function slice(f: Folded, from: number, to: number): Folded {
  return { ...f, data: f.data.subarray(from * f.classes, to * f.classes), steps: to - from };
}

/** Folded classes of a text, or null when the model has no class for one of its characters. */
export function labelsOf(f: Folded, text: string): number[] | null {
  const out: number[] = [];
  for (const ch of foldText(text)) {
    const c = f.classOf.get(ch);
    if (c === undefined) return null;
    out.push(c);
  }
  return out;
}

/** Log-probability of a text (all its alignments) under a folded output; -Infinity when it cannot be read there. */
export function textScore(f: Folded, text: string): number {
  const labels = labelsOf(f, text);
  if (!labels || !labels.length || f.steps < 1) return -Infinity;
  const { logp } = ctcScore(f.data, f.steps, f.classes, labels);
  return logp <= -1e29 ? -Infinity : logp;
}

/** The folded output's best path (most probable class each step, repeats and blanks removed). */
export function bestPath(f: Folded): string {
  let out = '', prev = 0;
  for (let t = 0; t < f.steps; t++) {
    let best = 0, p = -1;
    for (let c = 0; c < f.classes; c++) { const v = f.data[t * f.classes + c]!; if (v > p) { p = v; best = c; } }
    if (best !== 0 && best !== prev) out += f.keys[best];
    prev = best;
  }
  return out;
}

/** A candidate value and the spellings of it to score (e.g. with and without the space the model may not emit). */
export interface Candidate { value: string; forms?: string[] }

export interface Choice { value: string; form: string; logp: number; freeLogp: number; share: number }

/**
 * The candidate the output supports best, when its log-probability is at least the free reading's less `margin`
 * (nats); null otherwise. `share` is its probability among the candidates and the free reading together, a sureness.
 */
export function choose(f: Folded, candidates: Candidate[], margin: number, free = bestPath(f)): Choice | null {
  const freeLogp = textScore(f, free);
  let best: Choice | null = null;
  let total = Number.isFinite(freeLogp) ? freeLogp : -Infinity;
  const seen = new Set<string>([free]);
  for (const c of candidates) {
    let top = -Infinity, form = c.value;
    for (const s of c.forms ?? [c.value]) {
      const key = foldText(s);
      const lp = textScore(f, s);
      if (!seen.has(key) && Number.isFinite(lp)) total = logAdd(total, lp);
      seen.add(key);
      if (lp > top) { top = lp; form = s; }
    }
    if (Number.isFinite(top) && (!best || top > best.logp)) best = { value: c.value, form, logp: top, freeLogp, share: 0 };
  }
  if (!best || (Number.isFinite(freeLogp) && best.logp < freeLogp - margin)) return null;
  best.share = Math.exp(best.logp - total);
  return best;
}

/**
 * A chosen text as emitted characters: each on the step its best alignment puts it, in the model's likeliest case
 * there, its probability at most `sure`; accents as the list spells them with `listAccents` (a list that keeps them,
 * such as place names), else the model's (word lists are kept without accents). Steps are offset by `from` (the text was scored on a slice). Characters of
 * `display` missing from `form` (a space the model did not write) are put back between their neighbours, and each
 * word of the text stays whole (`joined`): it is split where the list's spelling has spaces, not at gaps in the ink.
 */
export function emitChosen(f: Folded, raw: Float32Array, rawClasses: number, dict: string[], form: string, display: string, sure: number, listAccents: boolean, from = 0): Emitted[] {
  const labels = labelsOf(f, form)!;
  const { at } = ctcScore(f.data, f.steps, f.classes, labels, true);
  const written = [...form];
  const chars = labels.map((k, i): Emitted => {
    const step = Math.max(0, at[i] ?? 0);
    const own = written[i]!;
    let ch = own, top = -1;
    for (const m of f.members[k]!) {
      const c = dict[m - 1]!;
      if (listAccents && c.toUpperCase() !== own.toUpperCase()) continue;
      const v = raw[(step + from) * rawClasses + m]!;
      if (v > top) { top = v; ch = c; }
    }
    return { ch, step: step + from, p: Math.min(sure, f.data[step * f.classes + k]!) };
  });
  const out: Emitted[] = [];
  let j = 0;
  for (const ch of display) {
    const next = chars[j];
    const prev = out[out.length - 1];
    const inWord = !!prev && prev.ch.trim() !== '';
    if (next && foldChar(next.ch) === foldChar(ch)) { out.push({ ...next, joined: inWord }); j++; continue; }
    out.push({ ch, step: prev?.step ?? next?.step ?? from, p: Math.min(prev?.p ?? sure, next?.p ?? sure), joined: inWord && ch.trim() !== '' });
  }
  while (j < chars.length) out.push(chars[j++]!);
  return out;
}
