import type { ExtractedData } from '@ladingwise/shared';
import type { Word } from '../types.ts';
import { normalizeText } from '../layout.ts';
import { isKnownPlace, isKnownPlaceAbroad } from '../ocr/place-decode.ts';
import { countryOfName, isNorthAmerican, UK_CODE } from './geo.ts';

// Outside North America a party's address is often printed as running text, its parts split by commas: street, then
// the place as the country writes it (a postal code before or after the city, a state after a dash), then the country
// ("AV. PAULISTA, 1159, 01310-100 SAO PAULO - SP, BRASIL"; "UNIT 8 DOCK ROAD, FELIXSTOWE IP11 4TG, UNITED KINGDOM").
// A reader that took the street may leave the place unread: the text the street runs on into holds it, and the
// country's own form of postal code says which part it is.

/** Postal code forms by country (ISO 3166-1 alpha-2), as printed. */
const CODE_FORMS: Record<string, RegExp> = {
  BR: /^\d{5}-\d{3}$/, NL: /^\d{4} ?[A-Z]{2}$/, GB: UK_CODE, FR: /^\d{5}$/, DE: /^\d{5}$/, ES: /^\d{5}$/, IT: /^\d{5}$/,
  BE: /^\d{4}$/, CN: /^\d{6}$/, SG: /^\d{6}$/, IN: /^\d{6}$/, VN: /^\d{6}$/, JP: /^\d{3}-\d{4}$/, KR: /^\d{5}$/,
};

// A place is confirmed with no more than this many words; a longer run is a street or another party's text.
const PLACE_WORDS = 4;
// How many lines below its street a running address may go on.
const RUN_ON_LINES = 2;
// Confidence of a place read this way: the form of the code and a known city agree, but no reader chose the words,
// so a person reviews it.
const FROM_RUNNING_TEXT = 0.6;

/** A place found in running text: the code as printed, the city, the state where one follows a dash. */
export interface PlaceAbroad { zip: string; city: string | null; state: string | null; country: string; street: string | null }

const bare = (t: string): string => normalizeText(t).replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

interface Tok { text: string; dashed: boolean }

/** A part's words, bare, each marked where a dash stands before it. */
function tokens(part: string): Tok[] {
  const out: Tok[] = [];
  let dash = false;
  for (const raw of part.split(/\s+/)) {
    const text = bare(raw);
    if (text) out.push({ text, dashed: dash || /^[-–]/.test(raw) });
    dash = /^[-–]+$/.test(raw) || /[-–]$/.test(raw);
  }
  return out;
}

/**
 * The place in running text after a street (comma-separated parts, as read): the first part holding a postal code of
 * `country`'s form, with a known city beside the code in that part, and a state after a dash; the parts before it are
 * the street. A country named in the text stands for `country` when that is unknown. Null when no part holds both.
 */
export function placeInRunningText(text: string, country: string | null): PlaceAbroad | null {
  const parts = text.split(',').map((p) => p.trim()).filter(Boolean);
  // A country named where the running text names it: the part after the place, in its first words (a column beside
  // may be read on after it).
  const namedAt = (k: number): string | null => {
    const toks = tokens(parts[k] ?? '').map((t) => t.text);
    return countryOfName(toks.slice(0, 2).join(' ')) ?? countryOfName(toks[0] ?? '');
  };
  const known = country && !isNorthAmerican(country) ? country : null;
  const named = parts.map((_, k) => namedAt(k)).find((c): c is string => !!c && !isNorthAmerican(c)) ?? null;
  const ctry = known ?? named;
  const form = ctry ? CODE_FORMS[ctry] : undefined;
  if (!ctry || !form) return null;
  for (let k = 0; k < parts.length; k++) {
    const toks = tokens(parts[k]!);
    for (let i = 0; i < toks.length; i++) {
      for (const span of [2, 1]) {
        const code = toks.slice(i, i + span).map((t) => t.text).join(' ');
        if (i + span > toks.length || !form.test(code)) continue;
        const after = toks.slice(i + span), before = toks.slice(0, i);
        // A state is a short code after a dash ("SAO PAULO - SP").
        const dash = after.findIndex((t, j) => j > 0 && t.dashed && /^[A-Z]{2,3}$/.test(t.text));
        const state = dash > 0 ? after[dash]!.text : null;
        const words = (ws: Tok[]): string => ws.filter((t) => /\p{L}/u.test(t.text)).map((t) => t.text).join(' ');
        // The city beside the code in its part, or the next part's whole when the code stands alone in its own.
        const beside = [words(dash > 0 ? after.slice(0, dash) : after), words(before)];
        if (!after.length && !before.length && parts[k + 1]) beside.push(words(tokens(parts[k + 1]!)));
        const at = beside.findIndex((c) => c && c.split(' ').length <= PLACE_WORDS && (isKnownPlaceAbroad(c) || isKnownPlace(c)));
        const city = at >= 0 ? beside[at]! : null;
        // Named, not known, the country is the part right after the place's (the city's own part, where that was the next).
        if (!city || (!known && namedAt(k + (at === 2 ? 2 : 1)) !== ctry)) continue;
        return { zip: code, city, state, country: ctry, street: k > 0 ? parts.slice(0, k).join(', ') : null };
      }
    }
  }
  return null;
}

