/**
 * Segment plan of the 204 Motor Carrier Load Tender: header (B2, B2A, L11), parties (loop 0100),
 * two stops (loop 0300: pickup at the shipper, delivery at the consignee) and L3 totals.
 */
import { code, dateSegment, partySegments, partyLoop, readerOnly, referenceSegments, seg, totalsSegment } from './plan-parts.ts';
import type { SegmentSpec, TransactionPlan } from './segment-plan.ts';

/** AT8 with the shipment's gross weight, pieces and handling units. */
function weightSegment(): SegmentSpec {
  return seg('AT8', 'O', [
    code('AT801', 'Weight Qualifier', 'G', 1, 2),
    { ref: 'AT802', name: 'Weight Unit Code', usage: 'M', type: 'ID', min: 1, max: 1, source: { field: 'ShipmentDetails.WeightUnit', format: 'code', fallback: 'L' } },
    { ref: 'AT803', name: 'Weight', usage: 'M', type: 'R', min: 1, max: 10, source: { field: 'ShipmentDetails.Weight', format: 'decimal' }, required: true },
    { ref: 'AT804', name: 'Lading Quantity (pieces)', usage: 'O', type: 'N0', min: 1, max: 7, source: { field: 'ShipmentDetails.Pieces', format: 'integer' } },
    { ref: 'AT805', name: 'Lading Quantity (handling units)', usage: 'O', type: 'N0', min: 1, max: 7, source: { field: 'ShipmentDetails.HandlingUnits', format: 'integer' } },
  ]);
}

/** The 204 plan; the same for 004010, 005010 and 007010 apart from per-version lengths. */
export const PLAN_204: TransactionPlan = {
  type: '204',
  functionalId: 'SM',
  nodes: [
    seg('B2', 'M', [
      // B202 is optional in the segment but mandatory for the 204 (segment note).
      { ref: 'B202', name: 'Standard Carrier Alpha Code', usage: 'M', type: 'ID', min: 2, max: 4, source: { field: 'Carrier.Scac', format: 'code' }, required: true },
      { ref: 'B204', name: 'Shipment Identification Number', usage: 'O', type: 'AN', min: 1, max: 30, source: { field: 'References.BolNumber', format: 'compact' }, required: true },
      { ref: 'B206', name: 'Shipment Method of Payment', usage: 'M', type: 'ID', min: 2, max: 2, source: { field: 'FreightTerms', format: 'paymentMethod', fallback: 'PP' } },
    ]),
    seg('B2A', 'M', [
      code('B2A01', 'Transaction Set Purpose Code', '{purpose}', 2, 2),
      code('B2A02', 'Application Type', 'LT', 2, 2, 'O'),
    ]),
    ...referenceSegments(),
    readerOnly('G62'),
    readerOnly('MS3'),
    readerOnly('AT5', 6),
    readerOnly('PLD'),
    readerOnly('NTE', 10),
    partyLoop('0100', [readerOnly('L11', 5), readerOnly('G61', 3)]),
    // Equipment loop: not written (a BOL rarely names the trailer), accepted when read.
    { kind: 'loop', id: '0200', usage: 'O', maxUse: 10, instances: [], children: [readerOnly('N7'), readerOnly('N7A'), readerOnly('M7', 2)] },
    {
      kind: 'loop', id: '0300', usage: 'M', maxUse: 999,
      instances: [
        { vars: { seq: '1', reason: 'CL', dateQualifier: '10', dateField: 'Dates.Pickup', party: 'Shipper', entity: 'SH', required: 'yes' } },
        { vars: { seq: '2', reason: 'CU', dateQualifier: '02', dateField: 'Dates.Delivery', party: 'Consignee', entity: 'CN', required: 'yes' } },
      ],
      children: [
        seg('S5', 'M', [
          { ref: 'S501', name: 'Stop Sequence Number', usage: 'M', type: 'N0', min: 1, max: 3, source: { const: '{seq}' } },
          code('S502', 'Stop Reason Code', '{reason}', 2, 2),
        ]),
        readerOnly('L11', 50),
        dateSegment('{dateQualifier}', '{dateField}', 2),
        weightSegment(),
        readerOnly('LAD', 999),
        readerOnly('AT5', 6),
        readerOnly('PRF'),
        readerOnly('N9', 10),
        readerOnly('NTE', 20),
        { kind: 'loop', id: '0310', usage: 'O', instances: [{ vars: {} }], children: partySegments() },
      ],
    },
    totalsSegment(),
  ],
};
