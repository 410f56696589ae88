/** Which reviewable fields a correction changed, and which flagged ones a person vouched for, as dotted paths, for the audit trail. */
import type { ExtractedData } from '@ladingwise/shared';

const GROUPS = ['Shipper', 'Consignee', 'BillTo', 'Carrier', 'ShipmentDetails', 'Dates', 'References'] as const;

const norm = (v: unknown) => (v === undefined || v === '' ? null : v);

export function changedFields(before: ExtractedData, after: ExtractedData): string[] {
  const out: string[] = [];
  for (const g of GROUPS) {
    const a = (before[g] ?? {}) as unknown as Record<string, unknown>;
    const b = (after[g] ?? {}) as unknown as Record<string, unknown>;
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (g === 'References' && key === 'ISA') continue;
      if (JSON.stringify(norm(a[key])) !== JSON.stringify(norm(b[key]))) out.push(`${g}.${key}`);
    }
  }
  if (norm(before.FreightTerms) !== norm(after.FreightTerms)) out.push('FreightTerms');
  out.push(...changedLines(before.LineItems ?? [], after.LineItems ?? []));
  return out;
}

/** Line by line: `LineItems.1.Weight` for a changed value, `LineItems.2` for a line added or removed. */
function changedLines(before: readonly object[], after: readonly object[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const a = before[i] as Record<string, unknown> | undefined;
    const b = after[i] as Record<string, unknown> | undefined;
    if (!a || !b) { out.push(`LineItems.${i}`); continue; }
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (JSON.stringify(norm(a[key])) !== JSON.stringify(norm(b[key]))) out.push(`LineItems.${i}.${key}`);
    }
  }
  return out;
}

/** What a person's review did to the stored data: the fields it changed and those it vouched for unchanged (with the score each had). */
export interface ReviewMarks {
  data: ExtractedData;
  changed: string[];
  confirmed: Record<string, number>;
}

/**
 * A reviewer's data made ready to store. Where each value was read (FieldSources, PageSizes) is the extractor's
 * measure, so it is kept from the stored data whatever the client sent. A value a person typed is no longer a
 * guess (score 1); a score the client raised on an unchanged value is a person vouching for it, and is listed so
 * the audit names who confirmed what.
 */
export function reviewOf(current: ExtractedData, corrected: ExtractedData): ReviewMarks {
  const changed = changedFields(current, corrected);
  const before = current.ConfidenceScores ?? {};
  const scores: Record<string, number> = { ...before, ...(corrected.ConfidenceScores ?? {}) };
  const confirmed: Record<string, number> = {};
  for (const [path, score] of Object.entries(scores)) {
    const was = before[path];
    if (typeof was === 'number' && score > was && !changed.includes(path)) confirmed[path] = was;
  }
  for (const path of changed) scores[path] = 1;
  const data: ExtractedData = { ...corrected, ConfidenceScores: scores };
  delete data.FieldSources;
  delete data.PageSizes;
  if (current.FieldSources) data.FieldSources = current.FieldSources;
  if (current.PageSizes) data.PageSizes = current.PageSizes;
  return { data, changed, confirmed };
}

/** Fields still scored under the threshold: approved without a person confirming them one by one. */
export function uncheckedFields(data: ExtractedData, threshold: number): string[] {
  return Object.entries(data.ConfidenceScores ?? {}).filter(([, s]) => s < threshold).map(([p]) => p).sort();
}
