import { ctcScore, logAdd, logP, LOG0, type Emitted } from './ctc.ts';
import type { BandDecoder } from './line-recogniser.ts';
import { FREIGHT_CLASSES } from '../fields/freight-class.ts';
import { CA_PROVINCES, isStateCode, MX_STATES, REGION_NAMES, US_STATES } from '../fields/geo.ts';
import { fold, labelsOf, textScore } from './lexicon-decode.ts';
import { isKnownPlace, placeDecoder } from './place-decode.ts';

/**
 * Decoding a line model's output under what a field's kind allows. A hand's 5 and S, 0 and O, 1 and l look alike; the
 * model's best path picks letter or digit by shape alone, while the field already says which it must be. Each kind
 * keeps the most probable reading that is a valid value (CTC prefix beam search), or scores the field's whole list of
 * values (states), instead of repairing a free reading afterwards.
 */
export type FieldKind = 'digits' | 'zip' | 'state' | 'date' | 'weight' | 'count' | 'reference' | 'scac' | 'city' | 'class';

/**
 * Every code the State field takes (fields/geo.ts): US states and territories, Canadian provinces and territories, and
 * Mexican states under their usual abbreviation and their ISO 3166-2 code alike, as forms print either. A code the
 * field accepts but the decoder did not know would be bent into the nearest one it did.
 */
export const REGION_CODES = [...new Set([...US_STATES, ...CA_PROVINCES, ...Object.keys(MX_STATES)])];

// A Mexican código postal is often written after its C.P.
const ZIP = /^((C\.? ?P\.? ?)?\d{5}(-\d{4})?|[ABCEGHJKLMNPRSTVXY]\d[A-Z] ?\d[A-Z]\d)$/;
// A weight: a number (thousands grouped with , . or a space, a decimal part) and the unit written after it, if any.
const WEIGHT = /^\d{1,3}(?:[,. ]?\d{3})*(?:[.,]\d{1,2})?\s?(?:lbs?\.?|pounds?|libras?|kgs?\.?|kilos?|kilograms?|kilogramos?|kilogrammes?|t|#)?$/i;
// A count of pieces: a number and the packaging word after it, if any.
const COUNT = /^\d{1,6}(?:\s?\p{L}{2,}\.?)?$/u;
// A reference number: a word before it, if any (PRO, Pedido, No., P.O.), then a code of parts joined by - or /, each part
// capitals, or digits with a few capitals before or after them (SO104572, VW1189K), with at least three digits in
// all. A letter among digits, or one in small case inside the code, is a digit misread.
const PART = '(?:[A-Z]{0,4}\\d+[A-Z]{0,2}|[A-Z]{1,4})';
const REFERENCE = new RegExp(`^(?:(?:\\p{L}{2,}\\.?|(?:\\p{L}\\.){2,3})\\s?#?\\s?)?${PART}(?:[-/]${PART})*$`, 'u');
const SCAC = /^[A-Z]{2,4}$/;
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', LOWER = 'abcdefghijklmnopqrstuvwxyz';
const ALPHABETS: Record<Exclude<FieldKind, 'state' | 'city' | 'class'>, string> = {
  digits: '0123456789',
  zip: '0123456789-. ABCEGHJKLMNPRSTVWXYZ',
  date: `0123456789/-., ${LOWER}éû${UPPER}`,
  weight: `0123456789,. #${LOWER}${UPPER}`,
  count: `0123456789 .${LOWER}${UPPER}`,
  reference: `0123456789-/ .#${UPPER}${LOWER}`,
  scac: UPPER,
};

/** Whether `text` is a valid value of `kind` (the shape each kind's decoding looks for). */
export function validFor(kind: FieldKind, text: string): boolean {
  const t = text.trim();
  switch (kind) {
    case 'digits': return /^\d+$/.test(t);
    case 'zip': return ZIP.test(t);
    case 'state': return isStateCode(t.toUpperCase());
    case 'date': return parsesAsDate(t);
    case 'weight': return WEIGHT.test(t) && /[1-9]/.test(t);
    case 'count': return COUNT.test(t) && /[1-9]/.test(t);
    case 'reference': {
      const code = t.split(/\s/).pop()!;
      return REFERENCE.test(t) && (code.match(/\d/g) ?? []).length >= 3;
    }
    case 'scac': return SCAC.test(t);
    case 'city': return isKnownPlace(t);
    case 'class': return (FREIGHT_CLASSES as readonly string[]).includes(t.replace(',', '.'));
  }
}

const MONTHS = 'jan feb mar apr may jun jul aug sep oct nov dec ene abr ago dic janv fév févr avr mai juin juil août sept déc'.split(' ');

/** Whether `text` is a calendar date in one of the forms BOLs use (numeric with / - . or with a month's name). */
export function parsesAsDate(text: string): boolean {
  const t = text.trim().toLowerCase();
  const num = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{2,4})$/.exec(t);
  if (num) {
    const [a, b, c] = [Number(num[1]), Number(num[2]), Number(num[3])];
    if (num[1]!.length === 4) return b >= 1 && b <= 12 && c >= 1 && c <= 31 && num[3]!.length <= 2;
    const dayMonth = (d: number, m: number): boolean => d >= 1 && d <= 31 && m >= 1 && m <= 12;
    return (num[3]!.length === 2 || num[3]!.length === 4) && (dayMonth(a, b) || dayMonth(b, a));
  }
  const words = t.replace(/[,.]/g, ' ').split(/[\s/-]+/).filter(Boolean).filter((w) => w !== 'de' && w !== 'le');
  if (words.length !== 3) return false;
  const month = words.findIndex((w) => /^\p{L}+$/u.test(w) && MONTHS.some((m) => w.startsWith(m.slice(0, 3)) && m.startsWith(w.slice(0, 3))));
  const nums = words.filter((_, i) => i !== month);
  return month >= 0 && nums.every((n) => /^\d+$/.test(n)) && nums.some((n) => n.length === 4 || n.length === 2) && nums.some((n) => Number(n) >= 1 && Number(n) <= 31);
}

