import { normalizeText, type Segment } from '../../layout.ts';
import type { FieldSource } from '@ladingwise/shared';
import type { ReadPage, Word } from '../../types.ts';
import { extractFields, readLayout, type DocumentLayout } from '../extract-fields.ts';
import type { LabelHit } from '../find-labels.ts';
import { FREIGHT_CLASSES } from '../freight-class.ts';
import { isStateCode } from '../geo.ts';
import { MONTHS, type LabelField } from '../lexicon.ts';
import { findDates } from '../parse-date.ts';

// One module computes the features for training export and for run time, so the two can never drift apart.

/** Label kinds of the lexicon, in a fixed order: each gets its own distance features. */
export const LABEL_KINDS: readonly LabelField[] = [
  'shipper', 'consignee', 'billTo', 'carrier', 'scac', 'bol', 'pro', 'po', 'order', 'pickupDate', 'deliveryDate', 'docDate',
  'weight', 'pieces', 'handlingUnits', 'commodity', 'freightClass', 'nmfc', 'freightTerms',
  'name', 'address', 'cityStateZip', 'city', 'state', 'zip', 'stop', 'otherParty',
];

/** Fields the rule extractor reports a source box for: whether a word lies in one is a feature (the rules as evidence). */
export const RULE_FIELDS = [
  'Shipper.Name', 'Shipper.Address', 'Shipper.City', 'Shipper.State', 'Shipper.Zip',
  'Consignee.Name', 'Consignee.Address', 'Consignee.City', 'Consignee.State', 'Consignee.Zip',
  'BillTo.Name', 'BillTo.Address', 'BillTo.City', 'BillTo.State', 'BillTo.Zip',
  'Carrier.Name', 'Carrier.Scac', 'References.BolNumber', 'References.PoNumber', 'References.OrderNumber', 'References.ProNumber',
  'Dates.Pickup', 'Dates.Delivery', 'ShipmentDetails.Weight', 'ShipmentDetails.Pieces', 'ShipmentDetails.HandlingUnits',
  'ShipmentDetails.Commodity', 'ShipmentDetails.FreightClass', 'FreightTerms',
] as const;

const STREET = new Set('ST STREET AVE AVENUE RD ROAD BLVD BOULEVARD DR DRIVE LN LANE CT COURT HWY HIGHWAY PKWY PARKWAY WAY PL PLACE CIR SUITE STE UNIT CALLE AV AVENIDA BLVR RUE BOUL CHEMIN ROUTE ALLEE PO BOX COL'.split(' '));
const COMPANY = new Set('INC LLC CORP CORPORATION CO COMPANY LTD LTEE GROUP SA CV DE RL SAS SARL GMBH BV LOGISTICS INDUSTRIES FOODS TRUCKING FREIGHT LINES TRANSPORT EXPRESS'.split(' '));
const PACKAGING = new Set('PALLET PALLETS PLT PLTS SKID SKIDS SKD CARTON CARTONS CTN CTNS BOX BOXES DRUM DRUMS CRATE CRATES TOTE TOTES PCS PIECES TARIMAS CAJAS BULTOS COLIS PALETTES'.split(' '));
const TERMS = new Set('PREPAID COLLECT THIRD PARTY PAGADO PREPAGADO POR COBRAR PORT PAYE DU TERCERO TIERS'.split(' '));
const UNITS = new Set('LB LBS KG KGS KILOS POUNDS LIBRAS KILOGRAMOS'.split(' '));
const CLASSES = new Set<string>(FREIGHT_CLASSES);

/** The shape of a word's text: the features it has whatever its place on the page. */
const SHAPE_NAMES = [
  'len', 'digitShare', 'letterShare', 'upperShare', 'hasLower', 'allDigits', 'logNumber', 'zip5', 'zip9', 'caPostal', 'caHalf',
  'date', 'month', 'weightUnit', 'unitWord', 'scacShape', 'freightClass', 'stateCode', 'street', 'company', 'packaging', 'terms',
  'endsColon', 'hasHash', 'hasHyphen', 'lettersAndDigits', 'country',
] as const;

