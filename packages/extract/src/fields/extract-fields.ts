import { CORE_FIELDS, emptyExtractedData, type ExtractedData, type FieldSource, type FreightTerms, type Party } from '@ladingwise/shared';
import { boxAround, buildSegments, normalizeText, sameRow, type Segment } from '../layout.ts';
import type { ReadPage, Word } from '../types.ts';
import { labelSegments, segmentsBelow, valueCandidates, type Candidate } from './candidates.ts';
import { cutShort, rulesByPage, scoreField, type Chosen, type Evidence } from './confidence.ts';
import { readTable, type TableRead } from './goods-table.ts';
import { findLabels, type LabelHit } from './find-labels.ts';
import { countryOfNameNear, isNorthAmerican } from './geo.ts';
import { AMBIGUOUS_LABELS, type Lang, type LabelField } from './lexicon.ts';
import { readBarcodePayload, type PayloadKey } from './barcode-payload.ts';
import { findParties } from './find-parties.ts';
import type { ParsedParty, PartyValue } from './party.ts';
import { dateWithSlips } from './date-slips.ts';
import { findDates, isFarYear, slashesReadAsDigits, type DateOrder } from './parse-date.ts';
import { kindJoinedText, nearlySame, parseReference, parseScac, repairScacByName } from './references.ts';

/** A reference as letters and digits only, for comparing readings ("PO-631865" and "PO 631865" are one). */
const plainCode = (v: string): string => v.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** A document's printed runs of words (segments) and the form labels found on them. */
export interface DocumentLayout { segments: Segment[]; hits: LabelHit[] }

/** Segments and labels of a document's pages: read once, shared by the rules and the learned tagger's features. */
export function readLayout(pages: ReadPage[]): DocumentLayout {
  const segments = buildSegments(pages.flatMap((p) => p.words), pages.flatMap((p) => (p.rules ?? []).map(([x, y0, y1]) => ({ page: p.index, x, y0, y1 }))));
  return { segments, hits: findLabels(segments) };
}

// The goods table each layout's reading found, so a later step asking for it does not read the table again.
const tables = new WeakMap<DocumentLayout, TableRead>();

/** The goods table of a document's pages as the rules read it (its lines and totals included), read once a layout. */
export function readGoodsTable(pages: ReadPage[], layout: DocumentLayout): TableRead {
  let table = tables.get(layout);
  if (!table) tables.set(layout, table = readTable(layout.hits, layout.segments, labelSegments(layout.hits), Math.max(1, ...pages.map((p) => p.width))));
  return table;
}

