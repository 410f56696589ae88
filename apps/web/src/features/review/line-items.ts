/**
 * Commodity lines (LineItems) on the review form: the fields of line N as dotted paths (`LineItems.0.Weight`),
 * so they are read, written, flagged and named exactly like every other field, and adding or removing a line.
 */
import type { ExtractedData, LineItem } from '@ladingwise/shared';
import type { FieldDef } from './review-fields.ts';

const LINE_FIELDS: readonly (Omit<FieldDef, 'path' | 'title'> & { key: keyof LineItem })[] = [
  { key: 'Pieces', label: 'Pieces', kind: 'number' },
  { key: 'HandlingUnits', label: 'Handling units', kind: 'number' },
  { key: 'PackagingType', label: 'Packaging', kind: 'text', upper: true, placeholder: 'PLT, CTN, SKD...' },
  { key: 'Weight', label: 'Weight', kind: 'number' },
  { key: 'FreightClass', label: 'Freight class', kind: 'text', placeholder: '50 to 500' },
  { key: 'NmfcNumber', label: 'NMFC number', kind: 'text' },
  { key: 'Commodity', label: 'Description', kind: 'text' },
];

/** The form fields of line `index` (0-based); titles count from 1 as a person does. */
export function lineFieldDefs(index: number): FieldDef[] {
  return LINE_FIELDS.map(({ key, ...f }) => ({ ...f, path: `LineItems.${index}.${key}`, title: `Line ${index + 1} ${f.label.toLowerCase()}` }));
}

/** The 0-based line a field path is on, or null for a field outside the lines. */
export function lineIndexOf(path: string): number | null {
  const m = /^LineItems\.(\d+)\./.exec(path);
  return m ? Number(m[1]) : null;
}

/** Whether a field path is on a line the data still has (a line path past the last line is not; any other path is). */
export function onExistingLine(data: ExtractedData, path: string): boolean {
  const line = lineIndexOf(path);
  return line === null || line < (data.LineItems ?? []).length;
}

/**
 * A copy of data with one more line. The first line starts from the shipment's totals (one line is the whole
 * shipment); later lines start empty.
 */
export function addLineItem(data: ExtractedData): ExtractedData {
  const lines = data.LineItems ?? [];
  const s = data.ShipmentDetails;
  const line: LineItem = lines.length
    ? { HandlingUnits: null, PackagingType: null, Pieces: null, Weight: null, Commodity: null, FreightClass: null }
    : { HandlingUnits: s.HandlingUnits, PackagingType: s.PackagingType ?? null, Pieces: s.Pieces, Weight: s.Weight, Commodity: s.Commodity, FreightClass: s.FreightClass };
  return { ...data, LineItems: [...lines, line] };
}

/** A copy of data without line `index`; the scores of the lines after it move up with their lines. */
export function removeLineItem(data: ExtractedData, index: number): ExtractedData {
  const lines = (data.LineItems ?? []).filter((_, i) => i !== index);
  const scores: Record<string, number> = {};
  for (const [path, score] of Object.entries(data.ConfidenceScores ?? {})) {
    const m = /^LineItems\.(\d+)\.(.+)$/.exec(path);
    if (!m) { scores[path] = score; continue; }
    const i = Number(m[1]);
    if (i !== index) scores[`LineItems.${i > index ? i - 1 : i}.${m[2]}`] = score;
  }
  return { ...data, LineItems: lines, ConfidenceScores: scores };
}
