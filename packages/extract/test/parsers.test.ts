import { describe, expect, it } from 'vitest';
import { dateWithSlips } from '../src/fields/date-slips.ts';
import { slashesReadAsDigits } from '../src/fields/parse-date.ts';
import { findDates, normalizePostal, parseDate, parseFreightClass, parseReference, parseScac, parseWeight, placeOfPostal, repairState } from '../src/index.ts';
import { compareCity } from '../src/fields/geo.ts';
import { scacByCarrierName, scacByChosenName } from '../src/fields/learned/combine.ts';
import { emptyExtractedData } from '@ladingwise/shared';
import type { TaggedField } from '../src/fields/learned/tagger.ts';
import { nearlySame, repairScacByName, scacFitsName } from '../src/fields/references.ts';

describe('dates in English, Spanish and French', () => {
  it.each([
    ['2026-10-03', 'MDY', '2026-10-03'],
    ['10/03/2026', 'MDY', '2026-10-03'],
    ['03/10/2026', 'DMY', '2026-10-03'],
    ['25/10/2026', 'MDY', '2026-10-25'],
    ['12-08-26', 'MDY', '2026-12-08'],
    ['Jul 23, 2026', 'MDY', '2026-07-23'],
    ['July 4th 2026', 'MDY', '2026-07-04'],
    ['08-MAY-2026', 'MDY', '2026-05-08'],
    ['20 sep 2026', 'DMY', '2026-09-20'],
    ['15 de julio de 2026', 'DMY', '2026-07-15'],
    ['3 de diciembre del 2026', 'DMY', '2026-12-03'],
    ['1er mars 2026', 'DMY', '2026-03-01'],
    ['23 juillet 2026', 'DMY', '2026-07-23'],
    ['14 févr. 2026', 'DMY', '2026-02-14'],
    ['le 5 août 2026', 'DMY', '2026-08-05'],
    ['Fecha: 2O/1O/2026', 'DMY', '2026-10-20'],
  ] as const)('reads %s', (text, order, iso) => {
    expect(parseDate(text, order)?.iso).toBe(iso);
  });

  it('marks a numeric date ambiguous only when day and month could swap', () => {
    expect(parseDate('03/10/2026', 'MDY')!.certainty).toBeLessThan(1);
    expect(parseDate('13/10/2026', 'MDY')!.certainty).toBe(1);
  });

  it('reads a dotted numeric date day first even on a month-first form, still as open to doubt', () => {
    expect(parseDate('08.03.2022', 'MDY')).toMatchObject({ iso: '2022-03-08', certainty: 0.85 });
    expect(parseDate('08/03/2022', 'MDY')).toMatchObject({ iso: '2022-08-03', certainty: 0.85 });
    expect(parseDate('08-03-2022', 'MDY')).toMatchObject({ iso: '2022-08-03', certainty: 0.85 });
  });

  it('reads a labelled date with look-alike letters in its figures as a guess', () => {
    expect(dateWithSlips('I2/I7/24')).toMatchObject({ iso: '2024-12-17', certainty: 0.7 });
    expect(dateWithSlips('O3-2G-2024')).toMatchObject({ iso: '2024-03-26', certainty: 0.7 });
    expect(dateWithSlips('31/o7/2024', 'DMY')?.iso).toBe('2024-07-31');
    // A day or a year beside a month's name, the name read in two pieces too.
    expect(dateWithSlips('Nov il, 2020')?.iso).toBe('2020-11-11');
    expect(dateWithSlips('11-M ar-2S')?.iso).toBe('2025-03-11');
    // A seven crossed with a bar reads as a plus, last in a year as anywhere else.
    expect(dateWithSlips('O+/1S/202+')).toMatchObject({ iso: '2027-07-15', certainty: 0.7 });
    expect(dateWithSlips('15-JUL-202+')?.iso).toBe('2027-07-15');
    expect(dateWithSlips('+1 555 123 4567')).toBeNull();
    // Mostly letters is a word, not a date; a code is no date.
    expect(dateWithSlips('SO/OB/ZOZS')).toBeNull();
    expect(dateWithSlips('B386517')).toBeNull();
    // Nothing to repair: the plain parser's answer or none.
    expect(dateWithSlips('03/17/2023')).toBeNull();
  });

  it('reads a labelled day or month no calendar has through a hand\'s likeliest slip, as a weaker guess', () => {
    // A 1 drawn with a flag or a hook reads as 7 or 4.
    expect(dateWithSlips('72.04.2027')).toMatchObject({ iso: '2027-04-12', certainty: 0.5 });
    expect(dateWithSlips('03-47-2023')).toMatchObject({ iso: '2023-03-17', certainty: 0.5 });
    expect(dateWithSlips('41-04-2023')).toMatchObject({ iso: '2023-11-04', certainty: 0.5 });
    expect(dateWithSlips('81 de octubre de 2020')).toMatchObject({ iso: '2020-10-31', certainty: 0.5 });
    // A figure no slip makes a day stays unread.
    expect(dateWithSlips('37 de noviembre de 2020')).toBeNull();
    // A slip that gives no date anywhere is no date.
    expect(dateWithSlips('PO 47-99-12')).toBeNull();
  });

  it('reads a written-out date with a speck beside its comma as a guess', () => {
    expect(parseDate('Sep1.,2026')).toMatchObject({ iso: '2026-09-01', certainty: 0.85 });
    expect(parseDate('Sep 1, 2026')).toMatchObject({ iso: '2026-09-01', certainty: 1 });
  });

  it('reads a date behind a cell border read as a digit, or with a slash read as a 7 or 1, as a guess', () => {
    expect(parseDate('92026-08-24')).toMatchObject({ iso: '2026-08-24', certainty: 0.85 });
    // A leading zero read as the letter O.
    expect(parseDate('O6-ABR-2026')?.iso).toBe('2026-04-06');
    expect(parseDate('Order O6')).toBeNull();
    expect(parseDate('Ship date — 2026 09 05')).toMatchObject({ iso: '2026-09-05', certainty: 0.85 });
    expect(parseDate('2026 13 05')).toBeNull();
    // Both slashes read as 7: a date only where a label says one stands.
    expect(parseDate('4727726')).toBeNull();
    expect(slashesReadAsDigits('4727726')).toMatchObject({ iso: '2026-04-27', certainty: 0.5 });
    expect(slashesReadAsDigits('PO 4727726')).toBeNull();
    // One slash read right, the other as 1; an ambiguous reading is none.
    expect(slashesReadAsDigits('4122/26')).toMatchObject({ iso: '2026-04-22', certainty: 0.5 });
    expect(slashesReadAsDigits('1111/26')).toBeNull();
    expect(slashesReadAsDigits('4/22/26')).toBeNull();
    // A four-figure year too, where it is one of this or the last century's.
    expect(slashesReadAsDigits('1110412025', 'DMY')).toMatchObject({ iso: '2025-04-11', certainty: 0.5 });
    expect(slashesReadAsDigits('1110413025', 'DMY')).toBeNull();
    expect(parseDate('DELIVER ON 7/4726')).toMatchObject({ iso: '2026-07-04', certainty: 0.7 });
    expect(parseDate('7/1126')?.iso).toBe('2026-07-01');
    // A month and year, and an ordinary date, are left as they are.
    expect(parseDate('7/2026')).toBeNull();
    expect(parseDate('7/4/26')).toMatchObject({ iso: '2026-07-04', certainty: 0.85 });
  });

  it('puts back a month name read in two pieces between the day and the year, and only a month name', () => {
    expect(parseDate('16-EN E-2026')?.iso).toBe('2026-01-16');
    expect(parseDate('24 JU L 2026')?.iso).toBe('2026-07-24');
    expect(parseDate('FECHA DECEM BER 7, 2025')?.iso).toBe('2025-12-07');
    expect(parseDate('16-AB C-2026')).toBeNull();
  });

  it('reads a date whose marks or digits OCR took for others, each as a guess', () => {
    // Dots read as commas, with a four-figure year; a number grouped in thousands is no date.
    expect(parseDate('Fecha de recolección: 25,07,2021', 'DMY')).toMatchObject({ iso: '2021-07-25', certainty: 0.85 });
    expect(parseDate('1,234,567')).toBeNull();
    // The day glued to the label word before it; a colon between the month and the year.
    expect(parseDate('Fecha de carga9 de abril de 2019')).toMatchObject({ iso: '2019-04-09', certainty: 0.85 });
    expect(parseDate('Date 18 FEB: 2022')).toMatchObject({ iso: '2022-02-18', certainty: 1 });
    // A letter first in a numeric date, letters among a year's figures: their look-alike digits.
    expect(parseDate('PICKUP DATE S/24/20')).toMatchObject({ iso: '2020-05-24', certainty: 0.85 });
    expect(parseDate('06 JAN z0z0')).toMatchObject({ iso: '2020-01-06', certainty: 0.85 });
    expect(parseDate('AS/24/20')).toBeNull();
    expect(parseDate('JAN ZZZ0')).toBeNull();
    // ... or as the day before a month's name; a month's letter misread beside a date's mark.
    expect(parseDate('Shipped on Board: S-Apr-27')).toMatchObject({ iso: '2027-04-05', certainty: 0.85 });
    expect(parseDate('14-AG0-2025', 'DMY')).toMatchObject({ iso: '2025-08-14', certainty: 0.85 });
    expect(parseDate('8 Moy 2022')).toMatchObject({ iso: '2022-05-08', certainty: 0.85 });
    // A numeric date read apart at a narrow gap is one date, as a guess; figures alone that make none stay none.
    expect(parseDate('6/2 8/19')).toMatchObject({ iso: '2019-06-28', certainty: 0.85 });
    expect(parseDate('28/0 7/2023', 'DMY')).toMatchObject({ iso: '2023-07-28', certainty: 0.85 });
    expect(parseDate('12 34 56')).toBeNull();
  });

  it('rejects impossible dates and finds several in a line', () => {
    expect(parseDate('31/02/2026')).toBeNull();
    expect(parseDate('Phone 555-1234')).toBeNull();
    expect(findDates('Pickup 10/01/2026 Delivery 10/04/2026').map((d) => d.iso)).toEqual(['2026-10-01', '2026-10-04']);
  });
});

