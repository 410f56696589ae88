import { createRequire } from 'node:module';
import { normalizeText } from '../layout.ts';
import { editDistance } from './edit-distance.ts';
import { DIGIT_FOR, LETTER_FOR } from './look-alikes.ts';
import { isKnownPlace } from '../ocr/place-decode.ts';

export { editDistance };

const require = createRequire(import.meta.url);

export const US_STATES = new Set('AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA PR RI SC SD TN TX UT VT VA WA WV WI WY'.split(' '));
export const CA_PROVINCES = new Set('AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '));
/** Mexican states: the abbreviations in common use on forms, and the ISO 3166-2 codes, to one state key. */
export const MX_STATES: Record<string, string> = {
  AGS: 'AGU', AGU: 'AGU', BC: 'BCN', BCN: 'BCN', BCS: 'BCS', CAM: 'CAM', CAMP: 'CAM', CHIS: 'CHP', CHP: 'CHP',
  CHIH: 'CHH', CHH: 'CHH', COAH: 'COA', COA: 'COA', COL: 'COL', CDMX: 'CMX', CMX: 'CMX', DF: 'CMX', DGO: 'DUR', DUR: 'DUR',
  GTO: 'GUA', GUA: 'GUA', GRO: 'GRO', HGO: 'HID', HID: 'HID', JAL: 'JAL', MEX: 'MEX', EDOMEX: 'MEX', MICH: 'MIC', MIC: 'MIC',
  MOR: 'MOR', NAY: 'NAY', NL: 'NLE', NLE: 'NLE', OAX: 'OAX', PUE: 'PUE', QRO: 'QUE', QUE: 'QUE', QROO: 'ROO', ROO: 'ROO',
  SLP: 'SLP', SIN: 'SIN', SON: 'SON', TAB: 'TAB', TAM: 'TAM', TAMPS: 'TAM', TLAX: 'TLA', TLA: 'TLA', VER: 'VER', YUC: 'YUC', ZAC: 'ZAC',
};

/**
 * States and provinces written out, under the code a form's State field holds (the codes above; a Mexican state
 * under its usual abbreviation): the English names of US states, Canadian provinces in English and French, Mexican
 * states in Spanish. Hands write a state out as often as its code; the field wants the code.
 */
export const REGION_NAMES: Record<string, string[]> = {
  AL: ['Alabama'], AK: ['Alaska'], AZ: ['Arizona'], AR: ['Arkansas'], CA: ['California'], CO: ['Colorado'], CT: ['Connecticut'],
  DE: ['Delaware'], DC: ['District of Columbia'], FL: ['Florida'], GA: ['Georgia'], HI: ['Hawaii'], ID: ['Idaho'], IL: ['Illinois'],
  IN: ['Indiana'], IA: ['Iowa'], KS: ['Kansas'], KY: ['Kentucky'], LA: ['Louisiana'], ME: ['Maine'], MD: ['Maryland'],
  MA: ['Massachusetts'], MI: ['Michigan'], MN: ['Minnesota'], MS: ['Mississippi'], MO: ['Missouri'], MT: ['Montana'],
  NE: ['Nebraska'], NV: ['Nevada'], NH: ['New Hampshire'], NJ: ['New Jersey'], NM: ['New Mexico'], NY: ['New York'],
  NC: ['North Carolina'], ND: ['North Dakota'], OH: ['Ohio'], OK: ['Oklahoma'], OR: ['Oregon'], PA: ['Pennsylvania'],
  RI: ['Rhode Island'], SC: ['South Carolina'], SD: ['South Dakota'], TN: ['Tennessee'], TX: ['Texas'], UT: ['Utah'],
  VT: ['Vermont'], VA: ['Virginia'], WA: ['Washington'], WV: ['West Virginia'], WI: ['Wisconsin'], WY: ['Wyoming'],
  AB: ['Alberta'], BC: ['British Columbia', 'Colombie-Britannique', 'Baja California'], MB: ['Manitoba'],
  NB: ['New Brunswick', 'Nouveau-Brunswick'], NL: ['Newfoundland and Labrador', 'Terre-Neuve-et-Labrador', 'Nuevo León'],
  NS: ['Nova Scotia', 'Nouvelle-Écosse'], NT: ['Northwest Territories', 'Territoires du Nord-Ouest'], NU: ['Nunavut'],
  ON: ['Ontario'], PE: ['Prince Edward Island', 'Île-du-Prince-Édouard'], QC: ['Québec'], SK: ['Saskatchewan'], YT: ['Yukon'],
  AGS: ['Aguascalientes'], BCS: ['Baja California Sur'], CAMP: ['Campeche'], CHIS: ['Chiapas'], CHIH: ['Chihuahua'],
  COAH: ['Coahuila'], COL: ['Colima'], CDMX: ['Ciudad de México'], DGO: ['Durango'], GTO: ['Guanajuato'], GRO: ['Guerrero'],
  HGO: ['Hidalgo'], JAL: ['Jalisco'], MEX: ['Estado de México', 'México'], MICH: ['Michoacán'], MOR: ['Morelos'],
  NAY: ['Nayarit'], OAX: ['Oaxaca'], PUE: ['Puebla'], QRO: ['Querétaro'], QROO: ['Quintana Roo'], SLP: ['San Luis Potosí'],
  SIN: ['Sinaloa'], SON: ['Sonora'], TAB: ['Tabasco'], TAMPS: ['Tamaulipas'], TLAX: ['Tlaxcala'], VER: ['Veracruz'],
  YUC: ['Yucatán'], ZAC: ['Zacatecas'],
};

