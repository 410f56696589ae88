import { alnumCount, midY, normalizeText, sameRow, xOverlap, type Segment } from '../layout.ts';
import type { Word } from '../types.ts';
import { isSpeck, textOf } from './candidates.ts';
import { parseCityStateZip, stripCityLabel } from './city-line.ts';
import { labelsOnly, ocrDistance, PARTY_HEADING_FIELDS, type LabelHit } from './find-labels.ts';
import { isContactLine } from './contact-line.ts';
import { closesNote, isNote } from './heading-note.ts';
import { unfoldRunningText } from './running-text.ts';
import { LABELS } from './lexicon.ts';
import { isInstruction, readCompanyName } from './company-name.ts';
import { endAtEnding } from './name-end.ts';
import { COMPASS, indentedStart, repairStreetLine, STREET_FIRST, STREET_LEAD, streetDoubts, stripLeadingJunk, SUFFIX_WORDS, SUFFIXES } from './street-line.ts';
import { CA_PROVINCES, canadianReadings, compareCity, garbledCity, isStateCode, lostLead, mendCity, MX_STATES, nearCityOfState, placeOfPostal, repairState, stateMatchesPostal, US_STATES, zipFarFromCity, type Country } from './geo.ts';

/** One party field's value with the words it came from and what the checks said. */
export interface PartyValue { value: string; words: Word[]; checks: number; doubts: number }

/** A parsed party block. */
export interface ParsedParty {
  Name: PartyValue | null;
  Address: PartyValue | null;
  City: PartyValue | null;
  State: PartyValue | null;
  Zip: PartyValue | null;
  country: Country | null;
  /** True when the city/state/ZIP line was found (a real address block). */
  complete: boolean;
  headerHit: LabelHit;
  /** Found without a party header (assigned by position). */
  orphan?: boolean;
}

const PLACE_ROW = /^(DESTINATION|DESTINO|ORIGIN|ORIGEN|PROVENANCE)$/;
const PARTY_SUBFIELDS = new Set(['name', 'address', 'cityStateZip', 'city', 'state', 'zip']);
// Headings that start a party's block; the carrier's block stands beside them on many forms.
const PARTY_HEADINGS = new Set<string>([...PARTY_HEADING_FIELDS, 'carrier']);

/**
 * True when a "DESTINATION" / "ORIGEN" label is a place row inside a party block (its value is a city, state and
 * postal code) rather than the heading of a party: such a hit must not start a block of its own.
 */
export function isPlaceRow(hit: LabelHit, segments: Segment[], pageWidth: number): boolean {
  if (!PLACE_ROW.test(hit.label)) return false;
  let words = hit.valueWords;
  if (!words.length) {
    const seg = hit.segment;
    const right = segments.filter((r) => r !== seg && sameRow(r, seg) && r.bbox[0] > seg.bbox[2] && r.bbox[0] - seg.bbox[2] < Math.max(8 * seg.lineHeight, 0.25 * pageWidth))
      .sort((a, b) => a.bbox[0] - b.bbox[0])[0];
    words = right?.words ?? [];
  }
  return words.length > 0 && parseCityStateZip(words) !== null;
}

/** One line of a party block; `sub` names the row label it was keyed by, `keyedRow` marks a value read beside a garbled row label. */
export interface PartyLine {
  words: Word[]; sub: string | null; keyedRow?: boolean;
  /** Weak words taken for a garbled part of the row label: the value may have lost or kept a word of it. */
  guessedLabel?: boolean;
}