describe('weights and freight classes', () => {
  it.each([
    ['24,260 LBS', 24260, 'L'],
    ['3,407 LB', 3407, 'L'],
    ['2,021 KG', 2021, 'K'],
    ['2.021 KG', 2021, 'K'],
    ['1 371 kg', 1371, 'K'],
    ['1.234,5 kg', 1234.5, 'K'],
    ['Peso: 850 kilos', 850, 'K'],
    ['Poids brut 12 500 kg', 12500, 'K'],
    ['437 LBS', 437, 'L'],
    ['5000#', 5000, 'L'],
  ] as const)('reads %s', (text, value, unit) => {
    expect(parseWeight(text)).toEqual({ value, unit });
  });

  it('keeps the unit unknown when none is printed', () => {
    expect(parseWeight('2588')).toEqual({ value: 2588, unit: null });
    // A speck beside the thousands separator is one mark.
    expect(parseWeight('10.,312 KG')).toEqual({ value: 10312, unit: 'K' });
    // "lb" glued to the number with its l read as 1.
    expect(parseWeight('27751b')).toEqual({ value: 2775, unit: 'L' });
    // Its l read as a bar after the number: the number with the unit wins over a number before it (an NMFC item).
    expect(parseWeight('Ne 166264 19,447 |b')).toEqual({ value: 19447, unit: 'L' });
    expect(parseWeight('27751')).toEqual({ value: 27751, unit: null });
  });

  it('reads a month name misread by one look-alike letter beside its numbers, as an uncertain date', () => {
    expect(parseDate('Jui 21, 2026')).toMatchObject({ iso: '2026-07-21', certainty: 0.85 });
    expect(parseDate('21 0CT 2026')).toMatchObject({ iso: '2026-10-21', certainty: 0.85 });
    expect(parseDate('Jul 21, 2026')).toMatchObject({ iso: '2026-07-21', certainty: 1 });
    // Not beside a number, or two months fit: left alone.
    expect(parseDate('JUI')).toBeNull();
  });

  it('accepts only the 18 NMFC classes and repairs a lost decimal point', () => {
    expect(parseFreightClass('92.5')).toEqual({ value: '92.5', repaired: false });
    expect(parseFreightClass('CLASS 70')).toEqual({ value: '70', repaired: false });
    expect(parseFreightClass('77,5')).toEqual({ value: '77.5', repaired: false });
    // Digits read as their look-alike letters, as a repair; letters that spell no class are none.
    expect(parseFreightClass('GO')).toEqual({ value: '60', repaired: true });
    expect(parseFreightClass('So')).toEqual({ value: '50', repaired: true });
    expect(parseFreightClass('NO')).toBeNull();
    // A speck read as a point in front of the class.
    expect(parseFreightClass('.77.5')).toEqual({ value: '77.5', repaired: false });
    expect(parseFreightClass('60.')).toEqual({ value: '60', repaired: false });
    expect(parseFreightClass('92.')).toBeNull();
    // A cell border read against the digits; the half after the point read apart.
    expect(parseFreightClass('[50')).toEqual({ value: '50', repaired: false });
    expect(parseFreightClass('300|')).toEqual({ value: '300', repaired: false });
    expect(parseFreightClass('92. 5')).toEqual({ value: '92.5', repaired: true });
    expect(parseFreightClass('93. 5')).toBeNull();
    // Handwritten digits read one by one.
    expect(parseFreightClass('. 2 5 o')).toEqual({ value: '250', repaired: true });
    expect(parseFreightClass('1 2 FT')).toBeNull();
    expect(parseFreightClass('925')).toEqual({ value: '92.5', repaired: true });
    expect(parseFreightClass('500')?.value).toBe('500');
    expect(parseFreightClass('75')).toBeNull();
    expect(parseFreightClass('45')).toBeNull();
  });

  it('repairs a class with one digit read as its look-alike, only when a single class fits', () => {
    expect(parseFreightClass('715')).toEqual({ value: '77.5', repaired: true });
    expect(parseFreightClass('176')).toEqual({ value: '175', repaired: true });
    expect(parseFreightClass('80')).toBeNull();
  });
});