const COUNTRIES = new Set('USA US CANADA CA MEXICO MX FRANCE FR CHINA CN SINGAPORE SG NETHERLANDS NL BRAZIL BR GERMANY DE UK SPAIN ES'.split(' '));

const shapeCache = new Map<string, number[]>();
/** The shape of a word's text (remembered: a page asks for each word's shape several times, as its neighbours' too). */
function shapeOf(text: string): number[] {
  let s = shapeCache.get(text);
  if (!s) {
    if (shapeCache.size > 50_000) shapeCache.clear();
    shapeCache.set(text, s = computeShape(text));
  }
  return s;
}

function computeShape(text: string): number[] {
  const raw = text.trim();
  const t = normalizeText(raw);
  const core = t.replace(/^[^A-Z0-9]+|[^A-Z0-9]+$/g, '');
  const len = raw.length || 1;
  const digits = (raw.match(/\p{N}/gu) ?? []).length;
  const letters = (raw.match(/\p{L}/gu) ?? []).length;
  const upper = (raw.match(/\p{Lu}/gu) ?? []).length;
  const num = /^\d[\d,.]*$/.test(core) ? Number(core.replace(/,/g, '')) : NaN;
  return [
    raw.length, digits / len, letters / len, letters ? upper / letters : -1, /\p{Ll}/u.test(raw) ? 1 : 0, /^\d+$/.test(core) ? 1 : 0,
    Number.isFinite(num) && num > 0 ? Math.log10(num) : -1,
    /^\d{5}$/.test(core) ? 1 : 0, /^\d{5}-\d{4}$/.test(core) ? 1 : 0,
    /^[A-Z]\d[A-Z]\s?\d[A-Z]\d$/.test(core) ? 1 : 0, /^([A-Z]\d[A-Z]|\d[A-Z]\d)$/.test(core) ? 1 : 0,
    findDates(t).length ? 1 : 0, core in MONTHS ? 1 : 0,
    /^\d[\d,.]*(LBS?|KGS?)$/.test(core) ? 1 : 0, UNITS.has(core) ? 1 : 0,
    /^[A-Z]{2,4}$/.test(core) ? 1 : 0, CLASSES.has(core) ? 1 : 0, isStateCode(core) ? 1 : 0,
    STREET.has(core) ? 1 : 0, COMPANY.has(core) ? 1 : 0, PACKAGING.has(core) ? 1 : 0, TERMS.has(core) ? 1 : 0,
    /[:;]$/.test(raw) ? 1 : 0, raw.includes('#') ? 1 : 0, raw.includes('-') ? 1 : 0, digits && letters ? 1 : 0,
    COUNTRIES.has(core) ? 1 : 0,
  ];
}

const NEIGHBOUR_SHAPE = ['len', 'digitShare', 'zip5', 'caHalf', 'stateCode', 'date', 'street', 'company'] as const;
const neighbourIdx = NEIGHBOUR_SHAPE.map((n) => SHAPE_NAMES.indexOf(n));

/**
 * What a printed line (segment) holds as a whole: a word is read in the context of its line and of the lines above and
 * below it (a party's name line sits above a street line, a street line above a line with a postal code).
 */
const LINE_TRAITS = ['postal', 'state', 'startsDigit', 'street', 'company', 'date', 'label', 'digitShare', 'country', 'words'] as const;
const SHAPE_AT = (n: (typeof SHAPE_NAMES)[number]): number => SHAPE_NAMES.indexOf(n);

