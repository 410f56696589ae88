import { emptyExtractedData, type ExtractedData } from '@ladingwise/shared';
import { describe, expect, it } from 'vitest';
import { validateExtractedData } from './validate.ts';

function sample(): ExtractedData {
  const d = emptyExtractedData();
  d.Shipper = { Name: 'ORION PET SUPPLY LTD', Address: '15792 MERIDIAN BLVD', City: 'FORT WAYNE', State: 'IN', Zip: '46802' };
  d.Consignee = { Name: 'PRAIRIE PET SUPPLY LTD', Address: '17500 LOGISTICS DR', City: 'MOBILE', State: 'AL', Zip: '36602' };
  d.ShipmentDetails = { Weight: 104, WeightUnit: 'L', Pieces: 7, HandlingUnits: 2, Commodity: 'ELECTRONIC EQUIPMENT', FreightClass: '92.5' };
  d.Dates = { Pickup: '2026-01-01', Delivery: '2026-01-02' };
  d.References = { BolNumber: 'DT26062562', PoNumber: '18764623', OrderNumber: '8439240', ProNumber: null };
  return d;
}

describe('validateExtractedData', () => {
  it('passes a complete bill of lading with nothing to report', () => {
    const v = validateExtractedData(sample(), [{ type: '204', missingRequired: [] }]);
    expect(v.Validation).toEqual([]);
    expect(v.MissingFields).toEqual([]);
    expect(v.Warnings).toEqual([]);
  });

  it("reports what the X12 writer could not fill, per document type", () => {
    const d = sample();
    d.Consignee!.Zip = null;
    const v = validateExtractedData(d, [{ type: '204', missingRequired: ['Carrier.Scac'] }, { type: '211', missingRequired: [] }]);
    expect(v.Validation).toContain('Carrier.Scac is required for the 204');
    expect(v.MissingFields).toEqual(['Carrier.Scac', 'Consignee.Zip']);
  });

  it('flags a delivery date before the pickup date and malformed dates', () => {
    const d = sample();
    d.Dates = { Pickup: '2026-03-10', Delivery: '2026-03-01' };
    expect(validateExtractedData(d, []).Validation).toContain('Dates.Delivery is before Dates.Pickup');
    d.Dates = { Pickup: '2026-02-30', Delivery: null };
    expect(validateExtractedData(d, []).Validation).toContain('Dates.Pickup must be a date in the form YYYY-MM-DD');
  });

  it('flags impossible quantities and warns when line items do not add up', () => {
    const d = sample();
    d.ShipmentDetails.Weight = -5;
    expect(validateExtractedData(d, []).Validation).toContain('ShipmentDetails.Weight must be a number above 0');
    const e = sample();
    e.LineItems = [
      { HandlingUnits: 1, PackagingType: 'PLT', Pieces: 3, Weight: 50, Commodity: 'A', FreightClass: '92.5' },
      { HandlingUnits: 1, PackagingType: 'PLT', Pieces: 4, Weight: 40, Commodity: 'B', FreightClass: '92.5' },
    ];
    const v = validateExtractedData(e, []);
    expect(v.Warnings).toEqual(['Check: line item weights add up to 90, not the total weight 104']);
  });

  it('recomputes its own findings on re-validation and keeps the extractor’s warnings', () => {
    const d = sample();
    d.Consignee!.Zip = 'T5J 0N3';
    d.Warnings = ['Handwriting on page 1'];
    const first = validateExtractedData(d, []);
    expect(first.Warnings).toEqual(['Handwriting on page 1', 'Check: Consignee.Zip T5J 0N3 does not look like a postal code of AL']);
    const fixed = validateExtractedData({ ...first, Consignee: { ...first.Consignee!, Zip: '36602' } }, []);
    expect(fixed.Warnings).toEqual(['Handwriting on page 1']);
  });
});
