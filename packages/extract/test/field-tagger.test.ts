import { readFileSync } from 'node:fs';
import type { FieldSource } from '@ladingwise/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { calibrate, confidenceOf, fitIsotonic } from '../src/fields/learned/calibration.ts';
import { ALONE_MIN, chooseFields, holdFarApartDates, holdStatesAbroad } from '../src/fields/learned/combine.ts';
import { emptyExtractedData } from '@ladingwise/shared';
import { FEATURE_NAMES, pageFeatures } from '../src/fields/learned/features.ts';
import { FieldTagger, widen, withoutStatesInPlaces, type TaggerJson } from '../src/fields/learned/tagger.ts';
import { beforePostalCode, completeRuns, withCodeLetters, withDescriptionHead, withHyphenTail, withInnerWords, withKindPrefix, withLegalForm, withNameHead, withNmfcQualifier, withOtherPart, withPlaceName, withStreetEnd,
  withStreetNumber } from '../src/fields/learned/run-completion.ts';
import { brokenWords, groupWords, joinWrapped, labelBefore, lineNeighbours } from '../src/fields/learned/word-runs.ts';
import { predictRows, TreeModel } from '../src/fields/learned/trees.ts';
import { readWordsValue } from '../src/fields/learned/values.ts';
import { extractFields } from '../src/fields/extract-fields.ts';
import type { Word } from '../src/types.ts';
import { fixturePage } from './fixture-page.ts';
import { sameValue, valueAt } from '../src/fields/learned/field-truth.ts';

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');


let tagger: FieldTagger;
let json: TaggerJson;
beforeAll(() => {
  json = JSON.parse(readFileSync(new URL('../models/field-tagger.json', import.meta.url), 'utf8')) as TaggerJson;
  tagger = new FieldTagger(json);
});

describe('field tagger model', () => {
  it('evaluates the trees exactly as xgboost does (rows and probabilities written at training time)', () => {
    const check = JSON.parse(fixture('field-tagger-check.json')) as { features: string[]; rows: Array<Array<number | null>>; probabilities: number[][] };
    expect(check.features).toEqual(json.features);
    const model = new TreeModel(json);
    check.rows.forEach((row, i) => {
      const p = model.predict(row.map((v) => v ?? Number.NaN));
      p.forEach((v, k) => expect(v).toBeCloseTo(check.probabilities[i]![k]!, 5));
    });
    // A page's rows are read all at once, tree by tree: the same probabilities as one row at a time.
    const all = predictRows(model, json.features.map((_, k) => k), check.rows.map((row) => row.map((v) => v ?? Number.NaN)));
    all.forEach((p, i) => p.forEach((v, k) => expect(v).toBeCloseTo(check.probabilities[i]![k]!, 5)));
  });

  it('uses only features the code computes, and every feature row has one value per feature name', () => {
    expect(new Set(FEATURE_NAMES).size).toBe(FEATURE_NAMES.length);
    for (const f of json.features) expect(FEATURE_NAMES).toContain(f);
    const rows = pageFeatures(fixturePage());
    expect(rows.length).toBe(fixturePage().words.length);
    for (const r of rows) expect(r.length).toBe(FEATURE_NAMES.length);
  });

  it('reads the fixture page (a generated page it was not trained on) into its fields with confidences and boxes', () => {
    const page = fixturePage();
    const truth = (JSON.parse(fixture('field-page.json')) as { truth: unknown }).truth;
    const fields = tagger.read([page], extractFields([page]).FieldSources ?? {});
    const right = [...fields.values()].filter((f) => sameValue(f.field, valueAt(truth, f.field), f.value)).map((f) => f.field);
    // The references the form labels plainly, its numbers and the consignee's city line are read right; a model that
    // lost its features (a drift between training and run time) reads next to none of them.
    expect(right).toEqual(expect.arrayContaining(['References.PoNumber', 'References.OrderNumber', 'ShipmentDetails.Weight', 'ShipmentDetails.FreightClass',
      'Consignee.City', 'Consignee.State', 'Consignee.Zip', 'Shipper.Zip']));
    expect(right.length).toBeGreaterThanOrEqual(14);
    for (const f of fields.values()) {
      expect(f.confidence).toBeGreaterThanOrEqual(0);
      expect(f.confidence).toBeLessThanOrEqual(1);
      expect(f.words.length).toBeGreaterThan(0);
    }
    expect(fields.get('References.PoNumber')?.words.map((w) => w.text)).toEqual(['5789359']);
  });

  it('has a monotone calibration: a higher raw score never gets a lower confidence', () => {
    expect(json.calibration).toBeDefined();
    for (const t of Object.values(json.calibration!)) {
      for (let i = 1; i < t.y.length; i++) { expect(t.x[i]!).toBeGreaterThan(t.x[i - 1]!); expect(t.y[i]!).toBeGreaterThanOrEqual(t.y[i - 1]!); }
    }
    let last = -1;
    for (let raw = 0; raw <= 1.0001; raw += 0.01) {
      const c = calibrate(json.calibration, 'References.BolNumber', raw);
      expect(c).toBeGreaterThanOrEqual(last);
      last = c;
    }
  });
});

describe('calibration', () => {
  it('fits shares right that never fall as the score rises, pooling blocks that would', () => {
    const points = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8].map((raw, i) => ({ raw, right: [false, true, false, false, true, true, true, true][i]! }));
    const t = fitIsotonic(points);
    for (let i = 1; i < t.y.length; i++) expect(t.y[i]!).toBeGreaterThanOrEqual(t.y[i - 1]!);
    expect(calibrate({ '*': t }, 'any', 0.05)).toBe(t.y[0]);
    expect(calibrate({ '*': t }, 'any', 0.8)).toBe(t.y[t.y.length - 1]);
  });

  it('gives 0.9 or more to the top scores when all of them together are right 99.5 % of the time, and only then', () => {
    // The top two thirds are wrong once in 700: no block between two errors shows 99.5 % at its lower bound on its own,
    // but all of them together do; the bottom third is right half the time.
    const points = Array.from({ length: 3000 }, (_, i) => ({ raw: i / 3000, right: i >= 1000 ? i % 700 !== 0 : i % 2 === 0 }));
    const t = fitIsotonic(points);
    const trusted = points.filter((p) => calibrate({ '*': t }, 'any', p.raw) >= 0.9);
    expect(trusted.length).toBeGreaterThan(1000);
    expect(trusted.filter((p) => p.right).length / trusted.length).toBeGreaterThanOrEqual(0.995);
    const mixed = points.map((p, i) => ({ ...p, right: i % 50 !== 0 }));
    expect(mixed.filter((p) => calibrate({ '*': fitIsotonic(mixed) }, 'any', p.raw) >= 0.9)).toEqual([]);
  });

  it('gives 0.9 or more only to blocks right at least 99.5 % of the time, even at their lower bound', () => {
    expect(confidenceOf(1000, 1000)).toBeGreaterThanOrEqual(0.9);
    expect(confidenceOf(990, 1000)).toBeLessThan(0.9);
    // A small block of values all right has not shown 99.5 %.
    expect(confidenceOf(30, 30)).toBeLessThan(0.9);
  });
});

