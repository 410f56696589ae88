/**
 * The shape of a segment plan: which segments a transaction set holds, in order, and for each
 * element its X12 requirement, type, length limits and where its value comes from. The writer
 * walks a plan to produce segments; the checker uses the same plan to validate what it reads.
 * A partner profile can copy a plan and tighten it (mark more elements `required`).
 */
import type { X12Version } from './versions.ts';

/** X12 element data types used here. */
export type ElementType = 'AN' | 'ID' | 'DT' | 'TM' | 'N0' | 'R';

/** How a data value is turned into element text. */
export type Format =
  | 'text' // cleaned, truncated to max
  | 'compact' // cleaned, no spaces (shipment identification numbers)
  | 'code' // cleaned, uppercase, no spaces; invalid when outside min/max
  | 'date' // ISO YYYY-MM-DD -> CCYYMMDD
  | 'integer' // whole number >= 0
  | 'decimal' // number >= 0, at most 2 decimals
  | 'paymentMethod' // FreightTerms -> PP / CC / TP
  | 'packaging'; // free text such as "Pallets" -> PLT

/** Where an element's value comes from. Strings may hold `{var}` placeholders filled per loop instance. */
export type ValueSource =
  | { const: string }
  | { field: string; format?: Format; fallback?: string };

export interface ElementSpec {
  /** Reference designator, e.g. `B204`. */
  ref: string;
  name: string;
  /** X12 requirement in this plan: M mandatory, O optional (conditional elements are modelled as one of the two). */
  usage: 'M' | 'O';
  type: ElementType;
  min: number;
  /** Maximum length; per version where releases differ. */
  max: number | Partial<Record<X12Version, number>> & { default: number };
  source: ValueSource;
  /**
   * The data must supply this field: listed in `missingRequired` when empty. A string is a
   * `{var}` template: required when it resolves to a non-empty value for the loop instance.
   */
  required?: boolean | string;
  /** Codes the checker accepts (ID elements with a const or mapped source). */
  codes?: readonly string[];
}

export interface SegmentSpec {
  kind: 'segment';
  id: string;
  /** M: always written (empty mandatory elements stay empty and are reported); O: written when it has data. */
  usage: 'M' | 'O';
  elements: ElementSpec[];
  /** Maximum times the segment may repeat at this place (checker). */
  maxUse?: number;
  /**
   * Other ways to write the same segment, tried in order when this one cannot be written
   * (e.g. AT2 from pieces when the packaging is unknown). `note` is reported as a DEFAULTED issue.
   */
  alternatives?: (SegmentSpec & { note: { path: string; message: string } })[];
}

export interface LoopInstance {
  /** Values for `{var}` placeholders in field paths and constants. */
  vars: Record<string, string>;
}

export interface LoopSpec {
  kind: 'loop';
  /** Loop identifier as in the standard (`0100`, `0300`...). */
  id: string;
  usage: 'M' | 'O';
  /** One instance per party, stop or line; a function where the count depends on the data. */
  instances: LoopInstance[] | ((data: unknown) => LoopInstance[]);
  /** First child is the loop's leading segment: the loop is written only when that segment is. */
  children: PlanNode[];
  maxUse?: number;
}

export type PlanNode = SegmentSpec | LoopSpec;

/** A transaction set's body between ST and SE. */
export interface TransactionPlan {
  type: '204' | '211';
  functionalId: string;
  nodes: PlanNode[];
}

/** The maximum length of an element in a version. */
export function maxOf(e: ElementSpec, version: X12Version): number {
  return typeof e.max === 'number' ? e.max : e.max[version] ?? e.max.default;
}