/** Country names and codes as forms print them, to ISO 3166-1 alpha-2. */
const COUNTRY: Record<string, string> = {
  US: 'US', USA: 'US', 'UNITED STATES': 'US', 'ESTADOS UNIDOS': 'US', 'ETATS UNIS': 'US', 'ETATS-UNIS': 'US', EUA: 'US',
  CA: 'CA', CAN: 'CA', CANADA: 'CA', MX: 'MX', MEX: 'MX', MEXICO: 'MX', FR: 'FR', FRANCE: 'FR', FRANCIA: 'FR',
  CN: 'CN', CHINA: 'CN', PRC: 'CN', SG: 'SG', SINGAPORE: 'SG', NL: 'NL', NETHERLANDS: 'NL', 'THE NETHERLANDS': 'NL', HOLLAND: 'NL',
  BR: 'BR', BRAZIL: 'BR', BRASIL: 'BR', DE: 'DE', GERMANY: 'DE', DEUTSCHLAND: 'DE', ALLEMAGNE: 'DE', ES: 'ES', SPAIN: 'ES', ESPANA: 'ES', ESPAGNE: 'ES',
  GB: 'GB', UK: 'GB', 'UNITED KINGDOM': 'GB', IT: 'IT', ITALY: 'IT', ITALIA: 'IT', BE: 'BE', BELGIUM: 'BE', BELGIQUE: 'BE',
  JP: 'JP', JAPAN: 'JP', KR: 'KR', KOREA: 'KR', IN: 'IN', INDIA: 'IN', VN: 'VN', VIETNAM: 'VN', 'VIET NAM': 'VN',
};

/** The ISO 3166-1 alpha-2 code of a country's name or code as printed ("ESTADOS UNIDOS", "U.S.A."), or null. */
export function countryOfName(text: string): string | null {
  return COUNTRY[normalizeText(text).replace(/[.]/g, '')] ?? null;
}

/**
 * The country a written-out name read with one slip stands for ("GERMANV", "NITED KINGDOM"): names of seven letters or
 * more only, where one slip cannot turn one country's name or a common word into another's. Exact names first.
 */
export function countryOfNameNear(text: string): string | null {
  const t = normalizeText(text).replace(/[.]/g, '');
  const exact = COUNTRY[t];
  if (exact || t.replace(/ /g, '').length < 7) return exact ?? null;
  const near = new Set(Object.entries(COUNTRY).filter(([name]) => name.length >= 7 && editDistance(t, name, 1) <= 1).map(([, c]) => c));
  return near.size === 1 ? [...near][0]! : null;
}

