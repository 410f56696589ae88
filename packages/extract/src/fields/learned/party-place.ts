import type { ExtractedData } from '@ladingwise/shared';
import { normalizeText } from '../../layout.ts';
import { endsAsName } from '../company-name.ts';
import type { DocumentLayout } from '../extract-fields.ts';
import type { Word } from '../../types.ts';
import { headedByOtherParty, lineAbove } from '../find-parties.ts';
import { lettersOnly, ocrDistance, WEAK_WORD, type LabelHit } from '../find-labels.ts';
import { LABELS } from '../lexicon.ts';
import { compareCity, MX_STATES, placeOfPostal, stateMatchesPostal, US_STATES, usStateHasCity, zipFarFromCity } from '../geo.ts';
import { isKnownPlace } from '../../ocr/place-decode.ts';
import { DISAGREED, type Reader } from './review-line.ts';
import { valueWords, type FieldCandidates } from './value-features.ts';

// A party is printed in one block, its name over its street over its place line: where the two readers took a party's
// fields from different blocks, the fields follow the block of the name, and a place the page shows read from another
// block is held for review.

const PARTY_KEYS = ['Shipper', 'Consignee', 'BillTo'] as const;
type PartyKey = (typeof PARTY_KEYS)[number];

/**
 * A party's place is printed in one block: a reader whose own city is a known place that its own US ZIP does not
 * serve read the two from different blocks, so its reading of the state and code, even where the other reader's
 * agrees, is no evidence the party's place was found. The party's city, state and code are held for review.
 */
export function holdPlacesReadApart(data: ExtractedData, candidates: readonly FieldCandidates[]): void {
  const byField = new Map(candidates.map((c) => [c.field, c]));
  for (const key of PARTY_KEYS) {
    const city = byField.get(`${key}.City`), zip = byField.get(`${key}.Zip`);
    // Only a US party's: a Mexican code may be a ZIP too ("27019" is Torreón and Germanton, NC).
    if (!US_STATES.has(data[key]?.State?.toUpperCase() ?? '')) continue;
    const apart = (['rules', 'tagger'] as const).some((r) => {
      // A code since put right from its city (fitPostalToCity) no longer says so.
      const c = city?.[r]?.value, z = zip?.[r]?.value;
      return typeof c === 'string' && typeof z === 'string' && z === data[key]?.Zip && cityFarFromZip(c, z);
    });
    if (apart) holdPlace(data, key);
  }
}

/**
 * A party's place line is printed with its street or on the lines just below it. A chosen city printed above the
 * chosen street, or several lines below it, was read from another block than the street, and the page does not say
 * which of the two is the party's: the city, state and code are held for review.
 */
export function holdPlaceAwayFromStreet(data: ExtractedData, picks: ReadonlyMap<FieldCandidates, Reader | null>): void {
  const chosen = chosenWords(picks);
  for (const key of PARTY_KEYS) {
    const street = chosen.get(`${key}.Address`) ?? [], city = chosen.get(`${key}.City`) ?? [];
    if (!street.length || !city.length || street[0]!.page !== city[0]!.page) continue;
    // By the city's middle: words read again may carry taller boxes than their line's.
    const line = Math.max(...street.map((w) => w.bbox[3] - w.bbox[1]));
    const middle = city.reduce((sum, w) => sum + (w.bbox[1] + w.bbox[3]) / 2, 0) / city.length;
    const top = Math.min(...street.map((w) => w.bbox[1])), bottom = Math.max(...street.map((w) => w.bbox[3]));
    if (middle <= top || middle - bottom >= PLACE_LINES * line) holdPlace(data, key);
  }
}
// How many lines below its street a party's place line may be printed (a unit or a second street line between).
const PLACE_LINES = 4;

/**
 * A party's block is its name, then its street and place. A company's name printed between the chosen name and the
 * chosen place line (one ending as registered names end) starts another block, so the place was read from that block,
 * and the page does not say which is the party's: the city, state and code are held for review.
 */
