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

  it('uses the tenant threshold when given', () => {
    expect(flaggedFields(data(), [], 0.96).map((f) => f.def.path)).toEqual(['Consignee.Zip', 'References.PoNumber', 'Dates.Pickup']);
  });

  it('reads every field a message names', () => {
    expect([...invalidPaths(['Dates.Delivery is before Dates.Pickup'])]).toEqual(['Dates.Delivery', 'Dates.Pickup']);
  });
});