describe('decoding', () => {
  const w = (text: string, x0: number, y0: number): Word => ({ text, confidence: 0.9, bbox: [x0, y0, x0 + 10 * text.length, y0 + 20], page: 0, line: '1' });
  // One line of words, a word space apart.
  const run = (t: string): Word[] => t.split(' ').map((x, i) => w(x, 100 + 90 * i, 100));

  it('reads a street the tagger marked as the rules read one: a compass S read as 5 after the house number is the S', () => {
    const street = [w('391', 100, 100), w('5', 140, 100), w('GARFIELD', 160, 100), w('PL', 250, 100)];
    expect(readWordsValue('Shipper.Address', street, 'MDY')).toMatchObject({ value: '391 S GARFIELD PL', repaired: true });
    // A numbered street ("5TH") keeps its number.
    expect(readWordsValue('Shipper.Address', [w('391', 100, 100), w('5TH', 140, 100), w('AVE', 180, 100)], 'MDY')?.value).toBe('391 5TH AVE');
  });

  it('reads a place across the ruling it was printed over', () => {
    expect(readWordsValue('Consignee.City', run('LE | HAVRE'), 'DMY')?.value).toBe('LE HAVRE');
    // Nor is a mark at its end the place's ("CHIHUAHUA =", a ruling's end read as a sign).
    expect(readWordsValue('Consignee.City', run('CHIHUAHUA ='), 'DMY')?.value).toBe('CHIHUAHUA');
  });

  it('reads one stretch of ink once where two readings of it overlap, and a place without the postal code glued to it', () => {
    const at = (text: string, x0: number, x1: number): Word => ({ text, confidence: 0.9, bbox: [x0, 100, x1, 120], page: 0, line: '1' });
    // A weak line's reading laid over the page pass's: the longer of two that hold one another, or both joined.
    expect(readWordsValue('Consignee.Name', [at('BRIGHTON', 100, 180), at('C', 190, 200), at('CERAMICS', 190, 270), at('CO', 280, 300)], 'MDY')?.value).toBe('BRIGHTON CERAMICS CO');
    expect(readWordsValue('Consignee.Name', [at('WHITEWATE', 100, 250), at('ATER', 212, 265), at('MILLS', 280, 330), at('CO', 340, 360)], 'MDY')?.value).toBe('WHITEWATER MILLS CO');
    const twice = [at('SUMMIT', 100, 160), at('CERAMICS', 170, 250), at('CORP', 260, 300), at('CORP', 280, 300)];
    const read = readWordsValue('Consignee.Name', twice, 'MDY');
    expect(read?.value).toBe('SUMMIT CERAMICS CORP');
    // The value stands on every reading it was made of.
    expect(read?.from).toHaveLength(4);
    // Words side by side, or overlapping with nothing in common, are two words.
    expect(readWordsValue('Consignee.Name', [at('ACME', 100, 150), at('ACE', 140, 180), at('CO', 190, 210)], 'MDY')?.value).toBe('ACME ACE CO');
    expect(readWordsValue('Shipper.City', [at('76000QUERETARO', 100, 250)], 'MDY')?.value).toBe('QUERETARO');
    expect(readWordsValue('Shipper.City', [at('50000-TOLUCA', 100, 250)], 'MDY')?.value).toBe('TOLUCA');
    expect(readWordsValue('Shipper.City', [at('LE0N', 100, 150)], 'MDY')?.value).toBe('LEON');
    expect(readWordsValue('Consignee.City', [at('©', 100, 110), at('MANCHESTER', 120, 250)], 'MDY')?.value).toBe('MANCHESTER');
    // A comma between two words read as one parts them: the place after a street's comma is not the street's.
    const street = [at('13804', 100, 160), at('LINDEN', 170, 240), at('WAY,', 250, 290), at('GREENVILLE,SC', 300, 450)];
    const read2 = readWordsValue('Consignee.Address', street, 'MDY');
    expect(read2?.value).toBe('13804 LINDEN WAY');
    expect(read2?.from).toHaveLength(3);
  });

  it('reads one house number: a number before a type-first street is another item\'s; a glued CO is the name\'s ending; an instruction is no name', () => {
    expect(readWordsValue('Shipper.Address', run('9714 CALLE MORELOS 3269'), 'MDY')?.value).toBe('CALLE MORELOS 3269');
    // A number-first street whose name holds a number keeps both.
    expect(readWordsValue('Shipper.Address', run('12345 HIGHWAY 290'), 'MDY')?.value).toBe('12345 HIGHWAY 290');
    expect(readWordsValue('Consignee.Name', run('BLUE RIDGE PAPER MILLSCO'), 'MDY')?.value).toBe('BLUE RIDGE PAPER MILLS CO');
    expect(readWordsValue('Consignee.Name', run('GRUPO MEXICO'), 'MDY')?.value).toBe('GRUPO MEXICO');
    // An instruction to the carrier names no party; a name that begins alike does.
    expect(readWordsValue('Consignee.Name', run('CALL ON ARRIVAL'), 'MDY')).toBeNull();
    expect(readWordsValue('Consignee.Name', run('CALLOWAY FOODS INC'), 'MDY')?.value).toBe('CALLOWAY FOODS INC');
    expect(readWordsValue('Shipper.Address', run('§124 RUE DU PARC'), 'MDY')?.value).toBe('5124 RUE DU PARC');
  });

  it('ends a name at its ending before a word that is a label only where it stands alone', () => {
    expect(readWordsValue('Shipper.Name', run('HERITAGE TEXTILE MILLS CO SUCURSAL'), 'MDY')?.value).toBe('HERITAGE TEXTILE MILLS CO');
    // A number's label after the ending, with the word naming what is numbered, or a number sign, opens the next item.
    expect(readWordsValue('Shipper.Name', run('NORTHGATE FASTENERS COMPANY ACCOUNT NO.'), 'MDY')?.value).toBe('NORTHGATE FASTENERS COMPANY');
    expect(readWordsValue('Shipper.Name', run('RED OAK COATINGS COMPANY SID#/'), 'MDY')?.value).toBe('RED OAK COATINGS COMPANY');
    // Before the ending such a word may be the name's own.
    expect(readWordsValue('Shipper.Name', run('ACME SUCURSAL NORTE SA'), 'MDY')?.value).toBe('ACME SUCURSAL NORTE SA');
  });

  it('ends a street before the label of the postal code printed after it, and a name before the next box\'s label', () => {
    const street = [w('AV.', 100, 100), w('JUAREZ', 140, 100), w('2114,', 220, 100), w('C.P.', 280, 100)];
    expect(readWordsValue('Consignee.Address', street, 'MDY')?.value).toBe('AV. JUAREZ 2114');
    const name = [w('SILVERLINE', 100, 100), w('SUPPLY', 200, 100), w('VENDOR', 280, 100), w('ID', 350, 100)];
    expect(readWordsValue('Shipper.Name', name, 'MDY')?.value).toBe('SILVERLINE SUPPLY');
    // A one-word label may be the name's own last word: it counts only with its colon.
    expect(readWordsValue('Shipper.Name', [w('ARCTIC', 100, 100), w('SEAL', 180, 100)], 'MDY')?.value).toBe('ARCTIC SEAL');
    // A bilingual label pair joined by a dash is the value's label; a name made with a label word is not.
    expect(readWordsValue('Shipper.Name', [w('Nom-Company', 100, 100), w('HANSEATIC', 250, 100), w('AG', 380, 100)], 'MDY')?.value).toBe('HANSEATIC AG');
    expect(readWordsValue('Shipper.Name', [w('NAME-BRAND', 100, 100), w('FOODS', 250, 100)], 'MDY')?.value).toBe('NAME-BRAND FOODS');
    // After the name's ending, a label needs no colon and a lone letter is a speck.
    expect(readWordsValue('Shipper.Name', run('ASHFORD BEARINGS CO LOCATION'), 'MDY')?.value).toBe('ASHFORD BEARINGS CO');
    expect(readWordsValue('Shipper.Name', run('KESTREL FOUNDRY COMPANY o'), 'MDY')?.value).toBe('KESTREL FOUNDRY COMPANY');
    expect(readWordsValue('Shipper.Name', run('ACME LOCATION'), 'MDY')?.value).toBe('ACME LOCATION');
  });

  it('reads a street with one house number: a number alone run on before it is no part of it', () => {
    expect(readWordsValue('Shipper.Address', run('8708 19823 WILLOW WAY'), 'MDY')?.value).toBe('19823 WILLOW WAY');
    expect(readWordsValue('Shipper.Address', run('3811641, CALLE ALLENDE 3773'), 'MDY')?.value).toBe('CALLE ALLENDE 3773');
    // One number, or a number that is part of the street's name, stays.
    expect(readWordsValue('Shipper.Address', run('4500 ROUTE 9'), 'MDY')?.value).toBe('4500 ROUTE 9');
    expect(readWordsValue('Shipper.Address', run('CARRETERA FEDERAL 57 KM 2993'), 'MDY')?.value).toBe('CARRETERA FEDERAL 57 KM 2993');
  });

  it('reads the street of an address in running text without the name\'s end before it or the place after it', () => {
    expect(readWordsValue('Shipper.Address', run('RIDGE SUPPLY ULC, 4955 AIRPORT AVE,'), 'MDY')?.value).toBe('4955 AIRPORT AVE');
    expect(readWordsValue('Shipper.Address', run('100 KING ST W, TORONTO, ON M5X 1A9'), 'MDY')?.value).toBe('100 KING ST W');
    expect(readWordsValue('Shipper.Address', run('220 TRAFFORD PARK ROAD, MANCHESTER M1 2WD'), 'MDY')?.value).toBe('220 TRAFFORD PARK ROAD');
    // A unit after a comma is the street's own.
    expect(readWordsValue('Shipper.Address', run('9412 N JACKSON RD, BLDG 5'), 'MDY')?.value).toBe('9412 N JACKSON RD, BLDG 5');
    // A street led by its unit ends where a place and a two-part postal code begin, with its country after them.
    expect(readWordsValue('Consignee.Address', run('UNIT 36 DOCK ROAD, FELIXSTOWE IP11 3SY, UNITED'), 'MDY')?.value).toBe('UNIT 36 DOCK ROAD');
  });

  it('reads a city marked in part as the whole known place, and never takes another field\'s word', () => {
    const line = [w('KANSAS', 100, 100), w('CITY,', 180, 100), w('MO', 240, 100)];
    const side = lineNeighbours(line);
    expect(withPlaceName([line[1]!], side, () => true, line).map((x) => x.text)).toEqual(['KANSAS', 'CITY,']);
    expect(withPlaceName([line[1]!], side, (x) => x !== line[0], line)).toEqual([line[1]]);
    const san = [w('SAN', 100, 100), w('NICOLAS', 150, 100), w('DE', 240, 100), w('LOS', 270, 100), w('GARZA,', 310, 100), w('NL', 390, 100)];
    expect(withPlaceName(san.slice(0, 2), lineNeighbours(san), () => true, san).map((x) => x.text).join(' ')).toBe('SAN NICOLAS DE LOS GARZA,');
    // A word the model gives a field that cannot read it (GARZA as a country) is free for the place; one that field
    // reads is not.
    const garza = san[4]!;
    const ctx = (unreadAs: (x: Word) => boolean) => ({ side: lineNeighbours(san), words: san, free: (x: Word) => x !== garza, unreadAs });
    expect(completeRuns('Shipper.City', [san.slice(0, 4)], ctx((x) => x === garza))[0]!.map((x) => x.text).join(' ')).toBe('SAN NICOLAS DE LOS GARZA,');
    expect(completeRuns('Shipper.City', [san.slice(0, 4)], ctx(() => false))[0]!.map((x) => x.text).join(' ')).toBe('SAN NICOLAS DE LOS');
    // A place wrapped from the line above, after the street's comma: its first word is the place's.
    const wrapped = [w('JACKSON', 100, 100), w('CT,', 180, 100), w('CEDAR', 220, 100), w('RAPIDS,', 100, 125), w('IA', 180, 125)];
    const street = new Set(wrapped.slice(0, 3));
    expect(withPlaceName([wrapped[3]!], lineNeighbours(wrapped), (x) => !street.has(x), wrapped).map((x) => x.text).join(' ')).toBe('CEDAR RAPIDS,');
    // Inside the place's name, a word the model reads as another field's ("DE" as Delaware) is the place's.
    expect(withPlaceName(san.slice(0, 2), lineNeighbours(san), (x) => x !== san[2], san).map((x) => x.text).join(' ')).toBe('SAN NICOLAS DE LOS GARZA,');
    // A long name's last word marked alone takes the words before it, back across the line it wrapped from.
    const long = [w('582,', 100, 100), w('SAN', 150, 100), w('NICOLAS', 100, 125), w('DE', 190, 125), w('LOS', 220, 125), w('GARZA,', 260, 125), w('NL', 340, 125)];
    expect(withPlaceName([long[5]!], lineNeighbours(long), () => true, long).map((x) => x.text).join(' ')).toBe('SAN NICOLAS DE LOS GARZA,');
  });

  it('reads a two-part postal code whole when the tagger marked one part, unless the other is another field\'s', () => {
    const line = [w('K1P', 100, 100), w('9A4', 140, 100), w('ONTARIO', 300, 100)];
    const side = lineNeighbours(line);
    expect(withOtherPart([line[0]!], side, () => true).map((x) => x.text)).toEqual(['K1P', '9A4']);
    expect(withOtherPart([line[1]!], side, () => true).map((x) => x.text)).toEqual(['K1P', '9A4']);
    expect(withOtherPart([line[0]!], side, (x) => x !== line[1])).toEqual([line[0]]);
    // Wrapped across a line's end in running text.
    const text = [w('BC', 100, 100), w('V6B', 140, 100), w('6J4', 100, 125)];
    expect(withOtherPart([text[2]!], lineNeighbours(text), () => true, text).map((x) => x.text)).toEqual(['V6B', '6J4']);
    // A US ZIP beside a word is one part of nothing.
    const us = [w('97288', 100, 100), w('MERIDA', 160, 100)];
    expect(withOtherPart([us[0]!], lineNeighbours(us), () => true)).toEqual([us[0]]);
  });

  it('completes a street with the number a unit word or the street names, wrapped or not, and only then', () => {
    // The unit's number wrapped to the next line, under the run's start: taken whatever the model guessed it to be.
    const unit = [w('LABEL', 100, 100), w('14761', 300, 100), w('MADISON', 360, 100), w('LN', 450, 100), w('BLDG', 480, 100), w('35,', 300, 125), w('RENO,', 340, 125)];
    const side = lineNeighbours(unit);
    expect(withStreetNumber(unit.slice(1, 5), side, () => false, unit).map((x) => x.text)).toEqual(['14761', 'MADISON', 'LN', 'BLDG', '35,']);
    // Of the margins a wrapped line may start at, the nearest is the cell's: not the line under a label further left.
    const cells = [w('ADDR', 100, 100), w('11073', 200, 100), w('HICKORY', 260, 100), w('HWY', 350, 100), w('ADDRESS', 700, 100), w('24298', 850, 100),
      w('CENTRAL', 910, 100), w('RD', 1000, 100), w('DOCK', 1030, 100), w('CITY', 100, 125), w('31', 700, 125)];
    expect(withStreetNumber(cells.slice(5, 9), lineNeighbours(cells), () => true, cells).map((x) => x.text).join(' ')).toBe('24298 CENTRAL RD DOCK 31');
    // A street with no number takes the one printed after it where its type leads, before it otherwise; never another
    // field's word.
    const after = [w('AV.', 100, 100), w('PAULISTA', 140, 100), w('2381', 240, 100)];
    expect(withStreetNumber(after.slice(0, 2), lineNeighbours(after), () => true, after).map((x) => x.text)).toEqual(['AV.', 'PAULISTA', '2381']);
    expect(withStreetNumber(after.slice(0, 2), lineNeighbours(after), (x) => x !== after[2], after)).toEqual(after.slice(0, 2));
    const before = [w('20639', 100, 100), w('W', 160, 100), w('INDUSTRIAL', 180, 100), w('LN', 290, 100)];
    expect(withStreetNumber(before.slice(1), lineNeighbours(before), () => true, before).map((x) => x.text)).toEqual(['20639', 'W', 'INDUSTRIAL', 'LN']);
    // A unit's word printed right before a street led by a short number, its only one, is the street's first word
    // (British addresses); a house number of its own, or a unit word a column away, keeps it out.
    const unitLed = [w('UNIT', 100, 100), w('13', 150, 100), w('DOCK', 180, 100), w('ROAD', 230, 100)];
    expect(withStreetNumber(unitLed.slice(1), lineNeighbours(unitLed), () => true, unitLed).map((x) => x.text).join(' ')).toBe('UNIT 13 DOCK ROAD');
    const numbered = [w('UNIT', 100, 100), w('13', 150, 100), w('4501', 180, 100), w('DOCK', 230, 100), w('ROAD', 280, 100)];
    expect(withStreetNumber(numbered.slice(1), lineNeighbours(numbered), () => true, numbered)).toEqual(numbered.slice(1));
    const apart = [w('UNIT', 100, 100), w('13', 300, 100), w('DOCK', 330, 100), w('ROAD', 380, 100)];
    expect(withStreetNumber(apart.slice(1), lineNeighbours(apart), () => true, apart)).toEqual(apart.slice(1));
    // A numbered street is whole: nothing more is taken.
    const whole = [w('820', 100, 100), w('DIXIE', 140, 100), w('RD', 210, 100), w('4', 240, 100)];
    expect(withStreetNumber(whole.slice(0, 3), lineNeighbours(whole), () => true, whole)).toEqual(whole.slice(0, 3));
  });

  it('ends a street where its postal code begins, and joins a code read apart at its letters', () => {
    expect(readWordsValue('Shipper.Address', run('AV JUAREZ 2114 C.P. 27000'), 'MDY')?.value).toBe('AV JUAREZ 2114');
    expect(readWordsValue('Consignee.Address', run('AV PAULISTA 107 04547-130 SAO PAULO'), 'MDY')?.value).toBe('AV PAULISTA 107');
    expect(readWordsValue('References.BolNumber', run('SH 7107516'), 'MDY')?.value).toBe('SH7107516');
    // A word that says "number" is the label's, not the code's.
    expect(readWordsValue('References.BolNumber', run('NO 7107516'), 'MDY')?.value).toBe('7107516');
    // Letters read over the code's start are a mark laid on it, and lower-case letters are writing, not a code's.
    expect(readWordsValue('References.OrderNumber', [w('AE', 128, 104), w('SO387269', 130, 100)], 'MDY')?.value).toBe('SO387269');
    expect(readWordsValue('References.OrderNumber', run('ae SO387269'), 'MDY')?.value).toBe('SO387269');
  });

  it('reads a value from its own words only: the postal code after a place, the mark after a street, pieces of one code', () => {
    const city = readWordsValue('Consignee.City', run('NINGBO 315000'), 'MDY');
    expect(city?.value).toBe('NINGBO');
    // The code is left for the postal code's field to take.
    expect(city?.from?.map((x) => x.text)).toEqual(['NINGBO']);
    expect(readWordsValue('Shipper.Address', run('AV. REVOLUCION 946, C.P.'), 'MDY')?.from?.map((x) => x.text)).toEqual(['AV.', 'REVOLUCION', '946,']);
    // A name ends at its legal form, and the street run on after it stays the street's.
    expect(readWordsValue('Shipper.Name', run('ACEROS DEL NORTE SA DE CV, CARRETERA FEDERAL 57'), 'MDY')?.from?.map((x) => x.text).join(' ')).toBe('ACEROS DEL NORTE SA DE CV,');
    // Pieces set closer than a word space are one code; a word space apart, the first is read.
    const spread = [w('THW454', 100, 100), w('5', 162, 100), w('17', 174, 100)];
    expect(readWordsValue('References.BolNumber', spread, 'MDY')?.value).toBe('THW454517');
    expect(readWordsValue('References.BolNumber', run('THW454 5 17'), 'MDY')?.value).not.toBe('THW454517');
  });

  it('ends a name with the legal form printed right after it, and takes nothing else', () => {
    const line = [w('ACEROS', 100, 100), w('QUERETANA', 180, 100), w('SA', 280, 100), w('DE', 310, 100), w('CV,', 340, 100), w('RFC', 400, 100)];
    const side = lineNeighbours(line);
    expect(withLegalForm(line.slice(0, 4), side, () => true).map((x) => x.text)).toEqual(['ACEROS', 'QUERETANA', 'SA', 'DE', 'CV,']);
    expect(withLegalForm(line.slice(0, 4), side, (x) => x !== line[4])).toEqual(line.slice(0, 4));
    const other = [w('GOLDEN', 100, 100), w('VALLEY', 180, 100), w('SHIPPER', 260, 100)];
    expect(withLegalForm(other.slice(0, 2), lineNeighbours(other), () => true)).toEqual(other.slice(0, 2));
    // Wrapped onto the next line back under its label; but a whole other company there is not the name's end.
    const wrapped = [w('NAME', 100, 100), w('SILVERLINE', 300, 100), w('FOUNDRY', 420, 100), w('LLC', 100, 125)];
    expect(withLegalForm(wrapped.slice(1, 3), lineNeighbours(wrapped), () => true, wrapped).map((x) => x.text)).toEqual(['SILVERLINE', 'FOUNDRY', 'LLC']);
    const two = [w('HIGH', 100, 100), w('DESERT', 160, 100), w('HAULING', 240, 100), w('BRIGHTON', 100, 125), w('SUPPLY', 200, 125), w('LTD', 280, 125)];
    expect(withLegalForm(two.slice(0, 3), lineNeighbours(two), () => true, two)).toEqual(two.slice(0, 3));
    // Nor is a line under another column's cell, past a gap as wide as a column's space.
    const columns = [w('NAME:', 100, 100), w('CORNERSTONE', 160, 100), w('TRILLIUM', 1500, 100), w('BEARINGS', 1600, 100), w('LTD', 100, 125)];
    expect(withLegalForm(columns.slice(2, 4), lineNeighbours(columns), () => true, columns)).toEqual(columns.slice(2, 4));
    // A legal form alone names no company.
    expect(readWordsValue('Shipper.Name', [w('LLC', 100, 100)], 'MDY')).toBeNull();
  });

  it('reads no name from the form\'s label words alone', () => {
    expect(readWordsValue('Shipper.Name', run('& ADDRESS'), 'MDY')).toBeNull();
    expect(readWordsValue('Consignee.Name', run('NAME'), 'MDY')).toBeNull();
    expect(readWordsValue('Shipper.Name', run('6 Bill Freight Charges To / Frais facturés à'), 'MDY')).toBeNull();
    expect(readWordsValue('Shipper.Name', run('CARRIER SUPPLY CO'), 'MDY')?.value).toBe('CARRIER SUPPLY CO');
  });

  it('reads a city as the known place its run ends with, not the misread label before it; a place abroad stays whole', () => {
    expect(readWordsValue('Consignee.City', run('PEAT MIAMI'), 'MDY')?.value).toBe('MIAMI');
    expect(readWordsValue('Consignee.City', run('POBLACION QUEBEC'), 'MDY')?.value).toBe('QUEBEC');
    expect(readWordsValue('Shipper.City', run('LE HAVRE'), 'MDY')?.value).toBe('LE HAVRE');
    expect(readWordsValue('Shipper.City', run('NEW HAMBURG'), 'MDY')?.value).toBe('NEW HAMBURG');
    expect(readWordsValue('Shipper.City', run('CIUDAD JUAREZ'), 'MDY')?.value).toBe('CIUDAD JUAREZ');
  });

  it('reads a city without the postal code glued to it in any case, nor the region code after it', () => {
    expect(readWordsValue('Consignee.City', run('37290Leon GTO'), 'MDY')?.value).toBe('LEON');
    expect(readWordsValue('Consignee.City', run('KNOXVILLE.TN'), 'MDY')?.value).toBe('KNOXVILLE');
    expect(readWordsValue('Consignee.City', run('SAN JUAN DEL RIO QRO'), 'MDY')?.value).toBe('SAN JUAN DEL RIO');
    // A place whose own name ends in a code's letters stays whole; a dot inside a name is not a region's.
    expect(readWordsValue('Consignee.City', run('KANSAS CITY'), 'MDY')?.value).toBe('KANSAS CITY');
    expect(readWordsValue('Consignee.City', run('ST.LOUIS'), 'MDY')?.value).toBe('ST.LOUIS');
  });

  it('reads no street from one word of letters that is no street word, and a ZIP after the comma with its state', () => {
    expect(readWordsValue('Consignee.Address', run('San'), 'MDY')).toBeNull();
    expect(readWordsValue('Consignee.Address', run('BROADWAY'), 'MDY')).toBeNull();
    expect(readWordsValue('Consignee.Address', run('Blvd. Aeropuerto 582,'), 'MDY')?.value).toBe('BLVD. AEROPUERTO 582');
    expect(readWordsValue('Shipper.Zip', run('CHICA60,IL60607'), 'MDY')?.value).toBe('60607');
    expect(readWordsValue('Shipper.Zip', run('81, 3198 LK'), 'MDY')?.value).toBe('3198 LK');
    // A place's name glued on after a hyphen is the place's; a code's own hyphen stays.
    expect(readWordsValue('Shipper.Zip', run('78000-SAN'), 'MDY')?.value).toBe('78000');
    expect(readWordsValue('Consignee.Zip', run('04547-130'), 'MDY')?.value).toBe('04547-130');
  });

  it('reads no state from a word inside a place\'s name, only after it', () => {
    const san = run('SAN NICOLAS DE LOS GARZA NL');
    const city = { field: 'Shipper.City', words: san.slice(0, 5) };
    const inside = { field: 'Shipper.State', words: [san[2]!] };
    const after = { field: 'Shipper.State', words: [san[5]!] };
    expect(withoutStatesInPlaces([city, inside, after])).toEqual([city, after]);
    const last = { field: 'Shipper.State', words: [san[4]!] };
    expect(withoutStatesInPlaces([city, last])).toEqual([city, last]);
  });

  it('holds pickup and delivery dates read further apart than a transit takes, unless one is already doubted', () => {
    const dates = (pickup: string, delivery: string, p: number, d: number) => {
      const data = emptyExtractedData();
      data.Dates = { Pickup: pickup, Delivery: delivery };
      data.ConfidenceScores = { 'Dates.Pickup': p, 'Dates.Delivery': d };
      holdFarApartDates(data);
      return [data.ConfidenceScores['Dates.Pickup'], data.ConfidenceScores['Dates.Delivery']];
    };
    expect(dates('2017-01-07', '2019-01-13', 0.94, 0.98)).toEqual([0.85, 0.85]);
    expect(dates('2019-01-13', '2019-01-07', 0.94, 0.98)).toEqual([0.85, 0.85]);
    expect(dates('2019-01-07', '2019-02-20', 0.94, 0.98)).toEqual([0.94, 0.98]);
    expect(dates('2020-09-14', '2026-12-06', 0.97, 0.001)).toEqual([0.97, 0.001]);
  });

  it('holds a North American state read for a party abroad, not one of a North American party', () => {
    const held = (state: string, country: string) => {
      const data = emptyExtractedData();
      data.Shipper = { Name: 'THAMES LIMITED', Address: null, City: 'MANCHESTER', State: state, Zip: null, Country: country };
      data.ConfidenceScores = { 'Shipper.State': 0.95 };
      holdStatesAbroad(data);
      return data.ConfidenceScores['Shipper.State'];
    };
    expect(held('GTO', 'GB')).toBe(0.85);
    expect(held('NL', 'MX')).toBe(0.95);
    expect(held('NL', 'CA')).toBe(0.95);
    expect(held('NH', 'NL')).toBe(0.85);
  });

  it('reads a date the model placed with its slashes read as digits, as a guess', () => {
    const d = readWordsValue('Dates.Pickup', run('1110412025'), 'DMY');
    expect(d).toMatchObject({ value: '2025-04-11', repaired: true, checked: false });
  });

  it('starts a description that begins with a joining word at the noun before it', () => {
    const goods = [w('10', 40, 100), w('PIECES', 100, 100), w('DE', 180, 100), w('QUINCAILLERIE', 220, 100)];
    expect(withDescriptionHead(goods.slice(2), lineNeighbours(goods), () => true).map((x) => x.text).join(' ')).toBe('PIECES DE QUINCAILLERIE');
    // Never a word the model reads as another field's, nor a number.
    expect(withDescriptionHead(goods.slice(2), lineNeighbours(goods), (x) => x !== goods[1])).toEqual(goods.slice(2));
    const counted = [w('12', 100, 100), w('DE', 140, 100), w('ACERO', 180, 100)];
    expect(withDescriptionHead(counted.slice(1), lineNeighbours(counted), () => true)).toEqual(counted.slice(1));
  });

  it('ends a description with its NMFC qualifier printed after it (NOI, KD, KD FLAT), and takes nothing else', () => {
    const noi = [w('VINYL', 100, 100), w('FLOORING,', 170, 100), w('NOI', 280, 100), w('12', 330, 100)];
    expect(withNmfcQualifier(noi.slice(0, 2), lineNeighbours(noi), () => true).map((x) => x.text)).toEqual(['VINYL', 'FLOORING,', 'NOI']);
    // Never a word the model reads as another field's.
    expect(withNmfcQualifier(noi.slice(0, 2), lineNeighbours(noi), (x) => x !== noi[2])).toEqual(noi.slice(0, 2));
    // Its I read as a stroke of like shape.
    const misread = [w('STEEL', 100, 100), w('FASTENERS,', 160, 100), w('NO!', 280, 100)];
    expect(withNmfcQualifier(misread.slice(0, 2), lineNeighbours(misread), () => true)).toEqual(misread);
    const flat = [w('CORRUGATED', 100, 100), w('BOXES,', 210, 100), w('KD', 280, 100), w('FLAT', 310, 100)];
    expect(withNmfcQualifier(flat.slice(0, 2), lineNeighbours(flat), () => true).map((x) => x.text).join(' ')).toBe('CORRUGATED BOXES, KD FLAT');
    // Any other word after the goods is not theirs.
    const other = [w('STEEL', 100, 100), w('FASTENERS', 160, 100), w('SKIDS', 260, 100)];
    expect(withNmfcQualifier(other.slice(0, 2), lineNeighbours(other), () => true)).toEqual(other.slice(0, 2));
  });

  it('takes a reference number\'s kind prefix joined to it by a hyphen, and leaves a prefix standing apart as its label', () => {
    const glued = [w('PO-', 100, 100), w('550305', 150, 100)];
    expect(withKindPrefix(glued.slice(1), lineNeighbours(glued), () => true).map((x) => x.text)).toEqual(['PO-', '550305']);
    const spaced = [w('PO', 100, 100), w('-', 140, 100), w('050923', 160, 100)];
    const taken = withKindPrefix(spaced.slice(2), lineNeighbours(spaced), () => true);
    expect(taken.map((x) => x.text)).toEqual(['PO', '-', '050923']);
    expect(readWordsValue('References.PoNumber', taken, 'MDY')?.value).toBe('PO-050923');
    const label = [w('PO', 100, 100), w('050923', 160, 100)];
    expect(withKindPrefix(label.slice(1), lineNeighbours(label), () => true)).toEqual(label.slice(1));
    // Never a word the model reads as another field's.
    expect(withKindPrefix(glued.slice(1), lineNeighbours(glued), (x) => x !== glued[0])).toEqual(glued.slice(1));
  });

  it('takes the suffix of a code broken at its hyphen at a line\'s end, and only digits', () => {
    const broken = [w('608953-', 100, 100), w('41', 100, 125), w('PERSONNE', 160, 125)];
    const taken = withHyphenTail([broken[0]!], lineNeighbours(broken), () => true, broken);
    expect(readWordsValue('References.BolNumber', taken, 'MDY')?.value).toBe('608953-41');
    const words = [w('608953-', 100, 100), w('PERSONNE', 100, 125)];
    expect(withHyphenTail([words[0]!], lineNeighbours(words), () => true, words)).toEqual([words[0]]);
    expect(withHyphenTail([broken[0]!], lineNeighbours(broken), (x) => x !== broken[1], broken)).toEqual([broken[0]]);
  });

  it('takes a code\'s first letters read apart from it, and never a word that says "number" or a label', () => {
    const spread = [w('S', 100, 100), w('O511207', 130, 100)];
    const taken = withCodeLetters(spread.slice(1), lineNeighbours(spread), () => true);
    expect(readWordsValue('References.OrderNumber', taken, 'MDY')?.value).toBe('SO511207');
    const no = [w('NO', 100, 100), w('D570785', 140, 100)];
    expect(withCodeLetters(no.slice(1), lineNeighbours(no), () => true)).toEqual(no.slice(1));
    // Three letters apart are a label's abbreviation (S/O read as SIO), and a code of digits has no letters to continue.
    const label = [w('SIO', 100, 100), w('SO605916', 140, 100)];
    expect(withCodeLetters(label.slice(1), lineNeighbours(label), () => true)).toEqual(label.slice(1));
    // Letters after a joining word end a label ("N° DE LV").
    const lv = [w('Ne', 40, 100), w('dE', 70, 100), w('LV', 100, 100), w('B36506086', 130, 100)];
    expect(withCodeLetters(lv.slice(3), lineNeighbours(lv), () => true)).toEqual(lv.slice(3));
    const digits = [w('SG', 100, 100), w('570785', 130, 100)];
    expect(withCodeLetters(digits.slice(1), lineNeighbours(digits), () => true)).toEqual(digits.slice(1));
    expect(withCodeLetters(spread.slice(1), lineNeighbours(spread), (x) => x !== spread[0])).toEqual(spread.slice(1));
    // Letters read over the code's start, or a column away, are a mark or another box's word, not its first letters.
    const over = [w('AE', 128, 104), w('SO387269', 130, 100)];
    expect(withCodeLetters(over.slice(1), lineNeighbours(over), () => true)).toEqual(over.slice(1));
    const far = [w('SG', 100, 100), w('D570785', 200, 100)];
    expect(withCodeLetters(far.slice(1), lineNeighbours(far), () => true)).toEqual(far.slice(1));
  });

  it('takes the line above a name read as nothing but a company\'s ending, starting at its margin', () => {
    const page = [w('SUMMIT', 100, 100), w('RIDGE', 170, 100), w('CABLE', 230, 100), w('HOLDINGS', 100, 125), w('INC', 190, 125)];
    const side = lineNeighbours(page);
    expect(withNameHead(page.slice(3), side, () => true, page).map((x) => x.text).join(' ')).toBe('SUMMIT RIDGE CABLE HOLDINGS INC');
    // A name with words of its own keeps to them; a line starting elsewhere, or holding a number, is not its head.
    const own = [w('SUMMIT', 100, 100), w('ACME', 100, 125), w('INC', 150, 125)];
    expect(withNameHead(own.slice(1), lineNeighbours(own), () => true, own)).toEqual(own.slice(1));
    const aside = [w('SUMMIT', 400, 100), w('HOLDINGS', 100, 125), w('INC', 190, 125)];
    expect(withNameHead(aside.slice(1), lineNeighbours(aside), () => true, aside)).toEqual(aside.slice(1));
    const street = [w('1200', 100, 100), w('HOLDINGS', 100, 125), w('INC', 190, 125)];
    expect(withNameHead(street.slice(1), lineNeighbours(street), () => true, street)).toEqual(street.slice(1));
  });

  it('takes a name on past an ampersand to its legal form', () => {
    const line = [w('GOLDEN', 100, 100), w('WIRE', 170, 100), w('&', 220, 100), w('CABLE', 240, 100), w('CORP', 300, 100), w('DOCK', 350, 100)];
    expect(withLegalForm(line.slice(0, 2), lineNeighbours(line), () => true).map((x) => x.text).join(' ')).toBe('GOLDEN WIRE & CABLE CORP');
    const other = [w('GOLDEN', 100, 100), w('WIRE', 170, 100), w('ACME', 220, 100), w('CORP', 270, 100)];
    expect(withLegalForm(other.slice(0, 2), lineNeighbours(other), () => true)).toEqual(other.slice(0, 2));
  });

  it('ends a street with its type and its name, on its line or the next', () => {
    const free = (): boolean => true;
    // The type wrapped under the label's margin.
    const wrapped = [w('Addr', 20, 100), w('6746', 100, 100), w('INDUSTRIAL', 150, 100), w('RD', 20, 125)];
    expect(withStreetEnd(wrapped.slice(1, 3), lineNeighbours(wrapped), free, free, wrapped).map((x) => x.text).join(' ')).toBe('6746 INDUSTRIAL RD');
    // Only a free type: the model's reading of another field's word stands.
    expect(withStreetEnd(wrapped.slice(1, 3), lineNeighbours(wrapped), (x) => x !== wrapped[3], free, wrapped)).toEqual(wrapped.slice(1, 3));
    // A number and its type alone, or a name ending on a joining word, go on to the comma.
    const french = [w('27', 100, 100), w('AVENUE', 130, 100), w('JEAN', 200, 100), w('JAURES,', 250, 100), w('LYON', 330, 100)];
    expect(withStreetEnd(french.slice(0, 2), lineNeighbours(french), () => false, free, french).map((x) => x.text).join(' ')).toBe('27 AVENUE JEAN JAURES,');
    const du = [w('8475', 100, 100), w('RUE', 150, 100), w('DU', 190, 100), w('PARC,', 100, 125), w('MONTREAL', 160, 125)];
    expect(withStreetEnd(du.slice(0, 3), lineNeighbours(du), free, free, du).map((x) => x.text).join(' ')).toBe('8475 RUE DU PARC,');
    // A named street ends where it is read; a number after it is no part of its name.
    const named = [w('134', 100, 100), w('GARFIELD', 140, 100), w('WAY', 230, 100), w('DR', 270, 100)];
    expect(withStreetEnd(named.slice(0, 3), lineNeighbours(named), free, free, named)).toEqual(named.slice(0, 3));
    const coded = [w('27', 100, 100), w('AVENUE', 130, 100), w('69003', 200, 100)];
    expect(withStreetEnd(coded.slice(0, 2), lineNeighbours(coded), free, free, coded)).toEqual(coded.slice(0, 2));
  });

  it('ends a name at its ending where a word saying "number" opens the next item', () => {
    expect(readWordsValue('Consignee.Name', run('SUMMIT RIDGE GLASSWORKS COMPANY NO. DE'), 'MDY')?.value).toBe('SUMMIT RIDGE GLASSWORKS COMPANY');
    expect(readWordsValue('Consignee.Name', run('ACME NO NAME INC'), 'MDY')?.value).toBe('ACME NO NAME INC');
  });

  it('takes the words printed inside a run, and a word broken by a hyphen at a line\'s end whole', () => {
    // "CALLE MORELOS" / "304,": the unmarked street name between the type and the wrapped number.
    const page = [w('CV,', 100, 100), w('CALLE', 140, 100), w('MORELOS', 200, 100), w('304,', 100, 125), w('C.P.', 150, 125)];
    const side = lineNeighbours(page);
    expect(withInnerWords([page[1]!, page[3]!], side, () => true).map((x) => x.text)).toEqual(['CALLE', 'MORELOS', '304,']);
    expect(withInnerWords([page[1]!, page[3]!], side, (x) => x !== page[2])).toEqual([page[1], page[3]]);
    const mid = [w('6506', 100, 100), w('S', 150, 100), w('CANAL', 170, 100), w('PKWY', 230, 100)];
    expect(withInnerWords([mid[0]!, mid[2]!, mid[3]!], lineNeighbours(mid), () => true)).toEqual(mid);
    // "COTE-DE-" / "LIESSE,": one word in two pieces, read whole.
    const broken = [w('INC,', 100, 100), w('COTE-DE-', 150, 100), w('LIESSE,', 100, 125), w('QUEBEC,', 180, 125)];
    expect(brokenWords(broken, lineNeighbours(broken))).toEqual([[broken[1], broken[2]]]);
    expect(readWordsValue('Shipper.Address', [w('2004', 100, 100), w('CHEMIN', 150, 100), w('COTE-DE-', 220, 100), w('LIESSE', 100, 125)], 'MDY')?.value)
      .toBe('2004 CHEMIN COTE-DE-LIESSE');
    // A hyphen inside a line joins nothing.
    const level = [w('AB-', 100, 100), w('CD', 150, 100)];
    expect(brokenWords(level, lineNeighbours(level))).toEqual([]);
  });

  it('parts a two-part postal code from the street run on into its first part, and reads no article alone as a region', () => {
    const line = [w('EEMHAVENWEG', 100, 100), w('44,', 260, 100), w('3011', 310, 100), w('AA', 370, 100), w('ROTTERDAM,', 410, 100)];
    const side = lineNeighbours(line);
    expect(beforePostalCode(line.slice(0, 3), side).map((x) => x.text)).toEqual(['EEMHAVENWEG', '44,']);
    // The code's other part joins it though the model gave that part to the street.
    expect(withOtherPart([line[3]!], side, (x) => x !== line[2]).map((x) => x.text)).toEqual(['3011', 'AA']);
    // A street whose last word makes no code with the word after it keeps it.
    const us = [w('100', 100, 100), w('MAIN', 150, 100), w('ST', 210, 100), w('DALLAS,', 250, 100)];
    expect(beforePostalCode(us.slice(0, 3), lineNeighbours(us))).toEqual(us.slice(0, 3));
    expect(readWordsValue('Shipper.Zip', run('81, 3198 LK'), 'MDY')?.value).toBe('3198 LK');
    // A place's name glued on after a hyphen is the place's; a code's own hyphen stays.
    expect(readWordsValue('Shipper.Zip', run('78000-SAN'), 'MDY')?.value).toBe('78000');
    expect(readWordsValue('Consignee.Zip', run('04547-130'), 'MDY')?.value).toBe('04547-130');
    expect(readWordsValue('Consignee.State', run('THE'), 'MDY')).toBeNull();
    expect(readWordsValue('Consignee.State', run('BAVARIA'), 'MDY')?.value).toBe('BAVARIA');
  });

  it('reads a single letter glued to a count\'s digits as the digit it looks like, and a glued unit as a unit', () => {
    expect(readWordsValue('ShipmentDetails.Pieces', run('4s'), 'MDY')).toMatchObject({ value: 45, repaired: true });
    expect(readWordsValue('ShipmentDetails.Pieces', run('l2'), 'MDY')).toMatchObject({ value: 12, repaired: true });
    expect(readWordsValue('ShipmentDetails.Pieces', run('12PCS'), 'MDY')).toMatchObject({ value: 12, repaired: false });
  });

  it('groups words level on a line and close together into one value, in reading order', () => {
    const groups = groupWords([w('DR', 220, 100), w('3275', 100, 98), w('HARBOR', 150, 100), w('PORTLAND', 100, 160), w('FAR', 900, 100)]);
    expect(groups.map((g) => g.map((x) => x.text).join(' '))).toEqual(['3275 HARBOR DR', 'FAR', 'PORTLAND']);
    // A low-resolution capture's boxes overlap their neighbours: still one run, and still neighbours.
    const overlapping = [w('RHEIN', 100, 100), w('MASCHINENBAU', 160, 100), w('GMBH', 250, 100)];
    expect(groupWords(overlapping).map((g) => g.map((x) => x.text).join(' '))).toEqual(['RHEIN MASCHINENBAU GMBH']);
    expect(lineNeighbours(overlapping).get(overlapping[2]!)![0]).toBe(overlapping[1]);
  });

  it('joins a name or street wrapped onto the next line under its start, and nothing further down or aside', () => {
    const runs = groupWords([w('MANUFACTURAS', 100, 100), w('CUMBRES', 230, 100), w('SA', 310, 100), w('DE', 340, 100), w('CV', 102, 124),
      w('ACME', 100, 220), w('HOLDINGS', 600, 124)]);
    expect(joinWrapped(runs).map((g) => g.map((x) => x.text).join(' '))).toEqual(['MANUFACTURAS CUMBRES SA DE CV', 'HOLDINGS', 'ACME']);
  });

  it('joins a value written after its label and wrapped back to the cell edge only when asked to reach that far left', () => {
    // "Date Shipped 7 de / julio de 2027": the tail starts under the label, 26 text heights left of the run.
    const runs = groupWords([w('7', 620, 100), w('de', 640, 100), w('julio', 100, 124), w('de', 160, 124), w('2027', 190, 124)]);
    expect(joinWrapped(runs).map((g) => g.map((x) => x.text).join(' '))).toEqual(['7 de', 'julio de 2027']);
    expect(joinWrapped(runs, () => 40).map((g) => g.map((x) => x.text).join(' '))).toEqual(['7 de julio de 2027']);
  });

  it('finds the label a value is printed after on its line, however far the label column stands from it', () => {
    // "Raison sociale      NORTHGATE TEXTILE MILLS" / "CORP": labels in a column of their own, the value at a tab stop.
    const raison = w('Raison', 82, 100), sociale = w('sociale', 150, 100), name = w('NORTHGATE', 260, 100), corp = w('CORP', 82, 124);
    const labels = new Set([raison, sociale]);
    expect(labelBefore(name, labels)).toBe(true);
    expect(labelBefore(corp, labels)).toBe(false);
    expect(labelBefore(sociale, new Set([name]))).toBe(false);
    const runs = groupWords([name, w('TEXTILE', 360, 100), w('MILLS', 440, 100), corp]);
    const reach = (run: Word[]): number => (labelBefore(run[0]!, labels) ? 40 : 1.5);
    expect(joinWrapped(runs, reach).map((g) => g.map((x) => x.text).join(' '))).toEqual(['NORTHGATE TEXTILE MILLS CORP']);
  });

  it('widens a value by the words printed right against it that the model gives no other field, never by a label or a far word', () => {
    // "CITY: FORT WAYNE, IN": the model is sure of WAYNE only; FORT, a word space before it, has a small chance of the
    // field and no other, so it belongs to the value; the label before it and a word a column away do not.
    const words = [w('CITY:', 100, 100), w('FORT', 160, 100), w('WAYNE,', 210, 100), w('IN', 280, 100), w('46802', 600, 100)];
    const [label, fort, wayne, state, zip] = words as [Word, Word, Word, Word, Word];
    const p = (city: number, other = 0): Float64Array => Float64Array.from([1 - city - other, city, other]);
    const probs = new Map<Word, Float64Array>([[label, p(0.1)], [fort, p(0.1)], [wayne, p(0.9)], [state, p(0.02, 0.9)], [zip, p(0.2)]]);
    const side = lineNeighbours(words);
    expect(side.get(wayne)).toEqual([fort, state]);
    expect(side.get(zip)).toEqual([null, null]);
    const run = widen([wayne], 1, side, probs, new Set([label]), new Map([[wayne, 0.9]]));
    expect(run.map((x) => x.text)).toEqual(['FORT', 'WAYNE,']);
  });

  it('runs a description on through its comma to the noun before it, which the model gave no field', () => {
    const words = [w('x', 100, 100), w('PAINT,', 130, 100), w('WATER', 210, 100), w('BASED', 290, 100)];
    const [mark, paint, water, based] = words as [Word, Word, Word, Word];
    const p = (goods: number): Float64Array => Float64Array.from([1 - goods, goods]);
    const probs = new Map<Word, Float64Array>([[mark, p(0)], [paint, p(0.01)], [water, p(0.4)], [based, p(0.9)]]);
    const side = lineNeighbours(words);
    const taken = new Map([[water, 0.4], [based, 0.9]]);
    expect(widen([water, based], 1, side, probs, new Set(), taken, true).map((x) => x.text)).toEqual(['PAINT,', 'WATER', 'BASED']);
    // Other fields do not run on through a comma.
    expect(widen([water, based], 1, side, probs, new Set(), taken).map((x) => x.text)).toEqual(['WATER', 'BASED']);
  });

  it('tells where a field it found stands when no parser can read its words, so the value can be read again', () => {
    const page = fixturePage();
    // The pickup date with a digit misread into an impossible day no hand's slip explains: the tagger still finds it,
    // no date parser reads it.
    const date = page.words.find((w) => w.text === '02/07/2022')!;
    date.text = '02/37/2022';
    const rules = extractFields([page]);
    const unread: Record<string, FieldSource> = {};
    const data = chooseFields([page], structuredClone(rules), tagger, 'combined', { confidence: null, unread });
    expect(data.Dates.Pickup ?? null).toBeNull();
    expect(unread['Dates.Pickup']).toEqual({ page: 0, bbox: date.bbox });
    // A field that was read is not among them.
    expect(Object.keys(unread)).not.toContain('References.PoNumber');
  });

  it('without the confidence model, in combined mode takes each field from one of the two readers, keeps a contradicted value below 0.9 and leaves out a weak value only the tagger read; learned mode is the tagger alone', () => {
    const page = fixturePage();
    const rules = extractFields([page]);
    const learned = chooseFields([page], structuredClone(rules), tagger, 'learned', { confidence: null });
    const combined = chooseFields([page], structuredClone(rules), tagger, 'combined', { confidence: null });
    const tagged = tagger.read([page], rules.FieldSources ?? {});
    const plain = (v: unknown): string => String(v ?? '').toUpperCase().replace(/[^A-Z0-9.]/g, '');
    let contradicted = 0;
    for (const [field, t] of tagged) {
      expect(learned.ConfidenceScores[field]).toBeCloseTo(t.confidence, 2);
      expect(valueAt(learned, field)).toEqual(t.value);
      const ruleValue = valueAt(rules, field);
      const ruleHas = ruleValue !== null && ruleValue !== undefined && ruleValue !== '';
      const value = valueAt(combined, field);
      if (!ruleHas && t.confidence < ALONE_MIN) {
        // Only the tagger read it, with next to no chance of being right: left empty for a person.
        expect(value ?? null).toBeNull();
        expect(combined.ConfidenceScores[field]).toBeUndefined();
        continue;
      }
      expect([ruleValue, t.value]).toContainEqual(value);
      if (ruleHas && plain(ruleValue) !== plain(t.value)) {
        // Two readers read the field otherwise: whichever value is kept goes to review.
        expect(combined.ConfidenceScores[field]).toBeLessThan(0.9);
        contradicted++;
      }
    }
    expect(contradicted).toBeGreaterThan(0);
    expect(chooseFields([page], rules, tagger, 'rules')).toBe(rules);
  });
});
