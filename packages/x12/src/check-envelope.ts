/**
 * Envelope checks: ISA fixed widths and codes, distinct delimiters, and that every trailer
 * (SE, GE, IEA) repeats its header's control number and counts what it encloses.
 */
import { issue, type X12Issue } from './errors.ts';
import { isRealDate } from './format-value.ts';
import { ISA_LENGTH, type ParsedInterchange, type ParsedSegment } from './parse-interchange.ts';
import { FUNCTIONAL_ID, versionFromCode, type TransactionType } from './versions.ts';

const ISA_WIDTHS = [2, 10, 2, 10, 2, 15, 2, 15, 6, 4, 1, 5, 9, 1, 1, 1];

function at(s: ParsedSegment | undefined, n: number): string {
  return s?.elements[n - 1] ?? '';
}

function where(s: ParsedSegment, n?: number): string {
  return `${s.id}[${s.index + 1}]${n === undefined ? '' : `.${s.id}${String(n).padStart(2, '0')}`}`;
}

/** Checks the ISA segment's widths, codes and delimiters. */
export function checkIsa(p: ParsedInterchange): X12Issue[] {
  const out: X12Issue[] = [];
  const isa = p.isa!;
  if (p.isaText.length !== ISA_LENGTH) out.push(issue('ISA_LENGTH', 'ISA', `The ISA segment is ${p.isaText.length} characters with its terminator; it must be ${ISA_LENGTH}.`));
  if (isa.elements.length !== 16) {
    out.push(issue('ISA_LENGTH', 'ISA', `ISA must have 16 elements; found ${isa.elements.length}.`));
    return out;
  }
  ISA_WIDTHS.forEach((w, i) => {
    const v = at(isa, i + 1);
    if (v.length !== w) out.push(issue('ISA_ELEMENT', where(isa, i + 1), `ISA${String(i + 1).padStart(2, '0')} must be ${w} characters wide; it is ${v.length}.`));
  });
  const s = p.separators;
  const delims = [s.element, s.component, s.segment, ...(s.repetition ? [s.repetition] : [])];
  if (new Set(delims).size !== delims.length) out.push(issue('DELIMITERS', 'ISA', `Delimiters must all differ (element ${s.element}, component ${s.component}, repetition ${s.repetition ?? 'none'}, segment ${JSON.stringify(s.segment)}).`));
  if (delims.some((d) => /[A-Za-z0-9 ]/.test(d))) out.push(issue('DELIMITERS', 'ISA', 'Delimiters must not be letters, digits or spaces.'));
  const v12 = at(isa, 12);
  if (!versionFromCode(v12)) out.push(issue('ISA_ELEMENT', where(isa, 12), `ISA12 ${v12} is not 00401, 00501 or 00701.`));
  if (v12 === '00401' && at(isa, 11) !== 'U') out.push(issue('ISA_ELEMENT', where(isa, 11), 'ISA11 must be U (standards identifier) in 00401.'));
  if (!/^\d{6}$/.test(at(isa, 9)) || !isRealDate(`20${at(isa, 9)}`)) out.push(issue('ISA_ELEMENT', where(isa, 9), `ISA09 ${at(isa, 9)} is not a date YYMMDD.`));
  if (!/^([01]\d|2[0-3])[0-5]\d$/.test(at(isa, 10))) out.push(issue('ISA_ELEMENT', where(isa, 10), `ISA10 ${at(isa, 10)} is not a time HHMM.`));
  if (!/^\d{9}$/.test(at(isa, 13))) out.push(issue('BAD_CONTROL_NUMBER', where(isa, 13), `ISA13 ${at(isa, 13)} must be 9 digits.`));
  if (!['0', '1'].includes(at(isa, 14))) out.push(issue('ISA_ELEMENT', where(isa, 14), 'ISA14 must be 0 or 1.'));
  if (!['P', 'T'].includes(at(isa, 15))) out.push(issue('ISA_ELEMENT', where(isa, 15), 'ISA15 must be P or T.'));
  for (const n of [6, 8]) if (at(isa, n).trim() === '') out.push(issue('ISA_ELEMENT', where(isa, n), `ISA${String(n).padStart(2, '0')} (interchange ID) is empty.`));
  return out;
}

