import { describe, expect, it } from 'vitest';
import { emptyExtractedData, type ExtractedData } from '@ladingwise/shared';
import { mergeSecondOpinion } from './second-opinion-merge.ts';
import { ASKABLE_FIELDS, weakFields } from './second-opinion-fields.ts';

/** A reading with every core field present; `scores` override the default 0.95. */
function reading(scores: Record<string, number> = {}): ExtractedData {
  const d = emptyExtractedData();
  d.Shipper = { Name: 'ORION PET SUPPLY LTD', Address: '15792 MERIDIAN BLVD', City: 'FORT WAYNE', State: 'IN', Zip: '46802' };
  d.Consignee = { Name: 'PRAIRIE PET SUPPLY LTD', Address: '17500 LOGISTICS DR', City: 'MOBILE', State: 'AL', Zip: '36602' };
  d.ShipmentDetails = { ...d.ShipmentDetails, Weight: 1040, WeightUnit: 'L', Pieces: 7 };
  d.Dates = { Pickup: '2026-01-01', Delivery: null };
  d.References = { BolNumber: 'DT26062562', PoNumber: '18764623', OrderNumber: null, ProNumber: '42306599005' };
  d.FreightTerms = 'prepaid';
  for (const f of ASKABLE_FIELDS) d.ConfidenceScores[f.path] = 0.95;
  Object.assign(d.ConfidenceScores, scores);
  d.FieldSources = { 'Shipper.Name': { page: 0, bbox: [1, 2, 3, 4] } };
  return d;
}

