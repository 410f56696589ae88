import { checkTransaction } from './check-transaction.ts';
import { PLANS } from './plans.ts';
import { versionFromCode, type TransactionType } from './versions.ts';

/**
 * Reads any X12 interchange: takes the delimiters from the ISA (element at position 4, repetition
 * ISA11 from 00402 on, component ISA16, segment terminator right after it), splits segments and
 * elements, and groups them into functional groups and transaction sets. It does not judge; see
 * `checkInterchange`.
 */

/** Delimiters found in the ISA. */
export interface Separators {
  element: string;
  component: string;
  /** ISA11 when it is a repetition separator (version 00402 and later). */
  repetition?: string;
  segment: string;
}

/** One segment as read. */
export interface ParsedSegment {
  id: string;
  /** Elements after the id: `elements[0]` is element 01. */
  elements: string[];
  /** 0-based position in the interchange. */
  index: number;
}

/** A loop found in a 204/211 body, with the segments directly in it and its inner loops. */
export interface ParsedLoop {
  id: string;
  segments: ParsedSegment[];
  loops: ParsedLoop[];
}

/** One ST..SE transaction set. */
export interface ParsedTransaction {
  st: ParsedSegment;
  se?: ParsedSegment;
  /** ST..SE inclusive (SE only when present). */
  segments: ParsedSegment[];
  type: string;
  controlNumber: string;
  /** Loops of a 204/211 body (party, stop and line loops with their segments); empty for other sets. */
  loops: ParsedLoop[];
}

/** One GS..GE functional group. */
export interface ParsedGroup {
  gs: ParsedSegment;
  ge?: ParsedSegment;
  transactions: ParsedTransaction[];
  /** Segments inside the group but outside any ST..SE. */
  stray: ParsedSegment[];
}

/** The whole interchange as read. */
export interface ParsedInterchange {
  separators: Separators;
  /** The ISA segment with its terminator exactly as it appeared (106 characters when well formed). */
  isaText: string;
  isa?: ParsedSegment;
  iea?: ParsedSegment;
  groups: ParsedGroup[];
  /** Every segment in order. */
  segments: ParsedSegment[];
  /** Segments outside any GS..GE (other than ISA and IEA) and after IEA. */
  stray: ParsedSegment[];
}

/** Thrown when the text cannot be read as X12 at all. */
export class X12ParseError extends Error {
  readonly code: 'EMPTY' | 'NO_ISA' | 'ISA_LENGTH';
  constructor(code: 'EMPTY' | 'NO_ISA' | 'ISA_LENGTH', message: string) {
    super(message);
    this.name = 'X12ParseError';
    this.code = code;
  }
}

/** Length of a well-formed ISA segment including its terminator. */
export const ISA_LENGTH = 106;

/** Reads an interchange; throws `X12ParseError` when there is no usable ISA. */
export function parseInterchange(input: string): ParsedInterchange {
  const text = input.replace(/^\uFEFF/, '').replace(/^[\r\n\t ]+/, '');
  if (text.length === 0) throw new X12ParseError('EMPTY', 'The text is empty.');
  if (!text.startsWith('ISA')) throw new X12ParseError('NO_ISA', 'The text does not start with an ISA segment.');
  const element = text[3]!;
  // The component separator and terminator follow the 16th element separator: at 104 and 105 in
  // a well-formed ISA. Finding them by count still reads an ISA whose widths were trimmed.
  let sep16 = -1;
  for (let i = 3, n = 0; i < text.length && n < 16; i++) {
    if (text[i] === element) {
      n++;
      if (n === 16) sep16 = i;
    }
  }
  if (sep16 < 0 || sep16 + 2 >= text.length) throw new X12ParseError('ISA_LENGTH', `The ISA segment is incomplete (${Math.min(text.length, 200)} characters read).`);
  const component = text[sep16 + 1]!;
  const segment = text[sep16 + 2]!;
  const isaFields = text.slice(0, sep16).split(element);
  const isa11 = isaFields[11] ?? '';
  const isa12 = isaFields[12] ?? '';
  const separators: Separators = { element, component, segment };
  if (/^\d{5}$/.test(isa12) && isa12 >= '00402' && isa11.length === 1 && !/[A-Za-z0-9 ]/.test(isa11)) separators.repetition = isa11;

  const segments: ParsedSegment[] = [];
  for (const raw of text.split(segment)) {
    // Line breaks after the terminator are common and not data.
    const s = raw.replace(/^[\r\n]+/, '');
    if (s.trim() === '') continue;
    const [id = '', ...elements] = s.split(element);
    segments.push({ id: id.trim(), elements, index: segments.length });
  }
  const out: ParsedInterchange = { separators, isaText: text.slice(0, sep16 + 3), groups: [], segments, stray: [] };
  let group: ParsedGroup | undefined;
  let tx: ParsedTransaction | undefined;
  for (const s of segments) {
    if (s.id === 'ISA' && !out.isa) out.isa = s;
    else if (s.id === 'IEA' && !out.iea) out.iea = s;
    else if (out.iea) out.stray.push(s);
    else if (s.id === 'GS') {
      group = { gs: s, transactions: [], stray: [] };
      out.groups.push(group);
      tx = undefined;
    } else if (s.id === 'GE' && group) {
      group.ge = s;
      group = undefined;
      tx = undefined;
    } else if (!group) out.stray.push(s);
    else if (s.id === 'ST') {
      tx = { st: s, segments: [s], type: s.elements[0] ?? '', controlNumber: s.elements[1] ?? '', loops: [] };
      group.transactions.push(tx);
    } else if (tx) {
      tx.segments.push(s);
      if (s.id === 'SE') {
        tx.se = s;
        tx = undefined;
      }
    } else group.stray.push(s);
  }
  // Group 204/211 bodies into loops with the same plan the checker uses (its issues are not kept here).
  for (const g of out.groups) {
    const version = versionFromCode(g.gs.elements[7] ?? '') ?? versionFromCode(out.isa?.elements[11] ?? '');
    for (const t of g.transactions) {
      const plan = PLANS[t.type as TransactionType];
      if (plan && version) checkTransaction(t, plan, version);
    }
  }
  return out;
}
