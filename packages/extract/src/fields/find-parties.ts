import { normalizeText, type Segment } from '../layout.ts';
import type { Word } from '../types.ts';
import { isSpeck, textOf } from './candidates.ts';
import type { LabelHit } from './find-labels.ts';
import { isStateCode } from './geo.ts';
import { parseCityStateZip } from './city-line.ts';
import { isPlaceRow, parseParty, partyLines, stripSubLabel, type ParsedParty } from './party.ts';
import { looksLikeStreet } from './street-line.ts';
import { takeFor } from './party-leaning.ts';

/** What party finding reads: the page's segments and the labels found on them. */
export interface PartyContext { segments: Segment[]; hits: LabelHit[]; hitsBySegment: Map<Segment, LabelHit[]>; pageWidth: number }

/** The document's parties from their headings; headings lost to OCR are stood in for by blocks found without them. */
export function findParties({ segments, hits, hitsBySegment, pageWidth }: PartyContext): Record<'shipper' | 'consignee' | 'billTo', ParsedParty | null> {
  const usedHeaders = new Set<Segment>();
  const party = (field: 'shipper' | 'consignee' | 'billTo'): ParsedParty | null => {
    let best: ParsedParty | null = null;
    for (const h of hits.filter((x) => x.field === field)) {
      if (usedHeaders.has(h.segment) && !h.valueWords.length) continue;
      if (isPlaceRow(h, segments, pageWidth)) continue;
      const p = parseParty(partyLines(h, segments, hitsBySegment, pageWidth), h);
      if (!p.Name && !p.complete) continue;
      if (!best || (p.complete && !best.complete)) best = p;
      if (best.complete) break;
    }
    if (best) usedHeaders.add(best.headerHit.segment);
    return best;
  };
  const parties = { shipper: party('shipper'), consignee: party('consignee'), billTo: party('billTo') };
  // A party heading that gave a lone line (no street, no city line) is as good as lost: a whole block found below
  // may stand in for it.
  // So is one whose "street" is no street ("72" picked up from a goods table under a garbled heading).
  const weak = (p: ParsedParty | null): boolean => !p || (!p.complete && !(p.Address && looksLikeStreet(p.Address.value)));
  // Headers lost to OCR: "Name:" blocks no party claimed fill the missing parties in the usual order.
  if (weak(parties.shipper) || weak(parties.consignee)) {
    const claimed = wordsOf(parties, ['Name', 'Address', 'City']);
    const orphans = hits.filter((h) => h.field === 'name').filter((h) => h.valueWords.length && !h.valueWords.some((w) => claimed.has(w)))
      .map((h) => parseParty(partyLines(h, segments, hitsBySegment, pageWidth, true), h)).filter((p) => p.complete);
    for (const slot of ['shipper', 'consignee'] as const) {
      if (!weak(parties[slot]) || !orphans.length) continue;
      // A garbled heading that still resembles one party decides; else reading order (shipper first).
      const p = takeFor(slot, orphans, segments);
      if (!p) continue;
      p.orphan = true;
      parties[slot] = p;
    }
  }
  // Headers and row labels both lost (small caps on a fax): a name, a street and a city line that agrees with its
  // postal code, claimed by no party, still make an address block; given by a garbled heading's likeness or in
  // reading order, never trusted outright.
  if (weak(parties.shipper) || weak(parties.consignee)) {
    const claimed = wordsOf(parties, ['Name', 'Address', 'City', 'State', 'Zip']);
    const blocks = unlabelledBlocks(segments, hitsBySegment, claimed);
    for (const slot of ['shipper', 'consignee'] as const) {
      if (!weak(parties[slot]) || !blocks.length) continue;
      const other = slot === 'shipper' ? parties.consignee : parties.shipper;
      parties[slot] = takeFor(slot, blocks, segments, !!other && !other.orphan && !weak(other)) ?? parties[slot];
    }
  }
  unshareWords(parties.shipper, parties.consignee);
  unshareWords(parties.shipper, parties.consignee);
  return parties;
}

/** The words the parties already hold in the given fields. */
function wordsOf(parties: Record<string, ParsedParty | null>, fields: Array<'Name' | 'Address' | 'City' | 'State' | 'Zip'>): Set<Word> {
  const out = new Set<Word>();
  for (const p of Object.values(parties)) if (p) for (const f of fields) for (const w of p[f]?.words ?? []) out.add(w);
  return out;
}

/**
 * Two parties never share printed words: when both took the same line (a neighbouring block's city row picked up
 * beside a garbled one), the party whose heading stands nearer the line keeps it; the other loses that field.
 */
export function unshareWords(a: ParsedParty | null, b: ParsedParty | null): void {
  if (!a || !b) return;
  for (const f of ['Name', 'Address', 'City', 'State', 'Zip'] as const) {
    const wa = a[f]?.words ?? [], wb = b[f]?.words ?? [];
    if (!wa.some((w) => wb.includes(w))) continue;
    const x = wa[0]!.bbox[0];
    const away = (p: ParsedParty): number => Math.abs(p.headerHit.bbox[0] - x) + (p.headerHit.segment.page === wa[0]!.page ? 0 : 1e6);
    (away(a) <= away(b) ? b : a)[f] = null;
  }
}

/**
 * The line above `s` in the same column, aligned on `x` (where the values start once a garbled row label is dropped).
 * Tall handwritten boxes reach into the next line: above is ending over its top, or centred above it and ending above
 * its middle.
 */
