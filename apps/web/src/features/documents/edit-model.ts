/** Reading and writing ExtractedData fields by dotted path for the reviewer's editor. */
import type { ExtractedData } from '@ladingwise/shared';
import { emptyExtractedData } from '@ladingwise/shared';

/** Fields below this confidence are highlighted for review. */
export const LOW_CONFIDENCE = 0.9;

export interface FieldDef {
  path: string;
  label: string;
  kind?: 'text' | 'number' | 'date';
}

export const FIELD_GROUPS: readonly { title: string; fields: FieldDef[] }[] = [
  { title: 'Shipper', fields: party('Shipper') },
  { title: 'Consignee', fields: party('Consignee') },
  {
    title: 'Shipment',
    fields: [
      { path: 'ShipmentDetails.Weight', label: 'Weight', kind: 'number' },
      { path: 'ShipmentDetails.Pieces', label: 'Pieces', kind: 'number' },
      { path: 'ShipmentDetails.Commodity', label: 'Commodity' },
      { path: 'ShipmentDetails.FreightClass', label: 'Freight class' },
    ],
  },
  {
    title: 'Dates',
    fields: [
      { path: 'Dates.Pickup', label: 'Pickup', kind: 'date' },
      { path: 'Dates.Delivery', label: 'Delivery', kind: 'date' },
    ],
  },
  {
    title: 'References',
    fields: [
      { path: 'References.BolNumber', label: 'BOL number' },
      { path: 'References.PoNumber', label: 'PO number' },
      { path: 'References.OrderNumber', label: 'Order number' },
      { path: 'References.ProNumber', label: 'PRO number' },
    ],
  },
];

function party(p: string): FieldDef[] {
  return [
    { path: `${p}.Name`, label: 'Name' },
    { path: `${p}.Address`, label: 'Address' },
    { path: `${p}.City`, label: 'City' },
    { path: `${p}.State`, label: 'State' },
    { path: `${p}.Zip`, label: 'ZIP / postal code' },
  ];
}

type Obj = Record<string, unknown>;

/** The field's value as form text ('' when empty). */
export function getField(data: ExtractedData | null, path: string): string {
  let cur: unknown = data;
  for (const k of path.split('.')) cur = cur && typeof cur === 'object' ? (cur as Obj)[k] : undefined;
  return cur === null || cur === undefined ? '' : String(cur);
}

/** A copy of data with the field set; '' becomes null, numeric fields become numbers. */
export function setField(data: ExtractedData | null, path: string, text: string, kind: FieldDef['kind'] = 'text'): ExtractedData {
  const base = structuredClone(data ?? emptyExtractedData()) as unknown as Obj;
  const keys = path.split('.');
  let cur = base;
  for (const k of keys.slice(0, -1)) {
    if (!cur[k] || typeof cur[k] !== 'object') cur[k] = {};
    cur = cur[k] as Obj;
  }
  const trimmed = text.trim();
  let value: unknown = trimmed === '' ? null : text;
  if (kind === 'number' && trimmed !== '') value = Number.isFinite(Number(trimmed)) ? Number(trimmed) : text;
  cur[keys[keys.length - 1]!] = value;
  return base as unknown as ExtractedData;
}

/** Whether a field's confidence is known and below 0.9. */
export function isLowConfidence(data: ExtractedData | null, path: string): boolean {
  const score = data?.ConfidenceScores?.[path];
  return typeof score === 'number' && score < LOW_CONFIDENCE;
}

/** Whether the extractor reported the field missing. */
export function isMissing(data: ExtractedData | null, path: string): boolean {
  return Boolean(data?.MissingFields?.includes(path));
}
