import { CORE_FIELDS, hasValue, isBlank, type ExtractedData, type FieldSource } from '@ladingwise/shared';
import { boxAround } from '../../layout.ts';
import type { ReadPage, Word } from '../../types.ts';
import { documentDateOrder, extractFields, readGoodsTable, readLayout, type DocumentLayout } from '../extract-fields.ts';
import { repairScacByName } from '../references.ts';
import { editDistance, isNorthAmerican, isStateCode } from '../geo.ts';
import { CITY_LABEL_WORDS } from '../city-line.ts';
import { isKnownPlace } from '../../ocr/place-decode.ts';
import { bareWords, fitLegalFormToCountry, legalFormEnd } from '../company-name.ts';
import { SUFFIXES, SUFFIX_WORDS, UNIT_WORDS } from '../street-line.ts';
import { billTotals, type BillTotals, type TableCell } from '../goods-table.ts';
import { keepOwnScores } from '../own-scores.ts';
import { fitPostalToCountry, noStatesAbroad } from '../postal-by-country.ts';
import { fitPostalToCity, placeOfLoneCode } from '../postal-of-city.ts';
import { placeFromRunningAddress, type PartyAnchor } from '../place-abroad.ts';
import { TAG_FIELDS, type RuleSources } from './features.ts';
import { absenceFeatures, committedAbsence, type AbsenceConfidence, type AbsenceEvidence } from './absence.ts';
import { ValueConfidence } from './value-confidence.ts';
import { pageQuality, rulesCandidate, valueFeatures, valueWords, type FieldCandidates } from './value-features.ts';
import { gluedState } from './place-check.ts';
import { holdPartyUnderWeakHeading, holdStateNothingVouchesFor, holdPlaceAwayFromStreet, holdPlaceBelowAnotherName, holdPlacesReadApart, keepOtherPartiesOut, keepPartyTogether } from './party-place.ts';
import { DISAGREED, type Reader } from './review-line.ts';
import { writeTagged, type FieldTagger, type TaggedField } from './tagger.ts';

/** Which reader gives the fields: the hand-written rules, the learned tagger, or per field the surer of the two. */
export type FieldsMode = 'rules' | 'learned' | 'combined';

/** What `chooseFields` may be given beside the pages and the two readings; each has a default. */
export interface ChooseOptions {
  /** The pages' layout, when already read (else read here). */
  layout?: DocumentLayout;
  /** The confidence model; null reports each reader's own score (default: the committed model). */
  confidence?: ValueConfidence | null;
  /** How a dispute between the readers is settled (default CHOOSER). */
  chooser?: Chooser;
  /** Receives where each field left empty stands whose words the tagger found but no parser could read. */
  unread?: Record<string, FieldSource>;
  /** The absence model scoring core fields left empty; null leaves them unscored (default: the committed model). */
  absence?: AbsenceConfidence | null;
  /** Receives the absence model's feature row of each core field left empty (its training rows). */
  absentRows?: Map<string, Float64Array>;
}

/**
 * The fields of a document by `mode`, from the rule extractor's reading (`rules`, boxes still on the deskewed pages)
 * and the tagger. 'learned' takes every tagged field from the tagger (a field it did not find is empty); 'combined'
 * takes per field the value with the higher own score (`pickReader`). Each tagged field's reported confidence is the
 * confidence model's (`value-confidence.ts`: the chance the value is right, on the 0.9 = 99.5 % scale); without that
 * model, the reader's own score, held below 0.9 where the other reader contradicts it. Fields the tagger does not tag
 * (line items, packaging) stay the rules'. `options.unread`, when given, receives where each field left empty stands
 * whose words the tagger found but no parser could read, for reading again under the field's kind.
 */
