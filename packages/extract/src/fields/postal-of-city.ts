import { createRequire } from 'node:module';
import type { ExtractedData } from '@ladingwise/shared';
import { normalizeText } from '../layout.ts';
import { compareCity, countryOfName, isNorthAmerican, placeOfPostal, provincesOfLetter, US_STATES } from './geo.ts';

const require = createRequire(import.meta.url);

// A postal code and the city printed beside it name one place. When the code names a place far from the city, one of
// the two is misread; a known city one character away from one of its own codes says which: the code, by one slip.

interface ZipRecord { zip: string; city: string; state: string; country: string; latitude: number; longitude: number }
interface Area { fsa: string; name: string; lat: number; lon: number }
let byCity: Map<string, Array<{ code: string; state: string }>> | null = null;
let canadian: Area[] | null = null;

const key = (s: string): string => normalizeText(s).replace(/[^A-Z ]/g, '').replace(/\s+/g, ' ').trim();

/** US ZIPs by city name (every state), and Canada's sorting areas with the names of the places they serve. */
function tables(): [Map<string, Array<{ code: string; state: string }>>, Area[]] {
  if (byCity && canadian) return [byCity, canadian];
  byCity = new Map();
  canadian = [];
  const codes = (require('zipcodes') as { codes: Record<string, ZipRecord> }).codes;
  for (const r of Object.values(codes)) {
    if (r.country === 'US') {
      const k = key(r.city);
      const list = byCity.get(k) ?? [];
      list.push({ code: String(r.zip), state: r.state });
      byCity.set(k, list);
    } else if (r.country === 'Canada') {
      // A sorting area is named by its place and a quarter ("Sherbrooke Northwest", "Central Toronto (Davisville)").
      canadian.push({ fsa: String(r.zip), name: ` ${key(r.city.replace(/\s*\(.*$/, ''))} `, lat: r.latitude, lon: r.longitude });
    }
  }
  return [byCity, canadian];
}

// A city's sorting areas are not all named for it (Toronto's include Scarborough's): an area this near one of them
// may be the city's own.
const NEAR_KM = 60;
const km = (a: Area, b: Area): number => {
  const rad = Math.PI / 180, x = (b.lon - a.lon) * rad * Math.cos(((a.lat + b.lat) / 2) * rad), y = (b.lat - a.lat) * rad;
  return 6371 * Math.hypot(x, y);
};

const oneApart = (a: string, b: string): boolean => a.length === b.length && [...a].filter((c, i) => c !== b[i]).length === 1;

/**
 * The code of the city read that a postal code read beside it stands for, one character off ("64602" with PEORIA is
 * 61602; "J4L 0M9" with SHERBROOKE is J1L 0M9), with the states it names. Only where the code read names a place far
 * from the city (a US ZIP none of whose city's codes shares its first three digits; a Canadian sorting area 60 km or
 * more from all of the city's), the city is a known one (of the state read, when a state is read) and exactly one of
 * its codes is one character from the code read. A Canadian code is known by its sorting area, its first three
 * characters. Null otherwise: the code stands as read.
 */
export function postalOfCity(zip: string, city: string, state: string | null): { zip: string; states: string[] } | null {
  const code = zip.toUpperCase().replace(/\s+/g, '');
  const place = key(city);
  if (place.length < 3) return null;
  const [us, ca] = tables();
  if (/^\d{5}$/.test(code)) {
    const own = us.get(place);
    if (!own) return null;
    const inState = state && US_STATES.has(state) ? own.filter((r) => r.state === state) : [];
    const candidates = inState.length ? inState : own;
    const read = placeOfPostal(code, 'US');
    if (read?.city && compareCity(place, read.city) !== 'different') return null;
    if (candidates.some((r) => r.code.slice(0, 3) === code.slice(0, 3))) return null;
    const near = new Map(candidates.filter((r) => oneApart(r.code, code)).map((r) => [r.code, r.state]));
    if (near.size !== 1) return null;
    const [fixed, st] = [...near][0]!;
    return { zip: fixed, states: [st] };
  }
  if (/^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(code)) {
    const own = ca.filter((r) => r.name.includes(` ${place} `));
    const read = ca.find((r) => r.fsa === code.slice(0, 3));
    if (!own.length || (read && own.some((r) => km(r, read) < NEAR_KM))) return null;
    const near = [...new Set(own.map((r) => r.fsa).filter((a) => oneApart(a, code.slice(0, 3))))];
    const inProvince = state ? near.filter((a) => provincesOfLetter(a[0]!)?.includes(state)) : [];
    const pick = inProvince.length === 1 ? inProvince : near;
    if (pick.length !== 1) return null;
    return { zip: `${pick[0]} ${code.slice(3)}`, states: provincesOfLetter(pick[0]![0]!) ?? [] };
  }
  return null;
}

