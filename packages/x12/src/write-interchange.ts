/**
 * Writes one X12 interchange holding one 204 or 211 built from ExtractedData. Missing data does
 * not stop the writer: it leaves the element or segment out, lists the field in
 * `missingRequired`, and the result is still a well-formed interchange a reviewer can inspect.
 */
import type { ExtractedData } from '@ladingwise/shared';
import { X12WriteError, type X12Issue } from './errors.ts';
import { controlNumber, DEFAULT_SENDER_ID, DELIMITERS, gsElements, interchangeId, isaElements, type EnvelopeInput } from './envelope.ts';
import { PLANS } from './plans.ts';
import { renderPlan, type BuiltSegment } from './render-plan.ts';
import type { TransactionPlan } from './segment-plan.ts';
import { TYPES, VERSIONS, type TransactionType, type X12Version } from './versions.ts';

/** What `writeInterchange` needs. */
export interface WriteInterchangeInput {
  type: TransactionType;
  version: X12Version;
  data: ExtractedData;
  /** ISA06/GS02; `LADINGWISE` when empty. */
  senderId: string;
  /** ISA08/GS03. */
  receiverId: string;
  /** ISA13/IEA02, 1..999999999 (written zero-padded to 9 digits). */
  controlNumber: number;
  /** GS06/GE02; the interchange control number when absent. */
  groupControlNumber?: number;
  /** Interchange date and time (written in UTC). */
  now: Date;
  /** ISA15: P production (default) or T test. */
  usage?: 'P' | 'T';
  /** A partner's plan for this type (see `requireElements`); the built-in plan when absent. */
  plan?: TransactionPlan;
  /**
   * B2A01 (Transaction Set Purpose, element 353) in both the 204 and the 211: `original` (00, the
   * default) for the first tender of a shipment, `change` (04) when it replaces one already sent
   * with the same shipment identification (B204 / BOL03).
   */
  purpose?: Purpose;
}

/** Why this transaction set is sent: the first time, or as a change to one sent before. */
export type Purpose = 'original' | 'change';

/** Element 353 codes for each purpose. */
export const PURPOSE_CODE: Record<Purpose, string> = { original: '00', change: '04' };

/** What `writeInterchange` returns. */
export interface WriteInterchangeResult {
  /** The interchange text, one segment per line, each ending with `~`. */
  content: string;
  /** Notes on values cleaned, cut, defaulted or left out. */
  issues: X12Issue[];
  /** Dotted ExtractedData paths this transaction set needs that are empty or unusable. */
  missingRequired: string[];
}

/** ST02 of the single transaction set in each interchange. */
const ST_CONTROL = '0001';

/** Writes one interchange (ISA, GS, ST..SE, GE, IEA) for a 204 or 211. */
export function writeInterchange(input: WriteInterchangeInput): WriteInterchangeResult {
  if (!TYPES.includes(input.type)) throw new X12WriteError('BAD_TYPE', `type must be 204 or 211 (got ${String(input.type)}).`);
  if (!VERSIONS.includes(input.version)) throw new X12WriteError('BAD_VERSION', `version must be 4010, 5010 or 7010 (got ${String(input.version)}).`);
  if (!(input.now instanceof Date) || Number.isNaN(input.now.getTime())) throw new X12WriteError('BAD_DATE', 'now must be a valid Date.');
  const usage = input.usage ?? 'P';
  if (usage !== 'P' && usage !== 'T') throw new X12WriteError('BAD_USAGE', `usage must be P or T (got ${String(usage)}).`);
  const purpose = input.purpose ?? 'original';
  if (!(purpose in PURPOSE_CODE)) throw new X12WriteError('BAD_PURPOSE', `purpose must be original or change (got ${String(purpose)}).`);
  const isa = controlNumber(input.controlNumber, 'controlNumber');
  const plan = input.plan ?? PLANS[input.type];
  if (plan.type !== input.type) throw new X12WriteError('BAD_TYPE', `plan is for the ${plan.type}, not the ${input.type}.`);
  const env: EnvelopeInput = {
    version: input.version,
    functionalId: plan.functionalId,
    senderId: interchangeId(input.senderId, 'senderId', DEFAULT_SENDER_ID),
    receiverId: interchangeId(input.receiverId, 'receiverId'),
    controlNumber: isa,
    groupControlNumber: controlNumber(input.groupControlNumber ?? isa, 'groupControlNumber'),
    now: input.now,
    usage,
  };

  const body = renderPlan(plan, input.data, input.version, { purpose: PURPOSE_CODE[purpose] });
  const set: BuiltSegment[] = [
    { id: 'ST', elements: [input.type, ST_CONTROL] },
    ...body.segments,
  ];
  set.push({ id: 'SE', elements: [String(set.length + 1), ST_CONTROL] });
  const all: BuiltSegment[] = [
    { id: 'ISA', elements: isaElements(env) },
    { id: 'GS', elements: gsElements(env) },
    ...set,
    { id: 'GE', elements: ['1', String(env.groupControlNumber)] },
    { id: 'IEA', elements: ['1', String(isa).padStart(9, '0')] },
  ];
  const content = all.map((s) => [s.id, ...s.elements].join(DELIMITERS.element) + DELIMITERS.segment + '\n').join('');
  return { content, issues: body.issues, missingRequired: body.missingRequired };
}
