/**
 * @ladingwise/x12: writes X12 204 (load tender) and 211 (bill of lading) interchanges from
 * ExtractedData in 004010, 005010 and 007010, and reads and checks interchanges.
 */
export { writeInterchange, PURPOSE_CODE, type Purpose, type WriteInterchangeInput, type WriteInterchangeResult } from './write-interchange.ts';
export { checkInterchange, type CheckResult } from './check-interchange.ts';
export type { CheckOptions } from './check-transaction.ts';
export {
  parseInterchange, X12ParseError, ISA_LENGTH,
  type ParsedInterchange, type ParsedGroup, type ParsedTransaction, type ParsedSegment, type ParsedLoop, type Separators,
} from './parse-interchange.ts';
export { X12WriteError, ISSUE_CODES, WRITE_ERROR_CODES, type X12Issue, type IssueCode } from './errors.ts';
export { cleanText } from './sanitize.ts';
export { DEFAULT_SENDER_ID, DELIMITERS } from './envelope.ts';
export { PLANS } from './plans.ts';
export { requireElements } from './profile.ts';
export { PLAN_204 } from './plan-204.ts';
export { PLAN_211 } from './plan-211.ts';
export type { TransactionPlan, PlanNode, SegmentSpec, LoopSpec, ElementSpec, ValueSource, Format } from './segment-plan.ts';
export { VERSION_INFO, FUNCTIONAL_ID, type X12Version, type TransactionType } from './versions.ts';
