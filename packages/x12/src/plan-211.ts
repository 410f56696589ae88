/**
 * Segment plan of the 211 Motor Carrier Bill of Lading: BOL, B2A, L11, G62, parties (loop 0100),
 * one AT1 line per line item (AT4 description, AT2 quantity and weight). The 211 has no summary
 * area: SE follows the last AT1 loop (L3 totals belong to the 204 and 210), so totals travel per line.
 */
import type { ExtractedData } from '@ladingwise/shared';
import { code, dateSegment, partyLoop, readerOnly, referenceSegments, REF_ID_MAX, seg } from './plan-parts.ts';
import type { ElementSpec, LoopInstance, TransactionPlan } from './segment-plan.ts';

/** AT203–AT205: gross weight with its unit. */
const AT2_WEIGHT: ElementSpec[] = [
  code('AT203', 'Weight Qualifier', 'G', 1, 2),
  { ref: 'AT204', name: 'Weight Unit Code', usage: 'M', type: 'ID', min: 1, max: 1, source: { field: 'ShipmentDetails.WeightUnit', format: 'code', fallback: 'L' } },
  { ref: 'AT205', name: 'Weight', usage: 'M', type: 'R', min: 1, max: 10, source: { field: '{item}.Weight', format: 'decimal' } },
];

/** One AT1 loop per line item; without line items, one line from the shipment totals. */
function lineInstances(data: unknown): LoopInstance[] {
  const raw = (data as Partial<ExtractedData> | null)?.LineItems;
  const items = Array.isArray(raw) ? raw : [];
  if (items.length === 0) return [{ vars: { line: '1', item: 'ShipmentDetails' } }];
  return items.slice(0, 9999).map((_, i) => ({ vars: { line: String(i + 1), item: `LineItems.${i}` } }));
}

/** The 211 plan; the same for 004010, 005010 and 007010 apart from per-version lengths. */
export const PLAN_211: TransactionPlan = {
  type: '211',
  functionalId: 'BL',
  nodes: [
    seg('BOL', 'M', [
      { ref: 'BOL01', name: 'Standard Carrier Alpha Code', usage: 'M', type: 'ID', min: 2, max: 4, source: { field: 'Carrier.Scac', format: 'code' }, required: true },
      { ref: 'BOL02', name: 'Shipment Method of Payment', usage: 'M', type: 'ID', min: 2, max: 2, source: { field: 'FreightTerms', format: 'paymentMethod', fallback: 'PP' } },
      { ref: 'BOL03', name: 'Shipment Identification Number', usage: 'M', type: 'AN', min: 1, max: 30, source: { field: 'References.BolNumber', format: 'compact' }, required: true },
      { ref: 'BOL04', name: 'Date (pickup)', usage: 'M', type: 'DT', min: 8, max: 8, source: { field: 'Dates.Pickup', format: 'date' }, required: true },
      { ref: 'BOL06', name: 'Reference Identification (PRO number)', usage: 'O', type: 'AN', min: 1, max: REF_ID_MAX, source: { field: 'References.ProNumber' } },
    ]),
    seg('B2A', 'M', [code('B2A01', 'Transaction Set Purpose Code', '{purpose}', 2, 2)]),
    readerOnly('MS3', 12),
    readerOnly('MS2'),
    ...referenceSegments(),
    dateSegment('10', 'Dates.Pickup', 6),
    dateSegment('02', 'Dates.Delivery', 6),
    readerOnly('AT5', 50),
    readerOnly('K1', 10),
    partyLoop('0100'),
    {
      kind: 'loop', id: '0200', usage: 'M', maxUse: 9999,
      instances: lineInstances,
      children: [
        seg('AT1', 'M', [{ ref: 'AT101', name: 'Lading Line Item Number', usage: 'M', type: 'N0', min: 1, max: 3, source: { const: '{line}' } }]),
        readerOnly('L11', 100),
        readerOnly('AT3'),
        seg('AT4', 'O', [{ ref: 'AT401', name: 'Lading Description', usage: 'M', type: 'AN', min: 1, max: 50, source: { field: '{item}.Commodity' } }], 99),
        {
          kind: 'loop', id: '0210', usage: 'O', instances: [{ vars: {} }],
          children: [
            {
              ...seg('AT2', 'M', [
                { ref: 'AT201', name: 'Lading Quantity (handling units)', usage: 'M', type: 'N0', min: 1, max: 7, source: { field: '{item}.HandlingUnits', format: 'integer' } },
                { ref: 'AT202', name: 'Packaging Form Code', usage: 'M', type: 'ID', min: 3, max: 3, source: { field: '{item}.PackagingType', format: 'packaging' } },
                ...AT2_WEIGHT,
              ]),
              // Weight only travels in AT2 in a 211: when the packaging is unknown, count pieces (PCS).
              alternatives: [{
                ...seg('AT2', 'M', [
                  { ref: 'AT201', name: 'Lading Quantity (pieces)', usage: 'M', type: 'N0', min: 1, max: 7, source: { field: '{item}.Pieces', format: 'integer' } },
                  code('AT202', 'Packaging Form Code', 'PCS', 3, 3),
                  ...AT2_WEIGHT,
                ]),
                note: { path: '{item}.PackagingType', message: 'packaging unknown; wrote the piece count with PCS.' },
              }],
            },
            readerOnly('MAN', 999999),
            readerOnly('OID', 999999),
            readerOnly('L4'),
          ],
        },
        // Marks, hazardous-material and contact loops: not written, accepted when read.
        { kind: 'loop', id: '0220', usage: 'O', instances: [], children: [readerOnly('LX'), readerOnly('MAN', 999999), readerOnly('OID', 999999)] },
        {
          kind: 'loop', id: '0230', usage: 'O', instances: [], maxUse: 2,
          children: [readerOnly('G61'), readerOnly('L11', 5), readerOnly('LH6', 6), {
            kind: 'loop', id: '0231', usage: 'O', instances: [], maxUse: 25,
            children: [readerOnly('LH1'), readerOnly('LH2', 4), readerOnly('LH3', 10), readerOnly('LFH', 20), readerOnly('LEP', 3), readerOnly('LH4'), readerOnly('LHT', 3), readerOnly('L11', 5)],
          }],
        },
      ],
    },
  ],
};