/** Collects the lines of a party block under (or after) its header. */
export function partyLines(hit: LabelHit, segments: Segment[], hitsBySegment: Map<Segment, LabelHit[]>, pageWidth: number, keyed = false): PartyLine[] {
  const lines: PartyLine[] = [];
  const seg = hit.segment;
  const lh = seg.lineHeight;
  let colX0: number;
  /** Left edge of the values on a keyed form ("CONSIGNED TO   Acme Corp" with the rows' values aligned under the name). */
  let valueX0: number | null = null;
  let lastBottom = seg.bbox[3];
  // A label read with a garbled short word after it ("CONSIGNED pes" for CONSIGNED TO) and the value further along
  // the row: the stray word belongs to the label.
  // A lone word of one or two characters is the label's own last word misread ("CONSIGNED 1" for CONSIGNED TO).
  const strayTail = hit.valueWords.length === 1 && alnumCount(hit.valueWords[0]!.text) <= 2;
  // A note in parentheses after the heading ("FACTURER A (TIERS)") is no value: the block is below.
  const noteTail = /^\(.*\)$/.test(textOf(hit.valueWords).trim());
  // The heading's second name after its slash read as a letter ("REMITENTE I ORIGEN") is no value either.
  const secondName = headingOfField(hit.field, hit.valueWords);
  const inline = hit.valueWords.length && !isGarble(hit.valueWords) && !strayTail && !noteTail && !secondName ? hit.valueWords : [];
  // A line starts below the header half a letter down, measured by the smaller of the two: a header read with ink
  // below it (a box twice its letters' height) would otherwise hide the first line, set tight under it.
  // The header's own box bounds its height too: its engine line may hold taller words (a line height of 42 for a
  // 22-pixel "SHIP TO" kept a tall written name that starts 16 pixels under its top out of the block).
  // A tall handwritten line set tight under the header may reach above its top with its strokes: it still counts when
  // its middle is below the header and it starts no further right than the header ends (not a value beside it).
  const startsBelowHeader = (s: Segment): boolean => s.bbox[1] > seg.bbox[1] + 0.5 * Math.min(lh, s.lineHeight, seg.bbox[3] - seg.bbox[1])
    || (s !== seg && midY(s.bbox) > seg.bbox[3] && s.bbox[3] - seg.bbox[3] > lh && s.bbox[0] < seg.bbox[2] && s.lineHeight > 2 * lh);
  // The heading's own note on a line of its own, or the end of one it left open, under it: part of the heading.
  const headingRest = (s: Segment): boolean => isNote(s.words)
    || (!!hit.noteOpen && s.bbox[1] - seg.bbox[3] < 1.5 * lh && xOverlap(s.bbox, seg.bbox) > 0 && closesNote(s.words));
  if (keyed) {
    // A "Name: ..." line with no header above it: the block is aligned on the label.
    lines.push({ words: hit.valueWords, sub: 'name' });
    colX0 = seg.bbox[0];
  } else if (inline.length) {
    lines.push({ words: inline, sub: null });
    colX0 = inline[0]!.bbox[0];
  } else {
    // First line under the header that overlaps it sets the column's left edge (headers are often centred).
    const span: [number, number, number, number] = [seg.bbox[0] - 0.04 * pageWidth, seg.bbox[1], seg.bbox[2] + 0.04 * pageWidth, seg.bbox[3]];
    const under = segments
      // Specks read as "." or "i" do not set the column.
      .filter((s) => s.bbox[2] - s.bbox[0] >= 0.4 * lh || s.bbox[3] - s.bbox[1] >= 0.4 * lh)
      // A line of the neighbouring column that only grazes the span does not set this one's column.
      .filter((s) => s.page === seg.page && startsBelowHeader(s) && s.bbox[1] - seg.bbox[3] < 3 * lh
        && xOverlap(s.bbox, span) > 0.3 * Math.min(span[2] - span[0], s.bbox[2] - s.bbox[0]) && !headingRest(s))
      .sort((a, b) => a.bbox[1] - b.bbox[1] || Math.abs(a.bbox[0] - seg.bbox[0]) - Math.abs(b.bbox[0] - seg.bbox[0]));
    // The first row may be read as two pieces whose right one stands a little higher (a row label "Nombre" apart from
    // "Razón social: ACME" on a tilted photo): the row's leftmost piece sets the column when the next row lines up
    // under it and not under the other (a grid's values do line up under the first value, right of their labels).
    const leftPiece = under.filter((s) => under[0] && sameRow(s, under[0]) && s.bbox[0] < under[0].bbox[0] && s.bbox[2] <= under[0].bbox[0] + 0.5 * lh)
      .sort((a, b) => a.bbox[0] - b.bbox[0])[0];
    const rowBelowAt = (x: number): boolean => segments.some((s) => s.page === seg.page && s.bbox[1] > under[0]!.bbox[3] - 0.2 * lh
      && s.bbox[1] - under[0]!.bbox[3] < 2 * lh && Math.abs(s.bbox[0] - x) < 2.2 * lh);
    // "CONSIGNED TO   Acme Corp" with keyed rows under it: the name sits right of the header.
    const right = segments.filter((r) => r !== seg && sameRow(r, seg) && r.bbox[0] > seg.bbox[2] && r.bbox[0] - seg.bbox[2] < Math.max(8 * lh, 0.25 * pageWidth))
      .sort((a, b) => a.bbox[0] - b.bbox[0])[0];
    const named = !!right && !(hitsBySegment.get(right) ?? []).some((x) => x.atStart) && /[A-Z]{2}/i.test(right.text) && !isNote(right.words);
    // A typed form's rows may stand further apart than three letters (a row label 45 px under a 15 px heading, the
    // name beside the heading): with a name there, the next row label in the heading's column starts the rows.
    const spaced = named && !under.length ? segments.filter((s) => s.page === seg.page && startsBelowHeader(s) && s.bbox[1] - seg.bbox[3] < 4.5 * lh
      && Math.abs(s.bbox[0] - seg.bbox[0]) < 2.2 * lh).sort((a, b) => a.bbox[1] - b.bbox[1])[0] : undefined;
    const first = leftPiece && rowBelowAt(leftPiece.bbox[0]) && !rowBelowAt(under[0]!.bbox[0]) ? leftPiece : under[0] ?? spaced;
    if (!first) return lines;
    colX0 = first.bbox[0];
    if (right && named) {
      lines.push({ words: right.words, sub: 'headerRight' });
      valueX0 = right.bbox[0];
    }
  }
  const stopFields = (s: Segment): boolean => {
    const hs = hitsBySegment.get(s) ?? [];
    const startHit = hs.find((h) => h.atStart);
    return !!startHit && !PARTY_SUBFIELDS.has(startHit.field);
  };
  // A row holding two or more field headings (a goods table's "PIECES ... DESCRIPTION ... WEIGHT") ends any block.
  // A keyed pair beside the block ("Carrier  FLETES Y CARGA") is not such a row: only goods-table headings count.
  const tableHeaderRow = (s: Segment): boolean => segments.filter((r) => sameRow(r, s)
    && (hitsBySegment.get(r) ?? []).some((h) => h.atStart && GOODS_HEADINGS.has(h.field))).length >= 2;
  const below = segments
    // Values written larger than a small heading (handwriting, a low-resolution capture) align by their own height.
    .filter((s) => s.page === seg.page && startsBelowHeader(s) && Math.abs(s.bbox[0] - colX0) < 2.2 * Math.max(lh, Math.min(s.lineHeight, 2.5 * lh)))
    .sort((a, b) => a.bbox[1] - b.bbox[1]);
  // "State:" with its value printed as a separate segment to the right.
  const keyedValue = (h: LabelHit): Word[] => (h.valueWords.length ? h.valueWords : rightOfLabel(h.segment, h.field));
  /** The value printed right of a row label that stands alone in its cell. */
  const rightOfLabel = (label: Segment, field?: string): Word[] => {
    // A tall speck of the next row that grazes this one is not the value beside the label: centres must line up;
    // failing that, tops (a label read with a tail of ink below it keeps its top), or bottoms (a typed value whose
    // characters ride up and down its line stands on the label's baseline).
    const beside = segments.filter((r) => r !== label && sameRow(r, label) && r.bbox[0] > label.bbox[2] && r.bbox[0] - label.bbox[2] < Math.max(8 * lh, 0.25 * pageWidth) && !isSpeck(r))
      .sort((a, b) => a.bbox[0] - b.bbox[0]);
    const lined = (edge: (b: Segment['bbox']) => number) => beside.find((r) => Math.abs(edge(r.bbox) - edge(label.bbox)) < 0.6 * lh);
    // Bottoms only for a value no other label left of it lines up with better (that row's value, not this one's).
    const ownRow = (r: Segment): boolean => !segments.some((o) => o !== label && o !== r && o.bbox[2] <= r.bbox[0] && sameRow(o, r) && Math.abs(midY(o.bbox) - midY(r.bbox)) < 0.6 * lh);
    const right = lined(midY) ?? lined((b) => b[1]) ?? beside.find((r) => Math.abs(r.bbox[3] - label.bbox[3]) < 0.6 * lh && ownRow(r));
    if (!right) return [];
    const marked = (hitsBySegment.get(right) ?? []).find((x) => x.atStart && x.marked);
    // The rest of this row's own label read apart ("Nombre" | "Razón social: ACME", "Ciudad, Estado," | "C.P: LEON ..."):
    // its value is this row's.
    if (marked) return field && continuesLabel(field, marked.field) ? marked.valueWords : [];
    return right.words;
  };
  // On a keyed form the values of the rows under the header sit in the name's column, right of row labels the OCR
  // may have garbled beyond recognition ("Sara" for STREET): such a row gives the value beside it.
  const valueBeside = (s: Segment): Segment | undefined => valueX0 === null || s.bbox[2] > valueX0 ? undefined
    : segments.find((r) => r !== s && sameRow(r, s) && Math.abs(r.bbox[0] - valueX0!) < 2.2 * lh && !(hitsBySegment.get(r) ?? []).some((x) => x.atStart));
  // A keyed row's value run on to a second line in its column ("STONEBRIDGE GLASSWORKS" / "COMPANY"), closer than
  // rows stand and with no row label of its own, is part of the value, however much it looks like a label.
  const wrappedLines = (value: Word[]): Segment[] => {
    const out: Segment[] = [];
    let prev = value;
    while (prev.length && out.length < 2) {
      const x0 = prev[0]!.bbox[0], bottomY = Math.max(...prev.map((w) => w.bbox[3]));
      const next = segments.find((r) => r.page === seg.page && Math.abs(r.bbox[0] - x0) < lh && r.bbox[1] > bottomY - 0.2 * lh && r.bbox[1] - bottomY < 0.8 * lh
        && !below.some((b) => b !== r && sameRow(b, r)) && !(hitsBySegment.get(r) ?? []).some((h) => h.atStart && (h.marked || !PARTY_SUBFIELDS.has(h.field))));
      if (!next) break;
      out.push(next);
      prev = next.words;
    }
    return out;
  };
  // A row label in the column of another party's heading above it (the block beside this one) is that party's.
  const inOtherBlock = (r: Segment): boolean => segments.some((o) => o !== seg && o.page === seg.page && o.bbox[1] < r.bbox[1] && Math.abs(o.bbox[0] - r.bbox[0]) < 2.2 * lh
    && (hitsBySegment.get(o) ?? []).some((h) => h.atStart && PARTY_HEADINGS.has(h.field)));
  // A city line the engine cut at its comma ("Moncton," | "NB E1C 5J1", the gap widened by a box read short): the
  // state and code beside it, a little further than a word's gap, belong to it.
  const cityRest = (s: Segment): Segment | undefined => {
    if (!/\p{L},$/u.test(s.words[s.words.length - 1]!.text)) return undefined;
    const r = segments.filter((o) => o !== s && sameRow(o, s) && o.bbox[0] > s.bbox[2] && o.bbox[0] - s.bbox[2] < 3 * s.lineHeight && !isSpeck(o))
      .sort((a, b) => a.bbox[0] - b.bbox[0])[0];
    const first = r ? normalizeText(r.words[0]!.text).replace(/[^A-Z]/g, '') : '';
    return r && isStateCode(first) && !(hitsBySegment.get(r) ?? []).some((h) => h.atStart) && parseCityStateZip([...s.words, ...r.words]) ? r : undefined;
  };
  const pending: Array<{ at: number; seg: Segment }> = [];
  // Handwritten values run larger than the printed header: the gap allowed grows with the lines already taken.
  let lastLh = lh;
  // Typed forms with tall rows ("CONSIGNED TO / STREET / DESTINATION" a finger apart): the first row's gap (up to the
  // three lines allowed for the column's first line) sets the pitch the next rows may keep.
  let pitch = 0;
  // Another party's heading between two rows ends the block, even one printed too small or too far left to count
  // among the rows (a small "BILL TO" above keyed rows set in from it).
  const headingBefore = (s: Segment): boolean => segments.some((o) => o !== seg && o.page === seg.page && o.bbox[1] >= lastBottom - 0.3 * lh
    && o.bbox[3] <= s.bbox[1] + 0.3 * lh && xOverlap(o.bbox, s.bbox) > 0 && (hitsBySegment.get(o) ?? []).some((h) => h.atStart && PARTY_HEADINGS.has(h.field)));
  for (const s of below) {
    const gap = s.bbox[1] - lastBottom;
    if (gap > Math.max(2.4 * Math.max(lh, Math.min(lastLh, 2 * lh)), pitch ? 1.35 * pitch : 3 * lh)) break;
    if (lines.length && headingBefore(s)) break;
    if (!lines.length && headingRest(s)) {
      lastBottom = s.bbox[3];
      continue;
    }
    if (!pitch && gap > 0) pitch = gap;
    // "DESTINATION  Austin, TX 78701" / "ORIGEN ...": a place row inside the block, not the next party.
    const placeHit = (hitsBySegment.get(s) ?? []).find((h) => h.atStart && PLACE_ROW.test(h.label));
    if (placeHit && lines.length) {
      const v = keyedValue(placeHit);
      if (v.length && parseCityStateZip(v)) {
        lines.push({ words: v, sub: 'cityStateZip' });
        lastBottom = s.bbox[3];
        // On a keyed form the place row closes the block: the rows after it are the next party's.
        if (valueX0 !== null) break;
        continue;
      }
    }
    if (stopFields(s) || tableHeaderRow(s)) break;
    const hs = hitsBySegment.get(s) ?? [];
    const sub = hs.find((h) => h.atStart && PARTY_SUBFIELDS.has(h.field));
    let bottom = s.bbox[3];
    if (sub) {
      // A later label on the same line ("Location #: 434") ends the value: valueWords already stop there.
      const value = keyedValue(sub);
      const more = sub.field === 'name' || sub.field === 'address' ? wrappedLines(value) : [];
      lines.push({ words: [...value, ...more.flatMap((m) => m.words)], sub: sub.field });
      bottom = Math.max(bottom, ...more.map((m) => m.bbox[3]));
      // "City: X   State: Y   Zip: Z" on one row: pick up the keyed siblings too. A row label seen again on the row
      // ("Domicilio:" of the block beside this one) starts the neighbouring party's column.
      const onRow = new Set<string>([sub.field]);
      for (const r of segments.filter((r) => r !== s && sameRow(r, s) && r.bbox[0] > s.bbox[0]).sort((a, b) => a.bbox[0] - b.bbox[0])) {
        const rh = (hitsBySegment.get(r) ?? []).find((h) => h.atStart && PARTY_SUBFIELDS.has(h.field));
        if (!rh) continue;
        if (onRow.has(rh.field) || inOtherBlock(r)) break;
        onRow.add(rh.field);
        lines.push({ words: keyedValue(rh), sub: rh.field });
      }
    } else {
      const beside = valueBeside(s);
      const stripped = stripSubLabel(s.words);
      if (beside && (stripped.sub !== null ? !stripped.words.length : looksLikeRowLabel(s.words) || !stripped.words.length)) {
        lines.push({ words: beside.words, sub: stripped.sub, keyedRow: true });
        // The city line closes a keyed block: the next garbled row label starts another party.
        if (stripped.sub === null && parseCityStateZip(beside.words)) break;
      } else {
        // The first piece of a row label wrapped over rows ("CITY /" over "STATE /" over "ZIP") has the row's value
        // beside it.
        const wrappedLabel = s.words.length <= 3 && !/\d/.test(s.text) && /[A-Z]{3,}\s*\/$/i.test(s.text.trim());
        // So has a row label read whole but for remains of its second name ("Nombre / Razón" with "social:" read as
        // "a:" beside it, in a piece of its own): the value beside it, less those remains.
        const labelOnly = stripped.sub !== null && isLabelRemains(stripped.words) ? stripped.sub : rowLabelStart(s.words);
        const value = wrappedLabel ? rightOfLabel(s) : labelOnly ? stripSubLabel(dropLabelTail(rightOfLabel(s, labelOnly))).words : [];
        if (value.length) lines.push({ words: value, sub: null, keyedRow: true });
        else {
          if (valueX0 === null && stripped.sub === null && isJunkLabel(s.words)) pending.push({ at: lines.length, seg: s });
          const rest = cityRest(s);
          lines.push(rest ? { ...stripped, words: [...stripped.words, ...rest.words] } : stripped);
        }
      }
    }
    lastBottom = bottom;
    lastLh = s.lineHeight;
    if (lines.length >= 9) break;
  }
  // Keyed rows read ("ADDRESS  Calle Morelos 2021") show where the values stand: a row whose label the OCR turned
  // into a mark ("=" for NAME) gives the value beside it too.
  const xs = lines.filter((l) => l.sub !== null && PARTY_SUBFIELDS.has(l.sub) && l.words.length && l.words[0]!.bbox[0] - colX0 > 4 * lh).map((l) => l.words[0]!.bbox[0]).sort((a, b) => a - b);
  // ... and where the NAME row label went unread altogether, the value in that column between the heading and the
  // first keyed row is the name.
  const firstKeyed = lines[0];
  if (valueX0 === null && xs.length && firstKeyed?.sub && firstKeyed.sub !== 'name' && PARTY_SUBFIELDS.has(firstKeyed.sub) && firstKeyed.words.length) {
    const x = xs[Math.floor(xs.length / 2)]!, top = Math.min(...firstKeyed.words.map((w) => w.bbox[1]));
    const name = segments.find((r) => r.page === seg.page && r.bbox[1] >= seg.bbox[3] - 0.3 * lh && r.bbox[3] <= top + 0.3 * lh && Math.abs(r.bbox[0] - x) < 2.2 * lh
      && !(hitsBySegment.get(r) ?? []).length && /\p{L}{2}/u.test(r.text));
    if (name) lines.unshift({ words: name.words, sub: 'name', keyedRow: true });
  }
  if (valueX0 === null && pending.length) {
    if (xs.length) {
      valueX0 = xs[Math.floor(xs.length / 2)]!;
      for (const { at, seg: s } of pending) {
        const beside = valueBeside(s);
        if (beside) lines[at] = { words: beside.words, sub: null, keyedRow: true };
      }
    }
  }
  return lines;
}

