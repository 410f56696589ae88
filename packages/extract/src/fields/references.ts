import { normalizeText } from '../layout.ts';
import type { Word } from '../types.ts';
import { legalFormEnd } from './company-name.ts';
import { editDistance } from './geo.ts';
import { findDates } from './parse-date.ts';
import { DIGIT_FOR, LETTER_FOR } from './look-alikes.ts';

/** Words that say "number" (NO, NUM, REF...): a label's abbreviation, never a reference's own prefix. */
export const NUMBER_WORDS: ReadonlySet<string> = new Set(['N', 'NO', 'NR', 'NRO', 'NUM', 'REF', 'ID']);

/**
 * A reference's text with its kind abbreviation ("PO", "SO") joined to the number where a hyphen joins them on the
 * page ("PO - 304344"), whether the abbreviation was read as the label or as the value's first word: the number as
 * issued. A lone hyphen is no segment's word, so the page's words between the two tell.
 */
export function kindJoinedText(label: Word | undefined, value: { text: string; words: Word[] }, words: readonly Word[]): string {
  const hyphened = (a: Word, b: Word): boolean => {
    const between = words.filter((w) => w.page === a.page && w.line === a.line && w.bbox[0] >= a.bbox[2] - 1 && w.bbox[2] <= b.bbox[0] + 1);
    const near = b.line === a.line && b.bbox[0] - a.bbox[2] < 3 * (a.bbox[3] - a.bbox[1]);
    return near && (between.length ? between.every((w) => /^[-–—]$/.test(w.text)) : /[-–—]$/.test(a.text));
  };
  const kindOf = (w: Word | undefined): string | null => {
    const k = normalizeText(w?.text ?? '').replace(/[-–—]$/, '');
    return /^[A-Z]{1,4}$/.test(k) && !NUMBER_WORDS.has(k) ? k : null;
  };
  const [first, second] = value.words;
  const own = kindOf(first);
  if (own && second && /^\d{4,}/.test(second.text) && hyphened(first!, second)) return `${own}-${value.text.slice(value.text.indexOf(second.text))}`;
  const kind = kindOf(label);
  return kind && first && /^\d{4,}/.test(value.text) && hyphened(label!, first) ? `${kind}-${value.text}` : value.text;
}

/**
 * Picks a reference number (BOL, PRO, PO, order) out of a value: the first code-like token with a digit,
 * letters and digits joined by - or /. Letters misread inside a digit run are put back (O -> 0 after digits).
 */
