import { emptyExtractedData, type ExtractedData } from '@ladingwise/shared';
import { describe, expect, it } from 'vitest';
import { flaggedFields, flagOf, invalidPaths } from './review-flags.ts';
import { markReviewed, setField } from './review-fields.ts';

function data(): ExtractedData {
  return { ...emptyExtractedData(), ConfidenceScores: { 'Shipper.Name': 0.97, 'Consignee.Zip': 0.62, 'References.PoNumber': 0.85, 'Dates.Pickup': 0.95 } };
}

describe('review flags', () => {
  it('lists invalid fields first, then unsure ones from the lowest score', () => {
    const flagged = flaggedFields(data(), ['Carrier.Scac is required for the 204']);
    expect(flagged.map((f) => `${f.flag} ${f.def.path}`)).toEqual(['invalid Carrier.Scac', 'unsure Consignee.Zip', 'unsure References.PoNumber']);
  });

  it('clears an unsure flag when the field is confirmed or edited', () => {
    const d = data();
    expect(flagOf(d, new Set(), 'Consignee.Zip')).toBe('unsure');
    expect(flagOf(markReviewed(d, 'Consignee.Zip'), new Set(), 'Consignee.Zip')).toBeNull();
    const edited = markReviewed(setField(d, 'References.PoNumber', 'PO-1'), 'References.PoNumber');
    expect(flaggedFields(edited, []).map((f) => f.def.path)).toEqual(['Consignee.Zip']);
  });

  it("flags a commodity line's fields like any other, named by their line", () => {
    const line = { HandlingUnits: 2, PackagingType: 'PLT', Pieces: 40, Weight: 1200, Commodity: 'Paper', FreightClass: '70' };
    const d = { ...data(), LineItems: [line, line], ConfidenceScores: { ...data().ConfidenceScores, 'LineItems.1.Weight': 0.5 } };
    const flagged = flaggedFields(d, ['LineItems.0.FreightClass must be a valid NMFC class']);
    expect(flagged.map((f) => `${f.flag} ${f.def.path}`)).toEqual([
      'invalid LineItems.0.FreightClass', 'unsure LineItems.1.Weight', 'unsure Consignee.Zip', 'unsure References.PoNumber',
    ]);
    expect(flagged[1]!.def.title).toBe('Line 2 weight');
  });

  it('uses the tenant threshold when given', () => {
    expect(flaggedFields(data(), [], 0.96).map((f) => f.def.path)).toEqual(['Consignee.Zip', 'References.PoNumber', 'Dates.Pickup']);
  });

  it('reads every field a message names', () => {
    expect([...invalidPaths(['Dates.Delivery is before Dates.Pickup'])]).toEqual(['Dates.Delivery', 'Dates.Pickup']);
  });
});