// A code put right from its city is a guess a person should see.
const GUESSED = 0.85;

/**
 * Puts right, in place, each North American party's postal code that its city says was misread by one character
 * (`postalOfCity`), and the state from the code put right where the state read is another or none. Both are held
 * for review.
 */
export function fitPostalToCity(data: ExtractedData): void {
  for (const key of ['Shipper', 'Consignee'] as const) {
    const p = data[key];
    if (!p?.Zip || !p.City || (p.Country && p.Country !== 'US' && p.Country !== 'CA')) continue;
    const state = p.State ? p.State.toUpperCase() : null;
    const fixed = postalOfCity(p.Zip, p.City, state);
    if (!fixed) continue;
    p.Zip = fixed.zip;
    const s = data.ConfidenceScores;
    s[`${key}.Zip`] = Math.min(s[`${key}.Zip`] ?? GUESSED, GUESSED);
    // The city and the code put right agree on the state: a state read otherwise (or bent to fit the misread code)
    // gives way to theirs, for review.
    if (fixed.states.length === 1 && state !== fixed.states[0]) {
      p.State = fixed.states[0]!;
      s[`${key}.State`] = Math.min(s[`${key}.State`] ?? GUESSED, GUESSED);
    }
  }
}

/** Whether a party's lines name a country outside North America ("..., BREMEN, GERMANY"): its code is no ZIP. */
const abroad = (address: string | null | undefined): boolean =>
  (address ?? '').split(/[,;]|\s{2,}/).some((part) => { const c = countryOfName(part.trim()); return c !== null && !isNorthAmerican(c); });

// A place taken from its postal code alone was printed but not read: a person should confirm it.
const FROM_CODE = 0.6;

/**
 * A North American party whose postal code was read but whose city was not: a code names its place, so the state,
 * where none was read, is the code's, and so is a US city (a ZIP is named for its city; a Canadian sorting area is
 * named for a quarter of one, not the city a bill prints), all held for review. Only where the state read, if any,
 * is one the code allows and the code names a single state: a code that contradicts what was read is itself in doubt.
 */
export function placeOfLoneCode(data: ExtractedData): void {
  for (const key of ['Shipper', 'Consignee', 'BillTo'] as const) {
    const p = data[key];
    if (!p?.Zip || p.City || (p.Country && p.Country !== 'US' && p.Country !== 'CA') || abroad(p.Address)) continue;
    const place = placeOfPostal(p.Zip.toUpperCase(), p.Country === 'US' || p.Country === 'CA' ? p.Country : null);
    if (!place || place.states.length !== 1 || (place.country !== 'US' && place.country !== 'CA')) continue;
    const state = p.State ? p.State.toUpperCase() : null;
    if (state && state !== place.states[0]) continue;
    const s = data.ConfidenceScores;
    const sure = Math.min(s[`${key}.Zip`] ?? FROM_CODE, FROM_CODE);
    if (place.country === 'US' && place.city) { p.City = place.city; s[`${key}.City`] = sure; }
    if (!state) { p.State = place.states[0]!; s[`${key}.State`] = sure; }
    p.Country ??= place.country;
  }
}