describe('postal codes, states and cities', () => {
  it('normalises US, Canadian and Mexican postal codes and repairs OCR slips', () => {
    expect(normalizePostal('46802')).toEqual({ zip: '46802', country: null, repaired: false });
    expect(normalizePostal('4680Z')).toEqual({ zip: '46802', country: null, repaired: true });
    expect(normalizePostal('46802-1234')?.zip).toBe('46802-1234');
    // A 7 in a Canadian code's letter place is a Z that lost its bottom bar; a state code keeps 7 for T.
    expect(normalizePostal('H4T 372')).toEqual({ zip: 'H4T 3Z2', country: 'CA', repaired: true });
    expect(repairState('7X', null)).toBe('TX');
    // E for 8 in a Canadian code's digit place; never in a ZIP (STATE is no code).
    expect(normalizePostal('LEN 7N4')).toEqual({ zip: 'L8N 7N4', country: 'CA', repaired: true });
    expect(normalizePostal('STATE')).toBeNull();
    expect(normalizePostal('R3C4T3')).toEqual({ zip: 'R3C 4T3', country: 'CA', repaired: false });
    expect(normalizePostal('R3C 4TS')).toEqual({ zip: 'R3C 4T5', country: 'CA', repaired: true });
    expect(normalizePostal('T5J0N3')?.zip).toBe('T5J 0N3');
    expect(normalizePostal('T5JON3')).toEqual({ zip: 'T5J 0N3', country: 'CA', repaired: true });
    // "STE 117" is a suite, not a postal code: two letters would have to change.
    expect(normalizePostal('STE117')).toBeNull();
    // A word of letters that happens to fit once O, S, I are read as digits is a word (SAN LUIS POTOSI).
    expect(normalizePostal('POTOSI')).toBeNull();
    expect(normalizePostal('LSN OKS')).toEqual({ zip: 'L5N 0K5', country: 'CA', repaired: true });
  });

  it('knows the place a postal code belongs to', () => {
    expect(placeOfPostal('46802', null)).toMatchObject({ states: ['IN'], city: 'FORT WAYNE', country: 'US' });
    expect(placeOfPostal('R3C 4T3', 'CA')).toMatchObject({ states: ['MB'], city: 'WINNIPEG', country: 'CA' });
    // A Canadian sorting area named by its place and a quarter of it is the place's.
    expect(placeOfPostal('B3K 6L8', null)?.city).toBe('HALIFAX');
    expect(placeOfPostal('M5V 1K2', null)?.city).toBe('TORONTO');
    expect(placeOfPostal('44100', null)?.states).toContain('JAL');
    expect(placeOfPostal('64000', null)?.states).toContain('NL');
    // Beside a US state's code, a code the US does not have is a misread ZIP, not a Mexican code.
    expect(placeOfPostal('64202', 'US')).toBeNull();
  });

  it('repairs a misread state code with the ZIP code', () => {
    expect(repairState('0H', ['OH'])).toBe('OH');
    expect(repairState('I1D', ['ID'])).toBe('ID');
    expect(repairState('1L', ['IL'])).toBe('IL');
    expect(repairState('TX', ['TX'])).toBe('TX');
    expect(repairState('OK', ['OH'])).toBe('OH');
    expect(repairState('ZZ', null)).toBeNull();
  });

  it('matches a city against the ZIP code city', () => {
    expect(compareCity('ST. LOUIS', 'SAINT LOUIS')).toBe('same');
    expect(compareCity('BAYON ROUGE', 'BATON ROUGE')).toBe('near');
    expect(compareCity('DENVER', 'CINCINNATI')).toBe('different');
  });
});