export function holdPlaceBelowAnotherName(data: ExtractedData, picks: ReadonlyMap<FieldCandidates, Reader | null>, layout: DocumentLayout): void {
  const chosen = chosenWords(picks);
  for (const key of PARTY_KEYS) {
    const name = chosen.get(`${key}.Name`) ?? [], city = chosen.get(`${key}.City`) ?? [];
    if (!name.length || !city.length || name[0]!.page !== city[0]!.page) continue;
    const below = Math.max(...name.map((w) => w.bbox[3])), above = Math.min(...city.map((w) => w.bbox[1]));
    const left = Math.min(...[...name, ...city].map((w) => w.bbox[0])), right = Math.max(...[...name, ...city].map((w) => w.bbox[2]));
    const another = layout.segments.some((s) => s.page === name[0]!.page && s.bbox[1] >= below && s.bbox[3] <= above
      && s.bbox[0] < right && s.bbox[2] > left && !s.words.some((w) => name.includes(w) || city.includes(w))
      && !/\d/.test(s.text) && endsAsName(s.text));
    if (another) holdPlace(data, key);
  }
}

/** Each chosen field's words, as the reader it was taken from read them. */
function chosenWords(picks: ReadonlyMap<FieldCandidates, Reader | null>): Map<string, ReturnType<typeof valueWords>> {
  return new Map([...picks].filter(([, r]) => r).map(([c, r]) => [c.field, valueWords(c, r!)]));
}

/** Holds a party's fields below the trust line: the page shows them in doubt. */
function holdFields(data: ExtractedData, key: PartyKey, leaves: readonly string[]): void {
  for (const leaf of leaves) {
    const field = `${key}.${leaf}`;
    if (data.ConfidenceScores[field] !== undefined) data.ConfidenceScores[field] = Math.min(data.ConfidenceScores[field]!, DISAGREED);
  }
}

/** Holds a party's city, state and code below the trust line. */
const holdPlace = (data: ExtractedData, key: PartyKey): void => holdFields(data, key, ['City', 'State', 'Zip']);

/** The layout line a word was read on. */
const segmentOf = (layout: DocumentLayout, word: Word): DocumentLayout['segments'][number] | undefined => layout.segments.find((s) => s.words.includes(word));

/** Whether a known city and a US ZIP read for one party name different places: the ZIP serves another city, far away. */
function cityFarFromZip(city: string, zip: string): boolean {
  const place = /^\d{5}$/.test(zip) ? placeOfPostal(zip, 'US') : null;
  const read = normalizeText(city);
  // A city cut short at either end ("ROCK" of LITTLE ROCK, "HARRIS" of HARRISBURG) is the code's city, not another.
  if (!place?.city || !isKnownPlace(read) || compareCity(read, place.city) !== 'different' || place.city.endsWith(read) || place.city.startsWith(read)) return false;
  // A ZIP is named for one city though it serves its neighbours: only a code far from every one of the city's own
  // (or a city the code's state does not have) shows two places.
  return zipFarFromCity(zip, city, place.states[0]!) !== false;
}

const PLACE_LEAVES = ['Address', 'City', 'State', 'Zip'];

/**
 * A party is printed in one block, its name over its address: where the two readers found the party's name in
 * different places and the name was taken from one of them, a place field the readers dispute goes to that reader's
 * value where it is at least as likely right, instead of the margin that otherwise keeps a close call with the rules
 * (which would join one block's name to another block's address).
 */
export function keepPartyTogether(picks: Map<FieldCandidates, Reader | null>, chanceOf: (c: FieldCandidates) => ((reader: Reader) => number) | undefined): void {
  const byField = new Map([...picks.keys()].map((c) => [c.field, c]));
  for (const party of ['Shipper', 'Consignee', 'BillTo']) {
    const name = byField.get(`${party}.Name`);
    const named = name ? picks.get(name) : null;
    if (!name || !named || name.agree) continue;
    for (const leaf of PLACE_LEAVES) {
      const c = byField.get(`${party}.${leaf}`);
      const chance = c ? chanceOf(c) : undefined;
      if (!c || !chance || !c.rules || !c.tagger || c.agree || picks.get(c) === named) continue;
      if (chance(named) >= chance(named === 'tagger' ? 'rules' : 'tagger')) picks.set(c, named);
    }
  }
}

