import { describe, expect, it } from 'vitest';
import { pathsIn, plainMessage } from './plain-words.ts';

describe('plainMessage', () => {
  it('turns the server’s path-based messages into sentences without code paths', () => {
    expect(plainMessage('Consignee.Name is required for the 204')).toBe("The consignee's name is missing (the 204 needs it).");
    expect(plainMessage('Carrier.Scac is required for the 211')).toBe('The carrier SCAC is missing (the 211 needs it).');
    expect(plainMessage('References.BolNumber is required for the 204')).toBe('The BOL number is missing (the 204 needs it).');
    expect(plainMessage('Dates.Pickup must be a date in the form YYYY-MM-DD')).toBe('The pickup date is not a valid date.');
    expect(plainMessage('Dates.Delivery is before Dates.Pickup')).toBe('The delivery date is before the pickup date.');
    expect(plainMessage('ShipmentDetails.Weight must be a number above 0')).toBe('The weight must be a number above 0.');
    expect(plainMessage('Check: Shipper.Zip 9450 does not look like a postal code of CA')).toBe("Shipper's ZIP or postal code 9450 does not look like a postal code of CA.");
    expect(plainMessage('X12 204: SE[31].SE01: segment count is 30, not 31')).toBe('The 204 did not pass its final check: Segment count is 30, not 31.');
  });

  it('never leaves a dotted path in any message', () => {
    for (const m of ['BillTo.Zip is required for the 204', 'LineItems.1.Weight must be a number above 0', 'Check: line item weights add up to 10, not the total weight 12']) {
      expect(plainMessage(m)).not.toMatch(/[A-Za-z]\.[A-Z]/);
    }
  });

  it('finds the fields a message is about so the screen can select them', () => {
    expect(pathsIn('Dates.Delivery is before Dates.Pickup')).toEqual(['Dates.Delivery', 'Dates.Pickup']);
    expect(pathsIn('FreightTerms is required for the 204')).toEqual(['FreightTerms']);
  });
});
