/** Which reviewable fields a correction changed, as dotted paths, for the audit trail. */
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
  if (JSON.stringify(before.LineItems ?? []) !== JSON.stringify(after.LineItems ?? [])) out.push('LineItems');
  return out;
}
