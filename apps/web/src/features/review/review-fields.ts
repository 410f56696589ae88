/**
 * Every field a reviewer can see and correct, as dotted ExtractedData paths, with reading and
 * writing by path. One list drives the form, the flags, the boxes on the page and the messages.
 */
import type { ExtractedData } from '@ladingwise/shared';
import { emptyExtractedData } from '@ladingwise/shared';

export interface FieldDef {
  path: string;
  /** Short label inside its group ("Name"). */
  label: string;
  /** Label that stands alone ("Shipper name"), used in messages and flags. */
  title: string;
  kind: 'text' | 'number' | 'date' | 'select';
  options?: readonly { value: string; label: string }[];
  /** Letters kept upper-case as typed (state, country, SCAC). */
  upper?: boolean;
  placeholder?: string;
}

export interface FieldGroup {
  key: string;
  title: string;
  fields: FieldDef[];
}

function party(key: 'Shipper' | 'Consignee' | 'BillTo', noun: string): FieldGroup {
  const f = (name: string, label: string, extra: Partial<FieldDef> = {}): FieldDef =>
    ({ path: `${key}.${name}`, label, title: `${noun} ${label.toLowerCase()}`, kind: 'text', ...extra });
  return {
    key,
    title: noun,
    fields: [
      f('Name', 'Name'), f('Address', 'Address'), f('City', 'City'), f('State', 'State', { upper: true }),
      f('Zip', 'ZIP / postal code'), f('Country', 'Country', { upper: true, placeholder: 'US, CA, MX...' }),
    ],
  };
}

export const FIELD_GROUPS: readonly FieldGroup[] = [
  party('Shipper', 'Shipper'),
  party('Consignee', 'Consignee'),
  party('BillTo', 'Bill-to'),
  {
    key: 'Carrier',
    title: 'Carrier',
    fields: [
      { path: 'Carrier.Name', label: 'Name', title: 'Carrier name', kind: 'text' },
      { path: 'Carrier.Scac', label: 'SCAC', title: 'Carrier SCAC', kind: 'text', upper: true },
      {
        path: 'FreightTerms', label: 'Freight terms', title: 'Freight terms', kind: 'select',
        options: [{ value: '', label: '—' }, { value: 'prepaid', label: 'Prepaid' }, { value: 'collect', label: 'Collect' }, { value: 'third party', label: 'Third party' }],
      },
    ],
  },
  {
    key: 'ShipmentDetails',
    title: 'Shipment',
    fields: [
      { path: 'ShipmentDetails.Pieces', label: 'Pieces', title: 'Pieces', kind: 'number' },
      { path: 'ShipmentDetails.HandlingUnits', label: 'Handling units', title: 'Handling units', kind: 'number' },
      { path: 'ShipmentDetails.Weight', label: 'Weight', title: 'Weight', kind: 'number' },
      {
        path: 'ShipmentDetails.WeightUnit', label: 'Weight unit', title: 'Weight unit', kind: 'select',
        options: [{ value: '', label: '—' }, { value: 'L', label: 'Pounds (lb)' }, { value: 'K', label: 'Kilograms (kg)' }],
      },
      { path: 'ShipmentDetails.FreightClass', label: 'Freight class', title: 'Freight class', kind: 'text' },
      { path: 'ShipmentDetails.Commodity', label: 'Commodity', title: 'Commodity', kind: 'text' },
    ],
  },
  {
    key: 'Dates',
    title: 'Dates',
    fields: [
      { path: 'Dates.Pickup', label: 'Pickup', title: 'Pickup date', kind: 'date' },
      { path: 'Dates.Delivery', label: 'Delivery', title: 'Delivery date', kind: 'date' },
    ],
  },
  {
    key: 'References',
    title: 'References',
    fields: [
      { path: 'References.BolNumber', label: 'BOL number', title: 'BOL number', kind: 'text' },
      { path: 'References.PoNumber', label: 'PO number', title: 'PO number', kind: 'text' },
      { path: 'References.OrderNumber', label: 'Order number', title: 'Order number', kind: 'text' },
      { path: 'References.ProNumber', label: 'PRO number', title: 'PRO number', kind: 'text' },
    ],
  },
];

export const ALL_FIELDS: readonly FieldDef[] = FIELD_GROUPS.flatMap((g) => g.fields);
const BY_PATH = new Map(ALL_FIELDS.map((f) => [f.path, f]));

/** The field definition for a path, if the form shows it. */
export function fieldOf(path: string): FieldDef | undefined {
  return BY_PATH.get(path);
}

type Obj = Record<string, unknown>;

/** The field's value as form text ('' when empty). */
export function getField(data: ExtractedData | null, path: string): string {
  let cur: unknown = data;
  for (const k of path.split('.')) cur = cur && typeof cur === 'object' ? (cur as Obj)[k] : undefined;
  return cur === null || cur === undefined ? '' : String(cur);
}

/** A copy of data with the field set; '' becomes null, numeric fields become numbers when they parse. */
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
  if (kind === 'number' && trimmed !== '') {
    const n = Number(trimmed.replace(/,/g, ''));
    value = Number.isFinite(n) ? n : text;
  }
  cur[keys[keys.length - 1]!] = value;
  return base as unknown as ExtractedData;
}

/** A copy of data where a person vouched for the field: its score becomes 1 so it is no longer flagged. */
export function markReviewed(data: ExtractedData, path: string): ExtractedData {
  return { ...data, ConfidenceScores: { ...(data.ConfidenceScores ?? {}), [path]: 1 } };
}