export function parseReference(text: string): { value: string; repaired: boolean } | null {
  // A number broken after its hyphen ("808725- 12") is one number.
  // An S read as a dollar sign, before the O of SO ("$0738030") or before a letter ("$H2404525": money is written in
  // digits): no reference number starts with a currency sign.
  const dollar = /^\s*\$(?:[0O](?=\d{4,}\b)|(?=[A-Z][A-Z0-9]*\d))/.test(text);
  let t = normalizeText(text.replace(/^\s*\$(?=[0O]\d{4,}\b|[A-Z][A-Z0-9]*\d)/, 'S')).replace(/^[#:.\s]+/, '').replace(/([A-Z0-9])-\s+(?=[A-Z0-9])/g, '$1-');
  // A kind prefix joined to the number by a hyphen is the number's, as issued, however spaced ("PO - 050923"); a word
  // that says "number" is a label's.
  const kind = /^([A-Z]{1,4})\s+[-–—]\s*(?=\d{4,})/.exec(t);
  if (kind && !NUMBER_WORDS.has(kind[1]!)) t = `${kind[1]}-${t.slice(kind[0].length)}`;
  // So is one read with a space before its hyphen ("965317 -92"): a doubt, as the space may be real.
  const spaced = /[A-Z0-9]\s+-\d{1,4}\b/.test(t);
  if (spaced) t = t.replace(/([A-Z0-9])\s+-(?=\d{1,4}\b)/g, '$1-');
  // Or with its hyphen read as a space ("890302 68"): a long number and a suffix of one or two digits alone in the
  // cell, as a doubt. Three digits after a long number are its end read apart ("4505584 766"), joined as a doubt.
  const gap = /^(\d{5,})\s+(\d{1,3})$/.exec(t.trim());
  if (gap) return { value: gap[2]!.length <= 2 ? `${gap[1]}-${gap[2]}` : `${gap[1]}${gap[2]}`, repaired: true };
  // So is its start read apart from the rest ("SH1 767720", "007 49657593198893"): a head too short to be a number on
  // its own, holding a digit (an ordinal, "3RD", is a word), with only a run of digits after it, is the number's first
  // characters; joined as a doubt.
  const head = /^[^A-Z0-9]*([A-Z0-9]{2,4})\s+(\d{4,}(?:-\d{1,3})?)$/.exec(t.trim());
  if (head && /\d/.test(head[1]!) && !/^\d+(?:ST|ND|RD|TH)$/.test(head[1]!)) return { value: repairCode(`${head[1]}${head[2]}`).value, repaired: true };
  // So are a code's first letters read apart from a code that starts with letters ("SG D570785"): letter-spaced
  // print; a doubt all the same.
  const letters = /^[^A-Z0-9]*([A-Z]{1,2})\s+([A-Z]{1,2}\d{4,})$/.exec(t.trim());
  if (letters && !NUMBER_WORDS.has(letters[1]!)) return { value: repairCode(`${letters[1]}${letters[2]}`).value, repaired: true };
  // A speck read as an apostrophe inside a code ("VI'87009939"): no reference number holds one; a doubt all the same.
  const specked = /[A-Z0-9]['`‘’]+[A-Z0-9]/.test(t);
  if (specked) t = t.replace(/([A-Z0-9])['`‘’]+(?=[A-Z0-9])/g, '$1');
  if (!t) return null;
  // A date is not a reference number.
  for (const d of findDates(t)) t = `${t.slice(0, d.index)}${' '.repeat(d.length)}${t.slice(d.index + d.length)}`;
  // A cell border read as "[" or "|" may touch the number ("[22717-8"), so may the fill-in line it was written on
  // ("_S0873391").
  // ... or the label's colon, read with no space before the number (":SO142013").
  // ... or the label's period ("B/L No.696865").
  const m = /(?:^|[\s([|_:.])([A-Z0-9]+(?:[-/][A-Z0-9]+)*)/g;
  let r: RegExpExecArray | null;
  // Digits passed over before the number ("0-9 70777" for PO-970377) may be part of it: the reading is in doubt.
  let skipped = false;
  while ((r = m.exec(t))) {
    const tok = r[1]!;
    if (!/\d/.test(tok) || tok.replace(/[^A-Z0-9]/g, '').length < 3 || tok.length > 24) { skipped ||= /\d/.test(tok); continue; }
    // An ordinal ("3RD PARTY", "1ST FLOOR") is a word, not a number.
    if (/^\d+(?:ST|ND|RD|TH)$/.test(tok)) continue;
    const { value, repaired } = repairCode(tok);
    // "P0928635" / "S0864820": the common PO and SO prefixes with the letter O read as a zero.
    // So is the letter O read as Q ("SQ612031").
    const prefixed = /^([PS])[0Q]([-/]?\d{4,})$/.exec(value);
    if (prefixed) return { value: `${prefixed[1]}O${prefixed[2]}`, repaired: true };
    if (dollar) return { value, repaired: true };
    // Both letters of SO- read as digits ("50-001437"): two digits and a hyphen do not start a number otherwise.
    const so = /^5[0O]-(\d{4,})$/.exec(tok);
    if (so) return { value: `SO-${so[1]}`, repaired: true };
    return { value, repaired: repaired || skipped || spaced || specked };
  }
  return null;
}

// Kind prefixes that end in O: a purchase order's, a sales order's, a number's.
const O_PREFIXES = new Set(['PO', 'SO', 'NO']);

/** Fixes letters that OCR put inside a run of digits ("8O7O278" -> "8070278"); letter prefixes and suffixes stay. */
export function repairCode(tok: string): { value: string; repaired: boolean } {
  const chars = tok.split('');
  const isDigit = (c: string | undefined): boolean => c !== undefined && /\d/.test(c);
  const digitCount = chars.filter((c) => isDigit(c)).length;
  const out = chars.map((c, i) => {
    const sub = DIGIT_FOR[c];
    if (!sub) return c;
    const prev = chars[i - 1], next = chars[i + 1];
    // An O opening a run of four digits or more, after the code's letters or first in it ("SHO960710", "XKO7233"):
    // code alphabets leave out the letter that reads as zero, and a number's digits follow its letters. Only a kind
    // prefix ending in O (PO, SO, NO) keeps it.
    if (c === 'O' && /^\d{4,}/.test(tok.slice(i + 1)) && !O_PREFIXES.has(`${prev ?? ''}O`)) return sub;
    // So is an I, the letter that reads as one, alone before a number of five digits or more ("I335915").
    if (c === 'I' && i === 0 && /^\d{5,}$/.test(tok.slice(1))) return sub;
    // Between two digits, or closing a long digit run at the end of the token.
    if (isDigit(prev) && isDigit(next)) return sub;
    if (isDigit(prev) && next === undefined && digitCount >= 5 && isDigit(chars[i - 2])) return sub;
    return c;
  });
  const value = out.join('');
  return { value, repaired: value !== tok };
}

/** Reads a Standard Carrier Alpha Code (2–4 letters), putting back letters OCR read as digits. */
export function parseScac(text: string): { value: string; repaired: boolean } | null {
  const t = normalizeText(text).replace(/^[#:.\s]+/, '');
  // A code of four read in two pieces ("PW CR"), nothing after them: one code, as a doubt.
  const pieces = /^([A-Z]{1,3}) ([A-Z]{1,3})$/.exec(t);
  if (pieces && pieces[1]!.length + pieces[2]!.length === 4) return { value: pieces[1]! + pieces[2]!, repaired: true };
  const m = /^([A-Z0-9]{2,4})\b/.exec(t);
  if (!m) return null;
  const fixed = m[1]!.replace(/[015826]/g, (d) => LETTER_FOR[d]!);
  if (!/^[A-Z]{2,4}$/.test(fixed)) return null;
  return { value: fixed, repaired: fixed !== m[1] };
}

/**
 * Whether an OCR'd reference and a barcode's text are one number: a few slips (about one character in four), or
 * OCR having lost the end of a long number. Both are given as letters and digits only.
 */
export function nearlySame(ocr: string, code: string): boolean {
  if (ocr.length < 4 || code.length < 4) return false;
  if (code.length >= 8 && ocr.length >= 0.6 * code.length && code.startsWith(ocr)) return true;
  return editDistance(ocr, code) <= Math.max(1, Math.floor(code.length / 4));
}

// Capitals OCR mistakes for one another in a short code.
const SCAC_LOOKALIKE: Record<string, string> = { I: 'JLT', J: 'I', L: 'I', T: 'I', O: 'DQC', D: 'O', Q: 'O', C: 'GO', G: 'C', E: 'F', F: 'EP', P: 'FR', R: 'PB', B: 'R', M: 'N', N: 'MH', H: 'N', U: 'V', V: 'UY', Y: 'V', K: 'X', X: 'K' };

/** Whether a SCAC reads as an abbreviation of the carrier's name: its first letter, then letters in the name's order. */
export function scacFitsName(scac: string, name: string): boolean {
  const letters = normalizeText(name).replace(/[^A-Z]/g, '');
  if (!letters || scac[0] !== letters[0]) return false;
  let k = 1;
  for (const c of scac.slice(1)) { k = letters.indexOf(c, k) + 1; if (!k) return false; }
  return true;
}

/**
 * A SCAC whose letters do not follow the carrier's name, where swapping one look-alike letter makes them do ("RIC"
 * for R AND J CARTAGE's RJC), or do with more of the name's initials ("MWCE" for MIDWEST CONSOLIDATED FREIGHT's
 * MWCF): SCACs are mostly abbreviations of the name. Only a single such swap is taken.
 */
export function repairScacByName(scac: string, name: string): string | null {
  const swaps = new Set<string>();
  [...scac].forEach((c, i) => {
    for (const alt of SCAC_LOOKALIKE[c] ?? '') swaps.add(scac.slice(0, i) + alt + scac.slice(i + 1));
  });
  const fits = [...swaps].filter((v) => scacFitsName(v, name));
  if (!scacFitsName(scac, name)) return fits.length === 1 ? fits[0]! : null;
  // A code that follows the name may still have one letter misread for a look-alike that the name spells too ("MWCE"
  // for MIDWEST CONSOLIDATED FREIGHT): of the two, the one made of more of the name's initials is the abbreviation.
  const own = initialsIn(scac, name);
  const more = fits.filter((v) => initialsIn(v, name) > own);
  return more.length === 1 ? more[0]! : null;
}

/**
 * How many letters of a code, read in order through the name as `scacFitsName` reads it, can be initials of the name's
 * words (its legal form aside: codes rarely spell it); -1 where the code does not follow the name.
 */
function initialsIn(scac: string, name: string): number {
  const words = normalizeText(name).split(/[^A-Z]+/).filter(Boolean);
  const formFrom = words.length - legalFormEnd(words.join(' '));
  const letters = words.join('');
  const starts = new Set<number>();
  words.reduce((at, w, i) => { if (i < formFrom) starts.add(at); return at + w.length; }, 0);
  const memo = new Map<string, number>();
  const best = (i: number, k: number): number => {
    if (i === scac.length) return 0;
    const key = `${i} ${k}`;
    let out = memo.get(key);
    if (out !== undefined) return out;
    out = -1;
    for (let j = k; j < (i ? letters.length : 1); j++) {
      if (letters[j] !== scac[i]) continue;
      const rest = best(i + 1, j + 1);
      if (rest >= 0) out = Math.max(out, rest + (starts.has(j) ? 1 : 0));
    }
    memo.set(key, out);
    return out;
  };
  return best(0, 0);
}