const GOODS_HEADINGS = new Set<string>(['weight', 'pieces', 'handlingUnits', 'commodity', 'freightClass', 'nmfc']);

/** A row label the OCR turned into a mark or a garbled short word ("=", "Sara"): not a value of its own. */
function isJunkLabel(words: Word[]): boolean {
  return alnumCount(words.map((w) => w.text).join('')) < 2 || isGarble(words);
}

/**
 * What stands left of a keyed block's values' column on a row that has a value beside it: a word or two of letters is
 * that row's label however clearly misread ("Smuer"); so is one sign read with next to no confidence ("5" for
 * STREET), and a garbled label with its colon read as a 1 ("STRFF. 1").
 */
function looksLikeRowLabel(words: Word[]): boolean {
  return isGarble(words) || (words.length <= 2 && !/\d/.test(textOf(words)))
    || (words.length === 1 && alnumCount(words[0]!.text) <= 1 && words[0]!.confidence < 0.3)
    || (words.length === 2 && alnumCount(words[1]!.text) <= 1 && isGarble(words.slice(0, 1)));
}

/** A short, weakly read word or two (a small-caps label the OCR garbled), not a value: few letters, low confidence. */
export function isGarble(words: Word[]): boolean {
  const text = words.map((w) => w.text).join('');
  const conf = words.reduce((a, w) => a + w.confidence, 0) / Math.max(1, words.length);
  return words.length > 0 && words.length <= 2 && !/\d/.test(text) && text.replace(/[^\p{L}]/gu, '').length <= 12 && conf < 0.7;
}

