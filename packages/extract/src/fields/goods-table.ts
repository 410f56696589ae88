import type { WeightUnit } from '@ladingwise/shared';
import { normalizeText, sameRow, withoutSpecks, type Segment } from '../layout.ts';
import type { Word } from '../types.ts';
import { columnCells, textOf, valueCandidates } from './candidates.ts';
import type { Chosen } from './confidence.ts';
import { isLabelPart, startsWithLabel, type LabelHit } from './find-labels.ts';
import { parseFreightClass } from './freight-class.ts';
import type { LabelField } from './lexicon.ts';
import { parseAmount, parseWeight, unitIn } from './parse-weight.ts';
import { confidenceIn, repairSpelling, joinSplitWords, repairLookAlikeWords } from './spelling.ts';

// The goods table: its rows of pieces, packaging, description, weight and class, read by column under their headings,
// and a description cleaned of the counts and packaging words printed in front of it.

// A count with its packaging in a table cell ("3 PALLETS STC 120 CARTONS"): handling units, then pieces.
const PACKAGING = /^(\d+)\s*(PALLETS?|PLTS?|SKIDS?|TARIMAS?|PALETAS?|PALETTES?|CRATES?|DRUMS?|TOTES?|CARTONS?|CTNS?|BOXES|CAJAS|PIECES|PCS|BULTOS|COLIS)\b\s*(?:STC|SAID TO CONTAIN|QUE CONTIENEN?|CONTENANT|CONTENIENDO|CON|DE)?\s*(\d+)?\s*(CARTONS?|CTNS?|BOXES|PIECES|PCS|CAJAS|PIEZAS|BULTOS|COLIS|CARTONS?|PAQUETES)?\b/;

// A count and packaging word printed in front of the goods' description ("10 SKIDS PAPER ROLLS").
const LEAD_PACKAGING = /^(\d{1,4})[.,]?\s*(PALLETS?|PLTS?|SKIDS?|SKD|TARIMAS?|PALETAS?|PALETTES?|CRATES?|DRUMS?|TOTES?|CARTONS?|CTNS?|BOXES|CAJAS|BULTOS|COLIS)\b[\s,;:-]*(?=[A-Z])/;

/**
 * A description's words as every reader puts them right: look-alikes the dictionary tells apart, a word split at a
 * narrow gap joined, words the OCR was unsure of spelt (goods are named in dictionary words).
 */
export function spellCommodity(text: string, words: Word[]): { value: string; repaired: boolean } {
  const joined = joinSplitWords(repairLookAlikeWords(text).value);
  const spelt = repairSpelling(joined.value, confidenceIn(words));
  return { value: spelt.value, repaired: joined.repaired || spelt.repaired };
}

