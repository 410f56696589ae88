import { emptyExtractedData, type Party } from '@ladingwise/shared';
import { describe, expect, it } from 'vitest';
import { readValue } from '../src/fields/learned/values.ts';
import { fitPostalToCountry, noStatesAbroad } from '../src/fields/postal-by-country.ts';
import { fitPostalToCity, placeOfLoneCode, postalOfCity } from '../src/fields/postal-of-city.ts';
import { fitLegalFormToCountry } from '../src/fields/company-name.ts';

const party = (o: Partial<Party>): Party => ({ Name: 'ACME', Address: '1 MAIN ST', City: null, State: null, Zip: null, ...o });

describe('postal codes in their country\'s form', () => {
  it('reads six digits as printed, leaving the country to decide', () => {
    expect(readValue('Shipper.Zip', '119963', 'DMY')).toMatchObject({ value: '119963' });
    expect(readValue('Shipper.Zip', '87109', 'MDY')).toMatchObject({ value: '87109', checked: true });
  });

  it('reads the postal code without the state or province code printed before it, glued or not', () => {
    expect(readValue('Shipper.Zip', 'AR.72201', 'MDY')).toMatchObject({ value: '72201', checked: true });
    expect(readValue('Shipper.Zip', 'MBR2J 7K8', 'MDY')).toMatchObject({ value: 'R2J 7K8', checked: true });
    // Two letters that are no state stay, as a code printed abroad may begin so.
    expect(readValue('Shipper.Zip', 'IP11 3SY', 'DMY')).toMatchObject({ value: 'IP11 3SY' });
    // Nor with a colon between, nor with the Mexican "C.P." label glued on.
    expect(readValue('Shipper.Zip', 'PA:17101', 'MDY')).toMatchObject({ value: '17101', checked: true });
    expect(readValue('Shipper.Zip', 'C.P.27000', 'DMY')).toMatchObject({ value: '27000', checked: true });
  });

  it('reads a Canadian code whole in its two halves at the end of a run, without the garbled words before it', () => {
    expect(readValue('Shipper.Zip', 'QCA G2E 9N0', 'MDY')).toMatchObject({ value: 'G2E 9N0', repaired: true, checked: true });
    // A code that needs a repair besides is not read out of a longer run.
    expect(readValue('Shipper.Zip', 'QCA G2E 9NO', 'MDY')?.value).not.toBe('G2E 9N0');
  });

  it('keeps a code whole in the British form as printed rather than make it a Canadian one two slips away', () => {
    expect(readValue('Consignee.Zip', 'M17 1AE', 'DMY')).toMatchObject({ value: 'M17 1AE', checked: false });
    // One slip from a Canadian code is still read as one.
    expect(readValue('Consignee.Zip', 'K2E OMS', 'MDY')).toMatchObject({ value: 'K2E 0M5', repaired: true });
  });

  it('keeps six digits outside North America, and takes a leading 1 for a rule before a North American ZIP', () => {
    const d = emptyExtractedData();
    d.Shipper = party({ City: 'SINGAPORE', Zip: '119963', Country: 'SG' });
    d.Consignee = party({ City: 'ALBUQUERQUE', State: 'NM', Zip: '187109' });
    d.BillTo = party({ City: 'SPRINGFIELD', Zip: '165802' });
    fitPostalToCountry(d);
    expect([d.Shipper.Zip, d.Consignee.Zip, d.BillTo.Zip]).toEqual(['119963', '87109', '65802']);
  });

  it('gives a Dutch code back the two letters a reader left at the start of the city', () => {
    const d = emptyExtractedData();
    d.Consignee = party({ City: 'LK ROTTERDAM', Zip: '3198', Country: 'NL' });
    d.Shipper = party({ City: 'ROTTERDAM', Zip: '3198 LK', Country: 'NL' });
    fitPostalToCountry(d);
    expect(d.Consignee).toMatchObject({ City: 'ROTTERDAM', Zip: '3198 LK' });
    expect(d.Shipper).toMatchObject({ City: 'ROTTERDAM', Zip: '3198 LK' });
  });

  it('reads a digit opening a British code as the letter it looks like, and only in the British form', () => {
    const d = emptyExtractedData();
    d.Shipper = party({ City: 'IPSWICH', Zip: '1P11 3SY', Country: 'GB' });
    d.Consignee = party({ City: 'LONDON', Zip: '12345', Country: 'GB' });
    d.BillTo = party({ City: 'SINGAPORE', Zip: '119963', Country: 'SG' });
    fitPostalToCountry(d);
    expect([d.Shipper.Zip, d.Consignee.Zip, d.BillTo.Zip]).toEqual(['IP11 3SY', '12345', '119963']);
  });

  it('reads a letter in a Brazilian code as the digit it looks like', () => {
    const d = emptyExtractedData();
    d.Shipper = party({ City: 'SANTOS', Zip: '11010-O00', Country: 'BR' });
    fitPostalToCountry(d);
    expect(d.Shipper.Zip).toBe('11010-000');
  });
});