export function chooseFields(pages: ReadPage[], rules: ExtractedData, tagger: FieldTagger, mode: FieldsMode, options: ChooseOptions = {}): ExtractedData {
  if (mode === 'rules') return rules;
  const { layout = readLayout(pages), confidence = ValueConfidence.committed(), chooser = CHOOSER, unread, absence = committedAbsence(), absentRows } = options;
  const { candidates, quality, totals, unread: unreadRuns, probs } = readCandidates(pages, rules, tagger, layout);
  const data: ExtractedData = structuredClone(rules);
  const own = { ...data.ConfidenceScores };
  // A bill shown by the two readers' agreement lets weak values stand for review; a page that shows none keeps them out.
  const shown = billShown(candidates);
  const aloneMin = shown ? ALONE_MIN : UNSHOWN_ALONE_MIN;
  // Each value's chance right, worked out once: the choice, the settling of shared words and the score all read it.
  const chances = new Map<string, number>();
  const chanceOf = (c: FieldCandidates) => confidence && chooser !== 'own' ? (reader: Reader): number => {
    const key = `${c.field} ${reader}`;
    let p = chances.get(key);
    if (p === undefined) chances.set(key, p = confidence.probability(valueFeatures(c, reader, quality)));
    return p;
  } : undefined;
  const picks = new Map(candidates.map((c) => [c, pickReader(c, mode, chanceOf(c), chooser, shown)]));
  if (mode === 'combined') keepOtherPartiesOut(picks, layout);
  if (mode === 'combined' && chooser === 'disputes') keepPartyTogether(picks, chanceOf);
  if (mode === 'combined') settleSharedWords(picks, chanceOf, aloneMin);
  for (const c of candidates) {
    const pick = picks.get(c)!;
    if (pick !== 'rules') { clearField(data, c.field); delete own[c.field]; }
    if (pick === 'tagger') writeTagged(data, c.tagger!);
    if (!pick) continue;
    // The reader's own score, held below 0.9 where the other reader read the field otherwise: two readers disagreeing
    // is not to be trusted without review.
    if (mode === 'combined' && c.rules && c.tagger && !c.agree) data.ConfidenceScores[c.field] = Math.min(data.ConfidenceScores[c.field]!, DISAGREED);
    own[c.field] = data.ConfidenceScores[c.field]!;
    // The value's reported confidence: the chance it is right, as the confidence model learned it from both readers'
    // evidence on training pages the tagger reading them was not fitted on.
    if (confidence) data.ConfidenceScores[c.field] = Math.round(confidence.score(valueFeatures(c, pick, quality)) * 1000) / 1000;
  }
  keepOwnScores(data, own);
  holdLineValues(data, totals);
  holdFarApartDates(data);
  holdStatesAbroad(data);
  fitPostalToCountry(data);
  noStatesAbroad(data);
  fitPostalToCity(data);
  holdPlacesReadApart(data, candidates);
  if (mode === 'combined') { holdPlaceAwayFromStreet(data, picks); holdPlaceBelowAnotherName(data, picks, layout); holdPartyUnderWeakHeading(data, picks, layout); holdStateNothingVouchesFor(data); }
  placeOfLoneCode(data);
  if (mode === 'combined') placeFromRunningAddress(data, streetsOf(picks), pages.flatMap((p) => p.words));
  fitLegalFormToCountry(data);
  tidyParties(data);
  refsByPrefix(data);
  scacByChosenName(data);
  if (mode === 'combined') { shipperFromBillTo(data); placeFromBillTo(data); }
  const evidence = { candidates, probs, classes: tagger.classes, unread: unreadRuns, layout, quality };
  if (absence && confidence) {
    const tagged = candidates.filter((c) => picks.get(c) === 'tagger').map((c) => c.field);
    emptyUnlikelyValues(data, tagged, absence, evidence);
  }
  // The weight unit stays only with a weight to go with it (a learned weight printed without one keeps the rules' unit).
  if (data.ShipmentDetails.Weight === null) data.ShipmentDetails.WeightUnit = null;
  data.MissingFields = CORE_FIELDS.filter((f) => !hasValue(data, f));
  // A core field left empty is scored too: the chance the bill truly does not carry it (absence.ts).
  for (const field of absence || absentRows ? data.MissingFields : []) {
    const row = absenceFeatures(field, data, evidence);
    absentRows?.set(field, row);
    if (absence) data.ConfidenceScores[field] = Math.round(absence.score(row) * 1000) / 1000;
  }
  // Where a field left empty stands on the page, as the tagger placed it, though no parser could read its words: a
  // reading under the field's kind may (reread-by-kind.ts).
  if (unread) for (const [field, words] of unreadRuns) if (!hasValue(data, field)) unread[field] = { page: words[0]!.page, bbox: boxAround(words) };
  return data;
}

/** Where each party's running address starts: the words its chosen street was read from, else its name's. */
function streetsOf(picks: ReadonlyMap<FieldCandidates, Reader | null>): (key: string) => PartyAnchor | null {
  const chosen = new Map([...picks].filter(([, r]) => r).map(([c, r]) => [c.field, valueWords(c, r!)]));
  return (key) => {
    const street = chosen.get(`${key}.Address`), name = chosen.get(`${key}.Name`);
    return street?.length ? { words: street, street: true } : name?.length ? { words: name, street: false } : null;
  };
}

