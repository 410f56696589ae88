import { emptyExtractedData, type ExtractedData } from '@ladingwise/shared';
import { describe, expect, it } from 'vitest';
import { addLineItem, lineFieldDefs, removeLineItem } from './line-items.ts';
import { nameOf } from './plain-words.ts';
import { getField, setField } from './review-fields.ts';

const shipment = (): ExtractedData => ({
  ...emptyExtractedData(),
  ShipmentDetails: { Weight: 1200, WeightUnit: 'L', Pieces: 3, HandlingUnits: 1, Commodity: 'Dog food', FreightClass: '70' },
});

describe('commodity lines on the review form', () => {
  it('starts the first line from the shipment totals and later ones empty', () => {
    const one = addLineItem(shipment());
    expect(one.LineItems).toEqual([{ HandlingUnits: 1, PackagingType: null, Pieces: 3, Weight: 1200, Commodity: 'Dog food', FreightClass: '70' }]);
    const two = addLineItem(one);
    expect(two.LineItems![1]).toEqual({ HandlingUnits: null, PackagingType: null, Pieces: null, Weight: null, Commodity: null, FreightClass: null });
  });

  it('reads and writes a line field by its path, numbers as numbers', () => {
    const data = addLineItem(addLineItem(shipment()));
    const weight = lineFieldDefs(1).find((f) => f.path.endsWith('.Weight'))!;
    expect(weight).toMatchObject({ path: 'LineItems.1.Weight', title: 'Line 2 weight', kind: 'number' });
    const edited = setField(data, weight.path, '1,050', weight.kind);
    expect(edited.LineItems![1]!.Weight).toBe(1050);
    expect(getField(edited, 'LineItems.1.Weight')).toBe('1050');
    expect(edited.LineItems![0]!.Weight).toBe(1200);
    expect(nameOf(weight.path)).toBe("line 2's weight");
  });

  it('removes a line and moves the later lines\' scores up with them', () => {
    const data = { ...addLineItem(addLineItem(addLineItem(shipment()))), ConfidenceScores: { 'LineItems.0.Weight': 0.5, 'LineItems.2.Weight': 0.7, 'Shipper.Name': 0.9 } };
    const out = removeLineItem(data, 1);
    expect(out.LineItems).toHaveLength(2);
    expect(out.ConfidenceScores).toEqual({ 'LineItems.0.Weight': 0.5, 'LineItems.1.Weight': 0.7, 'Shipper.Name': 0.9 });
  });
});