/** Reads the fields of one document from its OCR'd pages. */
export function extractFields(pages: ReadPage[], layout: DocumentLayout = readLayout(pages)): ExtractedData {
  const data = emptyExtractedData();
  const words = pages.flatMap((p) => p.words);
  const { segments, hits } = layout;
  const pageWidth = Math.max(1, ...pages.map((p) => p.width));
  const labelled = labelSegments(hits);
  const hitsBySegment = new Map<Segment, LabelHit[]>();
  for (const h of hits) (hitsBySegment.get(h.segment) ?? hitsBySegment.set(h.segment, []).get(h.segment)!).push(h);
  const { order, shown: orderShown } = documentDateOrder(layout);
  const scores: Record<string, number> = {};
  const sources: Record<string, FieldSource> = {};
  const ruled = rulesByPage(pages);
  const record = (path: string, c: Chosen<unknown> | null): void => {
    if (!c) return;
    const cut = cutShort(c.words, c.evidence.kind, words, ruled);
    scores[path] = scoreField(cut ? { ...c.evidence, doubts: c.evidence.doubts + 1 } : c.evidence, c.words);
    const src = sourceOf(c.words);
    if (src) sources[path] = src;
  };
  const of = (f: LabelField): LabelHit[] => hits.filter((h) => h.field === f);

  // Parties.
  const writeParty = (key: 'Shipper' | 'Consignee' | 'BillTo', p: ParsedParty | null): void => {
    if (!p) return;
    const out: Party = { Name: null, Address: null, City: null, State: null, Zip: null };
    // A block read as a jumble (a street running on over other lines, a city line or a house number where the name
    // goes) may have its city line from elsewhere too, however well that line agrees with its postal code.
    const street = p.Address?.value ?? '';
    const muddled = street.split(' ').length > 8 || /\b[A-Z]{2}\.?\s+(?:\d{5}|[A-Z]\d[A-Z])\b/.test(street) || /^\d+\s/.test(p.Name?.value ?? '');
    for (const f of ['Name', 'Address', 'City', 'State', 'Zip'] as const) {
      const v: PartyValue | null = p[f];
      if (!v || !v.value) continue;
      out[f] = v.value;
      record(`${key}.${f}`, { value: v.value, words: v.words, evidence: { prior: p.orphan ? 0.7 : p.headerHit.marked || p.complete ? 0.95 : 0.85, checks: v.checks, doubts: v.doubts + (p.complete ? 0 : 1) + (p.orphan ? 1 : 0) + (muddled ? 1 : 0), kind: f === 'Zip' || f === 'State' ? 'code' : 'text' } });
    }
    if (p.country) out.Country = p.country;
    data[key] = out;
  };
  const parties = findParties({ segments, hits, hitsBySegment, pageWidth });
  writeParty('Shipper', parties.shipper);
  writeParty('Consignee', parties.consignee);
  writeParty('BillTo', parties.billTo);

  // Carrier and SCAC.
  let scacFromCarrier: Chosen<string> | null = null;
  const carrier = firstValue(of('carrier'), segments, labelled, pageWidth, (c) => {
    const t = normalizeText(c.text);
    const paren = /\(\s*SCAC[:\s]*([A-Z0-9]{2,4})\s*\)/.exec(t);
    if (paren) {
      const s = parseScac(paren[1]!);
      if (s) scacFromCarrier = { value: s.value, words: c.words.filter((w) => normalizeText(w.text).includes(paren[1]!)), evidence: { prior: c.prior, checks: 1, doubts: s.repaired ? 1 : 0, kind: 'code' } };
    }
    const name = t.replace(/\(.*?\)/g, ' ').replace(/\bSCAC\b.*$/, '').replace(/\s+/g, ' ').replace(/[\s:;,.|-]+$/, '').replace(/^['"‘’“”«»\s]+/, '').trim();
    if (!/[A-Z]{2}/.test(name) || findDates(name).length) return null;
    return { value: name, checks: 0, doubts: 0 };
  });
  const scac = firstValue(of('scac'), segments, labelled, pageWidth, (c) => {
    const s = parseScac(c.text);
    return s ? { value: s.value, checks: 1, doubts: s.repaired ? 1 : 0 } : null;
  }, 'code') ?? scacFromCarrier;
  const byName = scac && carrier ? repairScacByName(scac.value, carrier.value) : null;
  if (scac && byName) { scac.value = byName; scac.evidence.doubts++; }
  if (carrier || scac) {
    data.Carrier = { Name: carrier?.value ?? null, Scac: scac?.value ?? null };
    record('Carrier.Name', carrier);
    record('Carrier.Scac', scac);
  }

  // References.
  const ref = (field: 'bol' | 'pro' | 'po' | 'order', hs: LabelHit[] = of(field)): Chosen<string> | null =>
    firstValue(hs, segments, labelled, pageWidth, (c, h) => {
      const r = parseReference(kindJoinedText(h.labelWords.at(-1), c, words));
      return r ? { value: r.value, checks: 0, doubts: r.repaired ? 1 : 0 } : null;
    }, 'code');
  let pro = ref('pro');
  let po = ref('po');
  // A purchase order number of the usual shape (digits, or a short letter prefix and digits) passes a format check.
  if (po && !po.evidence.doubts && /^(?:[A-Z]{1,3}[-/]?)?\d{5,}(?:-[A-Z0-9]{1,3})?$/.test(po.value)) po.evidence.checks++;
  let orderNo = ref('order');
  // A sales order's SO prefix under the PO label, the form's order label left empty: the value sits between the two
  // (a column's value off its heading) and is the order number, as a doubt.
  if (po && !orderNo && of('order').some((h) => !AMBIGUOUS_LABELS.has(h.label)) && /^SO[-\d]/.test(po.value)) {
    orderNo = { ...po, evidence: { ...po.evidence, doubts: po.evidence.doubts + 1 } };
    po = null;
  }
  // A number already given to another reference is not the BOL number as well.
  // So is one under a label of varying meaning that the form's own order label overruled ("SID #").
  const overruled = ref('order', of('order').filter((h) => AMBIGUOUS_LABELS.has(h.label)));
  const taken = new Set([pro, po, orderNo, overruled].filter(Boolean).map((c) => plainCode(c!.value)));
  const free = (c: Chosen<string> | null): Chosen<string> | null => (c && !taken.has(plainCode(c.value)) ? c : null);
  let bol = ref('bol') ?? free(titleNumber(segments, hits)) ?? free(headingCellNumber(segments, labelled)) ?? free(prominentCode(segments, pages, labelled))
    ?? free(vicsNumber(segments));
  // Barcodes confirm (or fill) the BOL and PRO numbers.
  const codes = pages.flatMap((p) => p.barcodes.map((b) => ({ ...b, page: p.index })));
  const confirm = (c: Chosen<string> | null): Chosen<string> | null => {
    if (!c) return c;
    const plain = plainCode(c.value);
    if (codes.some((b) => plainCode(b.text) === plain)) { c.evidence.checks += 2; return c; }
    // A code that nearly says what OCR read is the same number read without OCR's slips (its checksum passed).
    // So is one holding what OCR read as a piece of it ("369-" of 360369-92, the rest of the cell lost).
    const near = codes.find((b) => nearlySame(plain, plainCode(b.text)))
      ?? codes.find((b) => { const code = plainCode(b.text); return plain.length >= 3 && 3 * plain.length >= code.length && code.length <= 20 && code.includes(plain); });
    if (!near) return c;
    const w: Word = { text: near.text.trim().toUpperCase(), confidence: 1, bbox: near.bbox ?? [0, 0, 0, 0], page: near.page, line: 'barcode' };
    return { value: w.text, words: [w], evidence: { ...c.evidence, checks: c.evidence.checks + 1, kind: 'code' } };
  };
  bol = confirm(bol); pro = confirm(pro);
  // A QR code with keyed values states the references outright: it fills a missing one, confirms an equal one, and
  // wins (as a doubt) over an OCR reading that differs.
  const payloads = codes.map((b) => ({ b, p: readBarcodePayload(b.text) }));
  const stated = (key: PayloadKey, current: Chosen<string> | null): Chosen<string> | null => {
    const hit = payloads.find((x) => x.p[key]);
    if (!hit) return current;
    const value = hit.p[key]!;
    if (current && plainCode(current.value) === plainCode(value)) { current.evidence.checks += 2; return current; }
    const w: Word = { text: value, confidence: 1, bbox: hit.b.bbox ?? [0, 0, 0, 0], page: hit.b.page, line: 'barcode' };
    return { value, words: [w], evidence: { prior: 0.9, checks: 2, doubts: current ? 1 : 0, kind: 'code' } };
  };
  bol = stated('bol', bol); pro = stated('pro', pro);
  po = stated('po', po); orderNo = stated('order', orderNo);
  // One number read for both: an empty cell beside or above the other's took its neighbour's value. The label the
  // number sits nearer (on its line rather than below it) keeps it; of two headings it stands below, the one whose
  // column it is clearly nearer; else the PO.
  if (po && orderNo && plainCode(po.value) === plainCode(orderNo.value)) {
    const across = (c: Chosen<string>): number => {
      const v = c.words[0]?.bbox, l = c.label;
      if (!v || !l) return 0;
      const mid = (v[0] + c.words[c.words.length - 1]!.bbox[2]) / 2;
      return mid < l[0] ? l[0] - mid : mid > l[2] ? mid - l[2] : 0;
    };
    const h = po.words[0] ? po.words[0].bbox[3] - po.words[0].bbox[1] : 0;
    if (orderNo.evidence.prior > po.evidence.prior || (orderNo.evidence.prior === po.evidence.prior && across(po) - across(orderNo) > 2 * h)) po = null;
    else orderNo = null;
  }
  const scacCode = payloads.find((x) => x.p.scac)?.p.scac;
  if (scacCode && !data.Carrier?.Scac) data.Carrier = { Name: data.Carrier?.Name ?? null, Scac: scacCode };
  const usedCodes = new Set([bol?.value, pro?.value, po?.value, orderNo?.value].filter(Boolean).map((v) => plainCode(v!)));
  for (const b of codes) {
    const t = b.text.trim().toUpperCase();
    if (usedCodes.has(plainCode(t)) || !/^[A-Z0-9-]{4,30}$/.test(t)) continue;
    const w: Word = { text: t, confidence: 1, bbox: b.bbox ?? [0, 0, 0, 0], page: b.page, line: 'barcode' };
    if (!bol) { bol = { value: t, words: [w], evidence: { prior: 0.8, checks: 1, doubts: 0, kind: 'code' } }; usedCodes.add(t); }
    else if (!pro) { pro = { value: t, words: [w], evidence: { prior: 0.7, checks: 1, doubts: 0, kind: 'code' } }; usedCodes.add(t); }
  }
  data.References = { BolNumber: bol?.value ?? null, PoNumber: po?.value ?? null, OrderNumber: orderNo?.value ?? null, ProNumber: pro?.value ?? null };
  record('References.BolNumber', bol); record('References.ProNumber', pro); record('References.PoNumber', po); record('References.OrderNumber', orderNo);

  // Dates.
  // The order the form's own unambiguous dates show settles the others.
  const settled = orderShown;
  const date = (field: LabelField): Chosen<string> | null =>
    firstValue(of(field), segments, labelled, pageWidth, (c) => {
      const read = findDates(c.text, order)[0] ?? slashesReadAsDigits(c.text, order);
      const d = read ?? dateWithSlips(c.text, order);
      if (!d) return null;
      // A date read through slips is a guess however plain the form's order.
      const sure = d.certainty >= 1 || (settled && !!read);
      // A year far from today is kept as printed, as a doubt: forms carry old dates as often as a digit is misread, and
      // a year moved to a nearer one is a wrong value however sure the rest of the date is.
      const farYear = isFarYear(d.iso);
      return { value: d.iso, checks: sure && !farYear ? 1 : 0, doubts: (sure ? 0 : 1) + (farYear ? 1 : 0) };
    }, 'date');
  let pickup = date('pickupDate') ?? (() => { const d = date('docDate'); if (d) d.evidence.doubts++; return d; })();
  let delivery = date('deliveryDate');
  // Date labels lost to OCR: the form's dates found by shape alone, as doubts (see unlabelledDates).
  if (!pickup || !delivery) {
    const found = unlabelledDates(segments, labelled, order, [pickup, delivery].filter(Boolean).flatMap((c) => c!.words));
    const chosen = assignUnlabelledDates(found, pickup?.value ?? null, delivery?.value ?? null);
    const asChosen = (d: UnlabelledDate | null): Chosen<string> | null => d && { value: d.iso, words: d.words, evidence: { prior: 0.7, checks: 0, doubts: isFarYear(d.iso) ? 2 : 1, kind: 'date' } };
    pickup ??= asChosen(chosen.pickup);
    delivery ??= asChosen(chosen.delivery);
  }
  if (pickup && delivery && delivery.value < pickup.value) {
    delivery.evidence.doubts++; pickup.evidence.doubts++;
    data.Warnings.push('The delivery date is before the pickup date.');
  }
  data.Dates = { Pickup: pickup?.value ?? null, Delivery: delivery?.value ?? null };
  record('Dates.Pickup', pickup); record('Dates.Delivery', delivery);

  // Shipment details.
  const table = readGoodsTable(pages, layout);
  data.ShipmentDetails = {
    Weight: table.weight?.value.value ?? null,
    WeightUnit: table.weight?.value.unit ?? null,
    Pieces: table.pieces?.value ?? null,
    HandlingUnits: table.handlingUnits?.value ?? null,
    Commodity: table.commodity?.value ?? null,
    FreightClass: table.freightClass?.value ?? null,
  };
  if (table.packagingType) data.ShipmentDetails.PackagingType = table.packagingType;
  record('ShipmentDetails.Weight', table.weight);
  if (table.weight?.value.unit) record('ShipmentDetails.WeightUnit', { ...table.weight, evidence: { ...table.weight.evidence, checks: table.weight.evidence.checks + (table.unitExplicit ? 1 : 0), doubts: table.unitExplicit ? 0 : 1 } });
  record('ShipmentDetails.Pieces', table.pieces);
  record('ShipmentDetails.HandlingUnits', table.handlingUnits);
  record('ShipmentDetails.Commodity', table.commodity);
  record('ShipmentDetails.FreightClass', table.freightClass);

  // Freight terms.
  const terms = freightTerms(of('freightTerms'), segments, labelled, pageWidth);
  data.FreightTerms = terms?.value ?? null;
  record('FreightTerms', terms);

  data.ConfidenceScores = scores;
  data.FieldSources = sources;
  data.MissingFields = CORE_FIELDS.filter((f) => {
    const [a, b] = f.split('.') as [keyof ExtractedData, string];
    const obj = data[a] as Record<string, unknown> | null;
    return !obj || obj[b] === null || obj[b] === undefined || obj[b] === '';
  });
  if (!words.length) data.Warnings.push('No text was found on the document: the page looks blank or unreadable.');
  return data;
}

/** A date printed on its own (a segment that is nothing but the date), with no label read for it. */
export interface UnlabelledDate { iso: string; words: Word[] }

/** Segments that are a lone date, not a label's own segment and not already taken, in reading order. */
export function unlabelledDates(segments: Segment[], labelled: Set<Segment>, order: DateOrder, taken: Word[]): UnlabelledDate[] {
  const used = new Set(taken);
  const out: UnlabelledDate[] = [];
  for (const sg of segments) {
    if (labelled.has(sg) || sg.words.some((w) => used.has(w))) continue;
    const t = normalizeText(sg.text);
    const d = findDates(t, order)[0];
    // The date must be the whole segment: dates inside sentences (fine print, signatures) are not the form's. Or end
    // it after a few short words of a label garbled past matching ("SI PMLN I 1DAI 1 10/19/2026" for SHIPMENT DATE).
    if (!d) continue;
    const before = t.slice(0, d.index).replace(/[^A-Z0-9 ]/g, '').trim();
    const garbledLabel = d.index + d.length >= t.trimEnd().length - 1 && before.split(/\s+/).length <= 5 && before.replace(/ /g, '').length <= 12;
    if (t.replace(/[^A-Z0-9]/g, '').length > d.length + 1 && !garbledLabel) continue;
    if (withTimeOfDay(sg, segments)) continue;
    out.push({ iso: d.iso, words: sg.words });
  }
  return out;
}

const TIME_OF_DAY = /(?:^|[^0-9:])(?:[01]?\d|2[0-3]):[0-5]\d(?![0-9:])/;

/**
 * Whether a segment's line also holds a time of day ("09:40AM"). A date stamped with the minute is when something
 * happened to the paper (sent by fax, printed, received), not one of the shipment's days, which forms print on their
 * own or under a label.
 */
function withTimeOfDay(sg: Segment, segments: Segment[]): boolean {
  const [, top, , bottom] = sg.bbox;
  return segments.some((o) => {
    if (o === sg || o.page !== sg.page) return false;
    const mid = (o.bbox[1] + o.bbox[3]) / 2;
    return mid > top && mid < bottom && TIME_OF_DAY.test(o.text);
  });
}

/**
 * Pickup and delivery from unlabelled dates: with no date known, one date is the pickup and two different ones are
 * pickup then delivery (the earlier first); with one side known, the other is the one date on the right side of it.
 */
export function assignUnlabelledDates(found: UnlabelledDate[], pickup: string | null, delivery: string | null): { pickup: UnlabelledDate | null; delivery: UnlabelledDate | null } {
  const distinct = [...new Map(found.filter((d) => d.iso !== pickup && d.iso !== delivery).map((d) => [d.iso, d])).values()].sort((a, b) => (a.iso < b.iso ? -1 : 1));
  if (!pickup && !delivery) {
    if (distinct.length === 1) return { pickup: distinct[0]!, delivery: null };
    if (distinct.length === 2) return { pickup: distinct[0]!, delivery: distinct[1]! };
    return { pickup: null, delivery: null };
  }
  if (!pickup) {
    const before = distinct.filter((d) => d.iso <= delivery!);
    return { pickup: before.length === 1 ? before[0]! : null, delivery: null };
  }
  const after = distinct.filter((d) => d.iso >= pickup);
  return { pickup: null, delivery: delivery ? null : after.length === 1 ? after[0]! : null };
}

/**
 * The order a document writes its numeric dates in: a date whose day is above 12 shows the order the whole form uses;
 * else the language of its labels tells (month first in English). `shown`: the form's own dates showed it.
 */
export function documentDateOrder(layout: DocumentLayout): { order: DateOrder; shown: boolean } {
  const shown = numericOrderShown(layout.segments);
  // Month-first is the habit of English forms between North American parties; one naming a country elsewhere is
  // written day-first like the rest of the world's.
  const monthFirst = documentLanguage(layout.hits) === 'en' && !namesCountryAbroad(layout.segments);
  return { order: shown ?? (monthFirst ? 'MDY' : 'DMY'), shown: shown !== null };
}

// Country names that are also goods ("FINE CHINA"): they name a country only as an address writes one, after the
// city's comma, before a postal code, or in the state's formal name ("PEOPLE'S REPUBLIC OF CHINA").
const ALSO_GOODS = new Set(['CHINA']);

/**
 * Whether a line names a country outside North America in full ("SINGAPORE", "HAMBURG, GERMANY"), in one word or two
 * ("UNITED KINGDOM"), a long name also with one slip.
 */
export function namesCountryAbroad(segments: Segment[]): boolean {
  const letters = (w: Word | undefined): string => (w ? normalizeText(w.text).replace(/[^A-Z ]/g, '').trim() : '');
  return segments.some((sg) => sg.words.some((w, i) => {
    const name = letters(w), next = letters(sg.words[i + 1]);
    const two = name && next ? countryOfNameNear(`${name} ${next}`) : null;
    if (two !== null) return !isNorthAmerican(two);
    const c = name.length >= 4 ? countryOfNameNear(name) : null;
    if (c === null || isNorthAmerican(c)) return false;
    return !ALSO_GOODS.has(name) || /,$/.test(sg.words[i - 1]?.text ?? '') || /\d/.test(sg.words[i + 1]?.text ?? '')
      || letters(sg.words[i - 2]) === 'REPUBLIC' && letters(sg.words[i - 1]) === 'OF';
  }));
}

/** The day-month order a form's unambiguous numeric dates show (a part from 13 to 31), or null when none does or they disagree. */
export function numericOrderShown(segments: Segment[]): DateOrder | null {
  let shown: DateOrder | null = null;
  for (const sg of segments) {
    for (const m of normalizeText(sg.text).matchAll(/\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})\b/g)) {
      const a = Number(m[1]), b = Number(m[2]);
      // A part above 31 is no day: a misread digit, which shows nothing.
      const o: DateOrder | null = a > 12 && a <= 31 && b <= 12 ? 'DMY' : b > 12 && b <= 31 && a <= 12 ? 'MDY' : null;
      if (!o) continue;
      if (shown && shown !== o) return null;
      shown = o;
    }
  }
  return shown;
}