export function lineAbove(segments: Segment[], s: Segment, x: number): Segment | undefined {
  const over = (o: Segment): boolean => o.bbox[3] <= s.bbox[1] + 0.3 * s.lineHeight || ((o.bbox[1] + o.bbox[3]) / 2 < s.bbox[1] && o.bbox[3] < (s.bbox[1] + s.bbox[3]) / 2);
  return segments
    .filter((o) => o !== s && o.page === s.page && !isSpeck(o) && over(o) && s.bbox[1] - o.bbox[3] < 2.2 * s.lineHeight
      // Aligned, or starting left of a line indented by a row label it lost ("Ciudad, Estado, C.P.:" read as ". CP").
      && (Math.abs(o.bbox[0] - x) < 2 * s.lineHeight || (o.bbox[0] < x && o.bbox[2] > x + 2 * s.lineHeight)))
    .sort((a, b) => b.bbox[3] - a.bbox[3])[0];
}

/**
 * Whether a name's line stands right under the heading of a party the bill names for another role (notify party,
 * broker, forwarding agent): the block is that party's, none of the bill's own.
 */
export function headedByOtherParty(name: Segment, segments: Segment[], hitsOf: (s: Segment) => readonly LabelHit[]): boolean {
  const heading = lineAbove(segments, name, name.bbox[0]);
  return !!heading && hitsOf(heading).some((h) => h.field === 'otherParty');
}

/**
 * Address blocks found by their values alone: a city line whose state agrees with its postal code, the street line
 * right above it (a house number) and the name above that, in one column, none of them a label or claimed. In reading order.
 */
export function unlabelledBlocks(segments: Segment[], hitsBySegment: Map<Segment, LabelHit[]>, claimed: Set<Word>): ParsedParty[] {
  const out: ParsedParty[] = [];
  const free = (s: Segment): boolean => !s.words.some((w) => claimed.has(w)) && !(hitsBySegment.get(s) ?? []).some((h) => h.atStart && h.field !== 'stop');
  const above = (s: Segment, x: number): Segment | undefined => lineAbove(segments, s, x);
  for (const csz of segments) {
    if (!free(csz)) continue;
    // Lines with a garbled row label dropped from their front, or as read when that leaves no city line or name.
    const cityWords = [dropGarbledLead(csz.words), csz.words].find((ws) => parseCityStateZip(ws));
    if (!cityWords) continue;
    // A house number read weakly is no garbled row label to drop: the line as read may be the street.
    const street = [csz.bbox[0], cityWords[0]!.bbox[0]].map((x) => above(csz, x)).find((o) => o && free(o) && [dropGarbledLead(o.words), o.words].some((ws) => looksLikeStreet(textOf(ws))));
    const streetWords = street && [street.words, dropGarbledLead(street.words)].find((ws) => looksLikeStreet(textOf(ws)));
    if (!street || !streetWords) continue;
    const name = above(street, street.bbox[0]);
    const isName = (ws: Word[]): boolean => (normalizeText(textOf(ws)).match(/[A-Z]{2,}/g) ?? []).length >= 2 && !/\d{3}/.test(textOf(ws));
    // A row label read whole enough to name the row ("Nombre / Razón soos TRILLIUM ...") goes before the name.
    const labelled = name ? stripSubLabel(name.words) : null;
    const nameWords = name && [labelled?.sub === 'name' ? labelled.words : [], dropGarbledLead(name.words), name.words].find((ws) => ws.length && isName(ws));
    if (!name || !nameWords || !free(name)) continue;
    if (headedByOtherParty(name, segments, (h) => hitsBySegment.get(h) ?? [])) continue;
    const hit: LabelHit = { field: 'name', lang: 'en', label: '', segment: name, labelWords: [], valueWords: nameWords, bbox: name.bbox, atStart: false, marked: false };
    const p = parseParty([{ words: nameWords, sub: 'name' }, { words: streetWords, sub: 'address' }, { words: cityWords, sub: 'cityStateZip' }], hit);
    // A real state code (best: one its postal code agrees with) says these lines are an address at all; with a
    // misread code ("NEWARK, NJ 07162") the name, street and city lines still make the block, as doubts.
    if (!p.complete || !p.State || !(p.State.checks || isStateCode(p.State.value))) continue;
    p.orphan = true;
    out.push(p);
  }
  return out;
}

/**
 * Row labels the OCR garbled on a low-resolution capture stay in front of the value on the same line
 * ("Somes | Manos sow ACEROS HUASTECA SA DE CV", "Doma AV. DE LOS INSURGENTES 1769"): weakly read words and marks
 * before the first well read one are dropped (two words at least are kept).
 */
export function dropGarbledLead(words: Word[]): Word[] {
  let k = 0;
  // A capitalised word behind a quote mark, read weakly for the mark, starts a value in capitals ("“SAN NICOLAS").
  const quotedCaps = (w: Word): boolean => /^["“”'‘’]\p{Lu}{2,}/u.test(w.text) && w.text.slice(1) === w.text.slice(1).toUpperCase();
  while (k < words.length - 2 && !quotedCaps(words[k]!) && (words[k]!.confidence < 0.6 || !/[\p{L}\p{N}]{2}/u.test(words[k]!.text))) k++;
  // A short word closed by a colon is a row label however well read ("Duma:" for Domicilio:); after garbled ones, so is
  // a weakly read abbreviation ("Montes / on wos." for Nombre / Razón social:).
  const rowLabel = (w: Word): boolean => /^\p{L}{2,6}:$/u.test(w.text) || (k > 0 && /^\p{L}{2,4}\.$/u.test(w.text) && w.confidence < 0.7);
  while (k < words.length - 2 && rowLabel(words[k]!)) k++;
  return k ? words.slice(k) : words;
}
