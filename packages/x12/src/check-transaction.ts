/**
 * Checks a 204/211 body against its segment plan: mandatory segments and loops present, known
 * segments in order and within their repeat limits, and element lengths, types and codes.
 * Segments the plan does not know (MS3, NTE...) are allowed and skipped. Fills `loops`.
 */
import { issue, type X12Issue } from './errors.ts';
import { isRealDate, numericLength } from './format-value.ts';
import type { ParsedLoop, ParsedSegment, ParsedTransaction } from './parse-interchange.ts';
import { positionOf } from './render-plan.ts';
import { maxOf, type LoopSpec, type PlanNode, type SegmentSpec, type TransactionPlan } from './segment-plan.ts';
import type { X12Version } from './versions.ts';

export interface CheckOptions {
  /** Also report empty mandatory elements (a partner would reject them). */
  strict?: boolean;
}

interface MatchCtx {
  segs: ParsedSegment[];
  pos: number;
  version: X12Version;
  known: Set<string>;
  issues: X12Issue[];
  strict: boolean;
}

function where(s: ParsedSegment, ref?: string): string {
  return `${s.id}[${s.index + 1}]${ref ? `.${ref}` : ''}`;
}

function skipUnknown(ctx: MatchCtx): void {
  while (ctx.pos < ctx.segs.length && !ctx.known.has(ctx.segs[ctx.pos]!.id)) ctx.pos++;
}

function current(ctx: MatchCtx): ParsedSegment | undefined {
  skipUnknown(ctx);
  return ctx.segs[ctx.pos];
}

function checkElements(spec: SegmentSpec, s: ParsedSegment, ctx: MatchCtx): void {
  for (const e of spec.elements) {
    const pos = positionOf(e.ref);
    const v = s.elements[pos - 1] ?? '';
    if (v === '') {
      if (ctx.strict && e.usage === 'M') ctx.issues.push(issue('ELEMENT_MISSING', where(s, e.ref), `${e.ref} (${e.name}) is empty.`));
      continue;
    }
    const max = maxOf(e, ctx.version);
    const numeric = e.type === 'R' || e.type === 'N0';
    const len = numeric ? numericLength(v) : v.length;
    if (len > max) ctx.issues.push(issue('ELEMENT_TOO_LONG', where(s, e.ref), `${e.ref} (${e.name}) is ${len} characters; the maximum is ${max}.`));
    if (len < e.min) ctx.issues.push(issue('ELEMENT_TOO_SHORT', where(s, e.ref), `${e.ref} (${e.name}) is ${len} characters; the minimum is ${e.min}.`));
    if (e.type === 'N0' && !/^-?\d+$/.test(v)) ctx.issues.push(issue('BAD_NUMBER', where(s, e.ref), `${e.ref} (${e.name}) ${v} is not a whole number.`));
    if (e.type === 'R' && !/^-?(\d+\.?\d*|\.\d+)$/.test(v)) ctx.issues.push(issue('BAD_NUMBER', where(s, e.ref), `${e.ref} (${e.name}) ${v} is not a number.`));
    if (e.type === 'DT' && !(v.length === 8 && isRealDate(v))) ctx.issues.push(issue('BAD_DATE', where(s, e.ref), `${e.ref} (${e.name}) ${v} is not a date CCYYMMDD.`));
    if (e.codes && !e.codes.includes(v)) ctx.issues.push(issue('BAD_CODE', where(s, e.ref), `${e.ref} (${e.name}) ${v} is not one of ${e.codes.join(', ')}.`));
  }
}

/** Consumes the run of segments with this spec's id (adjacent specs with the same id share it). */
function matchSegment(spec: SegmentSpec, ctx: MatchCtx, sink: ParsedSegment[], prevId: string | undefined, usage: 'M' | 'O'): number {
  if (prevId === spec.id) return 1; // already consumed with the previous spec of the same id
  let n = 0;
  for (let s = current(ctx); s && s.id === spec.id; s = current(ctx)) {
    checkElements(spec, s, ctx);
    sink.push(s);
    ctx.pos++;
    n++;
  }
  const maxUse = spec.maxUse ?? 1;
  if (n > maxUse) ctx.issues.push(issue('COUNT_MISMATCH', spec.id, `${spec.id} appears ${n} times here; at most ${maxUse} allowed.`));
  if (n === 0 && usage === 'M') {
    const at = current(ctx);
    ctx.issues.push(issue('MISSING_SEGMENT', at ? where(at) : spec.id, `Mandatory segment ${spec.id} is missing${at ? ` before ${at.id}` : ''}.`));
  }
  return n;
}

function matchNodes(nodes: PlanNode[], ctx: MatchCtx, sink: ParsedSegment[], loops: ParsedLoop[]): void {
  let prevId: string | undefined;
  for (const node of nodes) {
    if (node.kind === 'segment') {
      matchSegment(node, ctx, sink, prevId, node.usage);
      prevId = node.id;
    } else {
      matchLoop(node, ctx, loops);
      prevId = undefined;
    }
  }
}

function matchLoop(loop: LoopSpec, ctx: MatchCtx, loops: ParsedLoop[]): void {
  const lead = loop.children[0] as SegmentSpec;
  let n = 0;
  for (let s = current(ctx); s && s.id === lead.id; s = current(ctx)) {
    const found: ParsedLoop = { id: loop.id, segments: [], loops: [] };
    // One leading segment per loop instance.
    checkElements(lead, s, ctx);
    found.segments.push(s);
    ctx.pos++;
    matchNodes(loop.children.slice(1), ctx, found.segments, found.loops);
    loops.push(found);
    n++;
  }
  if (n === 0 && loop.usage === 'M') {
    const at = current(ctx);
    ctx.issues.push(issue('MISSING_SEGMENT', at ? where(at) : lead.id, `Mandatory loop ${loop.id} (${lead.id}) is missing.`));
  }
  if (loop.maxUse !== undefined && n > loop.maxUse) ctx.issues.push(issue('COUNT_MISMATCH', lead.id, `Loop ${loop.id} repeats ${n} times; at most ${loop.maxUse} allowed.`));
}

function knownIds(nodes: PlanNode[], into: Set<string>): Set<string> {
  for (const n of nodes) {
    if (n.kind === 'segment') into.add(n.id);
    else knownIds(n.children, into);
  }
  return into;
}

/** Checks the body of one transaction set against its plan and sets `tx.loops` to the loops found. */
export function checkTransaction(tx: ParsedTransaction, plan: TransactionPlan, version: X12Version, options: CheckOptions = {}): X12Issue[] {
  const body = tx.segments.slice(1, tx.se ? -1 : undefined);
  const ctx: MatchCtx = { segs: body, pos: 0, version, known: knownIds(plan.nodes, new Set()), issues: [], strict: options.strict ?? false };
  const header: ParsedSegment[] = [];
  const loops: ParsedLoop[] = [];
  matchNodes(plan.nodes, ctx, header, loops);
  tx.loops = loops;
  const left = current(ctx);
  if (left) ctx.issues.push(issue('ORDER', where(left), `${left.id} is out of order in the ${plan.type}: the segments from here on do not follow the ${plan.type} layout.`));
  return ctx.issues;
}