/** Names of the features in the order `pageFeatures` gives them. */
export const FEATURE_NAMES: readonly string[] = [
  'conf', ...SHAPE_NAMES.map((n) => `shape.${n}`),
  'x0', 'y0', 'x1', 'y1', 'relHeight', 'segIndex', 'segFromEnd', 'segWords', 'segWidth', 'lineRank',
  ...LABEL_KINDS.map((k) => `isLabel.${k}`), 'isLabel.any',
  'leftLabel.kind', 'leftLabel.dx', 'aboveLabel.kind', 'aboveLabel.dy', 'aboveLabel.dx',
  ...LABEL_KINDS.flatMap((k) => [`left.${k}.dx`, `above.${k}.dy`, `above.${k}.dx`, `near.${k}.d`]),
  ...['prev', 'next', 'up', 'down'].flatMap((d) => [...NEIGHBOUR_SHAPE.map((n) => `${d}.${n}`), `${d}.label`, `${d}.gap`]),
  ...RULE_FIELDS.map((f) => `rule.${f}`),
  ...LINE_TRAITS.map((t) => `line.${t}`), ...LINE_TRAITS.map((t) => `lineAbove.${t}`), ...LINE_TRAITS.map((t) => `lineBelow.${t}`),
  'block.linesAbove', 'block.linesBelow', 'block.headKind', 'block.headXOverlap', 'block.lineIndexShare',
  // Read by the neural line reader rather than the page pass (Word.by): its confidence is on another scale.
  'neural',
];

/** What the features of a page are computed from: its words (engine order), size and cell rulings. */
export interface FeaturePage { words: Word[]; width: number; height: number; rules?: ReadPage['rules'] }

/** Boxes of the values the rule extractor read, by field (ExtractedData.FieldSources before boxes are turned upright). */
export type RuleSources = Partial<Record<string, FieldSource>>;

/** Where each of a page's words stands: its segment (printed run) and the label hits found on the page. */
interface WordPlace { seg: Segment | null; index: number }

const centre = (b: Word['bbox']): [number, number] => [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];
const overlap = (a: Word['bbox'], b: Word['bbox']): number =>
  Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));

/**
 * The words' places in the segments. Segment building may cut or join words, so a word the segments do not hold as
 * such is placed by the segment word its box overlaps most.
 */
function placeWords(words: Word[], segments: Segment[]): WordPlace[] {
  const byWord = new Map<Word, WordPlace>();
  for (const seg of segments) seg.words.forEach((w, index) => byWord.set(w, { seg, index }));
  return words.map((w) => {
    const own = byWord.get(w);
    if (own) return own;
    let best: WordPlace = { seg: null, index: 0 }, most = 0;
    for (const seg of segments) {
      if (seg.page !== w.page || overlap(seg.bbox, w.bbox) <= 0) continue;
      seg.words.forEach((sw, index) => { const o = overlap(sw.bbox, w.bbox); if (o > most) { most = o; best = { seg, index }; } });
    }
    return best;
  });
}

/** Feature rows, one per word of the page, in the page's word order (`FEATURE_NAMES` gives the columns). */
export function pageFeatures(page: FeaturePage): Float32Array[] {
  return pageReading(page).rows;
}

/** Feature rows and the words' neighbours of a page read alone (training reads each page as its own document). */
export function pageReading(page: FeaturePage): PageFeatures {
  const layout = readLayout([asReadPage(page)]);
  return readFeatures(page, ruleSources(page, layout), layout);
}

/**
 * Where each word stands among the others, as indices into the page's words (-1 for none): the word before and after
 * it on its printed line, the nearest words straight above and below, and its line (an index shared by the words of
 * one segment). What a word's neighbours are taken for is evidence of what it is (context.ts).
 */
export interface WordNeighbours { prev: Int32Array; next: Int32Array; up: Int32Array; down: Int32Array; line: Int32Array }

/** A page's feature rows, the label hits found on it, and each word's neighbours. */
export interface PageFeatures { rows: Float32Array[]; hits: LabelHit[]; neighbours: WordNeighbours }

/**
 * The feature rows of a page and the label hits found on it (the decoder reads the form's language from those), from
 * the document's layout as the rules read it (segments and labels of other pages are passed over).
 */