/**
 * A bill of several lines of goods: its count and weight are the totals. A total read on the page takes the place of a
 * line's own value, and a value that is not the total read by the readers themselves is held for review (a line's own
 * they took, or a total they did not read). Each line has its own class and handling units, so the one class and count
 * of units the bill carries are a choice a person should see (`billTotals` counts a class column that reads two
 classes as several lines).
 */
export function holdLineValues(data: ExtractedData, totals: BillTotals): void {
  const d = data.ShipmentDetails;
  const held = new Set<string>();
  const take = (field: 'Pieces' | 'Weight', total: TableCell | null): void => {
    if (d[field] !== (total?.value ?? null)) held.add(`ShipmentDetails.${field}`);
    if (!total || d[field] === total.value) return;
    d[field] = total.value;
    (data.FieldSources ??= {})[`ShipmentDetails.${field}`] = { page: total.cell.page, bbox: total.cell.bbox };
  };
  if (totals.several) {
    take('Pieces', totals.pieces);
    take('Weight', totals.weight);
    held.add('ShipmentDetails.HandlingUnits').add('ShipmentDetails.FreightClass');
  }
  for (const field of held) {
    if (hasValue(data, field)) data.ConfidenceScores[field] = Math.min(data.ConfidenceScores[field] ?? DISAGREED, DISAGREED);
  }
}

// A load is picked up and delivered within weeks, an ocean crossing included.
const MAX_TRANSIT_DAYS = 90;

/**
 * Pickup and delivery dates read further apart than any transit (or in the wrong order) show that one of them is
 * misread, and the page does not say which: both are held for review, unless one is already scored as unlikely, which
 * explains the conflict.
 */
export function holdFarApartDates(data: ExtractedData): void {
  const { Pickup, Delivery } = data.Dates;
  if (!Pickup || !Delivery) return;
  const days = (Date.parse(Delivery) - Date.parse(Pickup)) / 86_400_000;
  if (!(days < 0 || days > MAX_TRANSIT_DAYS)) return;
  const s = data.ConfidenceScores;
  if ((s['Dates.Pickup'] ?? 1) < 0.5 || (s['Dates.Delivery'] ?? 1) < 0.5) return;
  for (const f of ['Dates.Pickup', 'Dates.Delivery']) s[f] = Math.min(s[f] ?? DISAGREED, DISAGREED);
}

/**
 * A North American state or province code names a place in North America: one read for a party abroad contradicts
 * the party's country, and the page does not say which of the two is misread (or another party's), so the state is
 * held for review. (Within North America a code may name places in two countries, as NL does.)
 */
export function holdStatesAbroad(data: ExtractedData): void {
  for (const key of ['Shipper', 'Consignee', 'BillTo'] as const) {
    const party = data[key];
    if (!party?.State || !party.Country || isNorthAmerican(party.Country) || !isStateCode(party.State.toUpperCase())) continue;
    const field = `${key}.State`;
    data.ConfidenceScores[field] = Math.min(data.ConfidenceScores[field] ?? DISAGREED, DISAGREED);
  }
}

/**
 * Every tagged field's two readings, how well the pages were read and the bill's goods lines and totals: what the
 * choice and the confidence are made of.
 */
export function readCandidates(pages: ReadPage[], rules: ExtractedData, tagger: FieldTagger, layout: DocumentLayout = readLayout(pages)): { candidates: FieldCandidates[]; quality: ReturnType<typeof pageQuality>; totals: BillTotals; unread: Map<string, Word[]>; probs: Map<Word, Float64Array> } {
  const { fields: tagged, probs, unread } = tagger.readWords(...taggerView(pages, rules, layout));
  scacByCarrierName(tagged, rules.Carrier?.Name ?? null);
  const candidates = TAG_FIELDS.map((field): FieldCandidates => {
    const t = tagged.get(field) ?? null;
    const r = rulesCandidate(pages, rules, field, valueOf(rules, field), probs, tagger.classes.indexOf(field));
    return { field, rules: r, tagger: t, agree: !!t && !!r && sameReading(r.value, t.value) };
  });
  const totals = billTotals(readGoodsTable(pages, layout).lines);
  return { candidates, quality: pageQuality(pages, candidates, documentDateOrder(layout).shown, totals.several), totals, unread, probs };
}