// Row labels printed without a colon in front of a party's values ("NAME  Acme Corp", "CITY, STATE, ZIP  Austin TX").
// Single words that also start real values ("CITY", "CIUDAD JUAREZ") are left alone; these need a value after them.
const SUB_LABELS: Array<[string, string]> = [
  ['COMPANY NAME', 'name'], ['COMPANY', 'name'], ['NAME', 'name'], ['NOMBRE RAZON SOCIAL', 'name'], ['NOMBRE', 'name'], ['RAZON SOCIAL', 'name'],
  ['RAISON SOCIALE', 'name'], ['NOM', 'name'], ['STREET ADDRESS', 'address'], ['ADDRESS', 'address'], ['STREET', 'address'],
  ['DIRECCION', 'address'], ['DOMICILIO', 'address'], ['ADRESSE', 'address'],
  ['CITY STATE ZIP', 'cityStateZip'], ['CITY STATE POSTAL CODE', 'cityStateZip'], ['CITY ST ZIP', 'cityStateZip'], ['CIUDAD ESTADO CP', 'cityStateZip'],
  ['CIUDAD ESTADO C P', 'cityStateZip'], ['VILLE CODE POSTAL', 'cityStateZip'], ['VILLE PROVINCE CODE POSTAL', 'cityStateZip'],
];
// The row labels of two words or more, by word ("RAZON SOCIAL"): their first word read whole tells them apart.
const MULTI_WORD_LABELS = SUB_LABELS.filter(([l]) => l.includes(' ')).map(([l, sub]) => ({ words: l.split(' '), sub }));
const labelKey = (words: Word[]): string => words.map((w) => normalizeText(w.text).replace(/[^A-Z0-9 ]/g, ' ')).join(' ').replace(/\s+/g, ' ').trim();

const SUB_LABEL_WORDS = new Set(SUB_LABELS.flatMap(([l]) => l.split(' ')).filter((w) => w.length >= 3));

/** Words left of a row label's second name: marks, a letter or two, or a word of a row label ("/ Razón"). */
function isLabelRemains(words: Word[]): boolean {
  return words.every((w) => {
    const t = normalizeText(w.text).replace(/[^A-Z]/g, '');
    return t.length <= 2 || SUB_LABEL_WORDS.has(t);
  });
}

/** A label word read with its first three letters kept and the rest garbled ("SOCET" for SOCIAL). */
const keepsStart = (read: string, word: string): boolean => read.length >= 3 && read.slice(0, 3) === word.slice(0, 3);

/** The sub-field of a row label of several words read alone, up to a word of its rest ("Ciudad, Estado,"), or null. */
function rowLabelStart(words: Word[]): string | null {
  const key = labelKey(words).split(' ');
  if (key.length < 2) return null;
  return MULTI_WORD_LABELS.find((l) => l.words.length >= key.length && key.every((w, i) => w === l.words[i]))?.sub ?? null;
}

/** Whether words after a heading are the same party's other heading, behind a slash read as a letter ("I ORIGEN"). */
function headingOfField(field: string, words: Word[]): boolean {
  const ws = words.length >= 2 && /^[/|Il17]$/.test(words[0]!.text) ? words.slice(1) : words;
  const key = normalizeText(textOf(ws)).replace(/[^A-Z ]/g, ' ').replace(/\s+/g, ' ').trim();
  return !!key && LABELS.some((l) => l.field === field && !l.strict && l.text === key);
}

/** Whether a marked label beside a row label is that label's own rest (its second name, or a part of a city line's). */
function continuesLabel(field: string, next: string): boolean {
  return next === field || (field === 'cityStateZip' && ['zip', 'state', 'city', 'cityStateZip'].includes(next));
}

/** A value beside a row label, less the label's last word cut off in front of it ("a:" for social:). */
function dropLabelTail(words: Word[]): Word[] {
  return words.length >= 2 && /^\p{L}{1,3}:$/u.test(words[0]!.text) ? words.slice(1) : words;
}

