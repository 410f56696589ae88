/**
 * Segment specs shared by the 204 and 211 plans: party loops (N1/N3/N4), references (L11),
 * dates (G62) and totals (L3). Each returns plain data so a partner profile can adjust it.
 */
import type { ElementSpec, Format, LoopSpec, SegmentSpec } from './segment-plan.ts';

/** Reference Identification (127): 30 characters in 004010, 50 in 005010, 80 from 005030 on (so in 007010). */
export const REF_ID_MAX = { '4010': 30, '5010': 50, '7010': 80, default: 50 } as const;

/** Builds a segment spec. */
export function seg(id: string, usage: 'M' | 'O', elements: ElementSpec[], maxUse?: number): SegmentSpec {
  return maxUse === undefined ? { kind: 'segment', id, usage, elements } : { kind: 'segment', id, usage, elements, maxUse };
}

/**
 * A segment the standard allows here that Ladingwise does not write (MS3, NTE, N2, G61...): it has
 * no elements, so the writer never emits it, and the checker accepts it in this place.
 */
export function readerOnly(id: string, maxUse = 1): SegmentSpec {
  return seg(id, 'O', [], maxUse);
}

/** A constant code element. */
export function code(ref: string, name: string, value: string, min: number, max: number, usage: 'M' | 'O' = 'M'): ElementSpec {
  return { ref, name, usage, type: 'ID', min, max, source: { const: value } };
}

/** N1/N3/N4 for one party; `{party}` is the ExtractedData key (Shipper...) and `{entity}` the N101 code. */
export function partySegments(extras: SegmentSpec[] = [readerOnly('G61', 3)]): SegmentSpec[] {
  // The bill-to party is optional on a BOL: its fields are required only when `{required}` is set.
  const req = { required: '{required}' };
  return [
    seg('N1', 'M', [
      { ref: 'N101', name: 'Entity Identifier Code', usage: 'M', type: 'ID', min: 2, max: 3, source: { const: '{entity}' } },
      { ref: 'N102', name: 'Name', usage: 'M', type: 'AN', min: 1, max: 60, source: { field: '{party}.Name' }, ...req },
    ]),
    readerOnly('N2'),
    seg('N3', 'O', [
      { ref: 'N301', name: 'Address Information', usage: 'M', type: 'AN', min: 1, max: 55, source: { field: '{party}.Address' }, ...req },
    ], 2),
    seg('N4', 'O', [
      { ref: 'N401', name: 'City Name', usage: 'O', type: 'AN', min: 2, max: 30, source: { field: '{party}.City' }, ...req },
      { ref: 'N402', name: 'State or Province Code', usage: 'O', type: 'ID', min: 2, max: 2, source: { field: '{party}.State', format: 'code' }, ...req },
      { ref: 'N403', name: 'Postal Code', usage: 'O', type: 'ID', min: 3, max: 15, source: { field: '{party}.Zip', format: 'code' }, ...req },
      { ref: 'N404', name: 'Country Code', usage: 'O', type: 'ID', min: 2, max: 3, source: { field: '{party}.Country', format: 'code' } },
    ]),
    ...extras,
  ];
}

/** The party loop (SH, CN, BT); the bill-to party is optional data. */
export function partyLoop(id: string, extras?: SegmentSpec[]): LoopSpec {
  return {
    kind: 'loop', id, usage: 'O', maxUse: 10,
    instances: [
      { vars: { party: 'Shipper', entity: 'SH', required: 'yes' } },
      { vars: { party: 'Consignee', entity: 'CN', required: 'yes' } },
      { vars: { party: 'BillTo', entity: 'BT', required: '' } },
    ],
    children: partySegments(extras),
  };
}

/** One L11 per reference the BOL carries; qualifiers BM, PO, OQ, CN (PRO). */
export function referenceSegments(): SegmentSpec[] {
  // The BOL number is written as in B204/BOL03 (no spaces) so partners can match the two.
  const refs: [string, string, string, Format][] = [
    ['References.BolNumber', 'BM', 'Bill of Lading Number', 'compact'],
    ['References.PoNumber', 'PO', 'Purchase Order Number', 'text'],
    ['References.OrderNumber', 'OQ', 'Order Number', 'text'],
    ['References.ProNumber', 'CN', "Carrier's Reference Number (PRO/Invoice)", 'text'],
  ];
  return refs.map(([field, qual, name, format]) =>
    seg('L11', 'O', [
      { ref: 'L1101', name, usage: 'M', type: 'AN', min: 1, max: REF_ID_MAX, source: { field, format } },
      code('L1102', 'Reference Identification Qualifier', qual, 2, 3),
    ], 100),
  );
}

/** A G62 date: qualifier plus CCYYMMDD from an ISO date field. */
export function dateSegment(qualifier: string, field: string, maxUse?: number): SegmentSpec {
  return seg('G62', 'O', [
    code('G6201', 'Date Qualifier', qualifier, 2, 2),
    { ref: 'G6202', name: 'Date', usage: 'M', type: 'DT', min: 8, max: 8, source: { field, format: 'date' } },
  ], maxUse);
}

/** L3 totals: gross weight, pieces and the weight unit. */
export function totalsSegment(): SegmentSpec {
  return seg('L3', 'O', [
    { ref: 'L301', name: 'Weight', usage: 'M', type: 'R', min: 1, max: 10, source: { field: 'ShipmentDetails.Weight', format: 'decimal' } },
    code('L302', 'Weight Qualifier', 'G', 1, 2),
    { ref: 'L311', name: 'Lading Quantity', usage: 'O', type: 'N0', min: 1, max: 7, source: { field: 'ShipmentDetails.Pieces', format: 'integer' } },
    { ref: 'L312', name: 'Weight Unit Code', usage: 'O', type: 'ID', min: 1, max: 1, source: { field: 'ShipmentDetails.WeightUnit', format: 'code', fallback: 'L' } },
  ]);
}