/**
 * A carrier's code is mostly an abbreviation of its name: a tagged SCAC whose letters do not follow the carrier's name
 * (the tagger's, else the rules') but do with one look-alike letter swapped is read with that letter, as a repaired
 * value (`repairScacByName`, the rules' own check).
 */
export function scacByCarrierName(tagged: Map<string, TaggedField>, rulesName: string | null): void {
  const scac = tagged.get('Carrier.Scac');
  const name = tagged.get('Carrier.Name')?.value ?? rulesName;
  if (!scac || typeof name !== 'string' || typeof scac.value !== 'string') return;
  const fixed = repairScacByName(scac.value, name);
  if (fixed) tagged.set('Carrier.Scac', { ...scac, value: fixed, repaired: true });
}

// The chance right from which a chosen carrier name is trusted to check its code.
const NAME_TRUSTED = 0.5;

/**
 * The chosen SCAC read against the chosen carrier name: each reader checked its code against its own name, and where
 * the two readers' values were mixed (one reader's code, the other's name) the code that does not follow the name but
 * does with one look-alike letter swapped is read with that letter, as a doubt.
 */
export function scacByChosenName(data: ExtractedData): void {
  const carrier = data.Carrier;
  // Only against a name likely right: a name cut short ("BLUE HERON" of BLUE HERON FREIGHT) would move a right code.
  if (!carrier?.Scac || !carrier.Name || (data.ConfidenceScores['Carrier.Name'] ?? 0) < NAME_TRUSTED) return;
  const fixed = repairScacByName(carrier.Scac, carrier.Name);
  if (!fixed) return;
  carrier.Scac = fixed;
  data.ConfidenceScores['Carrier.Scac'] = Math.min(data.ConfidenceScores['Carrier.Scac'] ?? DISAGREED, DISAGREED);
}

/**
 * Whose value a field takes. 'learned': every tagged field from the tagger. 'combined', one rule a case:
 * - read by the tagger alone: kept from a chance right of ALONE_MIN on a page that shows a bill (`shown`), of
 *   UNSHOWN_ALONE_MIN on one that does not, judged by the confidence model's chance right (`chance`) under a chooser
 *   that weighs it, else by the tagger's own calibration. The chance already takes the tagger's own score as evidence,
 *   beside what the page and the value's checks say;
 * - read by the rules alone: the rules', whatever its chance. The rules read a value only under its label, never from
 *   specks; a weak one is scored low and held for review, where a field left empty would lose a right value unseen
 *   (an empty field holds nothing for review);
 * - read by both: the surer reader, by the chance right where the chooser weighs disputes by it (`Chooser`), else by
 *   each reader's own score.
 * Null: left empty.
 */
export function pickReader(c: FieldCandidates, mode: Exclude<FieldsMode, 'rules'>, chance?: (reader: Reader) => number, chooser: Chooser = 'own',
  shown = true): Reader | null {
  const { rules: r, tagger: t } = c;
  if (mode === 'learned') return t ? 'tagger' : null;
  const weighs = !!chance && chooser !== 'own';
  if (!t) return r ? 'rules' : null;
  if (!r) return (weighs ? chance('tagger') : t.confidence) >= (shown ? ALONE_MIN : UNSHOWN_ALONE_MIN) ? 'tagger' : null;
  const whole = c.field.endsWith('.Name') ? nameWithForm(String(t.value), String(r.value)) : c.field.endsWith('.City') ? knownOfTwo(String(t.value), String(r.value))
    : c.field.endsWith('.Address') ? streetWithType(String(t.value), String(r.value))
    : c.field.startsWith('References.') ? codeWithPrefix(String(t.value), String(r.value))
    : c.field === 'ShipmentDetails.Commodity' ? -descriptionGoesOn(String(r.value), t) : 0;
  if (whole) return whole > 0 ? 'tagger' : 'rules';
  if (chance && !c.agree && (chooser === 'disputes' || chooser === 'chance')) {
    return chance('tagger') > chance('rules') + (chooser === 'disputes' ? DISPUTE_MARGIN : 0) ? 'tagger' : 'rules';
  }
  return r.score >= t.confidence ? 'rules' : 'tagger';
}

/**
 * Of two readings of a company's name where one is the other and more words that end with a legal form ("SUMMIT RIDGE
 * CERAMICS HOLDINGS" and "... HOLDINGS INC", or "... SA" and "... SA DE CV"), the longer is the name as registered: a
 * name is printed whole, with its whole form. 1 where the first reading is that one, -1 where the second is, 0 where neither.
 */