// A gap this many line heights wide ends a column's text on its line: what follows is the next column's.
const COLUMN_GAP = 2;

/**
 * The words a party's street runs on into: the rest of the street's line, then the lines just below it that start
 * no further left than the street (a running address wraps under itself), each as far as its column goes, in reading
 * order.
 */
export function textAfter(street: readonly Word[], words: readonly Word[]): string {
  const last = street[street.length - 1]!;
  const h = Math.max(...street.map((w) => w.bbox[3] - w.bbox[1]));
  const onLine = (w: Word, ref: Word): boolean => w.page === ref.page
    && Math.min(w.bbox[3], ref.bbox[3]) - Math.max(w.bbox[1], ref.bbox[1]) > 0.5 * Math.min(w.bbox[3] - w.bbox[1], h);
  // The words of `ref`'s line from `from` on (by its left edge), up to the first wide gap.
  const column = (ref: Word, from: number): Word[] => {
    const out: Word[] = [];
    for (const w of words.filter((x) => onLine(x, ref) && x.bbox[0] >= from && !street.includes(x)).sort((a, b) => a.bbox[0] - b.bbox[0])) {
      const prev = out[out.length - 1] ?? null;
      if (prev && w.bbox[0] - prev.bbox[2] > COLUMN_GAP * h) break;
      if (!prev && ref === last && w.bbox[0] - last.bbox[2] > COLUMN_GAP * h) break;
      out.push(w);
    }
    return out;
  };
  // A running address wraps to where its first line starts: the street's line, back from the street to a wide gap.
  let left = Math.min(...street.map((w) => w.bbox[0]));
  for (const w of words.filter((x) => onLine(x, street[0]!) && x.bbox[2] <= left).sort((a, b) => b.bbox[0] - a.bbox[0])) {
    if (left - w.bbox[2] > COLUMN_GAP * h) break;
    left = w.bbox[0];
  }
  const out = column(last, last.bbox[2] - 1);
  let bottom = last.bbox[3];
  for (let n = 0; n < RUN_ON_LINES; n++) {
    const next = words.filter((w) => w.page === last.page && w.bbox[1] >= bottom - 0.3 * h && w.bbox[1] < bottom + 1.2 * h && w.bbox[0] >= left - h)
      .sort((a, b) => a.bbox[0] - b.bbox[0])[0];
    if (!next || next.bbox[0] > left + 3 * h) break;
    const line = column(next, left - h);
    if (!line.length) break;
    out.push(...line);
    bottom = Math.max(...line.map((w) => w.bbox[3]));
  }
  return out.map((w) => w.text).join(' ');
}

/** Where a party's running address starts: the words of its chosen street, else of its name (the street unread). */
export interface PartyAnchor { words: readonly Word[]; street: boolean }

/**
 * Each party abroad with no postal code read, whose street (or, with no street read, name) runs on into a place of its
 * country's form: the code, the state and the street where none were read, and the city where none was or the one read
 * is part of the place's name, taken from there and held for review; a street that took the place in loses it.
 */
export function placeFromRunningAddress(data: ExtractedData, anchorOf: (key: 'Shipper' | 'Consignee' | 'BillTo') => PartyAnchor | null, words: readonly Word[]): void {
  for (const key of ['Shipper', 'Consignee', 'BillTo'] as const) {
    const p = data[key];
    const anchor = anchorOf(key);
    if (!p || p.Zip || !anchor?.words.length || (p.Country && isNorthAmerican(p.Country))) continue;
    const tail = textAfter(anchor.words, words);
    const place = placeInRunningText(anchor.street ? `${p.Address ?? ''}, ${tail}` : tail, p.Country ?? null);
    if (!place) continue;
    const s = data.ConfidenceScores;
    const take = (leaf: 'Zip' | 'City' | 'State' | 'Address', value: string): void => {
      p[leaf] = value;
      s[`${key}.${leaf}`] = Math.min(s[`${key}.${leaf}`] ?? FROM_RUNNING_TEXT, FROM_RUNNING_TEXT);
    };
    take('Zip', place.zip);
    if (place.city && (!p.City || partOf(p.City, place.city))) take('City', place.city);
    if (!p.State && place.state) take('State', place.state);
    // Read on from the name, the street starts past the name's last words (a legal form the name's words left out).
    const parts = (place.street ?? '').split(',').map((t) => t.trim()).filter(Boolean);
    while (!anchor.street && parts.length && squashed(p.Name ?? '').includes(squashed(parts[0]!))) parts.shift();
    const street = parts.join(', ');
    if (!p.Address && !anchor.street && /\d/.test(street)) take('Address', street);
    else if (p.Address && street && squashed(p.Address) !== squashed(street) && squashed(p.Address).includes(squashed(place.zip))) take('Address', street);
    p.Country ??= place.country;
  }
}

const squashed = (t: string): string => normalizeText(t).replace(/[^A-Z0-9]/g, '');

/** Whether a city read is some of a place's whole words, not all ("PAULO" of SAO PAULO). */
function partOf(read: string, place: string): boolean {
  const words = new Set(squashed(place) === squashed(read) ? [] : normalizeText(place).split(/\s+/));
  const own = normalizeText(read).split(/\s+/);
  return own.length > 0 && own.every((w) => words.has(w));
}