/** Checks groups, transaction sets, trailers, counts and control numbers. */
export function checkStructure(p: ParsedInterchange): X12Issue[] {
  const out: X12Issue[] = [];
  const isa = p.isa!;
  const isaVersion = versionFromCode(at(isa, 12));
  if (!p.iea) out.push(issue('MISSING_SEGMENT', 'IEA', 'The interchange has no IEA trailer.'));
  else {
    if (at(p.iea, 1) !== String(p.groups.length)) out.push(issue('COUNT_MISMATCH', where(p.iea, 1), `IEA01 says ${at(p.iea, 1)} functional groups; the interchange has ${p.groups.length}.`));
    if (at(p.iea, 2) !== at(isa, 13)) out.push(issue('CONTROL_MISMATCH', where(p.iea, 2), `IEA02 ${at(p.iea, 2)} does not match ISA13 ${at(isa, 13)}.`));
  }
  for (const s of p.stray) out.push(issue('UNEXPECTED_SEGMENT', where(s), `${s.id} is outside a functional group.`));
  if (p.groups.length === 0) out.push(issue('MISSING_SEGMENT', 'GS', 'The interchange has no functional group (GS).'));
  for (const g of p.groups) {
    const gs06 = at(g.gs, 6);
    if (!/^\d{1,9}$/.test(gs06)) out.push(issue('BAD_CONTROL_NUMBER', where(g.gs, 6), `GS06 ${gs06} must be 1 to 9 digits.`));
    const gsVersion = versionFromCode(at(g.gs, 8));
    if (!gsVersion) out.push(issue('VERSION_MISMATCH', where(g.gs, 8), `GS08 ${at(g.gs, 8)} is not 004010, 005010 or 007010.`));
    else if (isaVersion && gsVersion !== isaVersion) out.push(issue('VERSION_MISMATCH', where(g.gs, 8), `GS08 ${at(g.gs, 8)} does not match ISA12 ${at(isa, 12)}.`));
    if (!/^\d{8}$/.test(at(g.gs, 4)) || !isRealDate(at(g.gs, 4))) out.push(issue('BAD_DATE', where(g.gs, 4), `GS04 ${at(g.gs, 4)} is not a date CCYYMMDD.`));
    if (at(g.gs, 7) !== 'X') out.push(issue('ISA_ELEMENT', where(g.gs, 7), 'GS07 must be X.'));
    if (!g.ge) out.push(issue('MISSING_SEGMENT', where(g.gs), `Group ${gs06} has no GE trailer.`));
    else {
      if (at(g.ge, 1) !== String(g.transactions.length)) out.push(issue('COUNT_MISMATCH', where(g.ge, 1), `GE01 says ${at(g.ge, 1)} transaction sets; group ${gs06} has ${g.transactions.length}.`));
      if (at(g.ge, 2) !== gs06) out.push(issue('CONTROL_MISMATCH', where(g.ge, 2), `GE02 ${at(g.ge, 2)} does not match GS06 ${gs06}.`));
    }
    for (const s of g.stray) out.push(issue('UNEXPECTED_SEGMENT', where(s), `${s.id} is outside a transaction set.`));
    if (g.transactions.length === 0) out.push(issue('MISSING_SEGMENT', where(g.gs), `Group ${gs06} holds no transaction set (ST).`));
    const seen = new Set<string>();
    for (const t of g.transactions) {
      if (!/^[A-Za-z0-9]{4,9}$/.test(t.controlNumber)) out.push(issue('BAD_CONTROL_NUMBER', where(t.st, 2), `ST02 ${t.controlNumber} must be 4 to 9 characters.`));
      if (seen.has(t.controlNumber)) out.push(issue('DUPLICATE_CONTROL_NUMBER', where(t.st, 2), `ST02 ${t.controlNumber} is used twice in group ${gs06}.`));
      seen.add(t.controlNumber);
      const expectedGs = FUNCTIONAL_ID[t.type as TransactionType];
      if (expectedGs && at(g.gs, 1) !== expectedGs) out.push(issue('FUNCTIONAL_ID_MISMATCH', where(g.gs, 1), `GS01 is ${at(g.gs, 1)}; a ${t.type} belongs in a ${expectedGs} group.`));
      if (!t.se) {
        out.push(issue('MISSING_SEGMENT', where(t.st), `Transaction set ${t.controlNumber} has no SE trailer.`));
        continue;
      }
      if (at(t.se, 1) !== String(t.segments.length)) out.push(issue('COUNT_MISMATCH', where(t.se, 1), `SE01 says ${at(t.se, 1)} segments; transaction set ${t.controlNumber} has ${t.segments.length} from ST to SE.`));
      if (at(t.se, 2) !== t.controlNumber) out.push(issue('CONTROL_MISMATCH', where(t.se, 2), `SE02 ${at(t.se, 2)} does not match ST02 ${t.controlNumber}.`));
    }
  }
  return out;
}

/** Flags characters outside printable ASCII in any element. */
export function checkCharacters(p: ParsedInterchange): X12Issue[] {
  const out: X12Issue[] = [];
  for (const s of p.segments) {
    s.elements.forEach((e, i) => {
      if (/[^\x20-\x7e]/.test(e)) out.push(issue('BAD_CHARACTER', where(s, i + 1), `${s.id}${String(i + 1).padStart(2, '0')} holds a character outside printable ASCII.`));
    });
  }
  return out;
}
