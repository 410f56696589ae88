import { boxAround, normalizeText, sameRow, type Segment } from '../layout.ts';
import type { Word } from '../types.ts';
import { isStateCode } from './geo.ts';
import { NOTE_WORDS } from './heading-note.ts';
import { LABELS, type Lang, type LabelDef, type LabelField } from './lexicon.ts';
import { LETTER_FOR } from './look-alikes.ts';
import { isKnownWord } from './spelling.ts';

/** A label found on the page, with the words after it on its segment (up to the next label). */
export interface LabelHit {
  field: LabelField;
  lang: Lang;
  label: string;
  segment: Segment;
  /** The label's own words. */
  labelWords: Word[];
  /** Words after the label on the same segment, up to the next label. */
  valueWords: Word[];
  /** Label box. */
  bbox: [number, number, number, number];
  /** True when the label sits at the start of its segment. */
  atStart: boolean;
  /** True when printed with a colon or # after it (a clear label). */
  marked: boolean;
  /** One of several column headings the engine read as one line: its column is its own words' span. */
  run?: boolean;
  /** Its note in parentheses runs on to the next line ("SHIPPER (NAME AND" over "ADDRESS)"). */
  noteOpen?: boolean;
}

const PARTY_SUB = new Set<LabelField>(['name', 'address', 'city', 'state', 'zip', 'cityStateZip']);
// Headings a form's box number may stand before, read clearly ("5 NAME", "2 BILL TO"): none a count is printed before.
const BOXED_HEADINGS = new Set<LabelField>(['shipper', 'consignee', 'billTo', 'carrier', 'otherParty', 'name', 'address', 'cityStateZip',
  'scac', 'bol', 'pro', 'po', 'order', 'pickupDate', 'deliveryDate', 'docDate', 'freightTerms']);

/** A word's OCR confidence below which it was read weakly. */
export const WEAK_WORD = 0.5;

interface Token {
  t: string; word: number; colonAfter: boolean; possessive?: boolean; /** A token read across two words ends here. */ lastWord?: number;
  /** Read with little confidence (small caps garbled). */
  weak?: boolean;
  /** Opens a parenthesis ("(NAME"): the first word of a note in parentheses. */
  open?: boolean;
  /** Closes one ("ADDRESS)"). */
  close?: boolean;
}

/** Whether `b` is the rest of a word whose first letter was read as the word `a`. */
function cutAfterFirstLetter(a: Word, b: Word): boolean {
  // startsWithLabel tokenizes bare texts, without boxes.
  if (!a.bbox || !b.bbox) return false;
  const h = Math.min(a.bbox[3] - a.bbox[1], b.bbox[3] - b.bbox[1]);
  // "N O." is NO. as well: its O a capital of its own.
  return /^\p{L}$/u.test(a.text) && (/^\p{Ll}/u.test(b.text) || (a.text === 'N' && /^[O0][.:,]?$/.test(b.text))) && b.bbox[0] - a.bbox[2] <= 0.4 * h;
}

/** Whether two words side by side, closer than a space, are the two pieces of one label word. */
function labelWordInPieces(a: Word, b: Word, at: string, bt: string): boolean {
  if (!a.bbox || !b.bbox || b.bbox[0] - a.bbox[2] > 0.4 * Math.min(a.bbox[3] - a.bbox[1], b.bbox[3] - b.bbox[1])) return false;
  if (LABEL_WORDS.has(at) || LABEL_WORDS.has(bt)) return false;
  // A long word may have lost a narrow letter too ("Sh pper's" for SHIPPER'S), or gained one where it broke ("Ci antidad"
  // for CANTIDAD).
  const joined = at + bt;
  const near = (n: number): boolean => (LABEL_WORDS_BY_LENGTH.get(n) ?? []).some((l) => ocrDistance(joined, l) <= 1);
  return LABEL_WORDS.has(joined) || (joined.length >= 7 && (near(joined.length + 1) || near(joined.length - 1)));
}

