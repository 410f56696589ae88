/**
 * Turns one ExtractedData value into element text according to the element's format, type and
 * length limits. Returns the text, or why it cannot be written.
 */
import { cleanText, truncate } from './sanitize.ts';
import { maxOf, type ElementSpec, type Format } from './segment-plan.ts';
import type { X12Version } from './versions.ts';

export type Formatted =
  | { kind: 'ok'; value: string; truncated: boolean; cleaned: boolean }
  | { kind: 'missing' }
  | { kind: 'invalid'; reason: string };

const PAYMENT: Record<string, string> = {
  PREPAID: 'PP', PREPAY: 'PP', PP: 'PP',
  COLLECT: 'CC', CC: 'CC',
  'THIRD PARTY': 'TP', THIRDPARTY: 'TP', '3RD PARTY': 'TP', TP: 'TP',
};

// Common words on BOL forms for the packaging form codes (X12 element 103).
const PACKAGING: Record<string, string> = {
  PALLET: 'PLT', PALLETS: 'PLT', PLTS: 'PLT', SKID: 'SKD', SKIDS: 'SKD', CARTON: 'CTN', CARTONS: 'CTN', CTNS: 'CTN',
  BOX: 'BOX', BOXES: 'BOX', BX: 'BOX', DRUM: 'DRM', DRUMS: 'DRM', CRATE: 'CRT', CRATES: 'CRT', BUNDLE: 'BDL', BUNDLES: 'BDL',
  BAG: 'BAG', BAGS: 'BAG', ROLL: 'ROL', ROLLS: 'ROL', PIECE: 'PCS', PIECES: 'PCS', PC: 'PCS', PCS: 'PCS', TOTE: 'TOT', TOTES: 'TOT',
  CASE: 'CAS', CASES: 'CAS', PAIL: 'PAL', PAILS: 'PAL', REEL: 'REL', REELS: 'REL', TUBE: 'TBE', TUBES: 'TBE', COIL: 'COL', COILS: 'COL',
};

function isBlank(raw: unknown): boolean {
  return raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '');
}

function asNumber(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw === 'string' && /^\s*-?\d[\d,]*(\.\d+)?\s*$/.test(raw)) return Number(raw.replace(/[,\s]/g, ''));
  return null;
}

/** Digits of a numeric element as X12 counts length (sign and decimal point excluded). */
export function numericLength(text: string): number {
  return text.replace(/[-.]/g, '').length;
}

function fromText(raw: unknown): { value: string; cleaned: boolean } | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const { value, changed } = cleanText(String(raw));
  return value === '' ? null : { value, cleaned: changed };
}

/** Formats `raw` for element `e` in `version`. */
export function formatValue(raw: unknown, e: ElementSpec, format: Format, version: X12Version): Formatted {
  if (isBlank(raw)) return { kind: 'missing' };
  const max = maxOf(e, version);
  const ok = (value: string, cleaned = false, truncated = false): Formatted => {
    const len = e.type === 'R' || e.type === 'N0' ? numericLength(value) : value.length;
    if (len > max) return { kind: 'invalid', reason: `${value} is longer than ${max} characters` };
    if (len < e.min) return { kind: 'invalid', reason: `${value} is shorter than ${e.min} characters` };
    return { kind: 'ok', value, cleaned, truncated };
  };
  switch (format) {
    case 'text':
    case 'compact': {
      const t = fromText(raw);
      if (!t) return { kind: 'missing' };
      const value = format === 'compact' ? t.value.replace(/ /g, '') : t.value;
      const cut = truncate(value, max);
      return ok(cut, t.cleaned, cut !== value);
    }
    case 'code': {
      const t = fromText(raw);
      if (!t) return { kind: 'missing' };
      return ok(t.value.toUpperCase().replace(/[^A-Z0-9]/g, ''), t.cleaned);
    }
    case 'date': {
      const m = typeof raw === 'string' ? /^\s*(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(raw) : null;
      if (!m || !isRealDate(`${m[1]}${m[2]}${m[3]}`)) return { kind: 'invalid', reason: `${String(raw)} is not a date YYYY-MM-DD` };
      return ok(`${m[1]}${m[2]}${m[3]}`);
    }
    case 'integer': {
      const n = asNumber(raw);
      if (n === null || n < 0.5 || n >= 1e15) return { kind: 'invalid', reason: `${String(raw)} is not a whole number above 0` };
      return ok(String(Math.round(n)));
    }
    case 'decimal': {
      const n = asNumber(raw);
      if (n === null || n <= 0 || n >= 1e15) return { kind: 'invalid', reason: `${String(raw)} is not a number above 0` };
      const text = formatDecimal(n);
      return text === '0' ? { kind: 'invalid', reason: `${String(raw)} rounds to 0` } : ok(text);
    }
    case 'paymentMethod': {
      const t = fromText(raw);
      const codeValue = t ? PAYMENT[t.value.toUpperCase().replace(/[-_]/g, ' ')] : undefined;
      return codeValue ? ok(codeValue) : { kind: 'invalid', reason: `${String(raw)} is not prepaid, collect or third party` };
    }
    case 'packaging': {
      const t = fromText(raw);
      if (!t) return { kind: 'missing' };
      const word = t.value.toUpperCase().replace(/[^A-Z0-9]/g, '');
      const mapped = PACKAGING[word] ?? (word.length === 3 ? word : undefined);
      return mapped ? ok(mapped) : { kind: 'invalid', reason: `${t.value} is not a packaging code (PLT, CTN, SKD...)` };
    }
  }
}

/** A number with at most two decimals and no exponent or trailing zeros. */
export function formatDecimal(n: number): string {
  const fixed = n.toFixed(2); // toFixed never uses exponent notation below 1e21
  return fixed.replace(/\.?0+$/, '') || '0';
}

/** True for a real calendar date written CCYYMMDD. */
export function isRealDate(ccyymmdd: string): boolean {
  if (!/^\d{8}$/.test(ccyymmdd)) return false;
  const y = Number(ccyymmdd.slice(0, 4));
  const mo = Number(ccyymmdd.slice(4, 6));
  const d = Number(ccyymmdd.slice(6, 8));
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}