const nameKey = (t: string): string => t.normalize('NFKD').replace(/\p{M}+/gu, '').toUpperCase().replace(/[^A-Z]+/g, ' ').trim();
let byName: Map<string, string> | null = null;
/** The code of a state or province written out, whatever its case, accents and hyphens ("COLOMBIE BRITANNIQUE" -> BC). */
export function regionCodeOfName(name: string): string | null {
  byName ??= new Map(Object.entries(REGION_NAMES).flatMap(([code, names]) => names.map((n): [string, string] => [nameKey(n), code])));
  return byName.get(nameKey(name)) ?? null;
}

// Mexican postal codes: the first two digits give the state.
const MX_CP: Array<[number, number, string]> = [
  [1, 16, 'CMX'], [20, 20, 'AGU'], [21, 22, 'BCN'], [23, 23, 'BCS'], [24, 24, 'CAM'], [25, 27, 'COA'], [28, 28, 'COL'],
  [29, 30, 'CHP'], [31, 33, 'CHH'], [34, 35, 'DUR'], [36, 38, 'GUA'], [39, 41, 'GRO'], [42, 43, 'HID'], [44, 49, 'JAL'],
  [50, 57, 'MEX'], [58, 61, 'MIC'], [62, 62, 'MOR'], [63, 63, 'NAY'], [64, 67, 'NLE'], [68, 71, 'OAX'], [72, 75, 'PUE'],
  [76, 76, 'QUE'], [77, 77, 'ROO'], [78, 79, 'SLP'], [80, 82, 'SIN'], [83, 85, 'SON'], [86, 86, 'TAB'], [87, 89, 'TAM'],
  [90, 90, 'TLA'], [91, 96, 'VER'], [97, 97, 'YUC'], [98, 99, 'ZAC'],
];
// Canadian postal codes: the first letter gives the province.
const CA_FSA: Record<string, string[]> = {
  A: ['NL'], B: ['NS'], C: ['PE'], E: ['NB'], G: ['QC'], H: ['QC'], J: ['QC'], K: ['ON'], L: ['ON'], M: ['ON'], N: ['ON'], P: ['ON'],
  R: ['MB'], S: ['SK'], T: ['AB'], V: ['BC'], X: ['NT', 'NU'], Y: ['YT'],
};

/** The provinces a Canadian postal code's first letter stands for (a code too damaged to read whole still tells this). */
export function provincesOfLetter(letter: string): string[] | null {
  return CA_FSA[letter.toUpperCase()] ?? null;
}

/** Country a state code belongs to, given the postal code's shape when the code is shared (BC). */
export type Country = 'US' | 'CA' | 'MX';

/** Whether an ISO country code is one of North America's, whose states, postal codes and date habits this module knows. */
export const isNorthAmerican = (code: string): code is Country => code === 'US' || code === 'CA' || code === 'MX';

export function isStateCode(code: string): boolean {
  return US_STATES.has(code) || CA_PROVINCES.has(code) || code in MX_STATES;
}

// Postal codes are short and all digits or letters in fixed places, so they take two more look-alikes than other codes.
const toDigit: Record<string, string> = { ...DIGIT_FOR, T: '7', A: '4' };
// In a Canadian code's digit places only, E for 8 at low resolution ("LEN 7N4" for L8N): a word such as STATE would
// otherwise read as a ZIP.
const toCanadianDigit: Record<string, string> = { ...toDigit, E: '8' };
const toLetter: Record<string, string> = { ...LETTER_FOR, '7': 'T', '4': 'A' };
// In a Canadian code's letter places a 7 is a Z whose bottom bar was lost (measured: 7 of 7 such 7s on our sets were Z,
// none T); a state code keeps 7 for T (TX, TN). A 1 or I there is an L: Canada Post never uses I.
// A J read as 3 (its hook taken for the lower bowl): 4 of 4 such 3s on our sets were J ("T53 5K1", "J1H 732").
const toCanadianLetter: Record<string, string> = { ...toLetter, '7': 'Z', '1': 'L', I: 'L', '3': 'J' };

// A Canadian postal code without its space: Canada Post never uses D, F, I, O, Q, U (nor W, Z first).
const CA_CODE = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/;