export function nameWithForm(a: string, b: string): number {
  const [x, y] = [a, b].map((v) => bareWords(v).join(' ')) as [string, string];
  // The longer reading's form begins within the shorter one's words where that one ends on a form the longer goes on
  // from (a name read to "SA" of "SA DE CV").
  const longer = (p: string, q: string): boolean => p.startsWith(`${q} `) && legalFormEnd(p) > 0
    && (legalFormEnd(q) === 0 || p.split(' ').length - legalFormEnd(p) < q.split(' ').length);
  return longer(x, y) ? 1 : longer(y, x) ? -1 : 0;
}

/**
 * Of two readings of a street where one is the other and a word or two more that end with the street's type ("15495 E
 * CHESTNUT" and "... CHESTNUT RD"), and the shorter ends on no type, the longer is the street as printed: the type is
 * the line's last word, and the shorter reading lost it. So is one with the number sign before its house number. 1 where the first reading is that one, -1 where the second is,
 * 0 where neither.
 */
export function streetWithType(a: string, b: string): number {
  const [x, y] = [a, b].map((v) => v.toUpperCase().replace(/[.,;:]+(?=\s|$)/g, '').trim());
  const typed = (v: string): boolean => { const last = v.split(' ').at(-1)!; return SUFFIXES.has(last) || SUFFIX_WORDS.has(last); };
  const longer = (p: string, q: string): boolean => p.startsWith(`${q} `) && typed(p) && !typed(q) && p.split(' ').length - q.split(' ').length <= 2;
  // ... or one that keeps the number sign written before the house number ("NO. 224 ZHANGYANG ROAD", as addresses in
  // China write it), which the other took for a label.
  const signed = (p: string, q: string): boolean => /^\d/.test(q) && /^N[O0][.º°]? \d/.test(p) && p.replace(/^\S+ /, '') === q;
  // ... or one with the house number the other lost ("7838 CHEMIN DE LA COTE-DE-LIESSE"): a street that holds no
  // number of its own (a unit's, "BLDG 13", is not the street's) is printed after one.
  const ownNumber = (q: string): boolean => /\d/.test(q.split(' ').filter((w, i, ws) => !UNIT_WORDS.has(ws[i - 1] ?? '')).join(' '));
  const numbered = (p: string, q: string): boolean => /^\d{1,6}[A-Z]? /.test(p) && p.replace(/^\S+ /, '') === q && !ownNumber(q);
  const first = longer(x!, y!) || signed(x!, y!) || numbered(x!, y!), second = longer(y!, x!) || signed(y!, x!) || numbered(y!, x!);
  return first ? 1 : second ? -1 : 0;
}

/**
 * Whether a description read by the rules is the tagger's and more, where the tagger's words end on a comma: a comma
 * goes on to the next part of the description ("HOUSEHOLD CLEANING SUPPLIES, NOI", its last part wrapped), so the
 * tagger's reading was cut. 1 where it is, else 0.
 */
export function descriptionGoesOn(rules: string, tagged: { value: unknown; words: readonly Word[] }): number {
  const last = tagged.words.at(-1)?.text ?? '';
  const cut = String(tagged.value).replace(/[\s,]+$/, '');
  return /,$/.test(last) && rules.startsWith(`${cut},`) && rules.length > cut.length + 2 ? 1 : 0;
}

/**
 * Of two readings of a reference where one is the other with a kind prefix joined to it by a hyphen ("PO-038855" and
 * "038855"), the prefixed one is the number as issued: a prefix standing apart is a label, one joined is the number's.
 * 1 where the first reading is that one, -1 where the second is, 0 where neither.
 */
export function codeWithPrefix(a: string, b: string): number {
  const prefixed = (p: string, q: string): boolean => q.length >= 4 && new RegExp(`^[A-Z]{1,4}-${q.replace(/[^A-Z0-9]/g, '')}$`).test(p.replace(/\s+/g, ''));
  return prefixed(a, b) ? 1 : prefixed(b, a) ? -1 : 0;
}

/**
 * Of two near readings of one place (a letter or two apart: "QUEBEC" and "UEBEC", or one the other's last words) where
 * only one names a known place, that one is the place as named: a place is printed whole and spelt as it is. 1 where the first reading is that one,
 * -1 where the second is, 0 where neither or both, or where the two name different places.
 */
