import { alnumCount, normalizeText, splitWord } from '../layout.ts';
import type { Word } from '../types.ts';
import { ocrDistance, startsWithLabel } from './find-labels.ts';
import { CA_PROVINCES, compareCity, isStateCode, normalizePostal, placeOfPostal, provincesOfLetter, repairState, type Country } from './geo.ts';

/** A city line read: its city, state and postal code words, the code normalised and the state as printed. */
export type CityLine = {
  city: Word[]; state: Word[]; zip: Word[]; zipText: string; stateText: string; cityText: string; country: Country | null;
  zipUnread?: boolean; zipRepaired?: boolean;
  /** No state was printed or read: it comes from the ZIP, whose own city matched the line's. */
  stateFromZip?: boolean;
  /** Only the state's first letter was read: the code chose the state, so the code is not checked by it. */
  stateFromLetter?: boolean;
};

/** A city glued to its state by a comma ("CHICAGO,IL") as two words. */
function splitAtComma(w: Word): Word[] {
  // A speck after the comma ("CELAYA,.GTO") goes with it.
  const m = /^(\p{L}[\p{L}.' -]*,[.;:]?)(\p{L}{2,3})$/u.exec(w.text);
  return m ? splitWord(w, m[1]!.length) : [w];
}

/**
 * A state code glued to its postal code as two words: to a ZIP or CP ("SLP78395"), or a province to the first half of a
 * Canadian code whose second half is the next word ("QCJ1L 4H5", read with the code's own letter-digit slips).
 */
function splitStateZip(w: Word, i: number, words: Word[]): Word[] {
  const m = /^(\p{Lu}{2,3})(\d{5})$/u.exec(w.text);
  if (m && isStateCode(m[1]!)) return splitWord(w, m[1]!.length);
  const ca = /^([A-Z]{2})([A-Z0-9]{3})$/.exec(w.text);
  const rest = words[i + 1]?.text ?? '';
  return ca && CA_PROVINCES.has(ca[1]!) && /^[A-Z0-9]{3}$/.test(rest) && normalizePostal(`${ca[2]} ${rest}`)?.country === 'CA' ? splitWord(w, 2) : [w];
}

/** A city's words as its text, the comma after it left out. */
const cityTextOf = (city: Word[]): string => city.map((w) => w.text).join(' ').replace(/,[.;:]*$|[,;]+$/, '').trim();

/** Parses "CITY, ST 12345", "CITY PR A1A 1A1", "GUADALAJARA, JAL 44100", "C.P. 44100 CITY, ST" or "75008 PARIS". */
export function parseCityStateZip(input: Word[]): CityLine | null {
  // The city and state written with no space after the comma ("CHICAGO,IL 60632") are two words.
  let words = input.flatMap(splitAtComma).flatMap(splitStateZip);
  // Marks after the postal code ("29405 >", a tick, a rule end) or between its parts ("AB . T6E 0K6", "AGS … 20000")
  // are not part of the line.
  const marks = words.filter((w) => !/[\p{L}\p{N}]/u.test(w.text));
  if (marks.length && marks.length < words.length) words = words.filter((w) => !marks.includes(w));
  // A speck read as a word between the state and the postal code ("MISSISSAUGA, ON LE L5N 2Z5"): the line without it.
  const code = (w: Word | undefined): string => normalizeText(w?.text ?? '').replace(/[^A-Z]/g, '');
  const stray = words.findIndex((w, i) => i >= 2 && i < words.length - 1 && /,$/.test(words[i - 2]!.text) && isStateCode(code(words[i - 1]))
    && /^\p{L}{1,2}$/u.test(w.text) && !isStateCode(code(w)));
  if (stray >= 0) words = words.filter((_, i) => i !== stray);
  const whole = parseCityLine(words);
  if (whole || words.length < 4) return whole;
  // The next cell's label and value read onto the same line ("Albany, NY 12205 CARRIER BLUE HERON FREIGHT").
  for (let i = words.length - 1; i >= 3; i--) {
    if (!startsWithLabel(words.slice(i).map((w) => w.text))) continue;
    const head = parseCityLine(words.slice(0, i));
    if (head) return head;
  }
  // Specks read as short weak words after the code ("52404 : ue TE NE a"): the line without them.
  const short = (w: Word): boolean => alnumCount(w.text) <= 3;
  let end = words.length;
  while (end > 2 && short(words[end - 1]!) && words[end - 1]!.confidence < 0.5) end--;
  if (end < words.length) {
    const bare = parseCityLine(words.slice(0, end));
    if (bare) return bare;
  }
  // A bit of the next cell read after the code ("RENO, NV 89512 CUT", "NS 83H 356 7"): the line without it, the code
  // then in doubt.
  const last = words[words.length - 1]!;
  if (!short(last) && last.confidence >= 0.6) return null;
  const cut = parseCityLine(words.slice(0, -1));
  return cut && { ...cut, zipRepaired: true };
}

function parseCityLine(words: Word[]): CityLine | null {
  const toks = words.map((w) => normalizeText(w.text).replace(/[.,;:]+$/g, '').replace(/^[.,;:]+/, ''));
  const n = toks.length;
  if (n < 2) return null;
  // Postal code at the end: one token, or a Canadian code split in two.
  // Two tokens with a digit in the second keep their space: a Canadian code's two halves ("SAN 012").
  const tryZip = (from: number, to: number): ReturnType<typeof normalizePostal> => normalizePostal(toks.slice(from, to).join(to - from === 2 && /\d/.test(toks[to - 1]!) ? ' ' : ''));
  let zipFrom = -1, zipTo = -1, z: ReturnType<typeof normalizePostal> = null;
  for (const [a, b] of [[n - 2, n], [n - 1, n]] as const) {
    if (a < 0) continue;
    const p = tryZip(a, b);
    // Two tokens: a Canadian code ("H7L 3C3"), or a ZIP the OCR split with a space ("76 106", "5240 4").
    const splitZip = p && p.country !== 'CA' && /^\d{1,4}$/.test(toks[a]!) && /^\d{1,4}$/.test(toks[a + 1] ?? '');
    if (p && (b - a === 1 || splitZip || (p.country === 'CA' && toks[a]!.length === 3 && toks[a + 1]!.length === 3))) { z = p; zipFrom = a; zipTo = b; break; }
  }
  const coded = z && withCode(words, toks, zipFrom, zipTo, z);
  if (coded) return coded;
  return misreadCode(words, toks);
}

/** The city line around a postal code found at `zipFrom`..`zipTo`. */
function withCode(words: Word[], toks: string[], zipFrom: number, zipTo: number, code: NonNullable<ReturnType<typeof normalizePostal>>): CityLine | null {
  let stateIdx = zipFrom - 1;
  // "C.P." / "CP" before the code.
  if (stateIdx >= 0 && /^(C\.?P|CP)$/.test(toks[stateIdx]!.replace(/\./g, ''))) stateIdx--;
  if (stateIdx < 0) return null;
  // A bar is an I that lost its serifs ("DES MOINES, |A").
  const st = toks[stateIdx]!.replace(/[|!]/g, 'I').replace(/[^A-Z0-9]/g, '');
  const lineWith = (city: Word[], stateText: string, extra: Partial<CityLine> = {}): CityLine => ({
    city, state: [words[stateIdx]!], zip: words.slice(zipFrom, zipTo), zipText: code.zip, stateText, cityText: cityTextOf(city),
    country: code.country, zipRepaired: code.repaired, ...extra,
  });
  // A state code read in two pieces ("CHIHUAHUA, CH H 31000"): one code again, when it is one.
  const piece = (i: number): string => (toks[i] ?? '').replace(/[^A-Z]/g, '');
  const joined = stateIdx >= 2 && /^[A-Z]{1,2}$/.test(piece(stateIdx)) && /^[A-Z]{1,2}$/.test(piece(stateIdx - 1)) && !isStateCode(piece(stateIdx))
    ? piece(stateIdx - 1) + piece(stateIdx) : '';
  if (joined && isStateCode(joined)) return lineWith(words.slice(0, stateIdx - 1), joined, { state: words.slice(stateIdx - 1, stateIdx + 1) });
  const withState = (): CityLine | null => {
    if (st.length < 2 || st.length > 5) return null;
    // Single letters between the city and the state are the state read twice in bits ("EDISON, N, N NJ").
    let cityEnd = stateIdx;
    while (cityEnd > 1 && /^\p{L}[,.;]?$/u.test(words[cityEnd - 1]!.text)) cityEnd--;
    const city = words.slice(0, cityEnd);
    return city.length ? lineWith(city, st) : null;
  };
  // One letter left of the state ("PEORIA, I 61604"): the state the code names, when it starts with that letter.
  if (st.length === 1 && /^[A-Z]$/.test(st) && stateIdx >= 1) {
    const named = placeOfPostal(code.zip, code.country)?.states.filter((s) => s[0] === st && s.length === 2) ?? [];
    if (named.length === 1) return lineWith(words.slice(0, stateIdx), named[0]!, { stateFromZip: true, stateFromLetter: true });
  }
  // The word before the code is no state (too long, or not one): perhaps the city, with no state written.
  const noState = st.length < 2 || st.length > 5 || (st.length >= 3 && !repairState(st, null));
  return (noState ? withoutState(words, zipFrom, zipTo, code) : null) ?? withState();
}

/**
 * A code-shaped reading that made no city line ("JAL 451" is no Canadian code when JAL is the state of "ZAPOPAN,")
 * leaves the line to the misread-code reading below.
 */
function misreadCode(words: Word[], toks: string[]): CityLine | null {
  const n = toks.length;
  // The postal code misread past repair ("S7N JE7", "COUD"): "CITY, ST" in front of a code-shaped word still makes the
  // city line (not one more street line); the code is kept as read and doubted.
  for (const zipLen of [2, 1]) {
    const stateIdx = n - 1 - zipLen;
    if (stateIdx < 1 || !/,$/.test(words[stateIdx - 1]!.text)) continue;
    const zipToks = toks.slice(stateIdx + 1).map((t) => t.replace(/[^A-Z0-9]/g, ''));
    // Handwritten codes lose and gain digits or break apart ("4 402", "76)", "231401"): anything of two to seven
    // letters and digits in one or two pieces, after "CITY," and a real state.
    const chars = zipToks.join('').length;
    const codeShaped = (zipToks.every((t) => /^[A-Z0-9]{3,5}$/.test(t)) || (zipLen === 2 && zipToks.every((t) => /^[A-Z0-9]{2,3}$/.test(t))))
      && !(zipLen === 2 && !zipToks.every((t) => t.length === 3) && !/^[A-Z]/.test(zipToks[0]!));
    // Two pieces must both be digits: "89512 CUT" is a code and a bit of the next cell.
    const digitsBroken = chars >= 2 && chars <= 7 && zipToks.every((t) => t.length >= 1 && t.length <= 6) && /\d/.test(zipToks.join(''))
      && (zipLen === 1 || zipToks.every((t) => /^\d+$/.test(t)));
    if (!codeShaped && !digitsBroken) continue;
    const st = toks[stateIdx]!.replace(/[|!]/g, 'I').replace(/[^A-Z0-9]/g, '');
    // A Canadian code's first letter, even with the rest unreadable, names the province ("LAVAL, GC H7L V7": QC).
    const byLetter = zipLen === 2 && /^[A-Z]$/.test(zipToks[0]![0]!) ? provincesOfLetter(zipToks[0]![0]!) : null;
    if (st.length < 2 || st.length > 3 || !(repairState(st, null) || (byLetter && repairState(st, byLetter)))) continue;
    const city = words.slice(0, stateIdx);
    return {
      city, state: [words[stateIdx]!], zip: words.slice(stateIdx + 1), zipText: zipToks.join(' '), stateText: repairState(st, null) ? st : repairState(st, byLetter)!,
      cityText: cityTextOf(city), country: null, zipUnread: true,
    };
  }
  return null;
}

/**
 * "MEMPHIS 38103": a US ZIP after the city with no state between them makes a city line only when the ZIP's own city
 * is the one written; the state then comes from the ZIP.
 */
function withoutState(words: Word[], zipFrom: number, zipTo: number, z: NonNullable<ReturnType<typeof normalizePostal>>): CityLine | null {
  if ((z.country !== null && z.country !== 'US') || zipFrom < 1) return null;
  const place = placeOfPostal(z.zip, null);
  const city = words.slice(0, zipFrom);
  const cityText = city.map((w) => w.text).join(' ').replace(/[,;.]+$/, '').trim();
  // The row's own label may stand before the city ("CITY, STATE, ZIP MEMPHIS 38118").
  const named = stripCityLabel(normalizeText(cityText)).value;
  if (!place?.city || place.country !== 'US' || compareCity(named, place.city) === 'different') return null;
  const zip = words.slice(zipFrom, zipTo);
  return { city, state: zip, zip, zipText: z.zip, stateText: place.states[0]!, cityText, country: 'US', zipRepaired: z.repaired, stateFromZip: true };
}

// Words of a "CITY, STATE, ZIP" row label that the OCR left in front of the city.
export const CITY_LABEL_WORDS = ['CITY', 'STATE', 'ZIP', 'CIUDAD', 'ESTADO', 'VILLE', 'PROVINCE', 'POSTAL', 'CODE', 'PROV', 'CP'];

/** Drops the words of a misread "CITY, STATE, ZIP" row label from the start of a city ("CITY, STATE, ZE. MERIDA"). */
export function stripCityLabel(city: string): { value: string; repaired: boolean } {
  // C.P. read in two pieces ("C P-") is one label word.
  const toks = city.replace(/(^|\s)C[.,]?\s+P(?=[.,:;-]*(\s|$))/g, '$1CP').split(' ');
  const labelWord = (t: string): boolean => CITY_LABEL_WORDS.includes(t) || (t.length >= 4 && CITY_LABEL_WORDS.some((l) => ocrDistance(t, l) <= 1));
  // A short garble in front of label words ("ANY, STATE, ZIP" for CITY, STATE, ZIP) is the label's first word.
  // So is any short garble before two label words ("CONTD ESTADO. CP TOLUCA" for CIUDAD, ESTADO, C.P.), its comma
  // read as any mark ("CONTE! ESTADO, CP").
  const labelAt = (i: number): boolean => labelWord(toks[i]!.replace(/[^A-Z]/g, ''));
  // So is one before C.P. or ZIP, which no city name holds ("EXUDO CP REYNOSA" for ESTADO, C.P.).
  // The label's last word read as a letter or two with a mark ("P-" for C.P.) ends it.
  const markedShort = (i: number): boolean => i >= 1 && /^[A-Z]{1,2}[-:;»]$/.test(toks[i]!);
  // A row label closed by its colon, a label word among its first words ("ETULAD, ESTADO, CA: CHIHUAHUA").
  const colon = toks.findIndex((t, i) => i <= 3 && /[:;]$/.test(t));
  if (colon >= 1 && colon < toks.length - 1 && toks.slice(0, colon + 1).some((t) => CITY_LABEL_WORDS.includes(t.replace(/[^A-Z]/g, '')))
    && toks.slice(0, colon + 1).every((t) => /^[A-Z]{0,7}[^A-Z0-9]*$/.test(t))) return { value: toks.slice(colon + 1).join(' '), repaired: true };
  let k = (toks.length >= 3 && /^[A-Z]{2,4}[.,:]$/.test(toks[0]!) && labelAt(1)) || (toks.length >= 4 && /^[A-Z]{2,6}[.,:;!]?$/.test(toks[0]!) && labelAt(1) && (labelAt(2) || markedShort(2)))
    || (toks.length >= 3 && /^[A-Z]{2,6}[.,:;!]?$/.test(toks[0]!) && /^(CP|ZIP)[.,:;]?$/.test(toks[1]!)) ? 1 : 0;
  while (k < toks.length - 1) {
    const t = toks[k]!.replace(/[^A-Z]/g, '');
    const near = labelWord(t) && !CITY_LABEL_WORDS.includes(t);
    // A short garble right after label words ("ZE.") ends the label.
    // So does one with a narrow letter lost ("ZP" for ZIP).
    // So does one of two letters that kept ZIP's Z ("ze") after two label words.
    const tail = k > 0 && t.length <= 3 && (/[.,:]$/.test(toks[k]!) || markedShort(k) || (t.length >= 2 && CITY_LABEL_WORDS.some((l) => l.length === 3 && ocrDistance(t, l) <= 1))
      || (k >= 2 && /^Z[A-Z]$/.test(t)));
    if (!(CITY_LABEL_WORDS.includes(t) || near || tail)) break;
    k++;
  }
  // The label's middle word read in pieces before its last word read whole ("CITY ST E, ZIP CHHUAHUA").
  if (k >= 1) {
    const j = [1, 2, 3].map((d) => k + d).find((i) => i < toks.length - 1 && ['ZIP', 'CP', 'POSTAL', 'CODE'].includes(toks[i]!.replace(/[^A-Z]/g, ''))
      && toks.slice(k, i).every((t) => t.replace(/[^A-Z]/g, '').length <= 3));
    if (j !== undefined) k = j + 1;
  }
  // The label's last word left alone in front of the city when the words before it were taken as a row label: only a
  // ZIP / CP read with a mark after it ("ZI» CELAYA"), as no city starts so.
  if (k <= 1 && toks.length >= 2 && /^(Z[A-Z0-9|]{1,2}|CP)[»:.,;]$/.test(toks[0]!) && (toks[0]!.startsWith('CP') || ocrDistance(toks[0]!.slice(0, -1), 'ZIP') <= 1)) {
    return { value: toks.slice(1).join(' '), repaired: true };
  }
  // One label word read whole with its comma or colon ("STATE, 219 MONCTON": the row label's middle word).
  if (k === 1 && toks.length >= 2 && /^[A-Z]+[,:]$/.test(toks[0]!) && CITY_LABEL_WORDS.includes(toks[0]!.slice(0, -1))) return { value: toks.slice(1).join(' '), repaired: true };
  // Label words only count as such before a real city word, and with at least two of them ("CITY STATE ...").
  return k >= 2 ? { value: toks.slice(k).join(' '), repaired: true } : { value: city, repaired: false };
}