describe('postal codes against the city printed beside them', () => {
  it('reads a code one character off as the city\'s own where the code read names a place far away', () => {
    expect(postalOfCity('64602', 'PEORIA', null)).toEqual({ zip: '61602', states: ['IL'] });
    expect(postalOfCity('J4L 0M9', 'SHERBROOKE', 'QC')).toEqual({ zip: 'J1L 0M9', states: ['QC'] });
  });

  it('leaves a code of the city, or near it, and a code no one slip from the city\'s', () => {
    expect(postalOfCity('61602', 'PEORIA', 'IL')).toBeNull();
    // A sorting area of a borough named for itself is near the city's own areas.
    expect(postalOfCity('M1B 9P1', 'TORONTO', 'ON')).toBeNull();
    expect(postalOfCity('92404', 'PROVIDENCE', 'RI')).toBeNull();
    expect(postalOfCity('12345', 'NOWHERESVILLE', null)).toBeNull();
  });

  it('puts the code right for review, with the state it names where none was read', () => {
    const d = emptyExtractedData();
    d.Consignee = party({ City: 'SHERBROOKE', State: 'QO', Zip: 'T1L 3A2' });
    d.Shipper = party({ City: 'PEORIA', State: null, Zip: '64602' });
    d.ConfidenceScores['Shipper.Zip'] = 0.95;
    fitPostalToCity(d);
    expect(d.Consignee).toMatchObject({ State: 'QC', Zip: 'J1L 3A2' });
    expect(d.Shipper).toMatchObject({ State: 'IL', Zip: '61602' });
    expect(d.ConfidenceScores['Shipper.Zip']).toBeLessThan(0.9);
    expect(d.ConfidenceScores['Shipper.State']).toBeLessThan(0.9);
    // A state bent to fit the misread code gives way to the one city and code agree on.
    const e = emptyExtractedData();
    e.Consignee = party({ City: 'SHERBROOKE', State: 'ON', Zip: 'J4L 0M9' });
    e.ConfidenceScores['Consignee.State'] = 0.94;
    fitPostalToCity(e);
    expect(e.Consignee).toMatchObject({ State: 'QC', Zip: 'J1L 0M9' });
    expect(e.ConfidenceScores['Consignee.State']).toBeLessThan(0.9);
  });
});

describe('a place from its postal code alone', () => {
  it('gives a US party with a ZIP but no city its city and state, and a Canadian one its province, for review', () => {
    const d = emptyExtractedData();
    d.Shipper = party({ Zip: '72201' });
    d.Consignee = party({ Zip: 'G2E 9N0' });
    d.ConfidenceScores['Shipper.Zip'] = 0.97;
    placeOfLoneCode(d);
    expect(d.Shipper).toMatchObject({ City: 'LITTLE ROCK', State: 'AR' });
    expect(d.ConfidenceScores['Shipper.City']).toBeLessThan(0.9);
    expect(d.ConfidenceScores['Shipper.State']).toBeLessThan(0.9);
    // A sorting area is named for a quarter of a city, not the city a bill prints.
    expect(d.Consignee).toMatchObject({ City: null, State: 'QC' });
  });

  it('leaves a party whose state the code contradicts, or whose city was read', () => {
    const d = emptyExtractedData();
    d.Shipper = party({ Zip: '72201', State: 'TX' });
    d.Consignee = party({ Zip: '72201', City: 'BENTON' });
    placeOfLoneCode(d);
    expect(d.Shipper).toMatchObject({ City: null, State: 'TX' });
    expect(d.Consignee).toMatchObject({ City: 'BENTON', State: null });
    // Nor a party whose lines name a country abroad: its code is that country's, not a ZIP.
    const e = emptyExtractedData();
    e.Consignee = party({ Address: '2947 BREMEN, GERMANY', Zip: '02907' });
    placeOfLoneCode(e);
    expect(e.Consignee).toMatchObject({ City: null, State: null });
  });
});

describe('legal forms of the party\'s country', () => {
  it('reads an unlimited liability company at a US address as a limited liability company, for review', () => {
    const d = emptyExtractedData();
    d.Shipper = party({ Name: 'ALDER CERAMICS GROUP ULC', State: 'TX', Zip: '79936' });
    d.Consignee = party({ Name: 'CORNERSTONE FOUNDRY ULC', State: 'BC', Country: 'CA' });
    d.ConfidenceScores['Shipper.Name'] = 0.95;
    fitLegalFormToCountry(d);
    expect(d.Shipper?.Name).toBe('ALDER CERAMICS GROUP LLC');
    expect(d.ConfidenceScores['Shipper.Name']).toBeLessThan(0.9);
    expect(d.Consignee?.Name).toBe('CORNERSTONE FOUNDRY ULC');
  });
});

describe('states of parties abroad', () => {
  it('drops a North American state from a party abroad, keeping a Brazilian one', () => {
    const d = emptyExtractedData();
    d.Shipper = party({ City: 'FELIXSTOWE', State: 'MN', Zip: 'IP11 3SY', Country: 'GB' });
    d.Consignee = party({ City: 'SANTOS', State: 'SP', Zip: '11010-000', Country: 'BR' });
    d.ConfidenceScores['Shipper.State'] = 0.6;
    noStatesAbroad(d);
    expect(d.Shipper?.State).toBeNull();
    expect(d.ConfidenceScores['Shipper.State']).toBeUndefined();
    expect(d.Consignee?.State).toBe('SP');
  });

  it('takes a party with a British postcode for one in the United Kingdom', () => {
    const d = emptyExtractedData();
    d.Shipper = party({ City: 'MANCHESTER', State: 'ON', Zip: 'M1 2WD', Country: 'CA' });
    noStatesAbroad(d);
    expect(d.Shipper).toMatchObject({ Country: 'GB', State: null });
  });

  it('keeps the state where the city is only North America\'s or the postal code is the state\'s', () => {
    const d = emptyExtractedData();
    d.Shipper = party({ City: 'ZAPOPAN', State: 'JAL', Zip: '45010', Country: 'GB' });
    d.Consignee = party({ City: 'XYZ', State: 'NLE', Zip: '66600', Country: 'NL' });
    noStatesAbroad(d);
    expect(d.Shipper?.State).toBe('JAL');
    expect(d.Consignee?.State).toBe('NLE');
  });
});