/** Tidies a description: stray table rulings and bullets at its ends go, a leading "10 SKID" count is split off. */
export function cleanCommodity(raw: string): { text: string; count: number | null; packaging: string | null } {
  const t = normalizeText(withoutSpecks(raw)).replace(/^[^A-Z0-9(]+/, '').replace(/[^A-Z0-9)]+$/, '').replace(/\s+/g, ' ')
    // An S read as 5 at the end of a word of four letters or more ("REEL5"); shorter codes may end in 5 (CAT5).
    .replace(/\b([A-Z]{4,})5\b/g, '$1S')
    // The NMFC's NOI after the description, its I read as a mark of like shape ("GOODS, NO! DO NOT STACK").
    .replace(/(?<=[A-Z]{3},? )NO[!|](?=\s|$)/, 'NOI')
    // How the goods travel, printed after them ("ON 3 SKIDS", "STC 14 CARTONS", "(2 PALLETS)"), or its first word left
    // when the count was cut off: what the goods are ends before it.
    .replace(/(?<=[A-Z]{2}[A-Z,]*)(?:\s+(?:ON|STC|SAID TO CONTAIN)(?:\s+\d.*)?|\s*\(\s*\d.*)$/, '')
    // ... its count in brackets misread as letters ("NOI(SSKID)"): a bracket naming how the goods travel.
    .replace(/(?<=[A-Z]{2})\s*\(\s*[0-9A-Z]{0,3}\s*(?:SKIDS?|PALLETS?|PLTS?|CRATES?|CARTONS?|CTNS?|DRUMS?|TOTES?|TARIMAS?|BULTOS)\s*\)?$/, '')
    // ... or with the space before STC lost ("TILESTC36 DRUM"): no word ends in STC before a count.
    .replace(/(?<=[A-Z]{3})STC\s*\d.*$/, '')
    // How the goods are to be handled, printed after them ("DO NOT STACK", "NO APILAR"): an instruction to the
    // carrier, not what the goods are.
    .replace(HANDLING_TAIL, '').replace(GLUED_HANDLING, '')
    // NOI ("not otherwise indicated") closes an NMFC description, only its qualifiers (KD, SU) after it: what follows
    // is another cell's or line's.
    .replace(/(?<=[A-Z]{3},? NOI)(?! ?,? ?(?:KD|SU)\b)[\s,;]+\S.*$/, '')
    // ... and stands last after the description's comma, where its I may be read as the stroke it looks like ("NOL"),
    // or lost at the cell's edge ("SPORTING GOODS, NO", "CHAIRS, KD, NO"): no goods end so.
    .replace(/(?<=[A-Z]{3}|, KD|, SU), NO[LT1|l!]?$/, ', NOI')
    // ... as do its qualifiers, read with a look-alike letter: KD (knocked down) with its D read as O, FLAT with its T's
    // bar lost ("CHAIRS, KO", "KD FLAI").
    .replace(/(?<=[A-Z]{3}), K[O0]$/, ', KD').replace(/\bKD FLA[I1|l]$/, 'KD FLAT')
    // The package's kind in its own cell before the goods, the cell's rule read as a bar ("BULTOS | BOTELLAS").
    .replace(/^(?:\d+\s+)?(?:BULTOS|PALLETS?|SKIDS?|CARTONS?|CTNS?|BOX(?:ES)?|CAJAS?|PIECES|PIEZAS|PCS|COLIS|TARIMAS?|PLTS?|CRATES?|DRUMS?|SACS?|SACOS?|BAGS?|BUNDLES?|ROLLS?|PAQUETES)\s*\|\s*(?=[A-Z])/, '')
    // An instruction's first word left at the cell's edge ("PAINT, WATER BASED DO" of DO NOT STACK): no goods end so.
    .replace(/(?<=[A-Z]{3},? )DO$/, '').trim()
    // A French article's apostrophe read with a space after it ("D' ENTRETIEN"): the article is its word's.
    .replace(/\b([DL])['’] (?=[AEIOUHÉ])/g, "$1'");
  const m = LEAD_PACKAGING.exec(t);
  // A packaging code alone before the goods, its count read in the column before ("PLT GLASS BOTTLES"): codes only,
  // as words such as CRATES or BOXES may be the goods themselves; a unit's code (PCS, PKGS) is the count's column.
  const code = m ? null : /^(PLTS?|SKDS?|CTNS?|PCS|PKGS?)\b[\s,;:-]*(?=[A-Z])/.exec(t);
  if (code) return { text: t.slice(code[0].length), count: null, packaging: packagingCode(code[1]!) };
  if (!m) return { text: t, count: null, packaging: null };
  return { text: t.slice(m[0].length), count: Number(m[1]), packaging: packagingCode(m[2]!) };
}

// ... or glued to the description's last word, its space lost ("... NOIDO NOT STACK"): only instructions of two words or
// more, which no description ends with.
const GLUED_HANDLING = /(?<=[A-Z]{3})(?:DO ?NOT ?(?:DOUBLE ?)?STACK|DO NOT FREEZE|KEEP (?:DRY|FROZEN|REFRIGERATED)|THIS (?:SIDE|END) UP|HANDLE WITH CARE|NO (?:APILAR|ESTIBAR|REMONTAR)|NE PAS (?:GERBER|EMPILER|GELER))$/;

// An instruction's opening words say it is one where the rest was cut off by the cell ("DO NOT", "NE PAS").
const HANDLING_TAIL = /(?<=[A-Z]{2}[A-Z,]*)[\s,;/-]+(?:DO NOT(?: (?:DOUBLE )?STACK| FREEZE)?|DON'?T STACK|KEEP (?:DRY|FROZEN|REFRIGERATED)|FRAGILE|THIS (?:SIDE|END) UP|HANDLE WITH CARE|NO (?:APILAR|ESTIBAR|REMONTAR)|NE PAS(?: (?:GERBER|EMPILER|GELER))?|NON GERBABLE)$/;

const PACKAGE_KIND = '(?:\\d{1,5}\\s*)?(?:PALLETS?|PLTS?|SKIDS?|SKD|CRATES?|DRUMS?|TOTES?|CARTONS?|CTNS?|BOX(?:ES)?|BAGS?|BUNDLES?|REELS?|ROLLS?|TARIMAS?|CAJAS?|BULTOS)';
const PACKAGE_KIND_ONLY = new RegExp(`^(?:(?:ON|STC|SAID TO CONTAIN)\\s+)?${PACKAGE_KIND}(?:\\s+(?:STC|SAID TO CONTAIN)\\s+${PACKAGE_KIND})?$`);

/**
 * Whether a commodity is package kinds alone, with or without their counts ("CRATE", "47 CARTONS", "STC 32
 * CARTONS"): that names how the goods travel, not what they are (the neighbouring column's cell, or the packing
 * written after the goods).
 */
/** The NMFC's "NOI" as read, its I taken for a stroke of like shape ("NOl", "NO1", "NO!"). */
export const NOI_AS_READ = /^NO[I1|lL!]$/;

export const isPackageKindOnly = (text: string): boolean => PACKAGE_KIND_ONLY.test(normalizeText(text));

/** The EDI packaging code a packaging word stands for: pallets and skids have one; other kinds none. */
const packagingCode = (kind: string): string | null => (/PALLET|PLT|TARIMA|PALETA|PALETTE/.test(kind) ? 'PLT' : /SKID|SKD/.test(kind) ? 'SKD' : null);

/** What the goods table gave, each value with its evidence. */
export interface TableRead {
  weight: Chosen<{ value: number; unit: WeightUnit | null }> | null;
  unitExplicit: boolean;
  pieces: Chosen<number> | null;
  handlingUnits: Chosen<number> | null;
  commodity: Chosen<string> | null;
  freightClass: Chosen<string> | null;
  packagingType: string | null;
  /** What the table shows of its lines of goods: the weights, counts and classes on its item rows, and its totals. */
  lines: GoodsLines;
}

/** A number read in a cell of the goods table, and the cell. */
export interface TableCell { value: number; cell: Segment }

/** The item rows' weights, piece counts and classes (total rows apart), and the totals a total row shows. */
export interface GoodsLines { weights: TableCell[]; pieces: TableCell[]; units: TableCell[]; classes: string[]; totalWeight: TableCell | null; totalPieces: TableCell | null }

// Never a description: a heading's joining word left alone when the heading is read in pieces ("Description" ...
// "des" ... "marchandises"), or the form's own "not negotiable" beside a word the label matcher took for a heading.
const NOT_A_DESCRIPTION = /^(DES|DE|DU|DE LA|LA|LE|LES|DEL|DE LOS|DE LAS|THE|OF|AND|ET|Y|EN|(NOT|NON|NO)[ -]?NEGO[CT]IABLE)$/;

const isTotalRow = (seg: Segment, segments: Segment[]): boolean =>
  segments.some((s) => sameRow(s, seg) && /\b(TOTAL|GRAND TOTAL|TOTALES?|TOTAUX?)\b/.test(normalizeText(s.text)));

/** What a goods table says of the bill as a whole: whether it lists several lines, its totals, how many classes. */
export interface BillTotals { several: boolean; weight: TableCell | null; pieces: TableCell | null; classes: number }

/**
 * The total of a column and the item lines it totals: the total row's, else an item that is the sum of two or more
 * others (a total row whose word was not read). Without a total, values that differ down a column are as often a
 * misread or another text's number as lines of their own, so they show no lines.
 */
function columnTotal(items: TableCell[], total: TableCell | null): { total: TableCell | null; lines: number } {
  if (total !== null) return { total, lines: items.length };
  const sum = items.reduce((a, b) => a + b.value, 0);
  const i = items.findIndex((x) => items.length >= 3 && 2 * x.value === sum);
  return i >= 0 ? { total: items[i]!, lines: items.length - 1 } : { total: null, lines: 0 };
}

/**
 * A bill that ships several lines of goods has a count, weight and class per line; its own count and weight are the
 * totals. Whether the table shows several lines (two or more item rows with values of their own), and its totals.
 * Counts (pieces, handling units) that differ are taken on rows that hold a weight: a number further down the column
 * may be any other text's.
 */
export function billTotals(lines: GoodsLines): BillTotals {
  const w = columnTotal(lines.weights, lines.totalWeight), p = columnTotal(lines.pieces, lines.totalPieces);
  const classes = new Set(lines.classes).size;
  // Two columns that each read values of their own on the same rows are lines, total or none.
  const onWeightRows = (cells: TableCell[]): number => new Set(cells.filter((c) => lines.weights.some((w) => sameRow(w.cell, c.cell))).map((c) => c.value)).size;
  const rows = new Set(lines.weights.map((x) => x.value)).size >= 2 && Math.max(onWeightRows(lines.pieces), onWeightRows(lines.units)) >= 2;
  return { several: w.lines >= 2 || p.lines >= 2 || rows || classes >= 2, weight: w.total, pieces: p.total, classes };
}

/** Reads the goods table's weight, pieces, handling units, description and class under their column headings. */
export function readTable(hits: LabelHit[], segments: Segment[], labelled: Set<Segment>, pageWidth: number): TableRead {
  const out: TableRead = { weight: null, unitExplicit: false, pieces: null, handlingUnits: null, commodity: null, freightClass: null, packagingType: null, lines: { weights: [], pieces: [], units: [], classes: [], totalWeight: null, totalPieces: null } };
  const hs = (f: LabelField): LabelHit[] => hits.filter((h) => h.field === f);
  const kindOf = { prior: 0.9, checks: 0, doubts: 0 };

  // Weight: inline "Weight: 2,500 lbs", else the column under a WEIGHT header (its total row first).
  for (const h of hs('weight')) {
    const headerUnit = unitIn(h.label) ?? unitIn(textOf(h.segment.words));
    // "(SUBJECT TO CORRECTION)" and the like belong to the label.
    const inline = textOf(h.valueWords).replace(/\([^)]*\)?/g, ' ').trim();
    // Words without a digit after the label are its garbled unit ("WEIGHT (KG)" read "WRIGHT MO)"), not a value.
    if (/\d/.test(inline)) {
      const w = unitIn(inline) || /^[\d.,\s]+$/.test(inline) ? parseWeight(inline, headerUnit) : null;
      if (w) { out.weight = { value: w, words: h.valueWords, evidence: { ...kindOf, prior: 1, checks: w.unit ? 1 : 0, kind: 'number' } }; out.unitExplicit = !!unitIn(inline) || !!headerUnit; break; }
      continue;
    }
    // "Total Weight:" with the value printed further along the row.
    const right = valueCandidates(h, segments, labelled, pageWidth).find((c) => c.method === 'right');
    const rw = right && /\d/.test(right.text) ? parseWeight(right.text, headerUnit) : null;
    if (right && rw) { out.weight = { value: rw, words: right.words, evidence: { prior: 0.9, checks: rw.unit ? 1 : 0, doubts: 0, kind: 'number' } }; out.unitExplicit = !!unitIn(right.text) || !!headerUnit; break; }
    const cells = columnCells(h.bbox, h.segment, segments).filter((c) => !labelled.has(c));
    const parsed = cells.map((c) => ({ c, w: parseWeight(c.text, headerUnit) })).filter((x) => x.w && /\d/.test(x.c.text));
    if (!parsed.length) continue;
    // Cells that carry a unit are weights; a bare number may be a neighbouring column's.
    const withUnit = parsed.filter((x) => unitIn(x.c.text));
    const pool = withUnit.length ? withUnit : parsed;
    // The total row may stand below empty item rows, further down than the column's cells run.
    const totalBelow = (): { c: Segment; w: ReturnType<typeof parseWeight> } | undefined => columnCells(h.bbox, h.segment, segments, 14, 12)
      .filter((c) => !labelled.has(c) && !pool.some((x) => x.c === c) && isTotalRow(c, segments))
      .map((c) => ({ c, w: parseWeight(c.text, headerUnit) })).find((x) => x.w && /\d/.test(x.c.text) && (!withUnit.length || unitIn(x.c.text)));
    const inColumn = pool.find((x) => isTotalRow(x.c, segments));
    const far = inColumn ? undefined : totalBelow();
    let pick = inColumn ?? pool[0]!, doubts = 0;
    if (far) {
      // A total far below the items settles nothing unless it agrees with them; an item read with the cell's border
      // as a leading 1 ("12627" over a total of 2627) is the total's number, as a doubt.
      const sum = pool.reduce((a, x) => a + x.w!.value, 0);
      const item = String(pool[0]!.w!.value), t = String(far.w!.value);
      if (far.w!.value === sum) pick = far;
      else if (pool.length === 1 && item === `1${t}`) { pick = far; doubts = 1; }
      else doubts = 1;
    }
    out.lines.weights = pool.filter((x) => !isTotalRow(x.c, segments)).map((x) => ({ value: x.w!.value, cell: x.c }));
    const totalCell = inColumn ?? far;
    out.lines.totalWeight = totalCell ? { value: totalCell.w!.value, cell: totalCell.c } : null;
    const agree = pool.filter((x) => x.w!.value === pick.w!.value).length + (far && far !== pick && far.w!.value === pick.w!.value ? 1 : 0);
    out.weight = { value: pick.w!, words: pick.c.words, evidence: { prior: 0.9, checks: (pick.w!.unit ? 1 : 0) + (agree > 1 ? 1 : 0), doubts, kind: 'number' } };
    out.unitExplicit = !!unitIn(pick.c.text) || !!headerUnit;
    break;
  }
  // No weight heading read (small print lost on a photo): a cell that is a number with a weight unit, the total
  // row's first, else the value printed most often. Found by shape alone, so never trusted outright.
  if (!out.weight) {
    const cells = segments.map((sg) => ({ sg, w: /^\s*\d[\d.,]*(?:\s\d{3})*\s*(LBS?|KGS?|POUNDS?|KILOS?|KILOGRAM\w*)\.?\s*$/.test(normalizeText(sg.text)) ? parseWeight(sg.text) : null }))
      .filter((x) => x.w && x.w.unit);
    const total = cells.find((x) => isTotalRow(x.sg, segments));
    const counts = new Map<number, number>();
    for (const x of cells) counts.set(x.w!.value, (counts.get(x.w!.value) ?? 0) + 1);
    // The item row, not the total row, is where the class and description sit: anchor there when the values agree.
    const item = total && cells.find((x) => x !== total && x.w!.value === total.w!.value);
    const pick = item || total || [...cells].sort((a, b) => counts.get(b.w!.value)! - counts.get(a.w!.value)!)[0];
    if (pick) {
      out.weight = { value: pick.w!, words: pick.sg.words, evidence: { prior: 0.75, checks: 0, doubts: 1, kind: 'number' } };
      out.unitExplicit = true;
    }
  }
  if (out.weight && !out.weight.value.unit) out.weight.value.unit = 'L';

  const cellText = (text: string): string => normalizeText(text).replace(/[|]/g, '').trim();
  // A handwritten zero read as a letter after the other digits ("6 o", "5o" for 60, 50): read, as a doubt.
  const ZERO_APART = /^(\d{1,4})\s*O(?=\s|$)/;
  const zeroApart = (text: string): boolean => ZERO_APART.test(cellText(text));
  const intCell = (text: string): number | null => {
    const t = cellText(text).replace(ZERO_APART, '$10');
    // "8,798 LB" is a weight or an amount whose first digits only look like a count; so is "484 KG".
    if (/^\d[\d.,]*\s*(?:LBS?|KGS?|KILOS?)\b/.test(t)) return null;
    const m = /^(\d{1,5})(?:\s+[A-Z]{2,6})?$/.exec(t) ?? /^(\d{1,5})\b(?![.,]\d)/.exec(t);
    if (!m) return null;
    const n = parseAmount(m[1]!);
    return n !== null && Number.isInteger(n) && n > 0 && n < 100000 ? n : null;
  };
  // "PIECES" names the piece count outright; "SHIPPING UNITS" and the like may count pallets on some forms.
  const exact = /^(PIECES|PCS|# PIECES|TOTAL PIECES|PIECE COUNT|PIEZAS|BULTOS|COLIS|NB COLIS|TARIMAS|PALLETS|PALETTES)$/;
  const countField = (f: LabelField, lines?: { counts: TableCell[]; total: TableCell | null }): Chosen<number> | null => {
    for (const h of [...hs(f)].sort((a, b) => Number(exact.test(b.label)) - Number(exact.test(a.label)))) {
      const inline = textOf(h.valueWords);
      // The next heading read on with this one ("Pieces Description"): the column below holds the count.
      if (inline && !(!/\d/.test(inline) && startsWithLabel(h.valueWords.map((w) => w.text)))) {
        const n = intCell(inline);
        if (n !== null) return { value: n, words: h.valueWords, evidence: { prior: 1, checks: 0, doubts: zeroApart(inline) ? 1 : 0, kind: 'number' } };
        continue;
      }
      const right = valueCandidates(h, segments, labelled, pageWidth).find((c) => c.method === 'right');
      const rn = right ? intCell(right.text) : null;
      if (right && rn !== null) return { value: rn, words: right.words, evidence: { prior: 0.9, checks: 0, doubts: zeroApart(right.text) ? 1 : 0, kind: 'number' } };
      const cells = columnCells(h.bbox, h.segment, segments).filter((c) => !labelled.has(c) || intCell(c.text) !== null);
      const nums = cells.map((c) => ({ c, n: intCell(c.text) })).filter((x) => x.n !== null);
      if (!nums.length) continue;
      const total = nums.find((x) => isTotalRow(x.c, segments));
      if (lines) { lines.counts = nums.filter((x) => x !== total).map((x) => ({ value: x.n!, cell: x.c })); lines.total = total ? { value: total.n!, cell: total.c } : null; }
      const pick = total ?? nums[0]!;
      const agree = nums.filter((x) => x.n === pick.n).length;
      return { value: pick.n!, words: pick.c.words, evidence: { prior: 0.9, checks: agree > 1 ? 1 : 0, doubts: zeroApart(pick.c.text) ? 1 : 0, kind: 'number' } };
    }
    return null;
  };
  const pieceLines = { counts: [] as TableCell[], total: null as TableCell | null };
  out.pieces = countField('pieces', pieceLines);
  out.lines.pieces = pieceLines.counts;
  out.lines.totalPieces = pieceLines.total;
  const unitLines = { counts: [] as TableCell[], total: null as TableCell | null };
  out.handlingUnits = countField('handlingUnits', unitLines);
  out.lines.units = unitLines.counts;

  // Class: inline or column; must be one of the 18 NMFC classes.
  for (const h of hs('freightClass')) {
    const inline = textOf(h.valueWords);
    const right = valueCandidates(h, segments, labelled, pageWidth).filter((c) => c.method === 'right').map((c) => ({ text: c.text, words: c.words, prior: 0.9 }));
    const column = inline ? [] : columnCells(h.bbox, h.segment, segments);
    const cands: Array<{ text: string; words: Word[]; prior: number }> = inline
      ? [{ text: inline, words: h.valueWords, prior: 1 }]
      : [...right, ...column.map((c) => ({ text: c.text, words: c.words, prior: 0.9 }))];
    const found = cands.map((c) => ({ c, k: parseFreightClass(c.text) })).find((x) => x.k);
    if (found) {
      out.lines.classes = column.filter((c) => !isTotalRow(c, segments)).map((c) => parseFreightClass(c.text)?.value).filter((k): k is string => !!k);
    }
    if (found) { out.freightClass = { value: found.k!.value, words: found.c.words, evidence: { prior: found.c.prior, checks: 1, doubts: found.k!.repaired ? 1 : 0, kind: 'code' } }; break; }
  }

  // No class header read: a valid class printed on the item row, right of the weight.
  if (!out.freightClass && out.weight) {
    const anchor = out.weight.words[0]!;
    const rowSegs = segments.filter((sg) => sg.page === anchor.page && sg.bbox[0] > anchor.bbox[2] && Math.min(sg.bbox[3], anchor.bbox[3]) - Math.max(sg.bbox[1], anchor.bbox[1]) > 0.3 * (anchor.bbox[3] - anchor.bbox[1]));
    for (const sg of rowSegs.sort((a, b) => a.bbox[0] - b.bbox[0])) {
      const k = /^\s*\d{2,3}(?:[.,]\d)?\s*$/.test(sg.text) ? parseFreightClass(sg.text) : null;
      if (k) { out.freightClass = { value: k.value, words: sg.words, evidence: { prior: 0.7, checks: 1, doubts: 1, kind: 'code' } }; break; }
    }
  }

  // No piece-count heading read: the one bare whole number on the weight's item row (not its class), as a doubt.
  if (out.weight && (!out.pieces || !out.handlingUnits)) {
    const anchor = out.weight.words[0]!;
    const row = segments.filter((sg) => sg.page === anchor.page && !sg.words.includes(anchor) && !(out.freightClass?.words[0] && sg.words.includes(out.freightClass.words[0]))
      && Math.min(sg.bbox[3], anchor.bbox[3]) - Math.max(sg.bbox[1], anchor.bbox[1]) > 0.3 * (anchor.bbox[3] - anchor.bbox[1]));
    const bare = row.filter((sg) => /^\d{1,5}$/.test(normalizeText(sg.text)));
    // Or the one count of packages named by their kind ("88 COLIS", "42 SACS").
    const packages = row.map((sg) => ({ sg, m: /^(\d{1,5})\s*(?:COLIS|PIECES?|PCS|BULTOS|PIEZAS|CARTONS?|CTNS?|BOXES|CAJAS|SACS?|SACOS|BAGS?|BUNDLES?|ROLLS?|DRUMS?|CRATES?)$/.exec(normalizeText(sg.text)) })).filter((x) => x.m);
    if (!out.pieces && bare.length === 1) out.pieces = { value: Number(normalizeText(bare[0]!.text)), words: bare[0]!.words, evidence: { prior: 0.7, checks: 0, doubts: 1, kind: 'number' } };
    else if (!out.pieces && !bare.length && packages.length === 1) out.pieces = { value: Number(packages[0]!.m![1]), words: packages[0]!.sg.words, evidence: { prior: 0.7, checks: 0, doubts: 1, kind: 'number' } };
    const units = row.map((sg) => ({ sg, m: /^(\d{1,4})\s*(PALLETS?|PLTS?|SKIDS?|SKD|TARIMAS?|PALETAS?|PALETTES?)$/.exec(normalizeText(sg.text)) })).filter((x) => x.m);
    if (!out.handlingUnits && units.length === 1) {
      out.handlingUnits = { value: Number(units[0]!.m![1]), words: units[0]!.sg.words, evidence: { prior: 0.7, checks: 0, doubts: 1, kind: 'number' } };
      out.packagingType ??= /SKID|SKD/.test(units[0]!.m![2]!) ? 'SKD' : 'PLT';
    }
  }

  // Commodity: the first description cell that is not a total; packaging lines ("2 PALLETS STC 8 CARTONS") feed counts.
  for (const h of hs('commodity')) {
    const inline = textOf(h.valueWords);
    let lines: Segment[] = [];
    if (inline && !NOT_A_DESCRIPTION.test(normalizeText(inline))) {
      const t = normalizeText(inline);
      if (/[A-Z]{3}/.test(t)) { out.commodity = { value: t, words: h.valueWords, evidence: { prior: 1, checks: 0, doubts: 0, kind: 'text' } }; break; }
      continue;
    }
    // "Description   SPORTING GOODS" on a keyed form: a value to the right, when no other heading shares the row, or
    // when the others are keyed pairs themselves ("Handling units  1 CRATE   Description  COPPER WIRE"), not a goods
    // table's heading row.
    const rowHeads = hits.filter((o) => o !== h && o.field !== 'stop' && sameRow(o.segment, h.segment));
    const nextOnRow = (o: LabelHit): Segment | undefined => segments.filter((v) => v !== o.segment && sameRow(v, o.segment) && v.bbox[0] >= o.bbox[2])
      .sort((a, b) => a.bbox[0] - b.bbox[0])[0];
    const keyedPairs = rowHeads.length > 0 && rowHeads.every((o) => {
      if (o.bbox[2] > h.bbox[0]) return false;
      // Its value read on with it ("Handling units 4 SKID").
      if (o.valueWords.length && o.valueWords.every((w) => w.bbox[2] <= h.bbox[0])) return true;
      const v = nextOnRow(o);
      return !!v && !labelled.has(v) && v.bbox[2] <= h.bbox[0];
    });
    const right = rowHeads.length && !keyedPairs ? undefined : valueCandidates(h, segments, labelled, pageWidth).find((c) => c.method === 'right');
    if (right && /[A-Z]{3}/.test(normalizeText(right.text)) && !hits.some((o) => o.segment.words.includes(right.words[0]!) && o.atStart)) {
      out.commodity = { value: normalizeText(right.text), words: right.words, evidence: { prior: 0.85, checks: 0, doubts: 0, kind: 'text' } };
      break;
    }
    // Cells of a row that starts with any label (a signature or notes row, or the words after them) are not descriptions.
    const labelRowWords = new Set(hits.filter((o) => o.atStart).flatMap((o) => o.segment.words));
    const cells = columnCells(h.bbox, h.segment, segments).filter((c) => !labelled.has(c) && !labelRowWords.has(c.words[0]!) && !/^(GRAND )?TOTAL\b/.test(normalizeText(c.text)));
    const first = cells[0];
    if (!first) continue;
    lines = [first];
    for (const c of cells.slice(1)) {
      const prev = lines[lines.length - 1]!;
      if (c.bbox[1] - prev.bbox[3] < 0.9 * prev.lineHeight && Math.abs(c.bbox[0] - first.bbox[0]) < 2 * first.lineHeight) lines.push(c);
      else break;
    }
    const kept: Segment[] = [];
    for (const l of lines) {
      const t = normalizeText(l.text);
      const m = PACKAGING.exec(t);
      if (m && m[0].length >= t.length - 1) {
        if (!out.handlingUnits && /PALLET|PLT|SKID|TARIMA|PALETA|PALETTE/.test(m[2]!)) out.handlingUnits = { value: Number(m[1]), words: l.words, evidence: { prior: 0.85, checks: 0, doubts: 0, kind: 'number' } };
        if (m[3] && !out.pieces) out.pieces = { value: Number(m[3]), words: l.words, evidence: { prior: 0.8, checks: 0, doubts: 0, kind: 'number' } };
        out.packagingType = /PALLET|PLT|TARIMA|PALETA|PALETTE/.test(m[2]!) ? 'PLT' : /SKID/.test(m[2]!) ? 'SKD' : null;
        continue;
      }
      kept.push(l);
    }
    if (!kept.length) continue;
    const value = kept.map((l) => normalizeText(l.text)).join(' ').replace(/[|]/g, '').replace(/\s+/g, ' ').trim();
    if (!/[A-Z]{3}/.test(value)) continue;
    // Found under its heading and made of words (not codes or numbers): that is what a description looks like.
    const wordy = /^[A-Z][A-Z ,.&/()'-]*$/.test(value) && (value.match(/[A-Z]{3,}/g) ?? []).length >= 1;
    // Far below its heading (empty item rows, then fine print), a "cell" may be a piece of another text.
    const far = kept[0]!.bbox[1] - h.bbox[3] > 3.5 * h.segment.lineHeight;
    out.commodity = { value, words: kept.flatMap((l) => l.words), evidence: { prior: 0.9, checks: wordy && kept.length === 1 && !far ? 1 : 0, doubts: (kept.length > 2 ? 1 : 0) + (far ? 1 : 0), kind: 'text' } };
    break;
  }
  // No description header read: the wordiest cell on the weight's item row.
  if (!out.commodity && out.weight && out.weight.evidence.prior < 1) {
    const anchor = out.weight.words[0]!;
    const cands = segments.filter((sg) => sg.page === anchor.page && !labelled.has(sg) && !sg.words.includes(anchor)
      && Math.min(sg.bbox[3], anchor.bbox[3]) - Math.max(sg.bbox[1], anchor.bbox[1]) > 0.3 * (anchor.bbox[3] - anchor.bbox[1]))
      .map((sg) => ({ sg, letters: (normalizeText(sg.text).match(/[A-Z]/g) ?? []).length }))
      .filter((x) => x.letters >= 4 && !unitIn(x.sg.text) && !/^(GRAND )?TOTAL/.test(normalizeText(x.sg.text)))
      .sort((a, b) => b.letters - a.letters);
    const best = cands[0];
    if (best) out.commodity = { value: normalizeText(best.sg.text).replace(/[|]/g, '').trim(), words: best.sg.words, evidence: { prior: 0.7, checks: 0, doubts: 1, kind: 'text' } };
  }
  const c = out.commodity ? cleanCommodity(out.commodity.value) : null;
  // A label's words wrapped or cut by a cell ("OF ARTICLES") are no goods.
  if (c && isLabelPart(c.text, 'commodity')) out.commodity = null;
  if (out.commodity && c) {
    // NOI put right (its I lost at the cell's edge or misread) is a value read in doubt.
    const iLost = /, NOI$/.test(c.text) && !/\bNOI\b/.test(normalizeText(out.commodity.value));
    const spelt = spellCommodity(c.text, out.commodity.words);
    out.commodity.value = spelt.value;
    if (spelt.repaired) out.commodity.evidence.doubts++;
    if (c.count !== null && !out.handlingUnits) out.handlingUnits = { value: c.count, words: out.commodity.words, evidence: { prior: 0.8, checks: 0, doubts: 1, kind: 'number' } };
    if (c.packaging && !out.packagingType) out.packagingType = c.packaging;
    if (iLost) out.commodity.evidence.doubts++;
    if (isPackageKindOnly(c.text)) out.commodity.evidence.doubts++;
  }
  return out;
}
