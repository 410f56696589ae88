import { normalizeText } from '../layout.ts';
import type { WeightUnit } from '@ladingwise/shared';

/** A weight read from text. */
export interface ParsedWeight { value: number; unit: WeightUnit | null }

const UNITS: Array<[RegExp, WeightUnit]> = [
  [/^(LBS?|LB\.|POUNDS?|LIBRAS?|#)$/, 'L'],
  [/^(KGS?|KILOS?|KILOGRAMS?|KILOGRAMOS?|KILOGRAMMES?|KG\.)$/, 'K'],
];

/** Parses a number printed with thousands separators in US or European style ("24,260", "2.021", "1 234,5"). */
export function parseAmount(raw: string): number | null {
  // Two marks where one stands ("10.,312"): a speck beside the separator, one mark.
  let s = raw.replace(/[Oo]/g, '0').replace(/[lI]/g, '1').replace(/\s(?=\d{3}\b)/g, '').replace(/(?<=\d)[.,]{2}(?=\d)/g, ',');
  if (!/^\d[\d.,]*$/.test(s)) return null;
  // A single separator followed by exactly three digits is a thousands separator (weights are not given to the gram).
  if (/^\d{1,3}([.,]\d{3})+$/.test(s)) return Number(s.replace(/[.,]/g, ''));
  const lastSep = Math.max(s.lastIndexOf(','), s.lastIndexOf('.'));
  if (lastSep >= 0) {
    const int = s.slice(0, lastSep).replace(/[.,]/g, '');
    s = `${int}.${s.slice(lastSep + 1)}`;
  }
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** Finds a weight with its unit in text ("3,407 LB", "2.021 KG", "Peso: 1 371 kg"); the unit may be missing. */
export function parseWeight(text: string, defaultUnit: WeightUnit | null = null): ParsedWeight | null {
  // "lb" glued to its number with the l read as 1 ("27751b" for 2775 lb): no unit is a lone B.
  // So is "lb" after its number with the l read as a bar ("19,447 |b").
  const t = normalizeText(text).replace(/(\d{2,})[1I|]B(S?)\b/g, '$1 LB$2').replace(/(\d)\s+[|I]B(S?)(?![\w])/g, '$1 LB$2');
  const re = /(\d[\d.,]*(?:\s\d{3})*)\s*(LBS?\.?|LB|POUNDS?|LIBRAS?|KGS?\.?|KILOS?|KILOGRAMS?|KILOGRAMOS?|KILOGRAMMES?|#)?(?![\w])/g;
  let m: RegExpExecArray | null;
  let best: ParsedWeight | null = null;
  while ((m = re.exec(t))) {
    const value = parseAmount(m[1]!.trim());
    if (value === null || value <= 0 || value > 200000) continue;
    const unitText = (m[2] ?? '').replace(/\.$/, '');
    const unit = UNITS.find(([r]) => r.test(unitText))?.[1] ?? null;
    const cand = { value, unit: unit ?? defaultUnit };
    // Prefer a number that carries its unit.
    if (unit) return cand;
    if (!best) best = cand;
  }
  return best;
}

/** Unit named anywhere in a text (a column header "WEIGHT (KG)", "PESO LBS"), or null. */
export function unitIn(text: string): WeightUnit | null {
  const t = normalizeText(text);
  if (/\b(KGS?|KILOS?|KILOGRAM\w*)\b/.test(t)) return 'K';
  if (/\b(LBS?|POUNDS?|LIBRAS?)\b/.test(t)) return 'L';
  return null;
}