/** Splits a word into comparison tokens: "SID#:" -> SID, #; "B/L" -> B, /, L; "P.O." -> PO. */
export function tokenize(words: Word[]): Token[] {
  const out: Token[] = [];
  let opening = false;
  words.forEach((w, wi) => {
    // "N°.DE" is two words; "P.O." is one.
    // "THIRD-PARTY" and "PICK-UP" are two words of a label.
    // "N°" with its ring read as an asterisk ("N*") is N° all the same.
    // A rule end or fill line read after a word ("ZIP_|") is no part of it, nor a frame's edge read as a bracket or bar
    // against a heading's first or last word ("[SHIP FROM", "ADDRESS]").
    const n = normalizeText(w.text).replace(/(?<=[A-Z]{2})[_|\]]+$/, '').replace(/^[[|](?=[A-Z]{2})/, '').replace(/[°º]/g, 'O').replace(/^N\*/, 'NO').replace(/([#/()])/g, ' $1 ').replace(/([A-Z0-9]{2,})\.(?=[A-Z0-9]{2,})/g, '$1 ').replace(/([A-Z]{2,})-(?=[A-Z]{2,})/g, '$1 ');
    // A reference label's # read as a letter glued to it ("POR", "POS" for PO #), alone in its cell or before its number.
    const hashRead = wi === 0 && (words.length === 1 || (words.length === 2 && /^\d{5,}$/.test(words[1]!.text))) ? /^(PO|BOL|PRO)[RHS]$/.exec(n) : null;
    const parts = hashRead ? [hashRead[1]!, '#'] : n.split(' ').filter(Boolean).flatMap(splitGluedLabelWords);
    parts.forEach((p, pi) => {
      const colon = /[:;]$/.test(p) || (pi === parts.length - 1 && /[:;]$/.test(w.text));
      // "N." is the abbreviation NO with its O lost or left out ("SHIPPER'S BOL N.").
      const t = p === 'N.' || p === 'N.:' ? 'NO' : p.replace(/[:;.,'‘’"“”«»„]/g, '');
      if (t === '(') opening = true;
      if (t === ')' && out.length) out[out.length - 1]!.close = true;
      if (!t || t === '(' || t === ')') return;
      // A word cut after its first letter ("N o.", "m archandises"): a lone letter with the rest of the word in lower
      // case right after it, no wider apart than letters are, is one token.
      const prev = out[out.length - 1];
      // So is a label word read in two pieces with no space between them ("Com modity").
      if (pi === 0 && prev && prev.word === wi - 1 && prev.lastWord === undefined && !prev.colonAfter
        && (cutAfterFirstLetter(words[wi - 1]!, w) || labelWordInPieces(words[wi - 1]!, w, prev.t, t))) {
        prev.t += t; prev.colonAfter = colon; prev.lastWord = wi;
        if (/['‘’]S$/.test(p)) prev.possessive = true;
        return;
      }
      // A possessive's s read as a word of its own ("SHIPPER s No.", "SHIPPER 'S BOL NO").
      if (pi === 0 && /^['‘’`]?s$|^['‘’`]S$/.test(w.text) && prev && prev.word === wi - 1 && prev.lastWord === undefined && !prev.colonAfter && /^[A-Z]{4,}$/.test(prev.t)) {
        prev.t += 'S'; prev.possessive = true; prev.colonAfter = colon; prev.lastWord = wi; return;
      }
      out.push({ t, word: wi, colonAfter: colon, ...(/['‘’]S$/.test(p) ? { possessive: true } : {}), ...(w.confidence < WEAK_WORD ? { weak: true } : {}), ...(opening ? { open: true } : {}) });
      opening = false;
    });
  });
  return out;
}

/**
 * Two label words read as one: joined by their slash read as a letter or digit ("REMITENTEIORIGEN" for REMITENTE /
 * ORIGEN), or two words of one label with the space lost and a look-alike letter at most ("SHIPMENTOATE").
 */
function splitGluedLabelWords(p: string): string[] {
  if (p.length < 6 || !/^[A-Z0-9|]+[:;.]?$/.test(p)) return [p];
  const word = p.replace(/[:;.]$/, '');
  for (let i = 5; i < word.length - 5; i++) {
    if ('IL17|'.includes(word[i]!) && LABEL_WORDS.has(word.slice(0, i)) && LABEL_WORDS.has(word.slice(i + 1))) return [p.slice(0, i), '/', p.slice(i + 1)];
  }
  if (LABEL_WORDS.has(word)) return [p];
  // Short words ("BILLOF") only exactly: a look-alike there would make too many words labels.
  const pair = LABEL_WORD_PAIRS.find(([a, b]) => a.length + b.length === word.length
    && (word === a + b || (a.length >= 4 && b.length >= 4 && ocrDistance(word, a + b) <= 0.5)));
  if (pair) return [p.slice(0, pair[0].length), p.slice(pair[0].length)];
  // A long first word with a slip or a letter lost, the short second word whole ("DELVERBY" for DELIVER BY).
  const slipped = LABEL_WORD_PAIRS.find(([a, b]) => a.length >= 6 && word.endsWith(b) && Math.abs(word.length - b.length - a.length) <= 1
    && ocrDistance(word.slice(0, word.length - b.length), a) <= 1);
  return slipped ? [p.slice(0, word.length - slipped[1].length), p.slice(word.length - slipped[1].length)] : [p];
}

const labelTokens = new Map<LabelDef, string[]>();
for (const def of LABELS) {
  labelTokens.set(def, normalizeText(def.text).replace(/([#/()])/g, ' $1 ').split(' ').map((t) => t.replace(/[:;.,'’"()]/g, '')).filter(Boolean));
}
/** Whether tokens `from`..`to` (exclusive) close every parenthesis they open, and open every one they close. */
function balanced(tokens: Token[], from: number, to: number): boolean {
  let depth = 0;
  for (let k = from; k < to; k++) {
    if (tokens[k]!.open) depth++;
    if (tokens[k]!.close && --depth < 0) return false;
  }
  return depth === 0;
}
// Every word of every label, for words read in pieces; by length, for those that lost a letter.
const LABEL_WORDS = new Set([...labelTokens.values()].flat().filter((t) => t.length >= 5));
const LABEL_WORDS_BY_LENGTH = new Map<number, string[]>();
for (const t of LABEL_WORDS) (LABEL_WORDS_BY_LENGTH.get(t.length) ?? LABEL_WORDS_BY_LENGTH.set(t.length, []).get(t.length)!).push(t);
// Two words side by side in a label ("SHIPMENT DATE", "BILL OF"), six letters or more together.
const LABEL_WORD_PAIRS: Array<[string, string]> = [...new Set([...labelTokens.values()].flatMap((toks) => toks.slice(1).map((b, i) => `${toks[i]} ${b}`)))]
  .map((pair) => pair.split(' ') as [string, string]).filter(([a, b]) => a.length + b.length >= 6 && /^[A-Z]+$/.test(a + b));
// Labels of three words or more, the ones a colon may mark with a word garbled.
const LONG_LABELS = [...labelTokens].filter(([, toks]) => toks.length >= 3);
const byFirst = new Map<string, LabelDef[]>();
for (const [def, toks] of labelTokens) {
  const k = toks[0]!;
  (byFirst.get(k) ?? byFirst.set(k, []).get(k)!).push(def);
}

// Letters and digits OCR confuses on small print and scans: reading one for the other costs half an edit.
const LOOKALIKE = new Set(['0O', 'O0', '1I', 'I1', '1L', 'L1', '1T', 'T1', '5S', 'S5', '8B', 'B8', 'CG', 'GC', 'ND', 'DN', 'IL', 'LI',
  'CE', 'EC', 'UV', 'VU', 'RN', 'NR', 'HN', 'NH', 'OD', 'DO', 'OQ', 'QO', 'EF', 'FE', 'PR', 'RP', '2Z', 'Z2', '6G', 'G6']);
// Lower case at low resolution: m and n differ by one stroke, e and o by a bar. Counted as look-alikes only in a long
// word ("conmissemont" for CONNAISSEMENT), where they cannot turn one short label into another.
const LOOKALIKE_LONG = new Set([...LOOKALIKE, 'MN', 'NM', 'EO', 'OE']);
const LONG_LABEL = 12;

// Two letters read as one and back: "li" as "h" or "u", "rn" as "m", "cl" as "d", "vv" as "w".
const MERGES: Record<string, string> = { LI: 'HU', RN: 'M', CL: 'D', VV: 'W', IN: 'M', II: 'U' };

/** Each letter's look-alikes, for the two sets: one string of partners a letter (checked once a cell, no string built). */
const partners = (pairs: Set<string>): Map<string, string> => {
  const m = new Map<string, string>();
  for (const p of pairs) m.set(p[0]!, (m.get(p[0]!) ?? '') + p.slice(1));
  return m;
};
const LOOKALIKE_OF = partners(LOOKALIKE), LOOKALIKE_LONG_OF = partners(LOOKALIKE_LONG);

/** Edit distance where a look-alike substitution (C for G, 0 for O, H for LI...) costs 0.5. */
export function ocrDistance(a: string, b: string): number {
  const m = a.length, n = b.length;
  const alike = Math.min(m, n) >= LONG_LABEL ? LOOKALIKE_LONG_OF : LOOKALIKE_OF;
  // It runs for every word against many labels: its rows are kept between calls (it never runs twice at once) and
  // grown when a longer word comes; a row is written before it is read, so what a call left there never counts.
  if (scratch.mergeB.length < n + 1) scratch = { rows: [0, 1, 2].map(() => new Float64Array(2 * (n + 1))), mergeB: new Array<string>(2 * (n + 1)).fill('') };
  // What each pair of `b`'s letters may have been read as, looked up once rather than once a cell.
  const mergeB = scratch.mergeB;
  for (let j = 0; j <= n; j++) mergeB[j] = j >= 2 ? MERGES[b.slice(j - 2, j)] ?? '' : '';
  // Three rolling rows (i-2, i-1, i): the merges look two letters back.
  let [r2, r1, r0] = scratch.rows as [Float64Array, Float64Array, Float64Array];
  for (let j = 0; j <= n; j++) r1[j] = j;
  for (let i = 1; i <= m; i++) {
    r0[0] = i;
    const ca = a[i - 1]!;
    const like = alike.get(ca) ?? '';
    const mergeA = i >= 2 ? MERGES[a.slice(i - 2, i)] ?? '' : '';
    for (let j = 1; j <= n; j++) {
      const cb = b[j - 1]!;
      const sub = ca === cb ? 0 : like.includes(cb) ? 0.5 : 1;
      let v = Math.min(r1[j]! + 1, r0[j - 1]! + 1, r1[j - 1]! + sub);
      if (mergeB[j]!.includes(ca)) v = Math.min(v, r1[j - 2]! + 0.5);
      if (mergeA.includes(cb)) v = Math.min(v, r2[j - 1]! + 0.5);
      r0[j] = v;
    }
    const done = r2;
    r2 = r1; r1 = r0; r0 = done;
  }
  return r1[n]!;
}

let scratch = { rows: [0, 1, 2].map(() => new Float64Array(64)), mergeB: new Array<string>(64).fill('') };

/** Edit cost of reading `seg` as `label`, or -1 when too far (short words must match exactly, bar digits for letters). */
function tokenCost(seg: string, label: string): number {
  if (seg === label) return 0;
  // A slash between label words read as a bar or a letter ("CITY I STATE / ZIP").
  if (label === '/' && /^[IL1|]$/.test(seg)) return 0.5;
  if (label.length < 5 || seg.length < 4) {
    // "10" for TO, "P0" for PO: only digits standing for their look-alike letters.
    if (seg.length === label.length && /\d/.test(seg) && [...seg].every((c, k) => c === label[k] || LETTER_FOR[c] === label[k] || (c === '1' && label[k] === 'T'))) return 0.5;
    // A four-letter label with one look-alike letter ("NMEC" for NMFC).
    if (seg.length === 4 && label.length === 4 && ocrDistance(seg, label) <= 0.5) return 0.5;
    return -1;
  }
  const max = label.length >= 10 ? 2 : label.length >= 7 ? 1.5 : 1;
  // Cheap rejection first: this runs for every word against every label.
  if (Math.abs(seg.length - label.length) > 2 * max || seg[0] !== label[0] && seg[1] !== label[1] && seg[seg.length - 1] !== label[label.length - 1]) return -1;
  const d = ocrDistance(seg, label);
  return d <= max ? d : -1;
}

/**
 * A long label's short word misread by one letter, last or in the middle ("DELIVER SY" for DELIVER BY, "DESCRIPTION 06
 * ARTICLES"): accepted at one edit when the words before it read exactly and carry at least five letters.
 */
export function shortTailCost(seg: string, label: string, before: string[]): number {
  if (!/^[A-Z0-9]+$/.test(seg) || before.join('').length < 5) return -1;
  // A four-letter word with a narrow letter lost ("THIRD PARTY BLL TO" for BILL).
  if (label.length === 4 && seg.length === 3 && /[IL]/.test(label) && [...label].some((_, k) => label.slice(0, k) + label.slice(k + 1) === seg && /[IL]/.test(label[k]!))) return 1;
  // A five- or six-letter word a slip and a half off after a long word read exactly ("PURCHASE ORDCA").
  if (label.length >= 5 && label.length <= 6 && seg.length === label.length && before.length === 1 && before[0]!.length >= 8) return ocrDistance(seg, label) <= 1.5 ? 1.5 : -1;
  if (label.length > 3 || seg.length !== label.length) return -1;
  // Digits stand for their look-alike letters ("06" for OF).
  const read = [...seg].map((c) => LETTER_FOR[c] ?? c).join('');
  let diff = 0;
  for (let k = 0; k < read.length; k++) if (read[k] !== label[k]) diff++;
  return diff === 1 ? 1 : -1;
}

// "SHIPPER'S NO." and "CARRIER'S NO." keep their shape when small caps garble the first word ("Sumrpra's No."):
// the possessive and the NO say which label it is once the garbled word is clearly nearer one of the two.
const POSSESSIVE_OWNERS: Array<[string, string]> = [['SHIPPERS', 'SHIPPERS NO'], ['CARRIERS', 'CARRIERS NO']];
const ORDER_NO = LABELS.find((l) => l.text === 'ORDER NO');
const SHIPPERS_NO = LABELS.find((l) => l.text === 'SHIPPERS NO');

/** A "... NO." label whose first word small caps garbled: SHIPPER'S / CARRIER'S by the possessive, ORDER by its shape. */
function garbledNumberLabel(tokens: Token[], i: number): { def: LabelDef; len: number } | null {
  const a = tokens[i]!, b = tokens[i + 1];
  // SHIPPER'S in small caps garbled past telling, read weakly, its S kept and about its length ("Smemiacs No,",
  // "Sensven*s Nn,"): the one long S-word that forms print before No.
  if (!a.possessive && a.weak && /^S[A-Z*]{5,8}$/.test(a.t) && b && /^(?:NO|N0|NN|#)$/.test(b.t)) return SHIPPERS_NO ? { def: SHIPPERS_NO, len: 2 } : null;
  if (!b || !/^(?:NO|N0|#)$/.test(b.t)) return null;
  // "ORDER NO." with its small-caps first word garbled the same way ("Onver No."): its first letter stays and the
  // rest is within two look-alike edits.
  if (!a.possessive && /^O[A-Z]{3,5}$/.test(a.t) && ocrDistance(a.t, 'ORDER') <= 2) return ORDER_NO ? { def: ORDER_NO, len: 2 } : null;
  if (!a.possessive || a.t.length < 6) return null;
  const d = POSSESSIVE_OWNERS.map(([owner, label]) => ({ label, cost: ocrDistance(a.t, owner) }))
    .sort((x, y) => x.cost - y.cost);
  if (d[0]!.cost > 0.5 * a.t.length || d[1]!.cost - d[0]!.cost < 1) return null;
  const def = LABELS.find((l) => l.text === d[0]!.label);
  return def ? { def, len: 2 } : null;
}

// Labels of two or more words printed or read without the space ("DELIVERBY", "SHIPDATE"), by their joined letters.
const byJoined = new Map<string, LabelDef[]>();
for (const [def, toks] of labelTokens) {
  const words = toks.filter((t) => /^[A-Z0-9]+$/.test(t));
  if (words.length < 2 || words.length !== toks.length) continue;
  const k = words.join('');
  if (k.length >= 6) (byJoined.get(k) ?? byJoined.set(k, []).get(k)!).push(def);
}

/** The labels a token may begin, in `byFirst`'s order, and those of them it begins only loosely (a garbled first word). */
interface FirstWordMatch { defs: LabelDef[]; loose: LabelDef[] }

// What each token text may begin depends on that text alone, and the same words come back in every reading of a page
// (the check, the fields, the tagger's view) and on every form: worked out once a text. Bounded: cleared when full.
const firstWordMatches = new Map<string, FirstWordMatch>();
const FIRST_WORD_MEMO = 50_000;

function labelsStartingWith(first: string): FirstWordMatch {
  const known = firstWordMatches.get(first);
  if (known) return known;
  const defsOut: LabelDef[] = [], looseOut: LabelDef[] = [];
  for (const [k, defs] of byFirst) {
    if (tokenCost(first, k) >= 0) defsOut.push(...defs);
    else if (first.length >= 3 && Math.abs(first.length - k.length) <= 1 && ocrDistance(first, k) <= 2) {
      // Two words do too when the second is long and the first one slip off ("PASO BRUTO" for PESO BRUTO), or the
      // first is long and two slips off ("DELVUR BY" for DELIVER BY); the second is read exactly.
      for (const d of defs) {
        const lt = labelTokens.get(d)!;
        if (lt.length >= 3 || (lt.length === 2 && ((lt[1]!.length >= 5 && ocrDistance(first, k) <= 1) || (k.length >= 6 && first.length >= 6)))) { defsOut.push(d); looseOut.push(d); }
      }
    }
  }
  if (firstWordMatches.size >= FIRST_WORD_MEMO) firstWordMatches.clear();
  const match = { defs: defsOut, loose: looseOut };
  firstWordMatches.set(first, match);
  return match;
}

function matchAt(tokens: Token[], i: number): { def: LabelDef; len: number; cost: number } | null {
  const owned = garbledNumberLabel(tokens, i);
  if (owned) return { ...owned, cost: 1 };
  const glued = byJoined.get(tokens[i]!.t);
  if (glued) return { def: glued[0]!, len: 1, cost: 0 };
  let best: { def: LabelDef; len: number; cost: number } | null = null;
  const first = tokens[i]!.t;
  const byWord = labelsStartingWith(first);
  const candidates: LabelDef[] = [...byWord.defs];
  // A long label whose other words read exactly may have its short first word garbled ("BRL OF LADING NUMBER").
  const loose = new Set<LabelDef>(byWord.loose);
  const slipped = new Set<LabelDef>();
  // Long labels marked by their colon: the first word garbled however badly while the rest read exactly ("Gielen de
  // compra:" for ORDEN DE COMPRA), or a single long word two slips off and the rest exact ("Fecha de envega:").
  for (const [def, lt] of LONG_LABELS) {
    if (i + lt.length > tokens.length || !tokens[i + lt.length - 1]!.colonAfter) continue;
    const off = lt.map((t, j) => ({ t, r: tokens[i + j]!.t })).filter((x) => x.t !== x.r);
    if (off.length === 1 && off[0]!.r.length >= 5 && off[0]!.t.length >= 5 && ocrDistance(off[0]!.r, off[0]!.t) <= 2) slipped.add(def);
    if (candidates.includes(def)) continue;
    if (slipped.has(def)) candidates.push(def);
    else if (first.length >= 3 && lt.slice(1).every((t, j) => tokens[i + 1 + j]!.t === t)) { candidates.push(def); loose.add(def); }
  }
  for (const def of candidates) {
    const lt = labelTokens.get(def)!;
    if (i + lt.length > tokens.length) continue;
    let cost = loose.has(def) ? 2 : 0;
    // A label's words do not run into or out of parentheses: "CONSIGNOR (NAME AND ADDRESS)" is a heading and a note
    // on it, not CONSIGNEE NAME. A label whose last words are in parentheses prints them ("WEIGHT (LBS)").
    if (!balanced(tokens, i, Math.min(tokens.length, i + lt.length))) continue;
    if (lt.length === 1 && def.field === 'stop' && ownWord(tokens[i]!, lt[0]!)) continue;
    for (let j = loose.has(def) ? 1 : 0; j < lt.length && cost >= 0; j++) {
      let c = loose.has(def) ? (tokens[i + j]!.t === lt[j] ? 0 : -1) : tokenCost(tokens[i + j]!.t, lt[j]!);
      // A short word after exactly read ones, last or in the middle ("DESCRIPTION 06 ARTICLES").
      // The words before may carry one slip of their own ("SHPPERS DOL NO.").
      if (c < 0 && !loose.has(def) && cost <= 1 && j > 0) c = shortTailCost(tokens[i + j]!.t, lt[j]!, lt.slice(0, j));
      cost = c < 0 ? -1 : cost + c;
    }
    if (cost < 0 && slipped.has(def)) cost = 2;
    if (cost < 0) continue;
    // Longest label first ("CUSTOMER ORDER NUMBER" over "ORDER NUMBER"), then the closest spelling.
    if (!best || lt.length > best.len || (lt.length === best.len && (cost < best.cost || (cost === best.cost && def.text.length > best.def.text.length)))) best = { def, len: lt.length, cost };
  }
  return best;
}

/**
 * Whether a word read clearly is a word of the page's languages in its own right, not a one-word label misread:
 * "FRANCE" is no FRANCO, "RHONE" no PHONE. Asked only of labels that end a block and introduce no value of their own
 * (a label for a value is judged by the value beside it: "GLASS 150" is a class). A label's own form with another
 * ending ("PHONES") and a word that is some other label's stay labels; in a label of several words the others read say
 * which it is.
 */
function ownWord(tok: Token, label: string): boolean {
  if (tok.t === label || tok.weak || LABEL_WORDS.has(tok.t) || tok.t.startsWith(label) || label.startsWith(tok.t)) return false;
  return isKnownWord(tok.t);
}

/**
 * Whether a run of words read off the page starts with a form label (used to judge two readings of one line). Labels
 * of fewer than six letters are left out: garbage reads as PHONE or DATE too easily.
 */
export function startsWithLabel(texts: string[]): boolean {
  const tokens = tokenize(texts.map((text) => ({ text }) as Word));
  const m = tokens.length ? matchAt(tokens, 0) : null;
  return !!m && m.def.text.replace(/[^A-Z]/g, '').length >= 6;
}

/**
 * Whether a run's words are a part of one of `field`'s labels as printed, in order ("OF ARTICLES" of DESCRIPTION OF
 * ARTICLES, "KIND OF PACKAGES"): a label wrapped or cut by a cell, read as a value where the model expected one.
 */
export function isLabelPart(text: string, field: LabelField): boolean {
  const words = lettersOnly(text).split(' ').filter(Boolean);
  if (!words.some((w) => w.length >= 5)) return false;
  const part = ` ${words.join(' ')} `;
  return labelTextsOf(field).some((t) => t.includes(part));
}

/** A text's letters, upper case, single spaces between its words. */
export const lettersOnly = (t: string): string => normalizeText(t).replace(/[^A-Z ]/g, ' ').replace(/\s+/g, ' ').trim();
const LABEL_TEXTS = new Map<LabelField, string[]>();
/** A field's labels as letters and single spaces, each padded with a space: worked out once a field. */
function labelTextsOf(field: LabelField): string[] {
  let texts = LABEL_TEXTS.get(field);
  if (!texts) LABEL_TEXTS.set(field, texts = LABELS.filter((d) => d.field === field).map((d) => ` ${lettersOnly(d.text)} `));
  return texts;
}

/** How many of a run of words read off the page are words of form labels spelt exactly, any length (to judge two readings). */
export function labelWordCount(texts: string[]): number {
  const tokens = tokenize(texts.map((text) => ({ text }) as Word));
  let n = 0;
  for (let i = 0; i < tokens.length;) {
    const m = matchAt(tokens, i);
    if (m && m.cost === 0) { n += m.len; i += m.len; } else i++;
  }
  return n;
}

/** Whether every word of a run that holds letters is a word of the form's labels, spelt exactly: a label, no value. */
export function labelsOnly(texts: string[]): boolean {
  // Counted on the whole run: a label's one-letter word ("A" of FRAIS FACTURES A) completes it.
  const lettered = texts.filter((t) => /\p{L}{2}/u.test(t));
  return lettered.length > 0 && labelWordCount(texts) >= lettered.length;
}

/**
 * How many of `words`, from the first, print labels of the given kinds (one or several in a row, joined by a slash or a
 * dash: "STREET - DIRECCION:", "RAISON SOCIALE / NAME"), with at least one word left after them; 0 when they print none.
 * `marked` kinds, and labels read with a slip, count only with a colon after them: words that may begin a value as well
 * ("CIUDAD" of CIUDAD JUAREZ).
 */
export function leadingLabelWords(words: Word[], kinds: ReadonlySet<LabelField>, marked: ReadonlySet<LabelField> = new Set()): number {
  const tokens = tokenize(words);
  let i = 0, taken = 0;
  for (;;) {
    while (i < tokens.length && (i ? SLASH_READ : SLASH).test(tokens[i]!.t)) i++;
    const m = i < tokens.length ? matchAt(tokens, i) : null;
    if (!m || !kinds.has(m.def.field)) break;
    const last = tokens[i + m.len - 1]!;
    // Read with a slip, an unmarked label could as well be a word of the value ("TRANSPORTES" is no TRANSPORTEUR). A
    // word that also begins values is a label where it is one of a pair ("RUE / ADDR"): a value is not followed by a
    // slash and its own label.
    if ((m.def.strict || marked.has(m.def.field) || m.cost > 0) && !last.colonAfter && !(m.cost === 0 && pairedAfter(tokens, i + m.len, kinds))) break;
    const end = (last.lastWord ?? last.word) + 1;
    // A label's last word must end its word: "ZIPCODE" read as ZIP with more after it is one word, not a label; but
    // two labels of a bilingual pair may be joined by a dash into one word ("NOM-COMPANY").
    if (tokens[i + m.len]?.word === end - 1) {
      const joined = matchAt(tokens, i + m.len);
      if (!joined || !kinds.has(joined.def.field)) break;
      i += m.len;
      continue;
    }
    if (end >= words.length) break;
    taken = end; i += m.len;
  }
  return taken;
}

// What stands between the two labels of a bilingual pair: a slash, bar or dash; after a label, also a slash read as a
// stroke of like shape ("RUE L ADDRESS").
const SLASH = /^[/\\|-]$/;
const SLASH_READ = /^[/\\|IL1!-]$/;

/** Whether a separator and another label of the kinds, read without a slip, follow token `j` (a bilingual pair). */
function pairedAfter(tokens: ReturnType<typeof tokenize>, j: number, kinds: ReadonlySet<LabelField>): boolean {
  let k = j;
  while (k < tokens.length && SLASH_READ.test(tokens[k]!.t)) k++;
  const next = k > j && k < tokens.length ? matchAt(tokens, k) : null;
  return !!next && next.cost === 0 && !next.def.strict && kinds.has(next.def.field);
}

/**
 * How many of `words`, from the last, print one label of the given kinds exactly, with at least one word before it; 0
 * when they print none. A label stands before its value, so one that ends a run is the next value's, not this one's
 * ("..., C.P." before a postal code). Short labels that may be a word of the value, and one-word labels of the `marked`
 * kinds, count only with their colon; with `ended` (the value has reached its end before them) the short ones need none.
 */
export function trailingLabelWords(words: Word[], kinds: ReadonlySet<LabelField>, marked: ReadonlySet<LabelField> = new Set(), ended = false): number {
  for (let start = Math.max(1, words.length - 4); start < words.length; start++) {
    const tokens = tokenize(words.slice(start));
    const m = tokens.length ? matchAt(tokens, 0) : null;
    if (!m || m.cost > 0 || m.len !== tokens.length || !kinds.has(m.def.field)) continue;
    if (((m.def.strict && !ended) || (marked.has(m.def.field) && m.len === 1)) && !tokens[tokens.length - 1]!.colonAfter) continue;
    return words.length - start;
  }
  return 0;
}

const lowercase = (t: string): boolean => /\p{Ll}/u.test(t) && !/\p{Lu}/u.test(t);

/**
 * A label's words in lower case followed by more lower-case words are running text (a footnote's "carrier or shipper's
 * weight"), not a form label: forms print labels in capitals or with a capital first letter.
 */
function inSentence(words: Word[], first: number, last: number): boolean {
  for (let k = first; k <= last; k++) if (!lowercase(words[k]!.text)) return false;
  return words.slice(last + 1).filter((w) => lowercase(w.text)).length >= 2;
}

// Fields whose values carry digits: a class, a weight, a count, a date, a reference.
const DIGIT_FIELDS = new Set<LabelField>(['bol', 'pro', 'po', 'order', 'pickupDate', 'deliveryDate', 'docDate', 'weight', 'pieces', 'handlingUnits', 'freightClass', 'nmfc']);

/** At least two words follow and none has a digit. */
function worded(rest: string[]): boolean {
  const words = rest.filter((t) => /[A-Z0-9]/.test(t));
  return words.length >= 2 && !words.some((t) => /\d/.test(t));
}

/** A label found on a segment's tokens: `start`..`end` (exclusive), marked by a colon or #, at the line's start. */
interface Found { def: LabelDef; start: number; end: number; marked: boolean; atStart: boolean; noteOpen?: boolean }

// A slash or a dash between two names of one label ("SHIPPER / EXPEDITEUR", "CARRIER - TRANSPORTEUR").
const SEPARATOR = /^[/\\|\-–—]$/;

/**
 * Where a note in parentheses right after a label ends: "SHIPPER (NAME AND FULL ADDRESS)" says what the box wants and
 * is part of its heading, not a value. Past the word that closes it, or at the line's end when it runs on to the next
 * line (`open`); `at` itself when no note starts there. A note is words only: "(3 SKIDS)" or "(555) 010-4477" are
 * values.
 */
function noteAfter(tokens: Token[], at: number): { end: number; open: boolean } {
  if (!tokens[at]?.open) return { end: at, open: false };
  for (let k = at; k < tokens.length && k < at + NOTE_WORDS; k++) {
    if (/\d/.test(tokens[k]!.t)) break;
    if (tokens[k]!.close) return { end: k + 1, open: false };
    if (k === tokens.length - 1) return { end: tokens.length, open: true };
  }
  return { end: at, open: false };
}

/**
 * Past the words that close a note opened on the line above ("ADDRESS, COUNTRY) / DESTINATAIRE" under "CONSIGNEE
 * (NAME,"), and a slash after them: the rest of that heading, so the line's own first label starts it. `lead` when the
 * line opens no such way, or is nothing but the note's end.
 */
function afterNoteEnd(tokens: Token[], lead: number): number {
  const close = tokens.findIndex((t) => t.close);
  if (close < lead || close >= lead + NOTE_WORDS || close >= tokens.length - 1) return lead;
  // A word of the note, not a check box's mark read as a letter and a bracket ("G)").
  const run = tokens.slice(lead, close + 1);
  if (run.some((t) => t.open || /\d/.test(t.t)) || !run.some((t) => /^[A-Z]{3,}$/.test(t.t))) return lead;
  let at = close + 1;
  while (at < tokens.length - 1 && SEPARATOR.test(tokens[at]!.t)) at++;
  return at;
}

/** Finds every label on every segment. */
export function findLabels(segments: Segment[]): LabelHit[] {
  const hits: LabelHit[] = [];
  for (const seg of segments) {
    const tokens = tokenize(seg.words);
    const found: Found[] = [];
    // Section icons and check boxes in front of a heading read as "@", "©", "@©", "o": the label still starts the line.
    // So does any single letter read weakly ("A EXPEDITEUR": a circled number).
    const icon = (k: number): boolean => /^[^A-Z0-9]{1,2}$/.test(tokens[k]!.t) || /^[OE]$/.test(tokens[k]!.t) || /^\[J$/.test(tokens[k]!.t)
      || (/^[A-Z]$/.test(tokens[k]!.t) && seg.words[tokens[k]!.word]!.confidence < 0.75)
      // Or a lone digit read weakly: a number in a circle or box ("1 EXPEDITEUR", "8 DESTINATAIRE").
      || (/^\d$/.test(seg.words[tokens[k]!.word]!.text) && seg.words[tokens[k]!.word]!.confidence < 0.75)
      // So does a box number as forms print them: with its mark, in brackets or zero-padded ("1—", "2)", "5:", "(3)",
      // "12.", "04"). A bare number read clearly stays a word: it may be a count ("14 PALLETS").
      || /^(\(\d{1,2}\)|\d{1,2}[.):\]—–-]|0\d)$/.test(seg.words[tokens[k]!.word]!.text)
      // Or in square brackets, its digit misread as a letter as often as not ("[3]", "[L]", "E]").
      // A bracket before a short label is a frame's edge, not a box number ("[To (complete name and address)").
      || (/^(\[[A-Z0-9]{1,2}\]?|[A-Z0-9]{1,2}\])$/i.test(seg.words[tokens[k]!.word]!.text) && !matchAt(tokens, k))
      // Or bracketed with its mark as well ("[2)]", "[10)]").
      || /^[[(]\d{1,2}[.):\]]+$/.test(seg.words[tokens[k]!.word]!.text)
      // Or a framed number read weakly as a short run of letters or digits ("1711", "BY" for a boxed "7)", "3)"),
      // unless it starts a label itself.
      || (/^[A-Z0-9]{1,4}$/.test(tokens[k]!.t) && seg.words[tokens[k]!.word]!.confidence < 0.75 && !matchAt(tokens, k));
    // A box number read clearly before a heading is a box number too: no count stands before a party's, a reference's
    // or a date's heading, as one does before a unit's ("14 PALLETS").
    const boxNumber = (k: number): boolean => k === 0 && /^\d{1,2}$/.test(seg.words[tokens[0]!.word]!.text)
      && BOXED_HEADINGS.has(matchAt(tokens, 1)?.def.field as LabelField);
    // A box's frame read as a letter after its number ("1711 c ORIGIN").
    const frameLetter = (k: number): boolean => k === 1 && /^[A-Z]$/.test(tokens[1]!.t) && tokens[1]!.word !== tokens[0]!.word;
    // A lone letter before a heading of two words or more read exactly is a box's letter or the last word of a label
    // wrapped from the line above ("POUR LIVRAISON S'ADRESSER" over "A - FORWARDING AGENT"): the heading starts after it.
    const beforeHeading = (() => { const m = tokens.length > 2 && /^[A-Z]$/.test(tokens[0]!.t) && !matchAt(tokens, 0) ? matchAt(tokens, 1) : null; return !!m && m.cost === 0 && m.len >= 2; })();
    let lead = beforeHeading ? 1 : 0;
    while (lead < tokens.length - 1 && lead < 2 && (icon(lead) || boxNumber(lead) || frameLetter(lead))) lead++;
    lead = afterNoteEnd(tokens, lead);
    for (let i = lead; i < tokens.length; i++) {
      const m = matchAt(tokens, i);
      if (!m) continue;
      let note = noteAfter(tokens, i + m.len);
      let end = note.end; // exclusive, in tokens
      let closedNote = end > i + m.len && !note.open;
      // "REMITENTE / ORIGEN", "NOMBRE / RAZON SOCIAL:", "CARRIER (NAME) - TRANSPORTEUR": two names for one field make
      // one label, with or without the mark between (segments drop a lone dash, and a dash is often lost with the
      // rules). Such a pair is a label wherever it stands ("... NO DE QUAI - VENDOR ID"): running text does not name
      // one thing twice in two languages.
      let paired = false;
      for (;;) {
        const at = SEPARATOR.test(tokens[end]?.t ?? '') ? end + 1 : end;
        const alt = at < tokens.length ? matchAt(tokens, at) : null;
        if (!alt || alt.def.field !== m.def.field) break;
        // Only names read exactly: a name's last word one letter off a label ("CARRIERS") is no label's.
        paired ||= m.cost === 0 && alt.cost === 0;
        note = noteAfter(tokens, at + alt.len);
        closedNote ||= note.end > at + alt.len && !note.open;
        end = note.end;
      }
      let marked = tokens[end - 1]!.colonAfter || tokens[end - 1]!.t === '#';
      // "PRO #:" / "No.:" style: a # right after the label also marks it.
      let stop = end;
      while (stop < tokens.length && tokens[stop]!.t === '#') { marked = true; stop++; }
      const whole = i === lead && stop === tokens.length;
      // Labels inside a line of text must look like labels (colon or #), or they would cut names like "REDWOOD FREIGHT LINES".
      // SCAC is never an ordinary word: "NOT NEGOTIABLE : SCAC NLTP" holds a label mid-line.
      // "CARRIER'S NO. (PRO)": a label name in parentheses names the field as plainly as a colon.
      const enclosed = seg.words[tokens[i]!.word]!.text.startsWith('(') && /\)[:.]?$/.test(seg.words[tokens[end - 1]!.word]!.text);
      // A short label read clearly, its abbreviation's point (or the point read as a comma) closing its cell after one
      // garbled word ("Cant. PO." or "Cit. PO," for CUST. PO.), is a cell's label too.
      const lastWord = seg.words[tokens[end - 1]!.word]!;
      const closesCell = i === lead + 1 && stop === tokens.length && m.len === 1 && lastWord.confidence >= 0.7 && /^[A-Z]{1,3}[.,]$/.test(lastWord.text.toUpperCase());
      if (i > lead && !marked && !enclosed && !closesCell && !paired && !(m.def.field === 'scac' && stop < tokens.length)) continue;
      // "FROM (SHIPPER)" with the word in parentheses misread ("From (sturrer)"): a short heading explained in
      // parentheses is a heading all the same; the parenthesised word belongs to it.
      // The word in parentheses may be read in pieces or glued to the heading ("FROM(S PPER)"): from the word that
      // opens it, up to three words to the one that closes it.
      const afterIdx = tokens[stop]?.word;
      const closeIdx = afterIdx !== undefined && seg.words[afterIdx]!.text.includes('(')
        ? [0, 1, 2].map((k) => afterIdx + k).find((k) => k < seg.words.length && /\)[:.]?$/.test(seg.words[k]!.text)) : undefined;
      if (m.def.strict && !(whole || marked) && i === lead && closedNote) marked = true;
      if (m.def.strict && !(whole || marked) && i === lead && closeIdx !== undefined) {
        while (stop < tokens.length && tokens[stop]!.word <= closeIdx) stop++;
        marked = true;
      }
      if (m.def.strict && !(whole || marked)) continue;
      // A lone state or province code with no colon is a party's state row, not a label that shares its letters
      // (BC, bon de commande).
      if (whole && !marked && m.len === 1 && isStateCode(tokens[i]!.t)) continue;
      if (inSentence(seg.words, tokens[i]!.word, tokens[end - 1]!.word)) continue;
      // Party sub-labels are ordinary words too ("CIUDAD JUAREZ", "NAME BRAND"): only with a colon, or alone in
      // their own cell (a form grid's row label "NAME | value").
      // Several names joined by slashes ("CITY/STATE/ZIP", "STREET / DOMICILIO") are no ordinary phrase: a label.
      if (PARTY_SUB.has(m.def.field) && !marked && !whole && !tokens.slice(i, end).some((t) => t.t === '/')) continue;
      // "PO BOX" is an address, not a purchase order.
      if (m.def.field === 'po' && tokens[stop]?.t === 'BOX') continue;
      // A word one letter off a label whose values hold digits, followed by words with none, is a phrase of the form
      // ("GLASS BOTTLES, EMPTY" is no CLASS label).
      if (m.cost > 0 && m.len === 1 && !marked && DIGIT_FIELDS.has(m.def.field) && worded(tokens.slice(stop).map((t) => t.t))) continue;
      found.push({ def: m.def, start: i, end: stop, marked, atStart: i === lead, ...(note.open ? { noteOpen: true } : {}) });
      i = stop - 1;
    }
    const run = headingRun(tokens, lead);
    const all = run.length >= 2 && run.length > found.length ? run : found;
    hits.push(...toHits(seg, tokens, all, all === run));
  }
  // A row of column headings whose first heading is garbled past matching ("BA NUMBER SHIP DATE" for BOL NUMBER | SHIP
  // DATE, beside DUE DATE and PURCHASE ORDER NO.): the labels back to back after one or two unmatched words.
  for (const seg of segments) {
    if (hits.some((h) => h.segment === seg)) continue;
    if (hits.filter((h) => h.segment !== seg && h.atStart && !h.valueWords.length && sameRow(h.segment, seg)).length < 2) continue;
    const tokens = tokenize(seg.words);
    const run = [1, 2].map((lead) => (lead < tokens.length ? headingRun(tokens, lead) : [])).find((r) => r.length);
    // Reference and date headings only: a goods table's headings are read by their columns (readTable).
    if (run?.every((f) => REFERENCE_ROW_FIELDS.has(f.def.field))) hits.push(...toHits(seg, tokens, run, true));
  }
  return [...hits, ...headingRowHits(segments, hits)];
}

const REFERENCE_ROW_FIELDS: ReadonlySet<LabelField> = new Set<LabelField>(['bol', 'pro', 'po', 'order', 'pickupDate', 'deliveryDate']);

/** The hits of the labels found on one segment, each with the words up to the next as its value. */
function toHits(seg: Segment, tokens: Token[], all: Found[], isRun: boolean): LabelHit[] {
  return all.map((f, k) => {
    const next = all[k + 1];
    const labelWordIdx = new Set<number>();
    for (let j = f.start; j < f.end; j++) for (let wi = tokens[j]!.word; wi <= (tokens[j]!.lastWord ?? tokens[j]!.word); wi++) labelWordIdx.add(wi);
    const lastLabelWord = tokens[f.end - 1]!.lastWord ?? tokens[f.end - 1]!.word;
    const valueEnd = next ? tokens[next.start]!.word : seg.words.length;
    // A value glued to its label ("SID#:1633381") was cut into a word of its own with the segments (splitGluedValue).
    const valueStart = lastLabelWord + 1;
    const labelWords = seg.words.filter((_, wi) => labelWordIdx.has(wi));
    const after = seg.words.slice(valueStart, Math.max(valueStart, valueEnd));
    // Only marks after a label (". ." left of a heading's dotted leader, a stray dash) are no value.
    const valueWords = after.some((w) => /[\p{L}\p{N}]/u.test(w.text)) ? after : [];
    const lb = labelWords.length ? labelWords : [seg.words[0]!];
    return {
      field: f.def.field, lang: f.def.lang, label: f.def.text, segment: seg, labelWords: lb, valueWords,
      bbox: boxAround(lb),
      atStart: f.atStart, marked: f.marked, ...(isRun ? { run: true } : {}), ...(f.noteOpen ? { noteOpen: true } : {}),
    };
  });
}

/**
 * A line that is column headings only, read as one ("SHIP DATE DUE DATE PURCHASE ORDER NO. SALES ORDER NO."): labels
 * back to back from the start to the end, none of them needing a colon there. Empty when any word is no label.
 */
function headingRun(tokens: Token[], lead: number): Found[] {
  const out: Found[] = [];
  let at = lead;
  while (at < tokens.length) {
    const m = matchAt(tokens, at);
    if (!m || m.def.strict || PARTY_SUB.has(m.def.field)) return [];
    let stop = at + m.len;
    while (stop < tokens.length && tokens[stop]!.t === '#') stop++;
    out.push({ def: m.def, start: at, end: stop, marked: tokens[stop - 1]!.colonAfter || tokens[stop - 1]!.t === '#', atStart: at === lead });
    at = stop;
  }
  return out;
}

export const PARTY_HEADING_FIELDS: ReadonlySet<LabelField> = new Set<LabelField>(['shipper', 'consignee', 'billTo']);
// One-word party headings of six letters and more: a garble two slips off one of them is still far from the others.
const PARTY_HEADING_WORDS = [...labelTokens.entries()].filter(([d, t]) => PARTY_HEADING_FIELDS.has(d.field) && t.length === 1 && t[0]!.length >= 6).map(([d, t]) => ({ def: d, t: t[0]! }));

/**
 * A row of party headings ("SPPER  CONSIONEE  THIRD-PARTY BILL TO") where one heading is garbled two slips off: a lone
 * word alone in its cell, on the row of two other party headings, near one heading word only and of a party the row
 * does not have yet. Garbled past that ("EVER" for SHIPPER on a 100-dpi capture), a word read with little confidence
 * is still the one party heading the row lacks, when no heading of that party stands anywhere on the page.
 */
function headingRowHits(segments: Segment[], hits: LabelHit[]): LabelHit[] {
  const out: LabelHit[] = [];
  const headings = hits.filter((h) => h.atStart && PARTY_HEADING_FIELDS.has(h.field));
  for (const seg of segments) {
    if (seg.words.length !== 1 || hits.some((h) => h.segment === seg)) continue;
    const row = headings.filter((h) => sameRow(h.segment, seg) && h.segment.words.length <= 4);
    if (new Set(row.map((h) => h.field)).size < 2) continue;
    const t = normalizeText(seg.words[0]!.text).replace(/[^A-Z]/g, '');
    if (t.length < 3) continue;
    const near = t.length < 5 ? [] : PARTY_HEADING_WORDS.filter((w) => Math.abs(w.t.length - t.length) <= 2 && ocrDistance(t, w.t) <= 2 && !row.some((h) => h.field === w.def.field));
    const fields = new Set(near.map((w) => w.def.field));
    const w = seg.words[0]!;
    const missing = [...PARTY_HEADING_FIELDS].filter((f) => !row.some((h) => h.field === f));
    const lacking = missing.length === 1 && !fields.size && w.confidence < WEAK_WORD && !hits.some((h) => h.field === missing[0])
      ? PARTY_HEADING_WORDS.find((x) => x.def.field === missing[0] && x.def.lang === row[0]!.lang) ?? PARTY_HEADING_WORDS.find((x) => x.def.field === missing[0])
      : undefined;
    const def = lacking?.def ?? (fields.size === 1 ? near[0]!.def : undefined);
    if (!def) continue;
    out.push({ field: def.field, lang: def.lang, label: def.text, segment: seg, labelWords: [w], valueWords: [], bbox: w.bbox, atStart: true, marked: false });
  }
  return out;
}