// A British postcode: outward code (area letters, district digit and an optional letter or digit), inward code.
export const UK_CODE = /^[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}$/;

/** Normalises a postal code read by OCR: ZIP / ZIP+4, Canadian "A1A 1A1" (letters and digits put back in place), Mexican CP. */
export function normalizePostal(raw: string): { zip: string; country: Country | null; repaired: boolean } | null {
  // A dollar sign is an S read with a bar through it: no postal code holds one.
  const up = raw.toUpperCase().replace(/\$/g, 'S');
  const signed = up !== raw.toUpperCase();
  const t = up.replace(/[^A-Z0-9|-]/g, '');
  // ")", "]" and "}" are a J the OCR lost its top on; only a Canadian code has letters there.
  const compact = (/^[A-Z0-9)\]}|\s-]{6,7}$/.test(up) ? up.replace(/[)\]}]/g, 'J').replace(/[^A-Z0-9|]/g, '') : t.replace(/-/g, ''));
  if (compact.length === 6 || (compact.length === 6 && /[A-Z]/.test(compact))) {
    const fixed = compact.split('').map((c, i) => (i % 2 === 0 ? toCanadianLetter[c] ?? c : toCanadianDigit[c] ?? c)).join('');
    const changes = [...fixed].filter((c, i) => c !== compact[i]).length;
    // S/5, O/0, B/8 slips are common in small print ("LSN OKS" for L5N 0K5); more than three would let any six
    // characters pass for a postal code. A repaired code is a doubt for the caller. Canada Post never uses the
    // letters D, F, I, O, Q, U (nor W, Z first).
    // A single word of letters alone ("POTOSI") is a word, however well it fits: a code read without one digit
    // must at least show the code's two halves.
    const halves = /^\S{3}\s+\S{3}$/.test(raw.trim());
    const wordLike = !/\d/.test(raw) && !halves;
    // An L read as 1 or I is trusted alone: with other slips a suite number passes ("STE117" as S7E 1L7).
    // Read in the code's two halves ("SAN 012" for S4N 0L2), it may have one more slip beside it.
    const lFrom1 = [0, 2, 4].some((i) => fixed[i] === 'L' && compact[i] !== 'L');
    // A code already whole in the British form ("M17 1AE") is not two slips from a Canadian one: it is British.
    const british = changes >= 2 && UK_CODE.test(raw.trim().toUpperCase());
    if (changes <= (lFrom1 ? (halves ? 2 : 1) : 3) && !wordLike && !british && CA_CODE.test(fixed)) return { zip: `${fixed.slice(0, 3)} ${fixed.slice(3)}`, country: 'CA', repaired: changes > 0 || signed };
  }
  const digits = t.split('').map((c) => (c === '-' ? c : toDigit[c] ?? c)).join('');
  const m = /^(\d{5})(?:-?(\d{4}))?$/.exec(digits);
  if (m) return { zip: m[2] ? `${m[1]}-${m[2]}` : m[1]!, country: null, repaired: digits !== t || signed };
  // A rule or bar just before the code read as a 1 ("187109" for 87109): no North American postal code has six digits
  // (where the country may be another, the field tagger keeps six digits and the party's country decides).
  const barred = /^1(\d{5})$/.exec(digits);
  if (barred) return { zip: barred[1]!, country: null, repaired: true };
  return null;
}

// Letters a Canadian code's digit can be read as, each with every digit it may stand for: the first is normalizePostal's.
const CANADIAN_DIGIT_READS: Record<string, string[]> = { E: ['8', '6'], B: ['8', '6'], G: ['6', '8'], S: ['5', '8', '6'] };

/**
 * The other codes a repaired Canadian code may be ("VEB 8J6": V8B or V6B), from the code as read: each digit place
 * read as a letter tried with every digit that letter can stand for.
 */