/** Prefix beam search over the classes `allowed` (the blank always is): the `width` most probable readings. */
export function beamSearch(data: Float32Array, steps: number, classes: number, allowed: number[], width = 12): Array<{ labels: number[]; logp: number }> {
  // Each prefix carries the probability of ending in a blank and of ending in its last label.
  let beams = new Map<string, { labels: number[]; pb: number; pn: number }>([['', { labels: [], pb: 0, pn: LOG0 }]]);
  for (let t = 0; t < steps; t++) {
    const next = new Map<string, { labels: number[]; pb: number; pn: number }>();
    const get = (labels: number[]): { labels: number[]; pb: number; pn: number } => {
      const k = labels.join(',');
      let b = next.get(k);
      if (!b) { b = { labels, pb: LOG0, pn: LOG0 }; next.set(k, b); }
      return b;
    };
    const blank = logP(data, classes, t, 0);
    for (const b of beams.values()) {
      const total = logAdd(b.pb, b.pn);
      const same = get(b.labels);
      same.pb = logAdd(same.pb, total + blank);
      const last = b.labels[b.labels.length - 1];
      if (last !== undefined) same.pn = logAdd(same.pn, b.pn + logP(data, classes, t, last));
      for (const c of allowed) {
        const p = logP(data, classes, t, c);
        if (p < -12) continue;
        const ext = get([...b.labels, c]);
        ext.pn = logAdd(ext.pn, (c === last ? b.pb : total) + p);
      }
    }
    beams = new Map([...next.entries()].sort((a, b) => logAdd(b[1].pb, b[1].pn) - logAdd(a[1].pb, a[1].pn)).slice(0, width));
  }
  return [...beams.values()].map((b) => ({ labels: b.labels, logp: logAdd(b.pb, b.pn) })).sort((a, b) => b.logp - a.logp);
}

/** A chosen reading as emitted characters: each on its best-aligned step, with the model's probability there. */
function emit(data: Float32Array, steps: number, classes: number, dict: string[], labels: number[], sure: number): Emitted[] {
  const { at } = ctcScore(data, steps, classes, labels, true);
  return labels.map((c, i) => {
    const step = Math.max(0, at[i] ?? 0);
    return { ch: dict[c - 1]!, step, p: Math.min(sure, data[step * classes + c]!) };
  });
}

const classesOf = (dict: string[], chars: string): number[] => [...chars].map((ch) => dict.indexOf(ch) + 1).filter((c) => c > 0);

