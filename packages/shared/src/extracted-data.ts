/**
 * ExtractedData: what the extractor reads off a bill of lading, what reviewers correct,
 * and what the X12 writer turns into EDI. Keys are PascalCase as in the product spec;
 * the API also accepts lower-camel input (see `normalizeKeys`).
 */

/** A party block on the form: shipper, consignee, bill-to. */
export interface Party {
  Name: string | null;
  Address: string | null;
  City: string | null;
  /** US state, Canadian province or Mexican state code (2–3 letters). */
  State: string | null;
  /** ZIP, ZIP+4, Canadian postal code ("R3C 4T3") or Mexican CP. */
  Zip: string | null;
  /** ISO 3166 alpha-2 when known (US, CA, MX, FR...). */
  Country?: string | null;
}

export interface Carrier {
  Name: string | null;
  /** Standard Carrier Alpha Code, 2–4 uppercase letters. */
  Scac: string | null;
}

/** X12 weight unit codes: L = pounds, K = kilograms. */
export type WeightUnit = 'L' | 'K';

export interface LineItem {
  HandlingUnits: number | null;
  /** Packaging code as on the form or X12 (PLT, CTN, SKD, DRM...). */
  PackagingType: string | null;
  Pieces: number | null;
  Weight: number | null;
  Commodity: string | null;
  FreightClass: string | null;
  NmfcNumber?: string | null;
  Hazmat?: boolean;
}

export interface ShipmentDetails {
  /** Total gross weight, a number in WeightUnit. */
  Weight: number | null;
  WeightUnit: WeightUnit | null;
  Pieces: number | null;
  HandlingUnits: number | null;
  PackagingType?: string | null;
  Commodity: string | null;
  /** NMFC class as a string: "50" ... "500", "77.5", "92.5". */
  FreightClass: string | null;
}

export interface ShipmentDates {
  /** ISO date YYYY-MM-DD. */
  Pickup: string | null;
  /** ISO date YYYY-MM-DD. */
  Delivery: string | null;
}

export interface References {
  BolNumber: string | null;
  PoNumber: string | null;
  OrderNumber: string | null;
  ProNumber: string | null;
  /** ISA control number of the EDI generated from this document (filled by the server). */
  ISA?: string | null;
}

export type FreightTerms = 'prepaid' | 'collect' | 'third party';

/** Where a field's value was read: page index (0-based) and pixel box [x0, y0, x1, y1]. */
export interface FieldSource {
  page: number;
  bbox: [number, number, number, number];
}

export interface ExtractedData {
  Shipper: Party | null;
  Consignee: Party | null;
  BillTo: Party | null;
  Carrier: Carrier | null;
  ShipmentDetails: ShipmentDetails;
  LineItems?: LineItem[];
  Dates: ShipmentDates;
  References: References;
  FreightTerms: FreightTerms | null;
  /** Filled by the server once EDI is generated. */
  ISAControlNumber?: string | null;
  /** The EDI text (taken from the job's EDIContent). */
  Edi?: string | null;
  /** Problems that stop valid EDI (e.g. "Shipper.Name is required for the 204"). */
  Validation: string[];
  /** Things a reviewer should look at (e.g. "Line weights do not add up to the total"). */
  Warnings: string[];
  /** Dotted field paths that were not found, e.g. "Consignee.Zip". */
  MissingFields: string[];
  /**
   * Per-field confidence in [0,1], keyed by dotted path ("Shipper.Name", "ShipmentDetails.Weight").
   * Calibrated: fields at >= 0.9 are right at least 99% of the time.
   */
  ConfidenceScores: Record<string, number>;
  /** Where each field was read, keyed like ConfidenceScores. */
  FieldSources?: Record<string, FieldSource>;
  /** Pixel size of each page (upright), the space FieldSources boxes are measured in. */
  PageSizes?: PageSize[];
}

export interface PageSize {
  width: number;
  height: number;
  /**
   * Clockwise degrees (0, 90, 180, 270) that turn the page image as served (EXIF applied) upright as the
   * extractor read it; absent means 0. A viewer turns the image by this much to draw the boxes on it.
   */
  turn?: number;
}

/** The fields a reviewer and the EDI writer care about, as dotted paths. */
export const CORE_FIELDS = [
  'Shipper.Name', 'Shipper.Address', 'Shipper.City', 'Shipper.State', 'Shipper.Zip',
  'Consignee.Name', 'Consignee.Address', 'Consignee.City', 'Consignee.State', 'Consignee.Zip',
  'ShipmentDetails.Weight', 'ShipmentDetails.Pieces', 'ShipmentDetails.Commodity', 'ShipmentDetails.FreightClass',
  'Dates.Pickup', 'Dates.Delivery',
  'References.BolNumber', 'References.PoNumber', 'References.OrderNumber',
] as const;

/** An ExtractedData with every field empty. */
export function emptyExtractedData(): ExtractedData {
  return {
    Shipper: null,
    Consignee: null,
    BillTo: null,
    Carrier: null,
    ShipmentDetails: { Weight: null, WeightUnit: null, Pieces: null, HandlingUnits: null, Commodity: null, FreightClass: null },
    Dates: { Pickup: null, Delivery: null },
    References: { BolNumber: null, PoNumber: null, OrderNumber: null, ProNumber: null },
    FreightTerms: null,
    Validation: [],
    Warnings: [],
    MissingFields: [],
    ConfidenceScores: {},
  };
}

/** Whether a field's value is none: null, undefined or the empty string. */
export const isBlank = (v: unknown): boolean => v === null || v === undefined || v === '';

/** Whether the data holds a value for a dotted field ("Shipper.Name", "FreightTerms"). */
export function hasValue(data: ExtractedData, field: string): boolean {
  const [a, b] = field.split('.') as [keyof ExtractedData, string | undefined];
  const obj = data[a] as unknown;
  return !isBlank(b === undefined ? obj : obj && typeof obj === 'object' ? (obj as Record<string, unknown>)[b] : undefined);
}