export function readFeatures(page: FeaturePage, rules: RuleSources, layout: DocumentLayout): PageFeatures {
  const { words } = page;
  const n = words.length;
  const neighbours: WordNeighbours = { prev: new Int32Array(n), next: new Int32Array(n), up: new Int32Array(n), down: new Int32Array(n), line: new Int32Array(n) };
  if (!n) return { rows: [], hits: [], neighbours };
  const W = Math.max(1, page.width), H = Math.max(1, page.height);
  const pageIndex = words[0]!.page;
  const segments = layout.segments.filter((s) => s.page === pageIndex);
  const hits = layout.hits.filter((h) => h.segment.page === pageIndex);
  const places = placeWords(words, segments);
  const lineIndex = new Map(segments.map((s, k) => [s, k]));
  const indexOf = new Map(words.map((w, i) => [w, i]));
  const heights = words.map((w) => w.bbox[3] - w.bbox[1]).sort((a, b) => a - b);
  const medH = Math.max(1, heights[Math.floor(heights.length / 2)]!);
  const shapes = words.map((w) => shapeOf(w.text));
  const labelOf = words.map((w) => hits.find((h) => overlap(h.bbox, w.bbox) > 0.5 * Math.max(1, (w.bbox[2] - w.bbox[0]) * (w.bbox[3] - w.bbox[1]))) ?? null);
  // Segments in reading order; a segment's rank among those of its row band says which column it is in.
  const rowRank = new Map<Segment, number>();
  for (const s of segments) rowRank.set(s, segments.filter((o) => o !== s && Math.abs(o.bbox[1] - s.bbox[1]) < 0.5 * s.lineHeight && o.bbox[0] < s.bbox[0]).length);
  const kindIndex = (h: LabelHit | null): number => (h ? LABEL_KINDS.indexOf(h.field) : -1);
  const hitsOf = new Map<Segment, LabelHit[]>();
  for (const h of hits) hitsOf.set(h.segment, [...(hitsOf.get(h.segment) ?? []), h]);
  const traitCache = new Map<Segment, number[]>();
  /** The traits of a printed line (all missing where the word is on none). */
  const lineTraits = (s: Segment | null): number[] => {
    if (!s) return LINE_TRAITS.map(() => NaN);
    let t = traitCache.get(s);
    if (!t) {
      const sh = s.words.map((x) => shapeOf(x.text));
      const any = (...names: Array<(typeof SHAPE_NAMES)[number]>): number => (sh.some((v) => names.some((n) => v[SHAPE_AT(n)] === 1)) ? 1 : 0);
      const chars = s.words.reduce((a, x) => a + x.text.length, 0) || 1;
      const digits = s.words.reduce((a, x) => a + (x.text.match(/\p{N}/gu) ?? []).length, 0);
      traitCache.set(s, t = [any('zip5', 'zip9', 'caPostal', 'caHalf'), any('stateCode'), /^\d/.test(s.words[0]?.text ?? '') ? 1 : 0, any('street'),
        any('company'), any('date', 'month'), hitsOf.has(s) ? 1 : 0, digits / chars, any('country'), s.words.length]);
    }
    return t;
  };
  /**
   * Where a word's line stands in its block: the lines of its column between the nearest line above that holds a
   * label (the block's heading) and the next such line below. A party's lines, a table's rows and a box's value are
   * told apart by their order under their heading, whatever the distances on the page.
   */
  const byTop = [...segments].sort((a, b) => a.bbox[1] - b.bbox[1]);
  const blockPlace = (s: Segment | null, w: Word): number[] => {
    const span: [number, number] = s ? [s.bbox[0], s.bbox[2]] : [w.bbox[0], w.bbox[2]];
    const top = s ? s.bbox[1] : w.bbox[1], bottom = s ? s.bbox[3] : w.bbox[3];
    const across = (o: Segment): boolean => Math.min(o.bbox[2], span[1]) - Math.max(o.bbox[0], span[0]) > 0;
    let above = 0, below = 0, head: Segment | null = null, closed = false;
    for (let k = byTop.length - 1; k >= 0; k--) {
      const o = byTop[k]!;
      if (o === s || o.bbox[3] > top + 0.3 * (bottom - top) || !across(o)) continue;
      if (hitsOf.has(o)) { head = o; break; }
      above++;
    }
    for (const o of byTop) {
      if (o === s || o.bbox[1] < bottom - 0.3 * (bottom - top) || !across(o)) continue;
      if (hitsOf.has(o)) { closed = true; break; }
      below++;
    }
    const headHit = head ? hitsOf.get(head)!.find((h) => Math.min(h.bbox[2], span[1]) - Math.max(h.bbox[0], span[0]) > 0) ?? hitsOf.get(head)![0]! : null;
    const overlapShare = headHit ? Math.max(0, Math.min(headHit.bbox[2], w.bbox[2]) - Math.max(headHit.bbox[0], w.bbox[0])) / Math.max(1, w.bbox[2] - w.bbox[0]) : NaN;
    return [head ? above : NaN, closed ? below : NaN, kindIndex(headHit), overlapShare, head && closed ? above / Math.max(1, above + below) : NaN];
  };

  const rows = words.map((w, i) => {
    const out: number[] = [];
    const [cx, cy] = centre(w.bbox);
    const h = Math.max(1, w.bbox[3] - w.bbox[1]);
    const unit = Math.max(medH, 1);
    const { seg, index } = places[i]!;
    out.push(w.confidence, ...shapes[i]!);
    out.push(w.bbox[0] / W, w.bbox[1] / H, w.bbox[2] / W, w.bbox[3] / H, h / medH,
      seg ? index : -1, seg ? seg.words.length - 1 - index : -1, seg ? seg.words.length : 0, seg ? (seg.bbox[2] - seg.bbox[0]) / W : 0,
      seg ? rowRank.get(seg) ?? 0 : -1);
    const own = labelOf[i];
    for (const k of LABEL_KINDS) out.push(own?.field === k ? 1 : 0);
    out.push(own ? 1 : 0);
    // Nearest label ending left of the word on its row, and nearest label above it in its column.
    let left: LabelHit | null = null, leftDx = Infinity, above: LabelHit | null = null, aboveD = Infinity;
    const perKind = new Map<LabelField, [number, number, number, number]>();
    for (const hit of hits) {
      if (hit === own || hit.segment.page !== w.page) continue;
      const [hx, hy] = centre(hit.bbox);
      const rowLevel = Math.abs(hy - cy) < 0.6 * Math.max(h, hit.bbox[3] - hit.bbox[1]);
      const dx = (w.bbox[0] - hit.bbox[2]) / unit;
      const dy = (w.bbox[1] - hit.bbox[3]) / unit;
      const colDx = (w.bbox[0] - hit.bbox[0]) / unit;
      const cur = perKind.get(hit.field) ?? [NaN, NaN, NaN, Infinity];
      if (rowLevel && dx > -0.5) {
        if (dx < leftDx) { leftDx = dx; left = hit; }
        if (!(cur[0] <= dx)) cur[0] = dx;
      }
      // Above: the label's box starts no further right than the word's end and the word starts below it.
      if (dy > -0.3 && hit.bbox[0] <= w.bbox[2] + unit && hit.bbox[2] + 20 * unit >= w.bbox[0]) {
        const d = dy + Math.abs(colDx) * 0.25;
        if (d < aboveD) { aboveD = d; above = hit; }
        if (!(Math.abs(cur[1]) + 0.25 * Math.abs(cur[2]) <= d)) { cur[1] = dy; cur[2] = colDx; }
      }
      const dist = Math.hypot((cx - hx) / unit, (cy - hy) / unit);
      if (dist < cur[3]) cur[3] = dist;
      perKind.set(hit.field, cur);
    }
    out.push(kindIndex(left), left ? leftDx : NaN, kindIndex(above), above ? (w.bbox[1] - above.bbox[3]) / unit : NaN, above ? (w.bbox[0] - above.bbox[0]) / unit : NaN);
    for (const k of LABEL_KINDS) {
      const v = perKind.get(k);
      out.push(v ? v[0] : NaN, v ? v[1] : NaN, v ? v[2] : NaN, v && Number.isFinite(v[3]) ? v[3] : NaN);
    }
    // Neighbours: the words before and after on the segment, and the nearest words straight above and below.
    const prev = seg && index > 0 ? seg.words[index - 1]! : null;
    const next = seg && index < seg.words.length - 1 ? seg.words[index + 1]! : null;
    const up = verticalNeighbour(words, i, -1), down = verticalNeighbour(words, i, 1);
    const at = (x: Word | null): number => (x ? indexOf.get(x) ?? -1 : -1);
    neighbours.prev[i] = at(prev); neighbours.next[i] = at(next); neighbours.up[i] = at(up); neighbours.down[i] = at(down);
    neighbours.line[i] = seg ? lineIndex.get(seg)! : -1;
    for (const [n, gap] of [[prev, prev ? (w.bbox[0] - prev.bbox[2]) / unit : NaN], [next, next ? (next.bbox[0] - w.bbox[2]) / unit : NaN],
      [up, up ? (w.bbox[1] - up.bbox[3]) / unit : NaN], [down, down ? (down.bbox[1] - w.bbox[3]) / unit : NaN]] as Array<[Word | null, number]>) {
      const s = n ? shapeOf(n.text) : null;
      for (const k of neighbourIdx) out.push(s ? s[k]! : NaN);
      const nl = n ? hits.find((hit) => overlap(hit.bbox, n.bbox) > 0) : undefined;
      out.push(n ? (nl ? LABEL_KINDS.indexOf(nl.field) : -1) : NaN, gap);
    }
    for (const f of RULE_FIELDS) {
      const src = rules[f];
      const b = src && src.page === w.page ? src.bbox : null;
      out.push(b && cx >= b[0] && cx <= b[2] && cy >= b[1] && cy <= b[3] ? 1 : 0);
    }
    out.push(...lineTraits(seg), ...lineTraits(up ? places[indexOf.get(up)!]!.seg : null), ...lineTraits(down ? places[indexOf.get(down)!]!.seg : null));
    out.push(...blockPlace(seg, w));
    out.push(w.by === 'neural' ? 1 : 0);
    return Float32Array.from(out);
  });
  return { rows, hits, neighbours };
}