/**
 * A block right under the heading of a party the bill names for another role (notify party, customs broker,
 * forwarding agent) is that party's: where the tagger took a party's name from such a block and the rules read the name
 * elsewhere, the rules' name stands.
 */
export function keepOtherPartiesOut(picks: Map<FieldCandidates, Reader | null>, layout: DocumentLayout): void {
  for (const [c, pick] of picks) {
    if (pick !== 'tagger' || !c.field.endsWith('.Name') || c.field === 'Carrier.Name' || !c.rules || c.agree) continue;
    const first = c.tagger!.words[0];
    const seg = first && segmentOf(layout, first);
    if (seg && headedByOtherParty(seg, layout.segments, (h) => layout.hits.filter((x) => x.segment === h))) picks.set(c, 'rules');
  }
}

/**
 * A party's heading says whose block it is. Where the heading right above the chosen name was read weakly and as read
 * lies a slip or two from another party's heading (CONSIGNOR and CONSIGNEE differ by two letters), both readers took
 * the party from that one doubtful reading, so their agreeing is no second piece of evidence: the party's fields are
 * held for review.
 */
export function holdPartyUnderWeakHeading(data: ExtractedData, picks: ReadonlyMap<FieldCandidates, Reader | null>, layout: DocumentLayout): void {
  const chosen = chosenWords(picks);
  for (const key of PARTY_KEYS) {
    const first = chosen.get(`${key}.Name`)?.[0];
    const name = first && segmentOf(layout, first);
    const heading = name && lineAbove(layout.segments, name, name.bbox[0]);
    if (heading && layout.hits.some((h) => h.segment === heading && mistakable(h))) holdFields(data, key, ['Name', ...PLACE_LEAVES]);
  }
}

/** Whether a party's heading was read weakly and as read is about as near another party's heading as its own. */
function mistakable(h: LabelHit): boolean {
  if (!PARTY_HEADINGS.includes(h.field) || !h.labelWords.length) return false;
  if (h.labelWords.reduce((sum, w) => sum + w.confidence, 0) / h.labelWords.length >= WEAK_WORD) return false;
  const read = lettersOnly(h.labelWords.map((w) => w.text).join(' '));
  return HEADING_LABELS.some((l) => l.field !== h.field && ocrDistance(read, l.text) <= SLIPS);
}
const PARTY_HEADINGS: readonly string[] = ['shipper', 'consignee', 'billTo'];
const HEADING_LABELS = LABELS.filter((l) => PARTY_HEADINGS.includes(l.field)).map((l) => ({ field: l.field, text: lettersOnly(l.text) }));
// How many slips from another party's heading make a weakly read heading doubtful.
const SLIPS = 2;

/**
 * A state is vouched for by its postal code or by its city. Where the US ZIP read with it names no place of that
 * state, and the state has no place of the city's name, nothing on the page vouches for it, however the readers
 * agree: the state is held for review (a ZIP misread alone leaves the city vouching; a city misread alone the code).
 */
export function holdStateNothingVouchesFor(data: ExtractedData): void {
  for (const key of PARTY_KEYS) {
    const { State: state, Zip: zip, City: city } = data[key] ?? {};
    // A Mexican code has the ZIP's shape, and no list of Mexican places says which state has a city.
    if (!state || !zip || !city || !/^\d{5}$/.test(zip) || state in MX_STATES) continue;
    const place = placeOfPostal(zip, 'US');
    if ((place && stateMatchesPostal(state, place)) || usStateHasCity(normalizeText(city), state)) continue;
    holdFields(data, key, ['State']);
  }
}
