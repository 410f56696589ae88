/**
 * Walks a transaction plan over ExtractedData and produces the segments between ST and SE, the
 * fields that were required but missing, and notes on values that were cleaned, cut or defaulted.
 */
import { issue, type X12Issue } from './errors.ts';
import { formatValue } from './format-value.ts';
import type { ElementSpec, LoopSpec, PlanNode, SegmentSpec, TransactionPlan } from './segment-plan.ts';
import type { X12Version } from './versions.ts';

/** One segment as its id and element texts (element 1 first). */
export interface BuiltSegment {
  id: string;
  elements: string[];
}

export interface RenderResult {
  segments: BuiltSegment[];
  missingRequired: string[];
  issues: X12Issue[];
}

interface Ctx {
  data: unknown;
  version: X12Version;
  missing: Set<string>;
  issues: X12Issue[];
}

/** Fills `{var}` placeholders. */
export function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');
}

/** Reads a dotted path (`LineItems.0.Weight`) from an object. */
export function valueAt(data: unknown, path: string): unknown {
  let cur: unknown = data;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** Element position (1-based) from its reference designator: `B204` -> 4. */
export function positionOf(ref: string): number {
  return Number(ref.slice(-2));
}

interface SegmentOutcome {
  segment: BuiltSegment;
  /** Some element was filled from the data (not a constant or default). */
  hasData: boolean;
  /** Every mandatory element has a value. */
  complete: boolean;
  missingRequired: string[];
  notes: X12Issue[];
  incomplete: X12Issue[];
}

function isRequired(e: ElementSpec, vars: Record<string, string>): boolean {
  if (typeof e.required === 'string') return fill(e.required, vars) !== '';
  return e.required === true;
}

function buildSegment(spec: SegmentSpec, vars: Record<string, string>, ctx: Ctx): SegmentOutcome {
  const elements: string[] = [];
  const out: SegmentOutcome = { segment: { id: spec.id, elements }, hasData: false, complete: true, missingRequired: [], notes: [], incomplete: [] };
  for (const e of spec.elements) {
    const pos = positionOf(e.ref);
    while (elements.length < pos) elements.push('');
    let value = '';
    if ('const' in e.source) {
      value = fill(e.source.const, vars);
    } else {
      const path = fill(e.source.field, vars);
      const f = formatValue(valueAt(ctx.data, path), e, e.source.format ?? 'text', ctx.version);
      if (f.kind === 'ok') {
        value = f.value;
        out.hasData = true;
        if (f.cleaned) out.notes.push(issue('CLEANED', path, `${e.ref}: characters X12 cannot carry were replaced in ${path}.`));
        if (f.truncated) out.notes.push(issue('TRUNCATED', path, `${e.ref}: ${path} was cut to ${value.length} characters.`));
      } else {
        if (f.kind === 'invalid') out.notes.push(issue('INVALID_VALUE', path, `${e.ref}: ${path} left out: ${f.reason}.`));
        if (e.source.fallback !== undefined) {
          value = e.source.fallback;
          out.notes.push(issue('DEFAULTED', path, `${e.ref}: ${path} is empty; wrote ${value}.`));
        } else if (isRequired(e, vars)) {
          out.missingRequired.push(path);
        }
        if (!value && e.usage === 'M') out.incomplete.push(issue('MISSING_REQUIRED', path, `${e.ref} (${e.name}) needs ${path}.`));
      }
    }
    if (!value && e.usage === 'M') out.complete = false;
    elements[pos - 1] = value;
  }
  while (elements.length > 0 && elements[elements.length - 1] === '') elements.pop();
  return out;
}

/** Renders nodes; with `emit` false it only collects missing required fields (a loop left out). */
function renderNodes(nodes: PlanNode[], vars: Record<string, string>, ctx: Ctx, emit: boolean, out: BuiltSegment[]): void {
  for (const node of nodes) {
    if (node.kind === 'segment') renderSegment(node, vars, ctx, emit, out, node.usage);
    else renderLoop(node, vars, ctx, emit, out);
  }
}

function renderSegment(spec: SegmentSpec, vars: Record<string, string>, ctx: Ctx, emit: boolean, out: BuiltSegment[], usage: 'M' | 'O'): boolean {
  const r = buildSegment(spec, vars, ctx);
  for (const p of r.missingRequired) ctx.missing.add(p);
  const written = emit && (usage === 'M' || (r.hasData && r.complete));
  if (written) {
    out.push(r.segment);
    ctx.issues.push(...r.notes, ...(usage === 'M' ? r.incomplete : []));
    return true;
  }
  if (!emit) return false;
  for (const alt of spec.alternatives ?? []) {
    const a = buildSegment(alt, vars, ctx);
    if (a.hasData && a.complete) {
      out.push(a.segment);
      ctx.issues.push(...a.notes, issue('DEFAULTED', fill(alt.note.path, vars), `${spec.id}: ${alt.note.message}`));
      return true;
    }
  }
  ctx.issues.push(...r.notes.filter((n) => n.code === 'INVALID_VALUE'));
  if (r.hasData) ctx.issues.push(issue('MISSING_REQUIRED', r.incomplete[0]?.path ?? spec.id, `${spec.id} left out: ${r.incomplete.map((i) => i.message).join(' ')}`));
  return false;
}

function renderLoop(loop: LoopSpec, outer: Record<string, string>, ctx: Ctx, emit: boolean, out: BuiltSegment[]): void {
  const instances = typeof loop.instances === 'function' ? loop.instances(ctx.data) : loop.instances;
  for (const inst of instances) {
    const vars = { ...outer, ...inst.vars };
    const [lead, ...rest] = loop.children;
    if (!lead || lead.kind !== 'segment') throw new Error(`Loop ${loop.id} must start with a segment.`);
    // An optional loop is written only when its leading segment has data and is complete.
    const written = renderSegment(lead, vars, ctx, emit, out, loop.usage === 'M' ? 'M' : 'O');
    renderNodes(rest, vars, ctx, written, out);
  }
}

/** Renders the body of a transaction set (without ST and SE); `vars` fill `{name}` placeholders anywhere in the plan. */
export function renderPlan(plan: TransactionPlan, data: unknown, version: X12Version, vars: Record<string, string> = {}): RenderResult {
  const ctx: Ctx = { data, version, missing: new Set(), issues: [] };
  const segments: BuiltSegment[] = [];
  renderNodes(plan.nodes, vars, ctx, true, segments);
  return { segments, missingRequired: [...ctx.missing], issues: dedupe(ctx.issues) };
}

function dedupe(issues: X12Issue[]): X12Issue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const key = `${i.code}|${i.path}|${i.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