/** Removes a leading unmarked row label from a party line and says which sub-field it names. */
export function stripSubLabel(words: Word[]): { words: Word[]; sub: string | null; guessedLabel?: boolean } {
  const once = (ws: Word[]): { words: Word[]; sub: string | null } => {
    for (const near of [false, true]) {
      for (let k = Math.min(5, ws.length - 1); k >= 1; k--) {
        const key = labelKey(ws.slice(0, k));
        const hit = SUB_LABELS.find(([l]) => (near ? nearLabel(key, l) : l === key));
        if (hit) return { words: ws.slice(k), sub: hit[1] };
      }
    }
    return { words: ws, sub: null };
  };
  const first = once(words);
  if (first.sub === null) {
    // Both names garbled but the second's first word ("MEMBRE / RAZON VOST Blue Ridge"): a short word, a slash, a
    // two-word label's first word and one more word are the row label.
    const two = words.length > 4 && /^[/|]$/.test(words[1]!.text) && /^\p{L}{3,8}$/u.test(words[0]!.text)
      ? MULTI_WORD_LABELS.find((l) => l.words[0] === labelKey(words.slice(2, 3))) : undefined;
    if (two) return { words: words.slice(4), sub: two.sub, guessedLabel: true };
    // A two-word row label whose first name went unread, its own first word read whole and its second word's first
    // letters kept ("Razón socet ACEROS ..." for RAZON SOCIAL): no value starts so.
    const key = (i: number): string => labelKey(words.slice(i, i + 1));
    const second = words.length > 2 ? MULTI_WORD_LABELS.find((l) => l.words.length === 2 && l.words[0]!.length >= 4 && l.words[0] === key(0)
      && keepsStart(key(1), l.words[1]!)) : undefined;
    if (second) return { words: words.slice(2), sub: second.sub, guessedLabel: true };
    // A one-word row label of four letters or more read weakly with one slip ("NAML" for NAME) before the value.
    const single = words.length > 2 && words[0]!.confidence < 0.8 && key(0).length >= 4
      ? SUB_LABELS.find(([l]) => !l.includes(' ') && l.length >= 4 && l.length === key(0).length && ocrDistance(key(0), l) <= 1) : undefined;
    if (single) return { words: words.slice(1), sub: single[1], guessedLabel: true };
    return smallCapsLead(words);
  }
  // "NOMBRE / RAZON SOC. Acme": two names for one row label.
  let rest = first.words;
  // The second name of the same row label starts here when its first word is read whole ("RAZON" of RAZON SOCIAL).
  const secondNameStarts = (ws: Word[]): boolean => ws.length > 1
    && MULTI_WORD_LABELS.some((l) => l.sub === first.sub && l.words[0] === labelKey(ws.slice(0, 1)));
  if (rest.length > 1 && /^[/|]+$/.test(rest[0]!.text)) rest = rest.slice(1);
  // The slash between the two names read as a 7, 1 or I ("NOMBRE 7 RAZON SOCIAL").
  else if (/^[71lI]$/.test(rest[0]?.text ?? '') && secondNameStarts(rest.slice(1))) rest = rest.slice(1);
  const second = rest !== first.words || rest.length > 1 ? once(rest) : { words: rest, sub: null };
  const afterSlash = rest !== first.words || /^[/|]+$/.test(words[words.length - rest.length - 1]?.text ?? '');
  // The second name's first word read and the rest garbled up to the label's colon ("RAZON voca: Blue Ridge").
  // Or the rest read weakly before a clearly read value ("Razón sort COMERCIAL HUASTECA"), or weakly with the label
  // word's first letter ("Razón soont Manufacturas", the value itself read none too well).
  const secondWord = MULTI_WORD_LABELS.find((l) => l.sub === first.sub && l.words[0] === labelKey(rest.slice(0, 1)))?.words[1];
  // ... or surely enough but two slips off a long second word ("Razón socat").
  // ... or fairly weakly with that letter before a value read surely ("Razón soos GRUPO").
  const firstLetter = !!secondWord && secondWord[0] === labelKey(rest.slice(1, 2))[0];
  const weakSecond = rest.length > 2 && ((rest[1]!.confidence < 0.5 && (rest[2]!.confidence >= 0.8 || firstLetter)) || (rest[1]!.confidence < 0.7 && firstLetter && rest[2]!.confidence >= 0.9)
    || (!!secondWord && secondWord.length >= 5 && ocrDistance(labelKey(rest.slice(1, 2)), secondWord) <= 2)
    // ... or however surely, with the long second word's first three letters ("Razón socet Aceros").
    || (!!secondWord && secondWord.length >= 5 && keepsStart(labelKey(rest.slice(1, 2)), secondWord)));
  if (second.sub === null && afterSlash && rest.length > 2 && secondNameStarts(rest) && (rest[1]!.text.endsWith(':') || weakSecond)) {
    return { words: rest.slice(2), sub: first.sub, guessedLabel: true };
  }
  if (second.sub === null && afterSlash) {
    // The second name's first word garbled past matching and read weakly, the rest exact ("NOMBRE / Fauzde social").
    const tail = MULTI_WORD_LABELS.map((l) => l.words).find((lw) => rest.length > lw.length && rest[0]!.confidence < 0.3
      && labelKey(rest.slice(1, lw.length)) === lw.slice(1).join(' '));
    if (tail) return { words: rest.slice(tail.length), sub: first.sub, guessedLabel: true };
    // The second name read as one or two weak words ("NOMBRE / Mazos vocal") before a clearly read value.
    let k = 0;
    while (k < 2 && k < rest.length - 1 && rest[k]!.confidence < 0.5) k++;
    if (k && rest[k]!.confidence >= 0.8) return { words: rest.slice(k), sub: first.sub, guessedLabel: true };
  }
  return { words: second.sub !== null ? second.words : rest, sub: first.sub };
}

/**
 * Row labels printed in small capitals come out of the OCR as short lower-case words ("nue Kestrel Fasteners",
 * "em sure ze Buffalo, NY", "smerr_11682 Porter Way"); values start with a capital or a digit. Such words go.
 */
function smallCapsLead(words: Word[]): { words: Word[]; sub: string | null } {
  // "Nat" for NAME: small caps read as a capital and lower case, weakly.
  const lower = (w: Word): boolean => (/^[\p{Ll}_.,:;]+$/u.test(w.text) || (/^\p{Lu}\p{Ll}{1,3}[.,:;]?$/u.test(w.text) && w.confidence < 0.6))
    && w.text.replace(/[^\p{L}]/gu, '').length <= 6;
  let k = 0;
  while (k < Math.min(3, words.length - 1) && lower(words[k]!)) k++;
  const next = words[k];
  const glued = next && k === 0 ? /^\p{Ll}{2,6}_(\d[\p{L}\p{N}-]*|\p{L}{3,})$/u.exec(next.text) : null;
  if (glued) return { words: [{ ...next!, text: glued[1]! }, ...words.slice(1)], sub: null };
  if (!k || !next || !/^_?[\p{Lu}\p{N}]/u.test(next.text)) return { words, sub: null };
  return { words: [{ ...next, text: next.text.replace(/^_/, '') }, ...words.slice(k + 1)], sub: null };
}