export function canadianReadings(raw: string): string[] {
  const t = raw.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (t.length !== 6) return [];
  let out = [''];
  for (let i = 0; i < 6; i++) {
    const c = t[i]!;
    const opts = i % 2 === 0 ? [toCanadianLetter[c] ?? c] : CANADIAN_DIGIT_READS[c] ?? [toCanadianDigit[c] ?? c];
    out = out.flatMap((head) => opts.map((o) => head + o));
  }
  return out.filter((c) => CA_CODE.test(c)).map((c) => `${c.slice(0, 3)} ${c.slice(3)}`);
}

interface ZipRecord { zip: string; city: string; state: string; country: string }
interface ZipLib { lookup(z: string | number): ZipRecord | undefined; lookupByName(city: string, state: string): ZipRecord[]; lookupByState(state: string): ZipRecord[] }
let zipLib: ZipLib | null = null;
const zips = (): ZipLib => (zipLib ??= require('zipcodes') as ZipLib);
function zipLookup(z: string): ZipRecord | undefined {
  return zips().lookup(z);
}

/**
 * Whether a US ZIP lies far from a city it is printed with: the city is a known one of the state and none of its ZIPs
 * shares the code's first three digits (its sorting area). Null when the city is not known there.
 */
export function zipFarFromCity(zip: string, city: string, state: string): boolean | null {
  const own = zips().lookupByName(city, state).filter((r) => r.country === 'US');
  if (!own.length) return null;
  return !own.some((r) => String(r.zip).slice(0, 3) === zip.slice(0, 3));
}

/** Whether a US state has a place of that name a ZIP is delivered to (null where the state is no US state's). */
export function usStateHasCity(city: string, state: string): boolean | null {
  if (!US_STATES.has(state)) return null;
  return zips().lookupByName(city, state).some((r) => r.country === 'US');
}

/**
 * The place a Canadian sorting area serves, as an address names it: areas are named by the place and a quarter of it
 * ("HALIFAX UPPER HARBOUR", "DOWNTOWN TORONTO", "SHERBROOKE NORTHWEST"), so the longest run of the name's first or last
 * words that is a known place is the place; a name none of whose runs is known stays whole.
 */
function municipality(name: string): string {
  if (isKnownPlace(name)) return name;
  const ws = name.split(' ');
  for (let k = ws.length - 1; k >= 1; k--) {
    const first = ws.slice(0, k).join(' '), last = ws.slice(ws.length - k).join(' ');
    if (isKnownPlace(first)) return first;
    if (isKnownPlace(last)) return last;
  }
  return name;
}

/**
 * What the postal code says about the place: state/province codes it fits and, for the US and Canada, the city. With
 * `country` US, a code the US does not have says nothing (null).
 */
