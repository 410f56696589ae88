import { emptyExtractedData, type ExtractedData } from '@ladingwise/shared';
import { describe, expect, it } from 'vitest';
import { noBillOfLadingMessage } from './no-bill-found.ts';
import { reviewReasons } from './review-gate.ts';

function sure(): ExtractedData {
  const d = emptyExtractedData();
  d.References.BolNumber = '778812';
  d.Shipper = { Name: 'ACME FOODS', Address: null, City: null, State: null, Zip: null };
  d.ShipmentDetails.Weight = 1200;
  d.ConfidenceScores = { 'References.BolNumber': 0.97, 'Shipper.Name': 0.95, 'ShipmentDetails.Weight': 0.93 };
  return d;
}

describe('review gate', () => {
  it('lets a complete, sure document through under when-unsure and never, and holds it under always', () => {
    expect(reviewReasons(sure(), 'when-unsure', 0.9)).toEqual([]);
    expect(reviewReasons(sure(), 'never', 0.9)).toEqual([]);
    expect(reviewReasons(sure(), 'always', 0.9)).toEqual(['The review policy is "always".']);
  });

  it('holds under when-unsure for a validation problem or a core field under the tenant threshold', () => {
    const invalid = { ...sure(), Validation: ['Carrier.Scac is required for the 204'] };
    expect(reviewReasons(invalid, 'when-unsure', 0.9)).toEqual(['1 problem stops a complete EDI.']);
    expect(reviewReasons(sure(), 'when-unsure', 0.96)).toEqual(['Unsure of Shipper.Name, ShipmentDetails.Weight (under 0.96).']);
    // Scores of fields that are not core (a carrier name) do not hold a document by themselves.
    const carrier = { ...sure(), ConfidenceScores: { ...sure().ConfidenceScores, 'Carrier.Name': 0.5 } };
    expect(reviewReasons(carrier, 'when-unsure', 0.9)).toEqual([]);
    expect(reviewReasons(invalid, 'never', 0.9)).toEqual([]);
  });

  it('holds under when-unsure for a core field left empty whose absence the extractor doubts, not for one it is sure the bill lacks', () => {
    const doubted = { ...sure(), ConfidenceScores: { ...sure().ConfidenceScores, 'References.PoNumber': 0.41 } };
    expect(reviewReasons(doubted, 'when-unsure', 0.9)).toEqual(['References.PoNumber is empty but may be on the bill (under 0.9).']);
    const absent = { ...sure(), ConfidenceScores: { ...sure().ConfidenceScores, 'References.PoNumber': 0.95 } };
    expect(reviewReasons(absent, 'when-unsure', 0.9)).toEqual([]);
  });
});

describe('no bill of lading', () => {
  it('finds none when no field was read, saying whether the page looked blank', () => {
    expect(noBillOfLadingMessage(emptyExtractedData(), [{ words: 0, written: 0 }])).toMatch(/^No bill of lading was found on page 1: the page looks blank\./);
    expect(noBillOfLadingMessage(emptyExtractedData(), [{ words: 40, written: 0.4 }])).toMatch(/^No bill of lading was found on page 1: no bill of lading labels or fields/);
    expect(noBillOfLadingMessage(emptyExtractedData(), [{ words: 0, written: 0 }, { words: 0, written: 0 }, { words: 3, written: 0 }])).toMatch(/^No bill of lading was found on pages 1 to 3: no bill/);
  });

  it('accepts a document with any field of a bill of lading, but not a defaulted weight unit alone', () => {
    expect(noBillOfLadingMessage(sure(), [{ words: 40, written: 0.4 }])).toBeNull();
    const unitOnly = emptyExtractedData();
    unitOnly.ShipmentDetails.WeightUnit = 'L';
    expect(noBillOfLadingMessage(unitOnly, [{ words: 5, written: 0.4 }])).not.toBeNull();
  });

  it('finds none where fields were read but no page reads as written text, unless a field was read surely', () => {
    const guesses = emptyExtractedData();
    guesses.Consignee = { Name: 'ERE', Address: 'PRE.', City: null, State: null, Zip: null };
    guesses.ShipmentDetails.Pieces = 23;
    guesses.ConfidenceScores = { 'Consignee.Name': 0.01, 'Consignee.Address': 0, 'ShipmentDetails.Pieces': 0.5 };
    expect(noBillOfLadingMessage(guesses, [{ words: 700, written: 0.05 }])).toMatch(/^No bill of lading was found on page 1: no bill/);
    expect(noBillOfLadingMessage(guesses, [{ words: 700, written: 0.05 }, { words: 90, written: 0.2 }])).toBeNull();
    const sure = { ...guesses, ConfidenceScores: { ...guesses.ConfidenceScores, 'ShipmentDetails.Pieces': 0.95 } };
    expect(noBillOfLadingMessage(sure, [{ words: 700, written: 0.05 }])).toBeNull();
  });
});