/**
 * A row label read with a slip ("NOMBRE RARON SOCIAL") or cut short ("RAZON SOC"): each word equal, abbreviated
 * (a prefix of three letters or more) or a look-alike misreading, within one edit in all (1.5 for long labels).
 */
export function nearLabel(key: string, label: string): boolean {
  const kt = key.split(' '), lt = label.split(' ');
  if (kt.length !== lt.length || key.replace(/ /g, '').length < 5) return false;
  let cost = 0;
  for (let i = 0; i < kt.length; i++) {
    const a = kt[i]!, b = lt[i]!;
    if (a === b) continue;
    if (a.length >= 3 && b.startsWith(a) && i > 0) { cost += 0.5; continue; }
    if (a.length < 4) return false;
    cost += ocrDistance(a, b);
  }
  return cost <= (key.length >= 8 ? 1.5 : 1);
}

// A name cut after one of these waits for its last words on the next line.
const CONNECTORS = new Set(['DE', '&', 'AND', 'Y', 'ET', 'OF']);
const CARRIED_ENDINGS = new Set(['CV', 'RL', 'INC', 'LLC', 'LTD', 'CORP', 'ULC', 'LTEE', 'COMPANY', 'SONS']);

/** The company ending a name cut after a connector ("SA DE") finds as the next line's first word ("cv"), or null. */
export function wrappedEnding(name: string, nextWord: string): string | null {
  const last = name.split(' ').pop() ?? '';
  const word = normalizeText(nextWord).replace(/[.,]/g, '');
  return name.includes(' ') && CONNECTORS.has(last) && CARRIED_ENDINGS.has(word) ? word : null;
}

/**
 * City and state on rows of their own with the postal code unreadable (a grid form's CITY / STATE / ZIP rows on a
 * low-resolution capture): the city and a real state code are taken as doubts, the code as read with more doubt.
 */
