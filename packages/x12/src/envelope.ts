/**
 * The interchange envelope: ISA/IEA, GS/GE and ST/SE, with the fixed-width ISA and the counts
 * and control numbers the trailers must repeat.
 */
import { X12WriteError } from './errors.ts';
import { cleanText } from './sanitize.ts';
import { VERSION_INFO, type X12Version } from './versions.ts';

/** Delimiters written: `*` element, `:` component (ISA16), `^` repetition (ISA11 from 00501), `~` segment. */
export const DELIMITERS = { element: '*', component: ':', repetition: '^', segment: '~' } as const;

/** Interchange sender ID used when none is given. */
export const DEFAULT_SENDER_ID = 'LADINGWISE';

/** Checks and cleans an interchange ID (ISA06/ISA08, GS02/GS03). */
export function interchangeId(raw: string | undefined | null, what: string, fallback?: string): string {
  const { value } = cleanText(raw ?? '');
  const id = value || fallback || '';
  if (!id || id.length > 15) {
    throw new X12WriteError('BAD_INTERCHANGE_ID', `${what} must be 1 to 15 characters (got ${JSON.stringify(raw ?? '')}).`);
  }
  return id;
}

/** Checks a control number: a whole number 1..999999999. */
export function controlNumber(n: unknown, what: string): number {
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 999_999_999) {
    throw new X12WriteError('BAD_CONTROL_NUMBER', `${what} must be a whole number from 1 to 999999999 (got ${String(n)}).`);
  }
  return n;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** Date and time parts in UTC: CCYYMMDD and HHMM. */
export function stamp(now: Date): { date8: string; date6: string; time4: string } {
  const date8 = `${now.getUTCFullYear()}${pad2(now.getUTCMonth() + 1)}${pad2(now.getUTCDate())}`;
  return { date8, date6: date8.slice(2), time4: `${pad2(now.getUTCHours())}${pad2(now.getUTCMinutes())}` };
}

export interface EnvelopeInput {
  version: X12Version;
  functionalId: string;
  senderId: string;
  receiverId: string;
  controlNumber: number;
  groupControlNumber: number;
  now: Date;
  usage: 'P' | 'T';
}

/** The ISA segment's 16 elements, each at its fixed width. */
export function isaElements(e: EnvelopeInput): string[] {
  const { date6, time4 } = stamp(e.now);
  const info = VERSION_INFO[e.version];
  return [
    '00', ' '.repeat(10), '00', ' '.repeat(10),
    'ZZ', e.senderId.padEnd(15, ' '), 'ZZ', e.receiverId.padEnd(15, ' '),
    date6, time4, info.isa11, info.isa12,
    String(e.controlNumber).padStart(9, '0'), '0', e.usage, DELIMITERS.component,
  ];
}

/** The GS segment's 8 elements. */
export function gsElements(e: EnvelopeInput): string[] {
  const { date8, time4 } = stamp(e.now);
  return [e.functionalId, e.senderId, e.receiverId, date8, time4, String(e.groupControlNumber), 'X', VERSION_INFO[e.version].gs08];
}
