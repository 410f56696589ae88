/**
 * The core fields the second-opinion model may be asked about: how each is read from ExtractedData,
 * how a model's answer is checked (with the extract library's own parsers, so the model is held to
 * the same rules as OCR), how two values are compared, and how a value is written back.
 */
import type { ExtractedData, FreightTerms, Party } from '@ladingwise/shared';
import { normalizePostal, parseDate, parseReference, parseWeight, repairState } from '../libraries.ts';

export type FieldValue = string | number;

export interface AskableField {
  /** Dotted path, as in ConfidenceScores. */
  path: string;
  /** Property name in the model's JSON answer (dots are avoided in JSON schema property names). */
  key: string;
  /** What the model is told the field is. */
  hint: string;
  get(d: ExtractedData): FieldValue | null;
  set(d: ExtractedData, v: FieldValue): void;
  /** The model's answer as a value of this field, or null when it fails the field's rules. */
  check(raw: string): FieldValue | null;
  /** Form in which two readings are compared. */
  same(a: FieldValue, b: FieldValue): boolean;
  /** Fills an empty companion field from the same answer (the weight's unit); returns its path when it did. */
  companion?(d: ExtractedData, raw: string): string | null;
}

const text = (v: FieldValue): string => String(v).toUpperCase().replace(/[^A-Z0-9]/g, '');
const sameText = (a: FieldValue, b: FieldValue): boolean => text(a) === text(b);
const cleanText = (raw: string): string | null => {
  const v = raw.replace(/\s+/g, ' ').trim();
  return v && v.length <= 120 && /[A-Za-z0-9]/.test(v) ? v : null;
};
const emptyParty = (): Party => ({ Name: null, Address: null, City: null, State: null, Zip: null });

function partyField(party: 'Shipper' | 'Consignee', f: keyof Omit<Party, 'Country'>, hint: string, check: (raw: string) => string | null, same = sameText): AskableField {
  return {
    path: `${party}.${f}`, key: `${party}_${f}`, hint: `${party.toLowerCase()} ${hint}`,
    get: (d) => d[party]?.[f] ?? null,
    set: (d, v) => { d[party] = { ...(d[party] ?? emptyParty()), [f]: String(v) }; },
    check, same,
  };
}

const checkState = (raw: string): string | null => {
  // No allowed list: the model's answer must already be a real state/province code, never a repaired guess.
  const code = repairState(raw, null);
  return code && code === raw.trim().toUpperCase() ? code : null;
};
const checkZip = (raw: string): string | null => {
  const p = normalizePostal(raw.trim());
  return p && !p.repaired ? p.zip : null;
};
// A ZIP+4 and its five-digit ZIP are the same place.
const sameZip = (a: FieldValue, b: FieldValue): boolean => {
  const x = text(a), y = text(b);
  return x === y || (/^\d{5}/.test(x) && x.slice(0, 5) === y.slice(0, 5) && (x.length === 5 || y.length === 5));
};

function referenceField(f: 'BolNumber' | 'PoNumber' | 'ProNumber', hint: string): AskableField {
  return {
    path: `References.${f}`, key: `References_${f}`, hint,
    get: (d) => d.References[f] ?? null,
    set: (d, v) => { d.References = { ...d.References, [f]: String(v) }; },
    check: (raw) => parseReference(raw)?.value ?? null,
    same: sameText,
  };
}

const TERMS: Record<string, FreightTerms> = { PREPAID: 'prepaid', COLLECT: 'collect', THIRDPARTY: 'third party', '3RDPARTY': 'third party' };

function parties(party: 'Shipper' | 'Consignee'): AskableField[] {
  return [
    partyField(party, 'Name', 'company name', cleanText),
    partyField(party, 'Address', 'street address', cleanText),
    partyField(party, 'City', 'city', cleanText),
    partyField(party, 'State', 'state or province code (2-3 letters)', checkState),
    partyField(party, 'Zip', 'ZIP or postal code', checkZip, sameZip),
  ];
}

/** Every field the model may be asked about, in the order they are listed to it. */
export const ASKABLE_FIELDS: readonly AskableField[] = [
  ...parties('Shipper'),
  ...parties('Consignee'),
  {
    path: 'ShipmentDetails.Weight', key: 'ShipmentDetails_Weight', hint: 'total gross weight with its unit, e.g. "1250 LB"',
    get: (d) => d.ShipmentDetails.Weight,
    set: (d, v) => { d.ShipmentDetails = { ...d.ShipmentDetails, Weight: Number(v) }; },
    check: (raw) => {
      const w = parseWeight(raw);
      return w && w.value > 0 ? w.value : null;
    },
    same: (a, b) => Number(a) === Number(b),
    // The EDI writer falls back to pounds without a unit, so a model-read "2000 KG" must bring its unit along.
    companion: (d, raw) => {
      const unit = parseWeight(raw)?.unit;
      if (!unit || d.ShipmentDetails.WeightUnit) return null;
      d.ShipmentDetails = { ...d.ShipmentDetails, WeightUnit: unit };
      return 'ShipmentDetails.WeightUnit';
    },
  },
  {
    path: 'ShipmentDetails.Pieces', key: 'ShipmentDetails_Pieces', hint: 'total number of pieces (a whole number)',
    get: (d) => d.ShipmentDetails.Pieces,
    set: (d, v) => { d.ShipmentDetails = { ...d.ShipmentDetails, Pieces: Number(v) }; },
    check: (raw) => {
      const t = raw.trim().replace(/,(?=\d{3}\b)/g, '');
      return /^\d{1,6}$/.test(t) && Number(t) > 0 ? Number(t) : null;
    },
    same: (a, b) => Number(a) === Number(b),
  },
  referenceField('BolNumber', 'bill of lading number'),
  referenceField('PoNumber', 'purchase order (PO) number'),
  referenceField('ProNumber', 'carrier PRO number'),
  {
    path: 'Dates.Pickup', key: 'Dates_Pickup', hint: 'pickup or ship date as YYYY-MM-DD',
    get: (d) => d.Dates.Pickup,
    set: (d, v) => { d.Dates = { ...d.Dates, Pickup: String(v) }; },
    // Only an unambiguous date: a numeric date whose day and month could swap is not taken.
    check: (raw) => {
      const p = parseDate(raw);
      return p && p.certainty === 1 ? p.iso : null;
    },
    same: (a, b) => a === b,
  },
  {
    path: 'FreightTerms', key: 'FreightTerms', hint: 'freight terms: prepaid, collect or third party',
    get: (d) => d.FreightTerms,
    set: (d, v) => { d.FreightTerms = v as FreightTerms; },
    check: (raw) => TERMS[text(raw)] ?? null,
    same: (a, b) => a === b,
  },
];

/** Fields missing or scored below the threshold: the only ones the model is asked about or may change. */
export function weakFields(data: ExtractedData, threshold: number): AskableField[] {
  return ASKABLE_FIELDS.filter((f) => {
    const v = f.get(data);
    if (v === null || v === '') return true;
    return (data.ConfidenceScores[f.path] ?? 0) < threshold;
  });
}