/** The nearest word straight above (dir -1) or below (dir 1), overlapping the word's span across. */
function verticalNeighbour(words: Word[], i: number, dir: -1 | 1): Word | null {
  const w = words[i]!;
  let best: Word | null = null, bestD = Infinity;
  for (const o of words) {
    if (o === w || o.page !== w.page) continue;
    if (Math.min(o.bbox[2], w.bbox[2]) - Math.max(o.bbox[0], w.bbox[0]) <= 0) continue;
    const d = dir < 0 ? w.bbox[1] - o.bbox[3] : o.bbox[1] - w.bbox[3];
    if (d >= -0.2 * (w.bbox[3] - w.bbox[1]) && d < bestD) { bestD = d; best = o; }
  }
  return best;
}

const asReadPage = (page: FeaturePage): ReadPage => ({ index: page.words[0]?.page ?? 0, width: page.width, height: page.height, rotation: 0, words: page.words, barcodes: [], blank: false, ...(page.rules ? { rules: page.rules } : {}), toUpright: (b) => b });

/** Where the rule extractor reads each field on the page alone. */
export function ruleSources(page: FeaturePage, layout?: DocumentLayout): RuleSources {
  return extractFields([asReadPage(page)], layout).FieldSources ?? {};
}

/** The fields the tagger learns to mark on words, as ExtractedData dotted paths; every other word is "none". */
export const TAG_FIELDS = [
  ...['Shipper', 'Consignee', 'BillTo'].flatMap((p) => ['Name', 'Address', 'City', 'State', 'Zip', 'Country'].map((f) => `${p}.${f}`)),
  'Carrier.Name', 'Carrier.Scac', 'References.BolNumber', 'References.PoNumber', 'References.OrderNumber', 'References.ProNumber',
  'Dates.Pickup', 'Dates.Delivery', 'ShipmentDetails.Weight', 'ShipmentDetails.WeightUnit', 'ShipmentDetails.Pieces', 'ShipmentDetails.HandlingUnits',
  'ShipmentDetails.Commodity', 'ShipmentDetails.FreightClass', 'FreightTerms',
] as const;
export type TagField = (typeof TAG_FIELDS)[number];