export function knownOfTwo(a: string, b: string): number {
  const [ka, kb] = [isKnownPlace(a), isKnownPlace(b)];
  if (ka === kb) return 0;
  // ... or one that is the other's last words, where the whole is a known place ("GARZA" of SAN NICOLAS DE LOS GARZA).
  const [ua, ub] = [a, b].map((v) => v.toUpperCase().trim()) as [string, string];
  if (ka && ua.endsWith(` ${ub}`)) return 1;
  if (kb && ub.endsWith(` ${ua}`)) return -1;
  // ... and the known one where the other is it behind its row label's words ("CIUDAD CALGARY" read on from a
  // bilingual label "CITY / PROV / POSTAL - CIUDAD"): a label is no part of the place.
  if (ka && labelledPlace(ub, ua)) return 1;
  if (kb && labelledPlace(ua, ub)) return -1;
  const [x, y] = [ua, ub].map((v) => v.replace(/[^A-Z]/g, '')) as [string, string];
  if (Math.min(x.length, y.length) < 4 || editDistance(x, y, 2) > 2) return 0;
  return ka ? 1 : -1;
}

/** Whether `read` is the place `known` with words of a city row's label before it. */
function labelledPlace(read: string, known: string): boolean {
  if (!read.endsWith(` ${known}`)) return false;
  const before = read.slice(0, -known.length - 1).split(/[\s/,.:-]+/).filter(Boolean);
  return before.length > 0 && before.every((w) => CITY_LABEL_WORDS.includes(w));
}

/**
 * One printed value, one field: where the tagger's value for a field stands on words another field's value is read
 * from, the two readings cannot both be right, and the field likelier wrong (by the chance right, else the reader's own
 * score) takes its other reader's value when that stands elsewhere and is not next to no chance, or is left empty.
 * Fields are settled from the surest down, so a value only gives way to one surer than itself. Only readings involving
 * the tagger are settled: the rules place each value by its own label and their boxes may overlap by design.
 */
export function settleSharedWords(picks: Map<FieldCandidates, Reader | null>, chanceOf: (c: FieldCandidates) => ((reader: Reader) => number) | undefined,
  aloneMin = ALONE_MIN): void {
  const sureness = (c: FieldCandidates, r: Reader): number => chanceOf(c)?.(r) ?? (r === 'tagger' ? c.tagger!.confidence : c.rules!.score);
  const order = [...picks].filter(([, r]) => r).map(([c, r]) => ({ c, r: r!, sure: sureness(c, r!) })).sort((a, b) => b.sure - a.sure);
  const claimed = new Map<Word, { reader: Reader; field: string }>();
  const collides = (c: FieldCandidates, r: Reader): boolean => valueWords(c, r).some((w) => {
    const by = claimed.get(w);
    return by !== undefined && (by.reader === 'tagger' || r === 'tagger') && !cityWithState(by.field, c.field, w);
  });
  for (const { c, r } of order) {
    let reader: Reader | null = r;
    if (collides(c, r)) {
      const other: Reader = r === 'tagger' ? 'rules' : 'tagger';
      reader = c[other] && !collides(c, other) && sureness(c, other) >= aloneMin ? other : null;
      picks.set(c, reader);
    }
    if (reader) for (const w of valueWords(c, reader)) if (!claimed.has(w) || reader === 'tagger') claimed.set(w, { reader, field: c.field });
  }
}

/** Whether one word holds a party's city and its state, glued by a mark ("KNOXVILLE.TN"): two values, one word. */
function cityWithState(a: string, b: string, w: Word): boolean {
  const [pa, fa] = a.split('.'), [pb, fb] = b.split('.');
  return pa === pb && [fa, fb].sort().join() === 'City,State' && gluedState([w]) !== null;
}

/**
 * The pages as the tagger was trained to see them: without the cell rulings found in the image, which the training
 * pages do not carry (features from a layout split at rulings would differ from every page it learned from). A page
 * with rulings is laid out and read by the rules once more without them, for the rules' boxes among the features.
 */
function taggerView(pages: ReadPage[], rules: ExtractedData, layout: DocumentLayout): [ReadPage[], RuleSources, DocumentLayout] {
  if (!pages.some((p) => p.rules?.length)) return [pages, rules.FieldSources ?? {}, layout];
  const bare = pages.map(({ rules: _, ...p }) => p);
  const bareLayout = readLayout(bare);
  return [bare, extractFields(bare, bareLayout).FieldSources ?? {}, bareLayout];
}

