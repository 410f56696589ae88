/**
 * Partner profiles: a partner's guide usually asks for more than the standard (every party's
 * country, a delivery date...). `requireElements` returns a copy of a plan with more elements
 * marked required, so `writeInterchange({ ..., plan })` lists them in `missingRequired`.
 */
import type { PlanNode, TransactionPlan } from './segment-plan.ts';

/** A copy of `plan` where the elements with these reference designators (`N404`, `G6202`) are required. */
export function requireElements(plan: TransactionPlan, refs: readonly string[]): TransactionPlan {
  const wanted = new Set(refs);
  const mapNode = (n: PlanNode): PlanNode =>
    n.kind === 'segment'
      ? { ...n, elements: n.elements.map((e) => (wanted.has(e.ref) ? { ...e, required: true } : e)) }
      : { ...n, children: n.children.map(mapNode) };
  return { ...plan, nodes: plan.nodes.map(mapNode) };
}
