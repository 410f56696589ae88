/**
 * The validate step: fills ExtractedData.Validation, MissingFields and Warnings from what the
 * X12 writer needs (its missingRequired per document type) plus checks of our own that a
 * reviewer would otherwise catch by hand (dates in order, plausible numbers, consistent totals).
 * Pure: it returns a new object and recomputes the lists, so a correction clears what it fixed.
 */
import { CORE_FIELDS, emptyExtractedData, type EdiDocumentType, type ExtractedData, type Party, type X12Version } from '@ladingwise/shared';
import { ediRequirements, type EdiTarget } from './build-edi.ts';

export interface EdiRequirements {
  type: EdiDocumentType;
  /** Dotted paths the X12 writer could not fill (from writeInterchange's missingRequired). */
  missingRequired: string[];
  /** Problems the X12 reader found in the written interchange. */
  checkIssues?: string[];
}

/** Our own warnings start with this mark so re-validation can drop stale ones and keep the extractor's. */
const OWN = 'Check: ';

/**
 * The pipeline's validation, before any EDI is built: what the writer would miss and what its
 * checker would find in a dry run for each document type, plus the checks below.
 */
export function validateForEdi(data: ExtractedData, types: EdiDocumentType[], version: X12Version, t: EdiTarget, now: Date): ExtractedData {
  return validateExtractedData(data, ediRequirements(data, types, version, t, now, { check: true }));
}

/** Returns the data with Validation, MissingFields and Warnings recomputed. */
export function validateExtractedData(input: ExtractedData, requirements: EdiRequirements[]): ExtractedData {
  const data = withDefaults(input);
  const validation: string[] = [];
  const warnings: string[] = [];
  const missing = new Set<string>();

  for (const path of CORE_FIELDS) if (isBlank(valueAt(data, path))) missing.add(path);
  for (const r of requirements) {
    for (const path of r.missingRequired) {
      missing.add(path);
      validation.push(`${path} is required for the ${r.type}`);
    }
    for (const issue of r.checkIssues ?? []) validation.push(`X12 ${r.type}: ${issue}`);
  }

  const pickup = data.Dates.Pickup;
  const delivery = data.Dates.Delivery;
  for (const [label, value] of [['Dates.Pickup', pickup], ['Dates.Delivery', delivery]] as const) {
    if (value && !isIsoDate(value)) validation.push(`${label} must be a date in the form YYYY-MM-DD`);
  }
  if (pickup && delivery && isIsoDate(pickup) && isIsoDate(delivery) && delivery < pickup) {
    validation.push('Dates.Delivery is before Dates.Pickup');
  }

  const s = data.ShipmentDetails;
  if (s.Weight !== null && !(Number.isFinite(s.Weight) && s.Weight > 0)) validation.push('ShipmentDetails.Weight must be a number above 0');
  if (s.Pieces !== null && !(Number.isInteger(s.Pieces) && s.Pieces > 0)) validation.push('ShipmentDetails.Pieces must be a whole number above 0');

  const lines = data.LineItems ?? [];
  // Each commodity line is held to the totals' rules, named by its own path so a reviewer sees which line.
  lines.forEach((l, i) => {
    if (l.Weight !== null && l.Weight !== undefined && !(Number.isFinite(l.Weight) && l.Weight > 0)) validation.push(`LineItems.${i}.Weight must be a number above 0`);
    for (const key of ['Pieces', 'HandlingUnits'] as const) {
      const n = l[key];
      if (n !== null && n !== undefined && !(Number.isInteger(n) && n > 0)) validation.push(`LineItems.${i}.${key} must be a whole number above 0`);
    }
  });
  const lineWeights = lines.map((l) => l.Weight).filter((w): w is number => typeof w === 'number');
  if (s.Weight !== null && lineWeights.length > 0 && lineWeights.length === lines.length) {
    const sum = lineWeights.reduce((a, b) => a + b, 0);
    if (Math.abs(sum - s.Weight) > Math.max(1, s.Weight * 0.005)) {
      warnings.push(`${OWN}line item weights add up to ${round(sum)}, not the total weight ${round(s.Weight)}`);
    }
  }
  const linePieces = lines.map((l) => l.Pieces).filter((p): p is number => typeof p === 'number');
  if (s.Pieces !== null && linePieces.length > 0 && linePieces.length === lines.length) {
    const sum = linePieces.reduce((a, b) => a + b, 0);
    if (sum !== s.Pieces) warnings.push(`${OWN}line item pieces add up to ${sum}, not the total ${s.Pieces}`);
  }
  for (const [label, party] of [['Shipper', data.Shipper], ['Consignee', data.Consignee]] as const) {
    if (party?.Zip && party.State && !zipFitsState(party.Zip, party.State, party.Country ?? null)) {
      warnings.push(`${OWN}${label}.Zip ${party.Zip} does not look like a postal code of ${party.State}`);
    }
  }

  const keptWarnings = (data.Warnings ?? []).filter((w) => !w.startsWith(OWN));
  return {
    ...data,
    Validation: unique(validation),
    MissingFields: [...missing].sort(),
    Warnings: unique([...keptWarnings, ...warnings]),
  };
}

/** Fills any part a client or library left out, so later steps can rely on the shape. */
export function withDefaults(input: Partial<ExtractedData>): ExtractedData {
  const empty = emptyExtractedData();
  const party = (p: Partial<Party> | null | undefined): Party | null =>
    p ? { ...p, Name: p.Name ?? null, Address: p.Address ?? null, City: p.City ?? null, State: p.State ?? null, Zip: p.Zip ?? null } : null;
  return {
    ...empty,
    ...input,
    Shipper: party(input.Shipper),
    Consignee: party(input.Consignee),
    BillTo: party(input.BillTo),
    ShipmentDetails: { ...empty.ShipmentDetails, ...(input.ShipmentDetails ?? {}) },
    Dates: { ...empty.Dates, ...(input.Dates ?? {}) },
    References: { ...empty.References, ...(input.References ?? {}) },
    Validation: input.Validation ?? [],
    Warnings: input.Warnings ?? [],
    MissingFields: input.MissingFields ?? [],
    ConfidenceScores: input.ConfidenceScores ?? {},
  };
}

function valueAt(data: ExtractedData, path: string): unknown {
  let v: unknown = data;
  for (const key of path.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  return v;
}

function isBlank(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}

function isIsoDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

const CA_PROVINCES = new Set(['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT']);

/**
 * Loose shape check only: Canadian provinces take A1A 1A1, other two-letter states (US, Mexico)
 * five digits (ZIP+4 allowed); other countries are not judged.
 */
function zipFitsState(zip: string, state: string, country: string | null): boolean {
  const st = state.trim().toUpperCase();
  const z = zip.trim().toUpperCase();
  if (CA_PROVINCES.has(st)) return /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/.test(z);
  if (country && !['US', 'MX'].includes(country.toUpperCase())) return true;
  if (/^[A-Z]{2}$/.test(st)) return /^\d{5}(-\d{4})?$/.test(z);
  return true;
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