describe('second-opinion merge rule', () => {
  it('asks only about fields that are missing or scored below the threshold', () => {
    const d = reading({ 'References.BolNumber': 0.739, 'Dates.Pickup': 0.865 });
    d.References.ProNumber = null;
    expect(weakFields(d, 0.9).map((f) => f.path)).toEqual(['References.BolNumber', 'References.ProNumber', 'Dates.Pickup']);
  });

  it('raises an agreed field to 0.9 and keeps the OCR value (normalised comparison)', () => {
    const d = reading({ 'References.BolNumber': 0.739, 'Shipper.Name': 0.7, 'Shipper.Zip': 0.6, 'ShipmentDetails.Weight': 0.5 });
    const r = mergeSecondOpinion(d, { References_BolNumber: 'dt-26062562', Shipper_Name: 'Orion Pet Supply, Ltd.', Shipper_Zip: '46802-1234', ShipmentDetails_Weight: '1,040 lbs' }, 0.9);
    expect(r.confirmed.sort()).toEqual(['References.BolNumber', 'ShipmentDetails.Weight', 'Shipper.Name', 'Shipper.Zip'].sort());
    expect(r.replaced).toEqual([]);
    expect(r.data.References.BolNumber).toBe('DT26062562');
    expect(r.data.Shipper?.Name).toBe('ORION PET SUPPLY LTD');
    expect(r.data.ConfidenceScores['References.BolNumber']).toBe(0.9);
    expect(r.data.ConfidenceScores['Shipper.Zip']).toBe(0.9);
    expect(r.data.Warnings).toEqual([]);
    // The input is not mutated.
    expect(d.ConfidenceScores['References.BolNumber']).toBe(0.739);
  });

  it('takes a disagreeing or new value at 0.8 with a warning naming the field', () => {
    const d = reading({ 'Shipper.Name': 0.7 });
    d.References.PoNumber = null;
    d.MissingFields = ['References.PoNumber'];
    const r = mergeSecondOpinion(d, { Shipper_Name: 'ORTON PET SUPPLY LTD', References_PoNumber: 'PO 55123' }, 0.9);
    expect(r.replaced).toEqual(['Shipper.Name', 'References.PoNumber']);
    expect(r.data.Shipper?.Name).toBe('ORTON PET SUPPLY LTD');
    expect(r.data.References.PoNumber).toBe('55123');
    expect(r.data.ConfidenceScores['Shipper.Name']).toBe(0.8);
    expect(r.data.ConfidenceScores['References.PoNumber']).toBe(0.8);
    expect(r.data.Warnings).toEqual(['Shipper.Name read by the second-opinion model', 'References.PoNumber read by the second-opinion model']);
    expect(r.data.MissingFields).toEqual([]);
    expect(r.data.FieldSources?.['Shipper.Name']).toBeUndefined();
  });

  it('fills a missing party from nothing', () => {
    const d = reading();
    d.Consignee = null;
    const r = mergeSecondOpinion(d, { Consignee_Name: 'ACME FOODS', Consignee_State: 'TX', Consignee_Zip: '75001' }, 0.9);
    expect(r.data.Consignee).toEqual({ Name: 'ACME FOODS', Address: null, City: null, State: 'TX', Zip: '75001' });
    expect(r.replaced).toEqual(['Consignee.Name', 'Consignee.State', 'Consignee.Zip']);
  });

  it('brings the unit along with a weight only the model read, and leaves a known unit alone', () => {
    const d = reading();
    d.ShipmentDetails = { ...d.ShipmentDetails, Weight: null, WeightUnit: null };
    const r = mergeSecondOpinion(d, { ShipmentDetails_Weight: '2,000 kg' }, 0.9);
    expect(r.data.ShipmentDetails).toMatchObject({ Weight: 2000, WeightUnit: 'K' });
    expect(r.data.ConfidenceScores['ShipmentDetails.WeightUnit']).toBe(0.8);
    const known = reading({ 'ShipmentDetails.Weight': 0.5, 'ShipmentDetails.WeightUnit': 0.95 });
    const k = mergeSecondOpinion(known, { ShipmentDetails_Weight: '900 KG' }, 0.9);
    expect(k.data.ShipmentDetails).toMatchObject({ Weight: 900, WeightUnit: 'L' });
    expect(k.data.ConfidenceScores['ShipmentDetails.WeightUnit']).toBe(0.95);
  });

  it('never touches a field scored at or above the threshold, whatever the model says', () => {
    const d = reading({ 'References.BolNumber': 0.5 });
    const all = Object.fromEntries(ASKABLE_FIELDS.map((f) => [f.key, 'SOMETHING ELSE 999']));
    const r = mergeSecondOpinion(d, { ...all, Shipper_Zip: '90210', Shipper_State: 'CA', Dates_Pickup: '2026-02-03', FreightTerms: 'collect' }, 0.9);
    const { References: refs, ConfidenceScores: scores, Warnings: warnings, ...rest } = r.data;
    const { References: refs0, ConfidenceScores: scores0, Warnings: _w, ...rest0 } = d;
    expect(rest).toEqual(rest0);
    expect({ ...refs, BolNumber: refs0.BolNumber }).toEqual(refs0);
    expect({ ...scores, 'References.BolNumber': 0.5 }).toEqual(scores0);
    expect(r.replaced).toEqual(['References.BolNumber']);
    expect(warnings).toEqual(['References.BolNumber read by the second-opinion model']);
  });

  it('ignores values that fail the field checks: 7-digit ZIP, unknown state, ambiguous date, bad terms, zero pieces', () => {
    const weak = Object.fromEntries(ASKABLE_FIELDS.map((f) => [f.path, 0.5]));
    const d = reading(weak);
    const r = mergeSecondOpinion(d, {
      Shipper_Zip: '4680212', Shipper_State: 'ZZ', Consignee_State: 'Alabama', Dates_Pickup: '03/04/2026', FreightTerms: 'cash on delivery',
      ShipmentDetails_Pieces: '0', ShipmentDetails_Weight: 'heavy', References_ProNumber: 'N/A', Consignee_Name: '   ', Shipper_City: null,
    }, 0.9);
    expect(r.replaced).toEqual([]);
    expect(r.confirmed).toEqual([]);
    expect(r.rejected.sort()).toEqual(['Consignee.State', 'Dates.Pickup', 'FreightTerms', 'References.ProNumber', 'ShipmentDetails.Pieces', 'ShipmentDetails.Weight', 'Shipper.State', 'Shipper.Zip']);
    expect(r.data).toEqual(d);
  });

  it('accepts well-formed values of every kind: ZIP+4, Canadian postal code, ISO date, third party terms', () => {
    const d = reading({ 'Shipper.Zip': 0.5, 'Consignee.Zip': 0.5, 'Dates.Pickup': 0.5, FreightTerms: 0.5, 'ShipmentDetails.Pieces': 0.5 });
    const r = mergeSecondOpinion(d, { Shipper_Zip: '46803-1234', Consignee_Zip: 'r3c4t3', Dates_Pickup: '2026-07-23', FreightTerms: 'Third-Party', ShipmentDetails_Pieces: '12' }, 0.9);
    expect(r.data.Shipper?.Zip).toBe('46803-1234');
    expect(r.data.Consignee?.Zip).toBe('R3C 4T3');
    expect(r.data.Dates.Pickup).toBe('2026-07-23');
    expect(r.data.FreightTerms).toBe('third party');
    expect(r.data.ShipmentDetails.Pieces).toBe(12);
  });
});