describe('codes', () => {
  it('reads SCACs of 2-4 letters and puts back letters read as digits', () => {
    expect(parseScac('SNBT')).toEqual({ value: 'SNBT', repaired: false });
    expect(parseScac('5NBT')).toEqual({ value: 'SNBT', repaired: true });
    expect(parseScac('RWFL ')).toEqual({ value: 'RWFL', repaired: false });
    expect(parseScac('123456')).toBeNull();
    // Read in two pieces, nothing after them: one code of four, as a doubt.
    expect(parseScac('PW CR')).toEqual({ value: 'PWCR', repaired: true });
    expect(parseScac('PW CR 12345')).toEqual({ value: 'PW', repaired: false });
  });

  it('reads reference numbers and fixes letters inside digit runs', () => {
    expect(parseReference('# BOL0652605')?.value).toBe('BOL0652605');
    // An O opening a long run of digits is the zero it reads as; a kind prefix ending in O keeps it.
    expect(parseReference('SHO960710')).toEqual({ value: 'SH0960710', repaired: true });
    // An I alone before a long number reads as one, as code alphabets leave it out too.
    expect(parseReference('I335915')).toEqual({ value: '1335915', repaired: true });
    expect(parseReference('O4086226181637114')?.value).toBe('04086226181637114');
    expect(parseReference('SO800124')).toEqual({ value: 'SO800124', repaired: false });
    expect(parseReference('3813-23474')?.value).toBe('3813-23474');
    expect(parseReference('76331-D')?.value).toBe('76331-D');
    // Broken after its hyphen by a space: one number.
    expect(parseReference('808725- 12')?.value).toBe('808725-12');
    // A space read before the hyphen instead: one number, as a doubt.
    expect(parseReference('965317 -92')).toEqual({ value: '965317-92', repaired: true });
    expect(parseReference('[22717-8')?.value).toBe('22717-8');
    // Written on a fill-in line read as an underscore before it.
    expect(parseReference('_S0873391')?.value).toBe('SO873391');
    expect(parseReference('__641204')).toEqual({ value: '641204', repaired: false });
    expect(parseReference('SO-001437')?.value).toBe('SO-001437');
    expect(parseReference('8O7O278')).toEqual({ value: '8070278', repaired: true });
    expect(parseReference('12/08/2026')).toBeNull();
    expect(parseReference('N/A')).toBeNull();
    // A check box's "3rd Party" is no purchase order.
    expect(parseReference('Prepaid O Collect & 3rd Party')).toBeNull();
    expect(parseReference('3RD 4046728')?.value).toBe('4046728');
    // Its first few characters read apart from the rest: one number, as a doubt; a head with no digit is a word.
    expect(parseReference('SH1 767720')).toEqual({ value: 'SH1767720', repaired: true });
    expect(parseReference('007 49657593198893')).toEqual({ value: '00749657593198893', repaired: true });
    expect(parseReference('PO 4046728')).toEqual({ value: '4046728', repaired: false });
    // Digits left behind in front of the number may belong to it.
    expect(parseReference('0-9 70777')).toEqual({ value: '70777', repaired: true });
  });

  it('takes a barcode for the number OCR read with a few slips or a lost end, never for another number', () => {
    expect(nearlySame('871288759', 'B71288759')).toBe(true);
    expect(nearlySame('0449497635697', '04494976356970977')).toBe(true);
    expect(nearlySame('7872096448', '7872096448')).toBe(true);
    expect(nearlySame('8335474958', '04494976356970977')).toBe(false);
    expect(nearlySame('B75885621', '7872096448')).toBe(false);
    expect(nearlySame('123', '1234')).toBe(false);
  });

  it('puts back a look-alike letter in a SCAC that then abbreviates the carrier\'s name, and only then', () => {
    expect(scacFitsName('RJC', 'R AND J CARTAGE')).toBe(true);
    expect(scacFitsName('ODFL', 'Old Dominion Freight Line')).toBe(true);
    expect(repairScacByName('RIC', 'R AND J CARTAGE')).toBe('RJC');
    expect(repairScacByName('RJC', 'R AND J CARTAGE')).toBeNull();
    // A code that follows the name with a look-alike letter: the reading made of more of the name's initials.
    expect(repairScacByName('MWCE', 'MIDWEST CONSOLIDATED FREIGHT')).toBe('MWCF');
    expect(repairScacByName('GOCT', 'GULF COAST CARTAGE')).toBe('GCCT');
    // Codes that spell their name otherwise stand, and the legal form counts for nothing (TBRI is no better).
    // Initials count in the code's order through the name: a name read in pieces ("TR RUCKING") adds no initial.
    for (const [code, name] of [['ODFL', 'OLD DOMINION FREIGHT LINE'], ['EXLA', 'ESTES EXPRESS LINES'], ['TBRL', 'TRANSPORTS BOREAL INC'], ['KXLN', 'KEYSTONE EXPRESS LINES'],
      ['CPST', 'COPPER STATE TR RUCKING'], ['HDHL', 'HIGH I DESERT HAULIN 9']]) {
      expect(repairScacByName(code!, name!)).toBeNull();
    }
    // Unrelated to the name whatever one letter becomes: left as read.
    expect(repairScacByName('XPOL', 'R AND J CARTAGE')).toBeNull();
  });

  it('reads the tagger\'s SCAC against the carrier\'s name, its own reading or else the rules\'', () => {
    const tagged = (scac: string, name?: string): Map<string, TaggedField> => {
      const f = (field: string, value: string): TaggedField => ({ field, value, repaired: false, checked: false, confidence: 0.9, raw: 0.9, words: [], mean: 0.9, min: 0.9, margin: 0.5, rival: 0 });
      return new Map([['Carrier.Scac', f('Carrier.Scac', scac)], ...(name ? [['Carrier.Name', f('Carrier.Name', name)] as const] : [])]);
    };
    const own = tagged('RIC', 'R AND J CARTAGE');
    scacByCarrierName(own, null);
    expect(own.get('Carrier.Scac')).toMatchObject({ value: 'RJC', repaired: true });
    const rulesName = tagged('TOLH');
    scacByCarrierName(rulesName, 'TRIDENT LINEHAUL');
    expect(rulesName.get('Carrier.Scac')!.value).toBe('TDLH');
    const noName = tagged('RIC');
    scacByCarrierName(noName, null);
    expect(noName.get('Carrier.Scac')).toMatchObject({ value: 'RIC', repaired: false });
  });

  it('reads the chosen SCAC against the chosen carrier name, one reader\'s code beside the other\'s name, as a doubt', () => {
    const data = emptyExtractedData();
    data.Carrier = { Name: 'HIGH DESERT HAULING', Scac: 'NDHL' };
    data.ConfidenceScores['Carrier.Scac'] = 0.95;
    data.ConfidenceScores['Carrier.Name'] = 0.85;
    scacByChosenName(data);
    expect(data.Carrier.Scac).toBe('HDHL');
    expect(data.ConfidenceScores['Carrier.Scac']).toBeLessThan(0.9);
    data.Carrier = { Name: 'HIGH DESERT HAULING', Scac: 'HDHL' };
    data.ConfidenceScores['Carrier.Scac'] = 0.95;
    scacByChosenName(data);
    expect(data.ConfidenceScores['Carrier.Scac']).toBe(0.95);
    // A name held as unlikely right (cut short) checks no code.
    data.Carrier = { Name: 'BLUE HERON', Scac: 'BHFR' };
    data.ConfidenceScores['Carrier.Name'] = 0.05;
    scacByChosenName(data);
    expect(data.Carrier.Scac).toBe('BHFR');
  });
});