/**
 * How 'combined' uses the confidence model's chance right. Every chooser but 'own' (which goes by each reader's own
 * score throughout) keeps a value only one reader read by its chance right (ALONE_MIN, UNSHOWN_ALONE_MIN). Disputes, fields the two readers read
 * otherwise: 'disputes' lets the tagger overrule the rules only when clearly likelier right (by DISPUTE_MARGIN),
 * 'chance' when likelier right at all, 'alone' by each reader's own score.
 */
export type Chooser = 'own' | 'disputes' | 'alone' | 'chance';
export const CHOOSER: Chooser = 'disputes';

// How much likelier right the tagger's value must be to overrule the rules' in a dispute. The readers' own scores are
// on different scales (the rules' run high on layouts they were not written for), the chance right is on one; a
// margin keeps a close call with the reader whose checks produced the value.
export const DISPUTE_MARGIN = 0.2;

// The least chance right (or tagger's calibrated confidence) for a value that only one reader read. An empty field is
// as wrong as a wrong value and a value scored below the trust line goes to a person either way, so a value is worth
// keeping long before it is likelier right than wrong: the reviewer confirms it instead of typing it. Only values with
// next to no chance are left out.
export const ALONE_MIN = 0.1;
// The same on a page that shows no bill: likelier right than wrong. Specks on a page of noise tag as a carrier or a
// weight, and no field of a bill must come out of a page with none (it would be charged as one).
export const UNSHOWN_ALONE_MIN = 0.5;
// How many fields the two readers must read alike for a page to show a bill: two independent readers agreeing on
// several fields have found a form, where agreeing on one can be chance (both taking a speck for a code).
const SHOWN_AGREED = 3;

/** Whether the readers' candidates show a bill of lading on the pages: several fields read alike by both. */
export function billShown(candidates: readonly FieldCandidates[]): boolean {
  return candidates.filter((c) => c.agree).length >= SHOWN_AGREED;
}

/** Two readings of a field compared as printed values: case, spaces and marks aside. */
export const sameReading = (a: unknown, b: unknown): boolean => String(a ?? '').toUpperCase().replace(/[^A-Z0-9.]/g, '') === String(b ?? '').toUpperCase().replace(/[^A-Z0-9.]/g, '');

function valueOf(data: ExtractedData, field: string): unknown {
  const [a, b] = field.split('.') as [keyof ExtractedData, string | undefined];
  const obj = data[a] as unknown;
  return b === undefined ? obj : obj && typeof obj === 'object' ? (obj as Record<string, unknown>)[b] : undefined;
}

function clearField(data: ExtractedData, field: string): void {
  delete data.ConfidenceScores[field];
  if (data.FieldSources) delete data.FieldSources[field];
  const [a, b] = field.split('.') as [keyof ExtractedData, string | undefined];
  if (b === undefined) { (data as unknown as Record<string, unknown>)[a] = null; return; }
  const obj = data[a] as unknown as Record<string, unknown> | null;
  if (obj && b in obj) obj[b] = null;
}

/**
 * A value less likely right than its field is likely absent is the worse claim: an empty field is right wherever the
 * bill lacks it, a wrong value nowhere. Both chances are on the product's one confidence scale (the value's from the
 * confidence model, the field's absence from the absence model judging the document as if the field were empty), so
 * the likelier claim is kept. The emptied field keeps the absence score, which holds the bill for review when low.
 * Only values the learned reader chose are put to this test: the confidence model learned the rules reader's values
 * on the trained families, whose slips follow those families' forms, and on other layouts it can score the rules'
 * right values as near-certain misses; such a value stays, weak, for a person to confirm.
 */
function emptyUnlikelyValues(data: ExtractedData, fields: readonly string[], absence: AbsenceConfidence, evidence: AbsenceEvidence): void {
  for (const field of fields) {
    const score = data.ConfidenceScores[field];
    if (score === undefined || !hasValue(data, field)) continue;
    const emptied = structuredClone(data);
    clearField(emptied, field);
    if (absence.score(absenceFeatures(field, emptied, evidence)) <= score) continue;
    clearField(data, field);
  }
}

/** A party or carrier left with no field at all is no party; a country alone names no one. */
// The prefixes that name a reference's kind as the number was issued: a purchase order's, a sales order's.
const KIND_OF_PREFIX: ReadonlyArray<readonly [RegExp, 'PoNumber' | 'OrderNumber']> = [[/^PO-?\d/, 'PoNumber'], [/^SO-?\d/, 'OrderNumber']];