function sourceOf(words: Word[]): FieldSource | null {
  if (!words.length) return null;
  const page = words[0]!.page;
  const ws = words.filter((w) => w.page === page);
  return { page, bbox: boxAround(ws) };
}

function documentLanguage(hits: LabelHit[]): Lang {
  const score: Record<Lang, number> = { en: 0, es: 0, fr: 0 };
  for (const h of hits) if (h.field !== 'stop') score[h.lang] += h.label.length;
  return (Object.entries(score).sort((a, b) => b[1] - a[1])[0]![0] as Lang) ?? 'en';
}

type Parsed<T> = { value: T; checks: number; doubts: number } | null;

/** Tries each label's candidates in reading order; the first that parses wins. */
function firstValue<T>(hs: LabelHit[], segments: Segment[], labelled: Set<Segment>, pageWidth: number, parse: (c: Candidate, h: LabelHit) => Parsed<T>, kind: Evidence['kind'] = 'text'): Chosen<T> | null {
  // Labels whose meaning varies between forms ("SID #") are tried after the ones that name the field outright, and
  // not at all where the form has such a label: its own field left empty says the field is empty.
  const named = hs.some((h) => !AMBIGUOUS_LABELS.has(h.label));
  for (const h of [...hs].sort((a, b) => Number(AMBIGUOUS_LABELS.has(a.label)) - Number(AMBIGUOUS_LABELS.has(b.label)))) {
    if (named && AMBIGUOUS_LABELS.has(h.label)) break;
    for (const c of valueCandidates(h, segments, labelled, pageWidth)) {
      const p = parse(c, h);
      if (p) return { value: p.value, words: c.words, label: h.bbox, evidence: { prior: c.prior * (h.marked ? 1 : 0.95), checks: p.checks, doubts: p.doubts + (AMBIGUOUS_LABELS.has(h.label) ? 1 : 0), kind } };
    }
  }
  return null;
}