function stackedCityState(lines: PartyLine[], p: ParsedParty, used: Set<number>): number {
  for (let i = lines.length - 1; i >= 2; i--) {
    const stateLine = lines[i]!, cityLine = lines[i - 1]!;
    const st = stateLine.words.length === 1 ? normalizeText(stateLine.words[0]!.text).replace(/[^A-Z]/g, '') : '';
    if (st.length < 2 || st.length > 4 || !isStateCode(st) || (stateLine.sub !== null && stateLine.sub !== 'state')) continue;
    const cityText = textOf(cityLine.words).replace(/[,;]+$/, '').toUpperCase();
    if (!cityLine.words.length || cityLine.words.length > 3 || !/^[\p{L} .'-]{3,}$/u.test(cityText) || (cityLine.sub !== null && cityLine.sub !== 'city')) continue;
    p.City = { value: cityText, words: cityLine.words, checks: 0, doubts: 1 };
    p.State = { value: st, words: stateLine.words, checks: 0, doubts: 1 };
    used.add(i - 1); used.add(i);
    const zipLine = lines[i + 1];
    if (zipLine && zipLine.words.length && zipLine.words.length <= 2 && (zipLine.sub === null || zipLine.sub === 'zip')) {
      p.Zip = { value: textOf(zipLine.words).toUpperCase(), words: zipLine.words, checks: 0, doubts: 2 };
      used.add(i + 1);
    }
    p.complete = true;
    return i - 1;
  }
  return -1;
}

/** Builds a party from block lines, checking state and city against the postal code. */
export function parseParty(allLines: PartyLine[], headerHit: LabelHit): ParsedParty {
  // A line with fewer than two letters or digits is a misread rule, tick or stray label mark; a contact's line is a
  // person's, not the party's.
  const lines = unfoldRunningText(allLines.filter((l) => l.words.length === 0 || (alnumCount(l.words.map((w) => w.text).join('')) >= 2 && !isContactLine(l.words))));
  const p: ParsedParty = { Name: null, Address: null, City: null, State: null, Zip: null, country: null, complete: false, headerHit };
  const used = new Set<number>();
  // City/state/ZIP: a keyed line, else the first line that parses as one.
  const keyed = (sub: string) => lines.findIndex((l) => l.sub === sub && l.words.length > 0);
  const [ci, si, zi] = [keyed('city'), keyed('state'), keyed('zip')];
  // A city row label that took the whole line ("Ciudad; Estado, C.£: LAREDO, TX 78040", its first word read alone as
  // CIUDAD): with no state or code rows of its own, the line is the city line.
  if (ci >= 0 && si < 0 && zi < 0 && keyed('cityStateZip') < 0 && parseCityStateZip(lines[ci]!.words)) lines[ci] = { ...lines[ci]!, sub: 'cityStateZip' };
  if (zi >= 0 && lines.findIndex((l) => l.sub === 'cityStateZip') < 0) {
    // Separate "City:", "State:", "Zip:" fields: check them together as one city line would be.
    const joined = [...(ci >= 0 ? lines[ci]!.words : []), ...(si >= 0 ? lines[si]!.words : []), ...lines[zi]!.words];
    if (ci >= 0 && si >= 0) {
      for (const i of [ci, si, zi]) if (i >= 0) lines[i] = { ...lines[i]!, sub: 'used' };
      lines.push({ words: joined, sub: 'cityStateZip' });
    }
  }
  let cszIdx = lines.findIndex((l) => l.sub === 'cityStateZip');
  if (cszIdx < 0) {
    // The city line closes the block: take the last line that parses, after the name line.
    const parsing = lines.flatMap((l, i) => (i >= 1 && l.sub === null && parseCityStateZip(l.words) ? [i] : []));
    cszIdx = parsing[parsing.length - 1] ?? -1;
    // ... unless an earlier one closes a name and street of its own: the block ran on into the next party's, whose
    // heading went unread ("sui TO" for SHIP TO), and the first city line is this party's.
    const first = parsing.find((i) => i >= 2);
    if (first !== undefined && cszIdx - first >= 3) cszIdx = first;
  }
  if (cszIdx < 0) {
    // City, state and postal code stacked on two or three lines of their own (a grid with a row for each).
    for (let i = lines.length - 1; i >= 2 && cszIdx < 0; i--) {
      for (const n of [3, 2]) {
        const from = i - n + 1;
        if (from < 2) continue;
        const group = lines.slice(from, i + 1);
        // City names run to five words and more ("SAN NICOLAS DE LOS GARZA"); state and code rows are short.
        if (group.some((l, k) => (l.sub !== null && l.sub !== 'city' && l.sub !== 'state' && l.sub !== 'zip') || !l.words.length || l.words.length > (k === 0 ? 6 : 4))) continue;
        const joined = group.flatMap((l) => l.words);
        if (!parseCityStateZip(joined)) continue;
        lines.splice(from, n, { words: joined, sub: 'cityStateZip' });
        cszIdx = from;
        break;
      }
    }
  }
  // Where the street ends: at the city line.
  let cityAt = cszIdx;
  if (cszIdx < 0) cityAt = stackedCityState(lines, p, used);
  if (cszIdx >= 0) {
    const csz = parseCityStateZip(lines[cszIdx]!.words);
    used.add(cszIdx);
    if (csz) {
      p.complete = true;
      // A stray number in front of the city ("22 APODACA": a cut-off row or street number) is not part of it.
      let numbered = false;
      const stateCode = csz.stateText.replace(/[^A-Z]/g, '');
      const mexican = stateCode in MX_STATES && !US_STATES.has(stateCode) && !CA_PROVINCES.has(stateCode);
      const american = US_STATES.has(stateCode) && !(stateCode in MX_STATES) && !CA_PROVINCES.has(stateCode);
      const place = placeOfPostal(csz.zipText, csz.country ?? (mexican ? 'MX' : american ? 'US' : null));
      p.country = place?.country ?? csz.country;
      // A character changed to fit the code's pattern ("178" -> "1T8") is a guess the place check cannot confirm.
      // Only a US ZIP is looked up whole: a Mexican code is known by its first two digits, a Canadian one by its first
      // three characters, so a slip in the rest ("27619" for 27019) passes that check.
      const zipConf = { value: csz.zipText, words: csz.zip, checks: place?.country === 'US' ? 1 : 0, doubts: csz.zipRepaired || csz.stateFromLetter ? 1 : 0 };
      const stateFixed = repairState(csz.stateText, place?.states ?? null);
      // A US ZIP names one state outright.
      const zipState = place?.country === 'US' && place.states.length === 1 ? place.states[0]! : null;
      const stateOk = stateFixed !== null && place !== null && stateMatchesPostal(stateFixed, place);
      p.Zip = zipConf;
      // A state changed to fit the postal code (WA -> CA) is a guess, unlike a look-alike slip (0H -> OH).
      const guessed = stateFixed !== null && stateFixed !== repairState(csz.stateText, null);
      if (stateFixed) p.State = { value: stateFixed, words: csz.state, checks: stateOk && !guessed ? 1 : 0, doubts: (stateOk || !place ? 0 : 1) + (guessed ? 1 : 0) };
      // What stands in the state's place is no state at all ("er" for CT): a US ZIP names its one state, as a doubt.
      else if (zipState && !isStateCode(stateCode)) p.State = { value: zipState, words: csz.state, checks: 0, doubts: 1 };
      else p.State = { value: csz.stateText, words: csz.state, checks: 0, doubts: 1 };
      // The state agreeing says the US ZIP is no other state's; for a Canadian or Mexican code it vouches for its first
      // character or two only.
      if (stateOk && !guessed) p.Zip.checks += place?.country === 'US' ? 1 : 0.5;
      // The postal code names another state (or the state is unreadable): one of the two is misread.
      else if (place) p.Zip.doubts++;
      const unlabelled = stripCityLabel(csz.cityText.replace(/\s+/g, ' ').toUpperCase());
      // A quote mark or speck before the city ("“WINNIPEG") is no part of it, nor a letter and a hyphen left of the
      // row label ("€. P- REYNOSA" for C.P.): no city starts so.
      let city = unlabelled.value.replace(/^[^\p{L}\p{N}]+(?=\p{L})/u, '').replace(/^\p{L}-\s+(?=\p{L})/u, '').replace(/^(?:\d+[«»:;]*\s+)+(?=[A-Z])/, () => { numbered = true; return ''; });
      // No real state code where the line has its state: its last word may be the city's own ("SAN NICOLAS DE LOS
      // GARZA 66450" read as city SAN NICOLAS DE LOS, state GARZA).
      let checks = 0, doubts = (csz.zipUnread ? 1 : 0) + (unlabelled.repaired || numbered ? 1 : 0) + (stateFixed ? 0 : 1);
      if (csz.zipUnread) { p.Zip.doubts += 2; p.State.doubts++; }
      if (csz.stateFromZip) p.State = { ...p.State, checks: 0, doubts: p.State.doubts + 1 };
      if (place?.city) {
        let known = place.city;
        let cmp = compareCity(city, known);
        // A repaired Canadian code whose area is another city: another reading of its letters may name the printed one.
        if (cmp === 'different' && place.country === 'CA' && csz.zipRepaired) {
          const fits = canadianReadings(csz.zip.map((w) => w.text).join('')).filter((z) => z !== csz.zipText).map((z) => ({ z, at: placeOfPostal(z, 'CA') }))
            .filter(({ at }) => at?.city && compareCity(city, at.city) !== 'different');
          if (fits.length === 1) { known = fits[0]!.at!.city!; p.Zip.value = fits[0]!.z; cmp = compareCity(city, known); }
        }
        if (cmp === 'different') {
          // A misread row label in front of the city ("CRV SRE 2 KNOXVILLE"): the city is the line's last words.
          const ws = city.split(' ');
          for (let k = 1; k < ws.length && k <= 3 && cmp === 'different'; k++) {
            if (compareCity(ws.slice(-k).join(' '), known) !== 'different') { cmp = 'near'; doubts = 1; }
          }
        }
        if (cmp === 'same') checks = 1;
        else if (cmp === 'near') { city = mendCity(city, known); checks = 1; }
        // The city's first word lost, an article or title ("MOINES" of DES MOINES, its D read as a weak p): the postal
        // code's city, as a doubt. Not NORTH or DOWNTOWN: NORTH CHARLESTON is another city than CHARLESTON.
        else if (stateOk && lostLead(normalizeText(city), known)) { city = known; doubts = 1; }
        else if (stateOk && garbledCity(city, known)) {
          // Handwriting garbles more letters ("MAM" for MIAMI): the postal code and state agree, so take the known
          // city, but only as a suggestion to review.
          city = known; doubts = 1;
        } else {
          doubts = 1;
          // The city is another known city of the state, away from the ZIP's area: either may be the misread one.
          if (place.country === 'US' && stateOk && zipFarFromCity(csz.zipText, city, p.State.value)) p.Zip.doubts++;
        }
        // The city and the US ZIP agree, two readings against the state's one ("EDISON, MS 08837" with MS for NJ):
        // the ZIP's state, as a doubt.
        if (cmp !== 'different' && zipState && !stateOk && p.State.value !== zipState) p.State = { value: zipState, words: p.State.words, checks: 0, doubts: 1 };
      }
      // A city no postal code vouches for, read with a slip: the one city of the state it stands for, as a doubt.
      const nearby = checks === 0 && p.State ? nearCityOfState(city, p.State.value) : null;
      if (nearby) {
        city = nearby; doubts = Math.max(doubts, 1);
        if (p.State && stateOk && zipFarFromCity(p.Zip.value, city, p.State.value)) p.Zip.doubts++;
      }
      p.City = { value: city, words: csz.city, checks, doubts };
      // Neither the printed state nor the city agrees with the postal code: the code itself is the likely misread.
      if (guessed && doubts > 0) p.Zip.doubts++;
    }
  }
  const keyedName = lines.findIndex((l) => l.sub === 'name' && l.words.length > 0);
  // The value right of the header names the party only on keyed forms (rows labelled STREET, DESTINATION...).
  const keyedRows = lines.some((l) => (l.sub !== null && l.sub !== 'headerRight') || l.keyedRow);
  // A note in parentheses beside or under the heading ("(IF OTHER THAN CONSIGNEE)", "(TIERS)") names no one.
  const note = (l: PartyLine): boolean => /^\(.*\)$/.test(textOf(l.words).trim());
  const nameIdx = keyedName >= 0 ? keyedName : keyedRows ? lines.findIndex((l) => l.sub === 'headerRight' && !note(l)) : -1;
  // A line of the form's label words alone ("& ADDRESS" of NAME & ADDRESS, wrapped under its heading) names no one:
  // the name is on the line after it.
  const labelLine = (l: PartyLine): boolean => labelsOnly(l.words.map((x) => x.text));
  // Nor does an instruction to the carrier written in the party's box ("CALL ON ARRIVAL").
  lines.forEach((l, i) => { if (l.sub === null && (labelLine(l) || isInstruction(textOf(l.words)))) used.add(i); });
  const nameLine = nameIdx >= 0 ? nameIdx : lines.findIndex((l, i) => !used.has(i) && l.sub === null && !note(l) && (cszIdx < 0 || i < cszIdx));
  if (nameLine >= 0 && lines[nameLine]!.words.length && !labelLine(lines[nameLine]!)) {
    used.add(nameLine);
    // A name that reached its ending ends there, whatever the line goes on with (name-end.ts, as the tagger's runs).
    const w = endAtEnding(lines[nameLine]!.words);
    const named = readCompanyName(textOf(w), w);
    // A name of a few letters ("GR", "AME") is what is left of one the OCR lost most of.
    p.Name = { value: named.value, words: w, checks: 0, doubts: (named.repaired || lines[nameLine]!.guessedLabel ? 1 : 0) + (alnumCount(named.value) < 5 ? 1 : 0) };
  }
  // A company ending carried over to the next line ("... SA DE" then "CV"): the name takes it back from the street.
  const next = nameLine >= 0 && nameLine + 1 !== cszIdx ? lines[nameLine + 1] : undefined;
  const carried = next?.words[0] && p.Name && wrappedEnding(p.Name.value, next.words[0].text);
  if (carried && p.Name && next) {
    p.Name = { ...p.Name, value: `${p.Name.value} ${carried}`, words: [...p.Name.words, next.words[0]!] };
    lines[nameLine + 1] = { ...next, words: next.words.slice(1) };
    if (!next.words.slice(1).length) used.add(nameLine + 1);
  }
  const addrKeyed = lines.map((l, i) => ({ l, i })).filter(({ l }) => l.sub === 'address');
  const addrLines = addrKeyed.length
    ? addrKeyed
    : lines.map((l, i) => ({ l, i })).filter(({ l, i }) => !used.has(i) && l.sub === null && i > nameLine && (cityAt < 0 || i < cityAt));
  // With no city line found, a last street line shaped "CITY, ST ..." is the city line with its code misread past
  // parsing ("QUEBEC, GC CLIC 4M7"): no part of the street; its city is kept as a guess.
  const lastAddr = addrLines[addrLines.length - 1];
  const firstWord = (t: string): string => t.split(' ')[0]!.toUpperCase().replace(/[.,:]/g, '');
  const streetStart = (t: string): boolean => /^\d/.test(t) || STREET_FIRST.has(firstWord(t));
  if (cityAt < 0 && !addrKeyed.length && addrLines.length >= 2 && lastAddr && streetStart(textOf(addrLines[0]!.l.words))) {
    const text = textOf(lastAddr.l.words);
    // ... or "CITY ST ..." without its comma, ST a real state or province code ("CALGARY AB TA) ET").
    const bare = /^(\p{L}[\p{L}'. -]*?) ([A-Z]{2,3})(\s|$)/u.exec(text);
    const m = /^(\p{L}[\p{L}'. -]*),\s*(\S{1,3})(\s|$)/u.exec(text)
      ?? (bare && isStateCode(bare[2]!) && !STREET_LEAD.has(firstWord(bare[1]!)) ? bare : null);
    if (m) {
      addrLines.pop();
      const n = m[1]!.split(' ').length;
      if (!p.City) p.City = { value: stripCityLabel(normalizeText(m[1]!)).value, words: lastAddr.l.words.slice(0, n), checks: 0, doubts: 2 };
      // Its state, when read as a real code, is kept as a guess too ("MADISON, WI 0 537 =", the ZIP lost).
      const st = normalizeText(m[2]!);
      if (!p.State && isStateCode(st)) p.State = { value: st, words: lastAddr.l.words.slice(n, n + 1), checks: 0, doubts: 2 };
    }
  }
  if (addrLines.length) {
    let words = addrLines.flatMap(({ l }) => l.words);
    // A lone letter read weakly after the street type ("TERMINAL AVENUE v": a speck or tick) is no part of it.
    const last = words[words.length - 1], prev = words[words.length - 2];
    if (last && prev && /^\p{L}$/u.test(last.text) && last.confidence < 0.7 && !COMPASS.has(last.text.toUpperCase())
      && (SUFFIXES.has(prev.text.toUpperCase().replace(/[.,]$/, '')) || SUFFIX_WORDS.has(prev.text.toUpperCase().replace(/[.,]$/, '')))) words = words.slice(0, -1);
    // Marks the OCR made of a rule end or a tick after the street ("23347 CENTRAL DR *") are not part of it.
    // Nor is a quote mark before its first word ("“CARRETERA FEDERAL 57").
    // ... nor a point after the house number at its end ("CALLE ALLENDE 736.").
    // An S after the street type read as a dollar sign ("6368 AIRPORT AVE $"): the compass point, as a doubt.
    const read = textOf(words);
    const dollarS = /\s\$$/.test(read) && SUFFIXES.has(read.toUpperCase().replace(/\s+\$$/, '').split(' ').pop()!.replace(/[.,]$/, ''));
    const raw = (dollarS ? read.replace(/\s\$$/, ' S') : read).toUpperCase().replace(/_+/g, ' ').replace(/(?<=\p{L})[·•](?=\s|$)/gu, '').replace(/\s+/g, ' ').replace(/(\s+[^\p{L}\p{N}\s]+)+$/u, '').replace(/[,;\-–—]+$/, '').replace(/(?<=\d)\.$/, '')
      .replace(/^["“”'‘’]+(?=[\p{L}\p{N}])/u, '');
    const lead = stripLeadingJunk(raw, (words.find((w) => /\p{L}/u.test(w.text))?.confidence ?? 1) <= 0.5);
    const fixed = repairStreetLine(lead.value, words);
    if (lead.repaired || dollarS) fixed.repaired = true;
    const value = fixed.value;
    // A street line usually starts with a number or names a street type; say so in the checks.
    const looksStreet = /\d/.test(value) ? 1 : 0;
    if (value) p.Address = { value, words, checks: looksStreet, doubts: streetDoubts(value, addrLines.length) + (fixed.repaired ? 1 : 0) };
  }
  if (p.Address && p.Name && p.City?.words.length && indentedStart(p.Address.words, p.Name.words, p.City.words)) p.Address.doubts++;
  return p;
}