/**
 * A purchase order's or sales order's number read into the other's field, where that field is empty: the prefix it
 * was issued with names its kind ("PO-980830" is a purchase order's, "SO228093" a sales order's). Moved, and held for
 * review, as the two readers had put it elsewhere.
 */
export function refsByPrefix(data: ExtractedData): void {
  const refs = data.References;
  for (const [prefix, kind] of KIND_OF_PREFIX) {
    const other = kind === 'PoNumber' ? 'OrderNumber' : 'PoNumber';
    const v = refs[other];
    if (!v || !prefix.test(v) || refs[kind]) continue;
    refs[kind] = v; refs[other] = null;
    const score = data.ConfidenceScores[`References.${other}`];
    delete data.ConfidenceScores[`References.${other}`];
    data.ConfidenceScores[`References.${kind}`] = Math.min(score ?? 0.5, 0.85);
  }
}

function tidyParties(data: ExtractedData): void {
  for (const k of ['Shipper', 'Consignee', 'BillTo', 'Carrier'] as const) {
    const p = data[k] as unknown as Record<string, unknown> | null;
    if (!p || !Object.entries(p).every(([key, v]) => key === 'Country' || isBlank(v))) continue;
    (data as unknown as Record<string, unknown>)[k] = null;
    for (const path of Object.keys(data.ConfidenceScores)) if (path.startsWith(`${k}.`)) clearField(data, path);
  }
}

/**
 * Every bill of lading names its shipper. A reading with neither the shipper's name nor street but with a bill-to
 * party has read the shipper's block under the bill-to class (the one party a form prints apart from the consignee's
 * either way): the party is the shipper's, filling what was read of the shipper, each value held below the trust line
 * for a person to confirm.
 */
export function shipperFromBillTo(data: ExtractedData): void {
  const s = data.Shipper, b = data.BillTo;
  if (!b?.Name || s?.Name || s?.Address) return;
  const merged = { ...(s ?? {}), ...Object.fromEntries(Object.entries(b).filter(([, v]) => v !== null && v !== undefined && v !== '')) };
  data.Shipper = merged as typeof b;
  for (const path of Object.keys(data.ConfidenceScores)) if (path.startsWith('BillTo.')) moveBillToScore(data, path, 'Shipper');
  dropBillTo(data);
}

const PLACE = ['City', 'State', 'Zip'] as const;

/**
 * A bill-to party read as a place alone (no name, no street) is no party but a city line read under the wrong class:
 * where exactly one of the shipper and the consignee lacks part of its place that the line holds, it is that party's
 * (held below the trust line), and the bill-to goes.
 */
export function placeFromBillTo(data: ExtractedData): void {
  const b = data.BillTo;
  if (!b || b.Name || b.Address || !PLACE.some((k) => b[k])) return;
  const lacks = (k: 'Shipper' | 'Consignee'): boolean => PLACE.some((f) => b[f] && !data[k]?.[f]);
  const owners = (['Shipper', 'Consignee'] as const).filter(lacks);
  if (owners.length !== 1) return;
  const k = owners[0]!;
  const p = data[k] ?? (data[k] = { Name: null, Address: null, City: null, State: null, Zip: null });
  for (const f of PLACE) {
    if (!b[f] || p[f]) continue;
    p[f] = b[f];
    moveBillToScore(data, `BillTo.${f}`, k);
  }
  if (b.Country && !p.Country) p.Country = b.Country;
  dropBillTo(data);
}

/** A bill-to value's score and box given to the same field of `party`, the score held below the trust line. */
function moveBillToScore(data: ExtractedData, from: string, party: 'Shipper' | 'Consignee'): void {
  const to = `${party}.${from.slice('BillTo.'.length)}`;
  if (data.ConfidenceScores[from] !== undefined) data.ConfidenceScores[to] = Math.min(data.ConfidenceScores[from]!, DISAGREED);
  const src = data.FieldSources?.[from];
  if (src) data.FieldSources![to] = src;
}

/** The bill-to party gone, with its scores and boxes. */
function dropBillTo(data: ExtractedData): void {
  data.BillTo = null;
  for (const path of Object.keys(data.ConfidenceScores)) if (path.startsWith('BillTo.')) clearField(data, path);
  for (const path of Object.keys(data.FieldSources ?? {})) if (path.startsWith('BillTo.')) delete data.FieldSources![path];
}

export type { TaggedField };