export function placeOfPostal(zip: string, country: Country | null): { states: string[]; city: string | null; country: Country } | null {
  if (country === 'CA' || /^[A-Z]\d[A-Z]/.test(zip)) {
    const states = CA_FSA[zip[0]!] ?? [];
    const rec = zipLookup(zip.slice(0, 3));
    return { states, city: rec ? municipality(rec.city.replace(/\s*\(.*$/, '').toUpperCase()) : null, country: 'CA' };
  }
  const five = zip.slice(0, 5);
  // Mexican and US codes share the five-digit shape ("27019" is Torreón, COA and Germanton, NC): a Mexican state
  // printed with it says which.
  const rec = country === 'MX' ? undefined : zipLookup(five);
  if (rec && rec.country === 'US') return { states: [rec.state], city: rec.city.toUpperCase(), country: 'US' };
  // A code read beside a US state's that the US does not have is a misread ZIP, not a Mexican code.
  if (country === 'US') return null;
  const prefix = Number(five.slice(0, 2));
  const mx = MX_CP.find(([a, b]) => prefix >= a && prefix <= b);
  if (mx) return { states: Object.keys(MX_STATES).filter((k) => MX_STATES[k] === mx[2]), city: null, country: 'MX' };
  return null;
}

/** True when a state code is one the postal code allows. */
export function stateMatchesPostal(state: string, place: { states: string[]; country: Country }): boolean {
  if (place.country === 'MX') return state in MX_STATES && place.states.includes(state);
  return place.states.includes(state);
}

/** Picks the state code the OCR most likely misread (0H -> OH), from the codes the postal code allows when known. */
export function repairState(raw: string, allowed: string[] | null): string | null {
  const t = raw.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (!t) return null;
  const letters = t.split('').map((c) => toLetter[c] ?? c).join('');
  if (allowed?.includes(letters)) return letters;
  if (!allowed && isStateCode(letters)) return letters;
  if (allowed) {
    // One wrong letter with the same length.
    const near = allowed.filter((a) => a.length === letters.length && [...a].filter((c, i) => c !== letters[i]).length === 1);
    if (near.length === 1) return near[0]!;
    // One character too many ("I1D" for ID: a stroke read twice).
    const extra = allowed.filter((a) => a.length === letters.length - 1 && [...letters].some((_, i) => letters.slice(0, i) + letters.slice(i + 1) === a));
    if (extra.length === 1) return extra[0]!;
  }
  return isStateCode(letters) ? letters : null;
}


const cityKey = (s: string): string => normalizeText(s).replace(/\bSAINT\b/g, 'ST').replace(/\bSAINTE\b/g, 'STE').replace(/\bFORT\b/g, 'FT').replace(/[^A-Z0-9 ]/g, '').replace(/\s+/g, ' ').trim();

const citiesByState = new Map<string, string[]>();

/**
 * The one city of a US state a city name read with a slip stands for ("BUFFALE, NY": BUFFALO): a name of five letters
 * or more that is no city of the state, one letter from exactly one that is (two for long names). Null otherwise.
 */
export function nearCityOfState(city: string, state: string): string | null {
  if (!US_STATES.has(state)) return null;
  let names = citiesByState.get(state);
  if (!names) { names = [...new Set(zips().lookupByState(state).filter((r) => r.country === 'US').map((r) => cityKey(r.city)))]; citiesByState.set(state, names); }
  const key = cityKey(city);
  if (key.replace(/ /g, '').length < 5 || names.includes(key)) return null;
  const within = key.length >= 9 ? 2 : 1;
  const near = names.filter((n) => Math.abs(n.length - key.length) <= within && editDistance(key, n) <= within);
  return near.length === 1 ? near[0]! : null;
}

// First words of city names that are no name alone (DES MOINES, FORT WORTH, SAN ANTONIO, SAINT-JEROME).
const CITY_LEADS = new Set('DE DES DEL LA LAS LE LES LOS EL SAN SANTA SAINT ST FORT FT PORT MOUNT MT'.split(' '));

/** Whether `read` is `known` without its first word, that word an article or title. */
export const lostLead = (read: string, known: string): boolean => known.endsWith(` ${read}`) && CITY_LEADS.has(known.slice(0, -read.length - 1));

/**
 * The postal code's city with a read slip put right where it is and the rest as printed: word for word where the two
 * have as many words, an abbreviation kept ("ST. LOUS" for SAINT LOUIS gives ST. LOUIS); else the known name.
 */
export function mendCity(read: string, known: string): string {
  const a = normalizeText(read).split(/\s+/), b = known.split(/\s+/);
  if (a.length !== b.length) return known;
  return a.map((w, i) => (cityKey(w) === cityKey(b[i]!) ? w : b[i]!)).join(' ');
}

/**
 * Whether a city read is the postal code's city garbled by a hand, where the code and the state agree: as long give or
 * take two letters, not the known name's part, and no more than 45 % of its letters apart ("MAM" for MIAMI,
 * "KNOXALLE" for KNOXVILLE). The known name is then a repair for review.
 */
export function garbledCity(read: string, known: string): boolean {
  const r = normalizeText(read);
  return Math.abs(r.length - known.length) <= 2 && !known.includes(r) && editDistance(r, known) <= Math.ceil(0.45 * known.length);
}

/** Compares an OCR'd city with the postal code's city: 'same', 'near' (OCR slip: use the known name) or 'different'. */
export function compareCity(ocr: string, known: string): 'same' | 'near' | 'different' {
  const a = cityKey(ocr), b = cityKey(known);
  if (a === b) return 'same';
  const d = editDistance(a, b);
  return d <= Math.max(1, Math.floor(b.length / 5)) ? 'near' : 'different';
}