/** "No. 3813-23474" printed beside the form's title: the document number. */
function titleNumber(segments: Segment[], hits: LabelHit[]): Chosen<string> | null {
  const title = segments.find((s) => /\b(BILL OF LADING|CONOCIMIENTO|CONNAISSEMENT|LETTRE DE VOITURE|CARTA PORTE)\b/.test(normalizeText(s.text)));
  if (!title) return null;
  for (const s of segments) {
    if (s.page !== title.page || !(sameRow(s, title) || Math.abs(s.bbox[1] - title.bbox[1]) < 2 * title.lineHeight)) continue;
    // The number's mark stands apart from a number of letters: "NHV835552" is a number, not "N" and "HV835552".
    const m = /^(?:NO|N|NUM|NUMERO|#)(?:\s*[.:#°º]+\s*|\s+|(?=\d))([A-Z0-9][A-Z0-9-/]{3,})$/.exec(normalizeText(s.text).replace(/[°º]/g, 'O'));
    if (!m) continue;
    const r = parseReference(m[1]!);
    if (!r) continue;
    const ws = s.words.slice(1);
    return { value: r.value, words: ws.length ? ws : s.words, evidence: { prior: 0.85, checks: 0, doubts: r.repaired ? 1 : 0, kind: 'code' } };
  }
  void hits;
  return null;
}

/**
 * "BILL OF LADING   03235852683897489" as a cell of the form's grid (its "NO." lost or on the next line): the document
 * name in ordinary print, not the title, with a code right of it. A doubt: the cell might hold something else.
 */
export function headingCellNumber(segments: Segment[], labelled: Set<Segment>): Chosen<string> | null {
  const heights = segments.map((s) => s.lineHeight).sort((a, b) => a - b);
  const med = heights[Math.floor(heights.length / 2)] ?? 0;
  for (const s of segments) {
    if (!/^(BILL OF LADING|CONOCIMIENTO( DE EMBARQUE)?|LETTRE DE VOITURE|CONNAISSEMENT)$/.test(normalizeText(s.text).replace(/[^A-Z ]/g, '').trim())) continue;
    // The title is printed larger than the form's text.
    if (s.lineHeight > 1.3 * med) continue;
    // Specks read as letters may sit nearer: the nearest segment with digits in it.
    const right = segments.filter((r) => r !== s && sameRow(r, s) && r.bbox[0] > s.bbox[2] && r.bbox[0] - s.bbox[2] < 12 * s.lineHeight && /\d{4}/.test(r.text))
      .sort((a, b) => a.bbox[0] - b.bbox[0])[0];
    if (!right || labelled.has(right)) continue;
    const r = parseReference(right.text);
    if (!r) continue;
    return { value: r.value, words: right.words, evidence: { prior: 0.75, checks: 0, doubts: 1, kind: 'code' } };
  }
  return null;
}

/**
 * The VICS bill of lading number, 17 digits (a GS1 company prefix and a serial), when its label went unread: the one
 * such number on the form, as a doubt (a 17-digit run is no ZIP, phone, date or PO of these forms).
 */
function vicsNumber(segments: Segment[]): Chosen<string> | null {
  const digits = (w: Word): string => w.text.replace(/[.,:;]+$/, '');
  const found = segments.flatMap((s) => s.words.filter((w) => /^\d{17}$/.test(digits(w))));
  return found.length === 1 ? { value: digits(found[0]!), words: found, evidence: { prior: 0.7, checks: 0, doubts: 1, kind: 'code' } } : null;
}

/** Last resort for the BOL number: a code printed larger than the text around it near the top of page 1. */
function prominentCode(segments: Segment[], pages: ReadPage[], labelled: Set<Segment>): Chosen<string> | null {
  const first = pages[0];
  if (!first) return null;
  const heights = segments.map((s) => s.lineHeight).sort((a, b) => a - b);
  const med = heights[Math.floor(heights.length / 2)] ?? 0;
  const cands = segments.filter((s) => s.page === first.index && s.bbox[1] < first.height * 0.35 && !labelled.has(s) && s.lineHeight >= 1.15 * med
    && /^[A-Z]{0,4}\d[\dA-Z-]{5,}$/.test(normalizeText(s.text)) && (normalizeText(s.text).match(/\d/g) ?? []).length >= 4);
  const best = cands.sort((a, b) => b.lineHeight - a.lineHeight)[0];
  if (!best) return null;
  const r = parseReference(best.text);
  return r ? { value: r.value, words: best.words, evidence: { prior: 0.6, checks: 0, doubts: 1, kind: 'code' } } : null;
}

const TERMS: Array<[RegExp, FreightTerms]> = [
  [/\b(THIRD PARTY|3RD PARTY|TERCEROS?|TIERS|TERCERA PARTE)\b/, 'third party'],
  [/\b(COLLECT|POR COBRAR|PORT DU|DU|COBRAR|A COBRAR)\b/, 'collect'],
  [/\b(PREPAID|PREPAGADO|PAGADO|PORT PAYE|PAYE|PREPAYE)\b/, 'prepaid'],
];
/** A marked check box as the OCR gives it: the glyph, or the letters and signs it is misread as. */
export const CHECKED = /^(☒|☑|■|®|©|@|&|%|X|\[X\]|\(X\)|XI|XL|BY|EX|KX|K|B|E|EL|BE|M|W|8)$/;

function freightTerms(hs: LabelHit[], segments: Segment[], labelled: Set<Segment>, pageWidth: number): Chosen<FreightTerms> | null {
  for (const h of hs) {
    const cands = valueCandidates(h, segments, labelled, pageWidth);
    // Check boxes: the option followed by a marked box.
    const rows = [h.segment, ...segmentsBelow(h.segment, segments, 3).slice(0, 3)];
    for (const r of rows) {
      const toks = r.words.map((w) => normalizeText(w.text));
      const marked: FreightTerms[] = [];
      toks.forEach((t, i) => {
        const next = toks[i + 1] ?? '';
        const prev = toks[i - 1] ?? '';
        let opt: FreightTerms | null = null;
        if (/^PREPAID|^PREPAGADO|^PAYE/.test(t)) opt = 'prepaid';
        else if (/^COLLECT|^COBRAR|^DU$/.test(t)) opt = 'collect';
        else if (/^PARTY|^TERCEROS|^TIERS/.test(t)) opt = 'third party';
        if (opt && (CHECKED.test(next) || CHECKED.test(prev))) marked.push(opt);
      });
      if (marked.length === 1) return { value: marked[0]!, words: r.words, evidence: { prior: 0.8, checks: 0, doubts: 1, kind: 'text' } };
    }
    for (const c of cands) {
      const t = normalizeText(c.text);
      if ((t.match(/PREPAID|COLLECT|PARTY/g) ?? []).length > 1) continue;
      const m = TERMS.find(([re]) => re.test(t));
      if (m) return { value: m[1], words: c.words, evidence: { prior: c.prior, checks: 1, doubts: 0, kind: 'text' } };
    }
    // No option marked: the heading's note may name the terms that hold then ("freight charges are prepaid unless
    // marked otherwise"); a mark the OCR missed would say otherwise, hence the doubt.
    const stated = STATED_TERMS.exec(normalizeText(h.labelWords.map((w) => w.text).join(' ')));
    if (stated) return { value: stated[1] === 'COLLECT' ? 'collect' : 'prepaid', words: h.labelWords, evidence: { prior: 0.8, checks: 0, doubts: 1, kind: 'text' } };
  }
  return null;
}

const STATED_TERMS = /\b(PREPAID|COLLECT)\b[^()]*\bUNLESS\b/;
