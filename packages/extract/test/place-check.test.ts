import { describe, expect, it } from 'vitest';
import { readCompanyName } from '../src/fields/company-name.ts';
import { checkPlaces, cityWithoutTail, gluedState } from '../src/fields/learned/place-check.ts';
import type { TaggedField } from '../src/fields/learned/tagger.ts';
import type { Word } from '../src/types.ts';

const word = (text: string, confidence = 0.95): Word => ({ text, confidence, bbox: [0, 0, 10, 10], page: 0 }) as Word;
const tagged = (field: string, value: string, checked = false): TaggedField => ({
  field, value, checked, repaired: false, confidence: 0.5, raw: 0.5, words: [word(value)], mean: 0.9, min: 0.9, margin: 0.5, rival: 0,
});
const party = (zip: string, state: string, city: string): Map<string, TaggedField> => new Map([
  ['Shipper.Zip', tagged('Shipper.Zip', zip, true)], ['Shipper.State', tagged('Shipper.State', state, true)], ['Shipper.City', tagged('Shipper.City', city)],
]);

describe('the tagger checks a party\'s postal code, state and city against one another', () => {
  it('puts right a state and a city misread by a letter, and vouches for them', () => {
    const fields = party('46802', 'IH', 'FORT WAYNF');
    const rescored: string[] = [];
    checkPlaces(fields, (f) => rescored.push(f.field));
    expect(fields.get('Shipper.State')).toMatchObject({ value: 'IN', repaired: true, checked: true });
    expect(fields.get('Shipper.City')).toMatchObject({ value: 'FORT WAYNE', repaired: true, checked: true });
    expect(rescored).toEqual(['Shipper.State', 'Shipper.City']);
  });

  it('keeps the printed abbreviation of a city it puts right', () => {
    const fields = party('63101', 'MO', 'ST. LOUS');
    checkPlaces(fields, () => {});
    expect(fields.get('Shipper.City')).toMatchObject({ value: 'ST. LOUIS', repaired: true, checked: true });
  });

  it('gives a city that lost its leading title the code\'s city, as a repair it does not vouch for', () => {
    const fields = party('46802', 'IN', 'WAYNE');
    checkPlaces(fields, () => {});
    expect(fields.get('Shipper.City')).toMatchObject({ value: 'FORT WAYNE', repaired: true, checked: false });
  });

  it('takes the check from a state the postal code contradicts, and leaves it as read', () => {
    const fields = party('46802', 'TX', 'DALLAS');
    checkPlaces(fields, () => {});
    expect(fields.get('Shipper.State')).toMatchObject({ value: 'TX', checked: false });
    expect(fields.get('Shipper.City')).toMatchObject({ value: 'DALLAS', repaired: false, checked: false });
  });

  it('gives a city a hand garbled the code\'s city where code and state agree, and with no code the state\'s one near city', () => {
    const garbled = party('37921', 'TN', 'KNOXALLE');
    checkPlaces(garbled, () => {});
    expect(garbled.get('Shipper.City')).toMatchObject({ value: 'KNOXVILLE', repaired: true, checked: false });
    const uncoded = new Map([['Shipper.State', tagged('Shipper.State', 'ND')], ['Shipper.City', tagged('Shipper.City', 'FAROO')]]);
    checkPlaces(uncoded, () => {});
    expect(uncoded.get('Shipper.City')).toMatchObject({ value: 'FARGO', repaired: true });
  });

  it('reads the state glued by a mark to the city\'s word where the state is not read apart', () => {
    expect(gluedState([word('KNOXVILLE.TN')])).toBe('TN');
    expect(gluedState([word('ST.LOUIS')])).toBeNull();
    const fields = new Map([['Shipper.Zip', tagged('Shipper.Zip', '37902', true)], ['Shipper.City', { ...tagged('Shipper.City', 'KNOXVILLE'), words: [word('KNOXVILLE.TN')] }]]);
    checkPlaces(fields, () => {});
    expect(fields.get('Shipper.State')).toMatchObject({ value: 'TN', repaired: true, checked: true });
  });
});

describe('company names', () => {
  it('are read as they are written whichever reader found them: ending and marks put right', () => {
    expect(readCompanyName('“Alder Hardware Cory', [word('Alder'), word('Hardware'), word('Cory', 0.6)])).toEqual({ value: 'ALDER HARDWARE CORP', repaired: true });
    expect(readCompanyName('GRUPO DEL BAJIO SA DE CV', [word('GRUPO')])).toEqual({ value: 'GRUPO DEL BAJIO SA DE CV', repaired: false });
  });

  it('never begin with a slash, nor keep a dash standing alone between words or in place of the space before the ending', () => {
    expect(readCompanyName('/ DISTRIBUTIONS RIVE-SUD LTEE', [word('DISTRIBUTIONS')]).value).toBe('DISTRIBUTIONS RIVE-SUD LTEE');
    expect(readCompanyName('Stonebridge Paper Mills - INC', [word('Stonebridge')]).value).toBe('STONEBRIDGE PAPER MILLS INC');
    expect(readCompanyName('ASHFORD PAPER MILLS-LTD', [word('ASHFORD')]).value).toBe('ASHFORD PAPER MILLS LTD');
    // A hyphen inside a name is the name's own.
    expect(readCompanyName('CO-OP FARM SUPPLY-WEST INC', [word('CO-OP')]).value).toBe('CO-OP FARM SUPPLY-WEST INC');
  });

  it('put back a last letter set apart and set apart an ending glued on, but keep initials and words that end like one', () => {
    expect(readCompanyName('Stonebridge Cabinetry Holding s INC', [word('Holding')])).toEqual({ value: 'STONEBRIDGE CABINETRY HOLDINGS INC', repaired: true });
    expect(readCompanyName('Copperfield Wire & Cable Cor P', [word('Cor')]).value).toBe('COPPERFIELD WIRE & CABLE CORP');
    expect(readCompanyName('J B HUNT TRANSPORT', [word('HUNT')]).value).toBe('J B HUNT TRANSPORT');
    expect(readCompanyName('NormandieSARL', [word('NormandieSARL')]).value).toBe('NORMANDIE SARL');
    expect(readCompanyName('HEARTLAND OF KANSAS', [word('KANSAS')]).value).toBe('HEARTLAND OF KANSAS');
  });
});

describe('a city read with its state or postal code run on', () => {
  it('is the known place it starts with; a place of more words, or one unknown here, is kept as read', () => {
    expect(cityWithoutTail('SHERBROOKE, QCJIL')).toBe('SHERBROOKE');
    expect(cityWithoutTail('ALBANYNY')).toBe('ALBANY');
    // ... a code of three letters too, with the space between read inside the city's name.
    expect(cityWithoutTail('CEL AYAGTO')).toBe('CELAYA');
    expect(cityWithoutTail('NEW YORK NY')).toBe('NEW YORK');
    // A comma ends a city; a postal code glued on is none of it.
    expect(cityWithoutTail('TORREON,COA')).toBe('TORREON');
    expect(cityWithoutTail('APODACA,NL')).toBe('APODACA');
    expect(cityWithoutTail('GREENVILLESC29607')).toBe('GREENVILLE');
    expect(cityWithoutTail('MANCHESTERM171AE')).toBe('MANCHESTER');
    for (const city of ['FORT WORTH', 'KANSAS CITY', 'SANTA CRUZ DE TENERIFE', 'SAO PAULO']) expect(cityWithoutTail(city)).toBeNull();
  });
});
