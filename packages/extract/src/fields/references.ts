import { normalizeText } from '../layout.ts';
import { findDates } from './parse-date.ts';

const DIGIT_FOR: Record<string, string> = { O: '0', Q: '0', D: '0', I: '1', L: '1', '|': '1', S: '5', B: '8', Z: '2', G: '6' };

/**
 * Picks a reference number (BOL, PRO, PO, order) out of a value: the first code-like token with a digit,
 * letters and digits joined by - or /. Letters misread inside a digit run are put back (O -> 0 after digits).
 */
export function parseReference(text: string): { value: string; repaired: boolean } | null {
  let t = normalizeText(text).replace(/^[#:.\s]+/, '');
  if (!t) return null;
  // A date is not a reference number.
  for (const d of findDates(t)) t = `${t.slice(0, d.index)}${' '.repeat(d.length)}${t.slice(d.index + d.length)}`;
  // A cell border read as "[" or "|" may touch the number ("[22717-8").
  const m = /(?:^|[\s([|])([A-Z0-9]+(?:[-/][A-Z0-9]+)*)/g;
  let r: RegExpExecArray | null;
  while ((r = m.exec(t))) {
    const tok = r[1]!;
    if (!/\d/.test(tok) || tok.replace(/[^A-Z0-9]/g, '').length < 3 || tok.length > 24) continue;
    const { value, repaired } = repairCode(tok);
    // "P0928635" / "S0864820": the common PO and SO prefixes with the letter O read as a zero.
    const prefixed = /^([PS])0(\d{4,})$/.exec(value);
    if (prefixed) return { value: `${prefixed[1]}O${prefixed[2]}`, repaired: true };
    return { value, repaired };
  }
  return null;
}

/** Fixes letters that OCR put inside a run of digits ("8O7O278" -> "8070278"); letter prefixes and suffixes stay. */
export function repairCode(tok: string): { value: string; repaired: boolean } {
  const chars = tok.split('');
  const isDigit = (c: string | undefined): boolean => c !== undefined && /\d/.test(c);
  const digitCount = chars.filter((c) => isDigit(c)).length;
  const out = chars.map((c, i) => {
    const sub = DIGIT_FOR[c];
    if (!sub) return c;
    const prev = chars[i - 1], next = chars[i + 1];
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
  const m = /^([A-Z0-9]{2,4})\b/.exec(t);
  if (!m) return null;
  const fixed = m[1]!.replace(/0/g, 'O').replace(/1/g, 'I').replace(/5/g, 'S').replace(/8/g, 'B').replace(/2/g, 'Z').replace(/6/g, 'G');
  if (!/^[A-Z]{2,4}$/.test(fixed)) return null;
  return { value: fixed, repaired: fixed !== m[1] };
}