const KEEPS_ALPHABET = new Set<FieldKind>(['digits', 'zip', 'scac']);
// Long values (references, weights with units) hold more look-alike pairs: more readings are kept to find a valid one.
const WIDTH: Partial<Record<FieldKind, number>> = { reference: 24, weight: 20, count: 16 };

/**
 * A state or province: every code and every name written out (fields/geo.ts) scored whole, names on classes folded to
 * capitals without accents, as a hand writes them in any case; the best one's probability among them all is how sure
 * the reading is. A name written out reads as its code, which is what the field holds, the code's letters spread over the
 * name's steps, one word where the name stood.
 */
function decodeState(data: Float32Array, steps: number, classes: number, dict: string[]): Emitted[] {
  const scored = REGION_CODES.map((code) => ({ code, name: null as string | null, logp: Math.max(...[code, code[0] + code.slice(1).toLowerCase()].map((v) => ctcScore(data, steps, classes, classesOf(dict, v)).logp)) }));
  const f = fold(data, steps, classes, dict);
  for (const [code, names] of Object.entries(REGION_NAMES)) for (const name of names) scored.push({ code, name, logp: textScore(f, name) });
  scored.sort((a, b) => b.logp - a.logp);
  const total = scored.reduce((s, x) => logAdd(s, x.logp), LOG0);
  const best = scored[0]!;
  const sure = Math.exp(best.logp - total);
  if (!best.name) return emit(data, steps, classes, dict, classesOf(dict, best.code), sure);
  const labels = labelsOf(f, best.name)!;
  const { at } = ctcScore(f.data, f.steps, f.classes, labels, true);
  const seen = labels.map((k, i) => f.data[Math.max(0, at[i] ?? 0) * f.classes + k]!);
  const p = Math.min(sure, ...seen);
  const n = labels.length, m = best.code.length;
  return [...best.code].map((ch, i) => ({ ch, step: Math.max(0, at[Math.round((i * (n - 1)) / Math.max(1, m - 1))] ?? 0), p, joined: i > 0 }));
}

/**
 * An NMFC freight class: one of the 18 classes, each scored whole (its half written with a point or a comma), the best
 * one's probability among them all how sure the reading is. A closed list read as a list, like the state codes.
 */
function decodeFreightClass(data: Float32Array, steps: number, classes: number, dict: string[]): Emitted[] {
  const scored = FREIGHT_CLASSES.flatMap((v) => [...new Set([v, v.replace('.', ',')])]).map((v) => ({ v, logp: ctcScore(data, steps, classes, classesOf(dict, v)).logp }));
  scored.sort((a, b) => b.logp - a.logp);
  const total = scored.reduce((sum, x) => logAdd(sum, x.logp), LOG0);
  const best = scored[0]!;
  return emit(data, steps, classes, dict, classesOf(dict, best.v.replace(',', '.')), Math.exp(best.logp - total));
}

/**
 * A band decoder for a field's kind: the likeliest reading that is a valid value of the kind, its sureness the share
 * of the likely readings' probability it holds. Where none is valid the likeliest reading in the kind's alphabet is
 * kept (a date falls back to the free reading), so the value's own check still flags it.
 */
export function decoderFor(kind: FieldKind): BandDecoder {
  // A city is one of a list of places, scored whole (place-decode.ts).
  if (kind === 'city') return placeDecoder();
  return (data, steps, classes, dict) => {
    const text = (labels: number[]): string => labels.map((c) => dict[c - 1]).join('');
    if (kind === 'state') return decodeState(data, steps, classes, dict);
    if (kind === 'class') return decodeFreightClass(data, steps, classes, dict);
    const beams = beamSearch(data, steps, classes, classesOf(dict, ALPHABETS[kind]), WIDTH[kind] ?? 12);
    const total = beams.reduce((s, b) => logAdd(s, b.logp), LOG0);
    const pick = beams.find((b) => validFor(kind, text(b.labels)));
    if (pick) return emit(data, steps, classes, dict, pick.labels, Math.exp(pick.logp - total));
    // No valid value among the likely readings: for a kind whose alphabet alone says much (digits, postal codes,
    // SCACs) the likeliest reading in it; for the others the free reading, rather than a value of the kind made up.
    return !KEEPS_ALPHABET.has(kind) || !beams[0] ? null : emit(data, steps, classes, dict, beams[0].labels, Math.exp(beams[0].logp - total));
  };
}
