import { alnumCount, partOf, sameRow, xOverlap, type Segment } from '../layout.ts';
import type { Word } from '../types.ts';
import type { LabelHit } from './find-labels.ts';

/** A possible value for a field: its words, where it was found relative to the label, and a prior. */
export interface Candidate {
  text: string;
  words: Word[];
  method: 'inline' | 'right' | 'below' | 'column' | 'pattern' | 'barcode';
  /** Prior belief from the geometry (1 = value printed right after its label). */
  prior: number;
  hit?: LabelHit;
}

export const textOf = (words: Word[]): string => words.map((w) => w.text).join(' ').replace(/^[\s:#.;|,-]+/, '').replace(/[\s|]+$/, '').trim();

const alnum = (words: Word[]): number => words.reduce((a, w) => a + alnumCount(w.text), 0);

/** Segments that start with a label (they hold their own field, not someone else's value). */
export function labelSegments(hits: LabelHit[]): Set<Segment> {
  const s = new Set<Segment>();
  // A label without a colon that is followed by words ("PIECES DE MACHINERIE") may just be a value.
  // "TRAILER R36430" beside an empty "CUSTOMER ORDER" cell is the trailer's own cell, not the order's value.
  for (const h of hits) if (h.atStart && (h.field === 'stop' || h.marked || h.valueWords.length === 0 || alnum(h.valueWords) <= 1)) s.add(h.segment);
  return s;
}

/** A mark or a stray letter the engine read off a speck: no letters or digits, or one or two read weakly. */
export function isSpeck(s: Segment): boolean {
  // Or two signs and a mark read with next to no confidence ("to." for a smudge on a heading row).
  return !/[\p{L}\p{N}]/u.test(s.text) || (s.words.length === 1 && s.text.length <= 2 && s.words[0]!.confidence < 0.5)
    || (s.words.length === 1 && s.text.length <= 3 && s.text.replace(/[^\p{L}\p{N}]/gu, '').length <= 2 && s.words[0]!.confidence < 0.2);
}

/**
 * A row of its own: a few words of letters ending in a colon, then a value with digits ("P do: 80468-6" for
 * Pedido: under an empty "Orden de compra" cell). Its value is its garbled label's, not the one's above.
 */
function keyedRow(s: Segment): boolean {
  const k = s.words.findIndex((w) => /\p{L}[.]?:$/u.test(w.text));
  return k >= 0 && k <= 2 && k < s.words.length - 1 && s.words.slice(0, k + 1).every((w) => /^[\p{L}.'’]+:?$/u.test(w.text))
    && s.words.slice(k + 1).some((w) => /\d/.test(w.text));
}

/** Candidate values for a label: text after it, then the segment to its right, then the one below it. */
export function valueCandidates(hit: LabelHit, segments: Segment[], labelled: Set<Segment>, pageWidth: number): Candidate[] {
  const out: Candidate[] = [];
  const inline = textOf(hit.valueWords);
  if (inline) out.push({ text: inline, words: hit.valueWords, method: 'inline', prior: 1, hit });
  // Only a label that ends its segment can have its value elsewhere ("PO 4" is "PO #" misread: still a bare label).
  if (hit.valueWords.length > 0 && alnum(hit.valueWords) > 1) return out;
  // One of several headings read as one line stands for its own words only.
  const seg = hit.run ? partOf(hit.segment, hit.labelWords) : hit.segment;
  const lh = seg.lineHeight;
  const right = segments
    .filter((s) => s !== seg && s.page === seg.page && sameRow(s, seg) && s.bbox[0] > seg.bbox[2] && s.bbox[0] - seg.bbox[2] < Math.max(pageWidth * 0.4, 12 * lh))
    // A speck or mark read as ";" or "ë" between the label and its value is not the value.
    .filter((s) => !isSpeck(s))
    .sort((a, b) => a.bbox[0] - b.bbox[0])[0];
  // A heading among headings has its value below, never beside it.
  if (right && !labelled.has(right) && !hit.run) out.push({ text: textOf(right.words), words: right.words, method: 'right', prior: 0.9, hit });
  const below = segmentsBelow(seg, segments, 3.2);
  const first = below[0];
  if (first && !labelled.has(first) && !keyedRow(first)) {
    const words = ownColumn(hit, seg, first, segments);
    out.push({ text: textOf(words), words, method: 'below', prior: 0.85, hit });
  }
  else {
    // A column heading centred over values printed from the column's left edge ("Order No." over "SO105426"): the
    // first cell of its column, when nothing sits straight below it.
    const cell = columnCells(hit.bbox, seg, segments, 1)[0];
    if (cell && cell !== first && !labelled.has(cell) && cell.bbox[1] - seg.bbox[3] < 3.2 * lh) out.push({ text: textOf(cell.words), words: cell.words, method: 'column', prior: 0.8, hit });
  }
  return out;
}

/**
 * The words of a row read below a column heading that stand in the heading's own column: the engine joins a table's
 * cells into one line when their gaps are narrow ("SH6202883 Aug 22, 2026 Aug 25, 2026" under BOL / SHIP DATE / DUE
 * DATE). The column runs halfway to the headings beside it; with no heading on either side, the row is taken whole.
 */
function ownColumn(hit: LabelHit, seg: Segment, row: Segment, segments: Segment[]): Word[] {
  const lh = seg.lineHeight;
  if (row.words.length < 2 || seg.words.length > hit.labelWords.length) return row.words;
  // The other headings of its line stand beside it too.
  const others = hit.run ? hit.segment.words.filter((w) => !hit.labelWords.includes(w)).map((w) => partOf(hit.segment, [w])) : [];
  const [left, right] = neighbours(seg.bbox, lh, [...segments.filter((s) => s !== seg && s !== hit.segment && sameRow(s, seg) && !isSpeck(s)), ...others]);
  // The first or last heading of its row: its column runs to the page's edge on the open side.
  if (!left && !right) return row.words;
  const x0 = left ? (left.bbox[2] + seg.bbox[0]) / 2 : Number.NEGATIVE_INFINITY, x1 = right ? (seg.bbox[2] + right.bbox[0]) / 2 : Number.POSITIVE_INFINITY;
  const inside = row.words.filter((w) => { const c = (w.bbox[0] + w.bbox[2]) / 2; return c >= x0 && c <= x1; });
  return inside.length && inside.length < row.words.length ? inside : row.words;
}

/** The nearest segments of a row left and right of a heading's box (a line height of overlap allowed). */
function neighbours(box: [number, number, number, number], lh: number, row: Segment[]): [Segment | undefined, Segment | undefined] {
  const left = row.filter((s) => s.bbox[2] <= box[0] + lh).sort((a, b) => b.bbox[2] - a.bbox[2])[0];
  const right = row.filter((s) => s.bbox[0] >= box[2] - lh).sort((a, b) => a.bbox[0] - b.bbox[0])[0];
  return [left, right];
}

/** Segments under `seg` that share its column, nearest first, within `maxGapLines` line heights of it. */
export function segmentsBelow(seg: Segment, segments: Segment[], maxGapLines: number): Segment[] {
  const lh = seg.lineHeight;
  const under = (s: Segment): number => Math.round((10 * Math.max(0, xOverlap(s.bbox, seg.bbox))) / Math.max(1, s.bbox[2] - s.bbox[0]));
  return segments
    .filter((s) => s.page === seg.page && s !== seg && s.bbox[1] > seg.bbox[1] + 0.5 * lh && s.bbox[1] - seg.bbox[3] < maxGapLines * lh)
    .filter((s) => xOverlap(s.bbox, seg.bbox) > 0 || Math.abs(s.bbox[0] - seg.bbox[0]) < 1.5 * lh)
    // Of two cells on the first row, the one lying more of its width under the label (the other only grazes it).
    .sort((a, b) => (Math.abs(a.bbox[1] - b.bbox[1]) < 0.5 * lh ? under(b) - under(a) : a.bbox[1] - b.bbox[1]) || a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
}

/**
 * Cells of a table column under a header, top to bottom. The column runs halfway to the neighbouring
 * headers on the same row, since cells are often left-aligned under centred headers.
 */
export function columnCells(header: [number, number, number, number], headerSeg: Segment, segments: Segment[], maxLines = 14, maxGapLines = 6): Segment[] {
  const lh = headerSeg.lineHeight;
  const [left, right] = neighbours(header, lh, segments.filter((s) => s !== headerSeg && sameRow(s, headerSeg) && !isSpeck(s)));
  const x0 = left ? (left.bbox[2] + header[0]) / 2 : header[0] - 6 * lh;
  // The last column runs to the edge: numbers there are often right-aligned far from a short header.
  const x1 = right ? (header[2] + right.bbox[0]) / 2 : Number.POSITIVE_INFINITY;
  // Word-level bound for cells the OCR joined with the next column's ("27 CTN" under PIECES | PKG TYPE).
  const x1Words = right ? right.bbox[0] - 0.2 * lh : x1;
  const span: [number, number, number, number] = [x0, header[1], x1, header[3]];
  const headers = segments.filter((s) => sameRow(s, headerSeg) && !isSpeck(s)).sort((a, b) => a.bbox[0] - b.bbox[0]);
  const cells: Segment[] = [];
  let lastBottom = header[3];
  const cands: Segment[] = [];
  // A ruled grid says outright which cells share the header's column.
  const own = headerSeg.cell;
  const sameCell = (c: [number, number] | undefined): boolean | null => (!own || !c ? null : Math.abs(c[0] - own[0]) < lh && Math.abs(c[1] - own[1]) < lh);
  for (const s of segments) {
    if (s.page !== headerSeg.page || s.bbox[1] <= header[1] + 0.6 * lh || s === headerSeg) continue;
    // A speck of a scan (":" in a cell's corner) is no cell: it would stand for the column's value.
    if (isSpeck(s) && s.bbox[2] - s.bbox[0] < lh) continue;
    const ruled = sameCell(s.cell);
    if (ruled === true) { cands.push(s); continue; }
    if (ruled === false && (s.bbox[0] >= own![1] || s.bbox[2] <= own![0])) continue;
    // Mostly inside the column: not a long line crossing several columns.
    if (xOverlap(s.bbox, span) >= 0.6 * (s.bbox[2] - s.bbox[0])) {
      // A count of the column before, read into the same run ("28 BOTTLED WATER" under Pieces | Description): not this
      // column's.
      let k = 0;
      while (left && k < s.words.length - 1 && /^\d+$/.test(s.words[k]!.text) && (s.words[k]!.bbox[0] + s.words[k]!.bbox[2]) / 2 < x0) k++;
      cands.push(k ? partOf(s, s.words.slice(k)) : s);
      continue;
    }
    if (s.words.length > 4) {
      // A goods row in large handwriting read as one run across the columns: its words part at every column
      // boundary of the header row, which prose crossing the table never does.
      const piece = tableRowPieces(s, headers)?.[headers.indexOf(headerSeg)] ?? [];
      // A header segment holding two headers ("Class NMFC") shares its piece by the half-way line.
      const mine = headerSeg.words.length > 1 && header[2] - header[0] < 0.8 * (headerSeg.bbox[2] - headerSeg.bbox[0])
        ? piece.filter((w) => { const c = (w.bbox[0] + w.bbox[2]) / 2; return c >= x0 && c <= x1Words; }) : piece;
      if (mine.length) cands.push(partOf(s, mine));
      continue;
    }
    const inside = s.words.filter((w) => { const c = (w.bbox[0] + w.bbox[2]) / 2; return c >= x0 && c <= x1Words; });
    if (!inside.length) continue;
    if (inside.length === s.words.length) {
      // A number right-aligned past a centred header's half-way line ("143" under PIECES), in a cell of its own.
      if (xOverlap(s.bbox, [header[0] - 2 * lh, 0, header[2] + 2 * lh, 0]) > 0) cands.push(s);
      continue;
    }
    cands.push(partOf(s, inside));
  }
  cands.sort((a, b) => a.bbox[1] - b.bbox[1]);
  // Two cells on one row ("50" under No. PACKAGES, "5" cut from "5 SKID BOTTLED WATER" beside it): the cell nearest
  // the header's centre is the column's. Typed values ride up and down their row: tops apart by more than half the
  // header's letters may still share most of their height (a speck read weakly there takes no cell's place).
  const mid = (header[0] + header[2]) / 2;
  const centre = (b: [number, number, number, number]): number => Math.abs((b[0] + b[2]) / 2 - mid);
  for (let i = 0; i + 1 < cands.length; i++) {
    const a = cands[i]!, b = cands[i + 1]!;
    const level = Math.abs(a.bbox[1] - b.bbox[1]) < 0.5 * lh || (sameRow(a, b) && b.words.every((w) => w.confidence >= 0.5));
    if (level && centre(b.bbox) < centre(a.bbox)) { cands[i] = b; cands[i + 1] = a; }
  }
  for (const s of cands) {
    if (s.bbox[1] - lastBottom > maxGapLines * lh) break;
    cells.push(s);
    lastBottom = s.bbox[3];
    if (cells.length >= maxLines) break;
  }
  return cells;
}

/**
 * A run read across a header row's columns, parted into each header's words: between every two headers it reaches
 * it must have a word gap lying between those headers (the widest such gap is the boundary), and its words must
 * fill three or more columns. Null for anything else (prose crossing the table).
 */
function tableRowPieces(s: Segment, headers: Segment[]): Word[][] | null {
  if (headers.length < 3) return null;
  const ws = s.words;
  const cuts: number[] = [];
  for (let i = 0; i + 1 < headers.length; i++) {
    const from = headers[i]!.bbox[2], to = Math.max(from, headers[i + 1]!.bbox[0]);
    // The open page before the first word and after the last count as gaps as wide as can be.
    let best = -1, width = 0;
    for (let k = 0; k <= ws.length; k++) {
      const g0 = k ? ws[k - 1]!.bbox[2] : Number.NEGATIVE_INFINITY, g1 = k < ws.length ? ws[k]!.bbox[0] : Number.POSITIVE_INFINITY;
      if (g1 > g0 && g0 <= to && g1 >= from && g1 - g0 > width) { best = k; width = g1 - g0; }
    }
    if (best < 0 || best < (cuts[cuts.length - 1] ?? 0)) return null;
    cuts.push(best);
  }
  const pieces = headers.map((_, i) => ws.slice(i ? cuts[i - 1] : 0, i < cuts.length ? cuts[i] : ws.length));
  return pieces.filter((p) => p.length).length >= 3 ? pieces : null;
}

/** Segments on the same printed row as `seg` (any column). */
export function rowOf(seg: Segment, segments: Segment[]): Segment[] {
  return segments.filter((s) => sameRow(s, seg));
}
