import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CORE_FIELDS, emptyExtractedData, type ExtractedData, type Party } from '@ladingwise/shared';
import { ALONE_MIN, billShown, chooseFields, DISPUTE_MARGIN, codeWithPrefix, descriptionGoesOn, knownOfTwo, nameWithForm, refsByPrefix, streetWithType, pickReader, readCandidates, placeFromBillTo, settleSharedWords, shipperFromBillTo } from '../src/fields/learned/combine.ts';
import { holdPartyUnderWeakHeading, holdStateNothingVouchesFor, holdPlaceAwayFromStreet, holdPlaceBelowAnotherName, holdPlacesReadApart, keepOtherPartiesOut, keepPartyTogether } from '../src/fields/learned/party-place.ts';
import { FieldTagger } from '../src/fields/learned/tagger.ts';
import { TreeModel } from '../src/fields/learned/trees.ts';
import { ValueConfidence, type ValueConfidenceJson } from '../src/fields/learned/value-confidence.ts';
import { dateOrderOpen, VALUE_FEATURE_NAMES, valueFeatures, valueWords, type FieldCandidates, type PageQuality } from '../src/fields/learned/value-features.ts';
import { extractFields, readLayout } from '../src/fields/extract-fields.ts';
import { valueAt } from '../src/fields/learned/field-truth.ts';
import type { Word } from '../src/types.ts';
import { fixturePage } from './fixture-page.ts';
import { line, page } from './helpers.ts';


let json: ValueConfidenceJson;
let confidence: ValueConfidence;
let tagger: FieldTagger;
beforeAll(() => {
  json = JSON.parse(readFileSync(new URL('../models/field-confidence.json', import.meta.url), 'utf8')) as ValueConfidenceJson;
  confidence = new ValueConfidence(json);
  tagger = FieldTagger.load();
});

describe('value confidence model', () => {
  it('evaluates its trees as xgboost did on the rows written at fitting time, over features the code computes', () => {
    for (const f of json.model.features) expect(VALUE_FEATURE_NAMES).toContain(f);
    const check = json.fitted!.check as { rows: Array<Array<number | null>>; probabilities: number[] };
    const model = new TreeModel(json.model);
    check.rows.forEach((row, i) => expect(model.predict(row.map((v) => v ?? Number.NaN))[1]).toBeCloseTo(check.probabilities[i]!, 5));
  });

  it('maps a higher chance right to a confidence never lower, with 0.9 reached only at the top', () => {
    const { x, y } = json.table;
    for (let i = 1; i < y.length; i++) { expect(x[i]!).toBeGreaterThan(x[i - 1]!); expect(y[i]!).toBeGreaterThanOrEqual(y[i - 1]!); }
    expect(y[0]!).toBeLessThan(0.5);
    expect(y[y.length - 1]!).toBeGreaterThanOrEqual(0.9);
  });

  it('scores every core value both readers read alike above each reading the other reader contradicted and lost', () => {
    // The fixture page: a generated page of a trained family (seed 101), not among the pages either model was fitted on.
    const page = fixturePage();
    const rules = extractFields([page]);
    const { candidates, quality } = readCandidates([page], rules, tagger, readLayout([page]));
    const data = chooseFields([page], structuredClone(rules), tagger, 'combined', { confidence });
    const core = candidates.filter((c) => (CORE_FIELDS as readonly string[]).includes(c.field) && c.rules && c.tagger);
    const agreed = core.filter((c) => c.agree).map((c) => data.ConfidenceScores[c.field]!);
    const disputed = core.filter((c) => !c.agree);
    expect(agreed.length).toBeGreaterThanOrEqual(5);
    expect(disputed.length).toBeGreaterThanOrEqual(1);
    // Each dispute goes to the reading the model finds likelier; the one that lost scores below every agreed value.
    const lost = disputed.map((c) => {
      const [rulesScore, taggerScore] = (['rules', 'tagger'] as const).map((r) => confidence.score(valueFeatures(c, r, quality)));
      const kept = valueAt(data, c.field);
      expect(kept).toEqual(rulesScore! >= taggerScore! ? c.rules!.value : c.tagger!.value);
      return Math.min(rulesScore!, taggerScore!);
    });
    expect(Math.min(...agreed)).toBeGreaterThan(Math.max(...lost));
  });

  it('lowers the same value when the other reader contradicts it', () => {
    const page = fixturePage();
    const rules = extractFields([page]);
    const { candidates, quality } = readCandidates([page], rules, tagger, readLayout([page]));
    const po = candidates.find((c) => c.field === 'References.PoNumber' && c.agree)!;
    expect(po).toBeDefined();
    const alone = confidence.score(valueFeatures(po, 'rules', quality));
    const contradicted = { ...po, agree: false, tagger: { ...po.tagger!, value: '1234567', words: [] } };
    expect(confidence.score(valueFeatures(contradicted, 'rules', quality))).toBeLessThan(alone);
  });
});

describe('choosing a disputed field by the chance right', () => {
  const candidates = (rulesScore: number, taggerConfidence: number): FieldCandidates => ({
    field: 'Consignee.City', agree: false,
    rules: { value: 'TOLEDO', score: rulesScore, words: [], support: [] },
    tagger: { value: 'DAYTON', confidence: taggerConfidence } as FieldCandidates['tagger'],
  });
  const chance = (rules: number, tagger: number) => (reader: 'rules' | 'tagger'): number => (reader === 'rules' ? rules : tagger);

  it('overrules the rules only when the tagger is clearly likelier right, whatever the readers\' own scores say', () => {
    const c = candidates(0.95, 0.6);
    expect(pickReader(c, 'combined', chance(0.3, 0.3 + DISPUTE_MARGIN + 0.05), 'disputes')).toBe('tagger');
    expect(pickReader(c, 'combined', chance(0.3, 0.3 + DISPUTE_MARGIN - 0.05), 'disputes')).toBe('rules');
    // By the readers' own scores the rules' 0.95 wins outright.
    expect(pickReader(c, 'combined', undefined, 'own')).toBe('rules');
  });

  it('keeps a value only the tagger read unless the confidence model (its own calibration without one) gives it next to no chance', () => {
    // Below the trust line it goes to a person either way; a value to confirm beats an empty field to type.
    const weak: FieldCandidates = { ...candidates(0, 0.45), rules: null };
    expect(pickReader(weak, 'combined', chance(0, 0.3), 'disputes')).toBe('tagger');
    expect(pickReader(weak, 'combined', chance(0, 0.3), 'alone')).toBe('tagger');
    expect(pickReader(weak, 'combined', undefined, 'own')).toBe('tagger');
    expect(pickReader({ ...candidates(0, ALONE_MIN / 2), rules: null }, 'combined', undefined, 'own')).toBeNull();
    // Specks on a page of noise: the tagger's own calibration calls them likely, the confidence model does not.
    const specks: FieldCandidates = { ...candidates(0, 0.6), rules: null };
    expect(pickReader(specks, 'combined', chance(0, ALONE_MIN / 2), 'disputes')).toBeNull();
    expect(pickReader(specks, 'combined', chance(0, 0.7), 'disputes')).toBe('tagger');
  });

  it('keeps a value only the rules read, however unlikely, for its low score to hold it for review', () => {
    const alone: FieldCandidates = { ...candidates(0.85, 0), tagger: null };
    expect(pickReader(alone, 'combined', chance(0.3, 0), 'disputes')).toBe('rules');
    // Left empty, a right value would be lost without anyone seeing it; kept, its chance right scores it for review.
    expect(pickReader(alone, 'combined', chance(ALONE_MIN / 2, 0), 'disputes')).toBe('rules');
    expect(pickReader(alone, 'combined', chance(ALONE_MIN / 2, 0), 'disputes', false)).toBe('rules');
    // By the readers' own scores (no confidence model) the rules' value stands as read.
    expect(pickReader(alone, 'combined', undefined, 'own')).toBe('rules');
  });

  it('asks a value only the tagger read to be likelier right than wrong on a page where the readers agree on too few fields to show a bill', () => {
    const weak: FieldCandidates = { ...candidates(0, 0.45), rules: null };
    expect(pickReader(weak, 'combined', chance(0, 0.3), 'disputes', false)).toBeNull();
    expect(pickReader(weak, 'combined', chance(0, 0.6), 'disputes', false)).toBe('tagger');
    const agreed = (n: number): FieldCandidates[] => Array.from({ length: 6 }, (_, i) => ({ ...candidates(0.9, 0.9), agree: i < n }));
    expect(billShown(agreed(1))).toBe(false);
    expect(billShown(agreed(4))).toBe(true);
  });
});

describe('a name read whole', () => {
  it('takes of two readings of a name the one that goes on to its legal form', () => {
    expect(nameWithForm('SUMMIT RIDGE CERAMICS HOLDINGS INC', 'SUMMIT RIDGE CERAMICS HOLDINGS')).toBe(1);
    expect(nameWithForm('TIDEWATER HARDWARE', 'TIDEWATER HARDWARE HOLDINGS INC')).toBe(-1);
    // More words after a name that already ends with its form are another item's, not the name's.
    expect(nameWithForm('RHEIN HANDELS AG KOWALSKI', 'RHEIN HANDELS AG')).toBe(0);
    expect(nameWithForm('ACME FREIGHT', 'ACME LOGISTICS INC')).toBe(0);
    expect(nameWithForm('EMPAQUES REGIOMONTANA SA', 'EMPAQUES REGIOMONTANA SA DE CV')).toBe(-1);
    expect(nameWithForm('ACME INC', 'ACME INC SA')).toBe(0);
  });

  it('takes of two near readings of a place the one that names a known place, and never another place', () => {
    expect(knownOfTwo('QUEBEC', 'UEBEC')).toBe(1);
    expect(knownOfTwo('ALLENTONN', 'ALLENTOWN')).toBe(-1);
    // Two known places, or two readings far apart, are two places: the readers' scores decide.
    expect(knownOfTwo('DALLAS', 'DULUTH')).toBe(0);
    // A place's last word alone is the place cut short.
    expect(knownOfTwo('GARZA', 'SAN NICOLAS DE LOS GARZA')).toBe(-1);
    // A place read on with its row label's last words is the place alone; a word that begins places stays its own.
    expect(knownOfTwo('CIUDAD CALGARY', 'CALGARY')).toBe(-1);
    expect(knownOfTwo('POSTAL - CIUDAD CALGARY', 'CALGARY')).toBe(-1);
    expect(knownOfTwo('CIUDAD OBREGON', 'OBREGON')).toBe(1);
    expect(knownOfTwo('ROTTERDAM', 'AMSTERDAM')).toBe(0);
    expect(knownOfTwo('QUERETARO', 'SAN JUAN DEL RIO')).toBe(0);
  });

  it('takes of two readings of a reference the one with its kind prefix joined by a hyphen', () => {
    expect(codeWithPrefix('PO-038855', '038855')).toBe(1);
    expect(codeWithPrefix('038855', 'PO-038855')).toBe(-1);
    expect(codeWithPrefix('PO 038855', '038855')).toBe(0);
    expect(codeWithPrefix('SO-12', '12')).toBe(0);
  });

  it('moves a purchase or sales order number read into the other\'s empty field by the prefix it was issued with', () => {
    const data = emptyExtractedData();
    data.References.PoNumber = 'SO228093';
    data.ConfidenceScores['References.PoNumber'] = 0.95;
    refsByPrefix(data);
    expect(data.References).toMatchObject({ PoNumber: null, OrderNumber: 'SO228093' });
    expect(data.ConfidenceScores['References.OrderNumber']).toBe(0.85);
    // Where the other field holds a value, nothing moves.
    const both = emptyExtractedData();
    both.References.OrderNumber = 'PO-980830';
    both.References.PoNumber = '4512345678';
    refsByPrefix(both);
    expect(both.References).toMatchObject({ PoNumber: '4512345678', OrderNumber: 'PO-980830' });
  });

  it('takes of two readings of a street the one that goes on to the street\'s type where the other stops short of it', () => {
    expect(streetWithType('15495 E CHESTNUT RD', '15495 E CHESTNUT')).toBe(1);
    expect(streetWithType('264 TRAFFORD', '264 TRAFFORD PARK ROAD')).toBe(-1);
    // Both typed, or more than the type and a word added: the readers' scores decide.
    expect(streetWithType('10 MAIN ST', '10 MAIN ST RD')).toBe(0);
    expect(streetWithType('10 MAIN', '10 MAIN ST UNIT 4 RD')).toBe(0);
    // The number sign before the house number, as addresses in China write it, is the street's.
    expect(streetWithType('224 ZHANGYANG ROAD', 'NO. 224 ZHANGYANG ROAD')).toBe(-1);
    // So is the house number one reader lost, where the street holds no number of its own.
    expect(streetWithType('CHEMIN DE LA COTE-DE-LIESSE', '7838 CHEMIN DE LA COTE-DE-LIESSE')).toBe(-1);
    expect(streetWithType('CALLE 10 NORTE', '55 CALLE 10 NORTE')).toBe(0);
    // A unit's number is not the street's own.
    expect(streetWithType('HICKORY PKWY BLDG 13', '20491 HICKORY PKWY BLDG 13')).toBe(-1);
  });

  it('takes the longer reading of a description where the other\'s words stop on a comma', () => {
    const cut = { value: 'HOUSEHOLD CLEANING SUPPLIES', words: [{ text: 'CLEANING' }, { text: 'SUPPLIES,' }] as Word[] };
    expect(descriptionGoesOn('HOUSEHOLD CLEANING SUPPLIES, NOI', cut)).toBe(1);
    // A reading that ends where its words end is no cut one.
    expect(descriptionGoesOn('HOUSEHOLD CLEANING SUPPLIES, NOI', { ...cut, words: [{ text: 'SUPPLIES' }] as Word[] })).toBe(0);
    expect(descriptionGoesOn('HOUSEHOLD GOODS, NOI', cut)).toBe(0);
  });
});

describe('one party, one block', () => {
  const read = (field: string, rules: string, tagger: string): FieldCandidates => ({
    field, agree: rules === tagger,
    rules: { value: rules, score: 0.9, words: [], support: [] },
    tagger: { value: tagger, confidence: 0.8, words: [] } as unknown as FieldCandidates['tagger'],
  });
  const name = read('Shipper.Name', 'WHITEWATER COATINGS ULI 9092 QUEEN DR', 'WHITEWATER COATINGS ULC');
  const city = read('Shipper.City', 'HALIFAX', 'SASKATOON');
  const zip = read('Shipper.Zip', 'B3K 3Y8', 'S7N 1K3');

  it('gives a disputed place field to the reader the name was taken from where it is at least as likely right', () => {
    const chances = new Map<FieldCandidates, Record<'rules' | 'tagger', number>>([[name, { rules: 0, tagger: 0.73 }], [city, { rules: 0.53, tagger: 0.66 }], [zip, { rules: 0.5, tagger: 0.3 }]]);
    const chanceOf = (c: FieldCandidates) => (r: 'rules' | 'tagger'): number => chances.get(c)![r];
    // Within the dispute margin, both place fields went to the rules, from another block than the name.
    const picks = new Map<FieldCandidates, 'rules' | 'tagger' | null>([[name, 'tagger'], [city, 'rules'], [zip, 'rules']]);
    keepPartyTogether(picks, chanceOf);
    expect(picks.get(city)).toBe('tagger');
    // A value the name's reader is less sure of stays with the other reader.
    expect(picks.get(zip)).toBe('rules');
    // Where both readers read the same name, the name shows no block to keep to.
    const same = read('Shipper.Name', 'ACME INC', 'ACME INC');
    const agreed = new Map<FieldCandidates, 'rules' | 'tagger' | null>([[same, 'tagger'], [city, 'rules']]);
    chances.set(same, { rules: 0.9, tagger: 0.9 });
    keepPartyTogether(agreed, chanceOf);
    expect(agreed.get(city)).toBe('rules');
  });
});

describe('a block under another party\'s heading', () => {
  it('gives a party\'s name back to the rules where the tagger took it from a broker\'s or agent\'s block', () => {
    const build = (heading: string) => {
      const ownName = line(100, 130, 'CRESTVIEW BEARINGS CO'), otherName = line(800, 130, 'ACME GROCERS CO');
      const pages = page(line(100, 100, 'SHIPPER'), ownName, line(800, 100, heading), otherName);
      const c: FieldCandidates = {
        field: 'Shipper.Name', agree: false,
        rules: { value: 'CRESTVIEW BEARINGS CO', score: 0.7, words: ownName, support: [] },
        tagger: { value: 'ACME GROCERS CO', confidence: 0.8, words: otherName } as unknown as FieldCandidates['tagger'],
      };
      const picks = new Map<FieldCandidates, 'rules' | 'tagger' | null>([[c, 'tagger']]);
      keepOtherPartiesOut(picks, readLayout(pages));
      return picks.get(c);
    };
    expect(build('CUSTOMS BROKER')).toBe('rules');
    // Under a heading of the bill's own parties the tagger's choice stands.
    expect(build('CONSIGNEE')).toBe('tagger');
  });
});

describe('a party\'s place below another company\'s name', () => {
  it('holds the city, state and code for review where another block\'s name stands between the name and the place', () => {
    const check = (between: string): number => {
      const name = line(40, 140, 'TIDEWATER ELECTRIC LLC, 16617 PORTER PKWY'), city = line(40, 220, 'ALLENTOWN, PA 18102');
      const d = emptyExtractedData();
      d.Shipper = { Name: 'TIDEWATER ELECTRIC LLC', Address: null, City: 'ALLENTOWN', State: 'PA', Zip: '18102' };
      for (const f of ['Shipper.City', 'Shipper.State', 'Shipper.Zip']) d.ConfidenceScores[f] = 0.95;
      const tagged = (field: string, words: Word[]): FieldCandidates => ({ field, agree: false, rules: null, tagger: { value: '', confidence: 0.9, words } as unknown as FieldCandidates['tagger'] });
      holdPlaceBelowAnotherName(d, new Map([[tagged('Shipper.Name', name.slice(0, 3)), 'tagger'], [tagged('Shipper.City', city.slice(0, 1)), 'tagger']]), readLayout(page(name, line(40, 180, between), city)));
      return d.ConfidenceScores['Shipper.City']!;
    };
    expect(check('SUMMIT RIDGE PAPER MILLS COMPANY')).toBeLessThan(0.9);
    // A line of the party's own (a unit, a second street line, a contact) leaves the place as read.
    expect(check('ATTN RECEIVING DOCK')).toBe(0.95);
  });
});

describe('a party under a heading read weakly', () => {
  it('holds the party for review where its heading, read weakly, is a slip or two from another party\'s', () => {
    const check = (heading: string, confidence: number): number => {
      const head = line(40, 100, heading);
      for (const w of head) w.confidence = confidence;
      const name = line(40, 130, 'TIDEWATER CERAMICS CORP');
      const d = emptyExtractedData();
      d.Shipper = { Name: 'TIDEWATER CERAMICS CORP', Address: null, City: null, State: null, Zip: null };
      d.ConfidenceScores['Shipper.Name'] = 0.95;
      const tagged = (field: string, words: Word[]): FieldCandidates => ({ field, agree: true, rules: null, tagger: { value: '', confidence: 0.9, words } as unknown as FieldCandidates['tagger'] });
      holdPartyUnderWeakHeading(d, new Map([[tagged('Shipper.Name', name), 'tagger']]), readLayout(page(head, name)));
      return d.ConfidenceScores['Shipper.Name']!;
    };
    // CONSIGNOR read weakly may be CONSIGNEE.
    expect(check('Consignor', 0.04)).toBeLessThan(0.9);
    // Read clearly, it is the shipper's; read weakly but like no other party's heading, it is still its own.
    expect(check('Consignor', 0.93)).toBe(0.95);
    expect(check('Expedidor', 0.3)).toBe(0.95);
  });
});

describe('a state nothing on the page vouches for', () => {
  it('holds a state that neither its ZIP nor its city belongs to, and leaves one either vouches for', () => {
    const check = (city: string, state: string, zip: string): number => {
      const d = emptyExtractedData();
      d.Consignee = { Name: 'TRILLIUM FOUNDRY LLC', Address: null, City: city, State: state, Zip: zip };
      d.ConfidenceScores['Consignee.State'] = 0.95;
      holdStateNothingVouchesFor(d);
      return d.ConfidenceScores['Consignee.State']!;
    };
    // A territory's code beside a New Jersey city and a code no ZIP has.
    expect(check('EDISON', 'NT', '03317')).toBeLessThan(0.9);
    // The city vouches where the ZIP was misread; the ZIP where the city was.
    expect(check('EDISON', 'NJ', '03317')).toBe(0.95);
    expect(check('EDLSON', 'NJ', '08817')).toBe(0.95);
    // A Mexican state's code is left to the postal checks.
    expect(check('MONTERREY', 'NL', '64000')).toBe(0.95);
  });
});

describe('a party\'s place read from two blocks', () => {
  const read = (field: string, rules: string, tagger: string): FieldCandidates => ({
    field, agree: rules === tagger,
    rules: { value: rules, score: 0.9, words: [], support: [] },
    tagger: { value: tagger, confidence: 0.8, words: [] } as unknown as FieldCandidates['tagger'],
  });
  const scored = (): ExtractedData => {
    const d = emptyExtractedData();
    d.Shipper = { Name: 'NORTHGATE POLYMERS CORP', Address: '4021 QUEEN DR', City: 'LITTLE ROCK', State: 'AR', Zip: '72201' };
    for (const f of ['Shipper.City', 'Shipper.State', 'Shipper.Zip']) d.ConfidenceScores[f] = 0.95;
    return d;
  };

  it('holds city, state and code for review where a reader\'s own city is a place its own ZIP does not serve', () => {
    const d = scored();
    holdPlacesReadApart(d, [read('Shipper.City', 'LITTLE ROCK', 'HALIFAX'), read('Shipper.State', 'AR', 'AR'), read('Shipper.Zip', '72201', '72201')]);
    for (const f of ['Shipper.City', 'Shipper.State', 'Shipper.Zip']) expect(d.ConfidenceScores[f]).toBeLessThan(0.9);
  });

  it('trusts a city cut short, or one the code serves, as the code\'s own', () => {
    const d = scored();
    holdPlacesReadApart(d, [read('Shipper.City', 'LITTLE ROCK', 'ROCK'), read('Shipper.State', 'AR', 'AR'), read('Shipper.Zip', '72201', '72201')]);
    expect(d.ConfidenceScores['Shipper.State']).toBe(0.95);
  });
});

describe('a party\'s place line with its street', () => {
  const at = (text: string, x: number, y: number): Word => ({ text, confidence: 0.95, bbox: [x, y, x + 60, y + 14], page: 0, line: String(y) });
  const tagged = (field: string, words: Word[]): FieldCandidates => ({
    field, agree: false, rules: null,
    tagger: { value: words.map((w) => w.text).join(' '), confidence: 0.9, words } as unknown as FieldCandidates['tagger'],
  });
  const scored = (): ExtractedData => {
    const d = emptyExtractedData();
    d.Consignee = { Name: 'BRIGHTON FASTENERS COMPANY', Address: '11316 DEPOT CT', City: 'MIAMI', State: 'FL', Zip: '33166' };
    for (const f of ['Consignee.City', 'Consignee.State', 'Consignee.Zip']) d.ConfidenceScores[f] = 0.94;
    return d;
  };
  const street = tagged('Consignee.Address', [at('11316', 100, 930), at('DEPOT', 170, 930), at('CT', 240, 930)]);

  it('holds a city printed above the street, from another block, for review', () => {
    const d = scored();
    holdPlaceAwayFromStreet(d, new Map([[street, 'tagger'], [tagged('Consignee.City', [at('MIAMI,', 600, 705)]), 'tagger']]));
    for (const f of ['Consignee.City', 'Consignee.State', 'Consignee.Zip']) expect(d.ConfidenceScores[f]).toBeLessThan(0.9);
  });

  it('trusts a city on the street\'s line or the line below it', () => {
    for (const y of [928, 960]) {
      const d = scored();
      holdPlaceAwayFromStreet(d, new Map([[street, 'tagger'], [tagged('Consignee.City', [at('MIAMI,', 320, y)]), 'tagger']]));
      expect(d.ConfidenceScores['Consignee.City']).toBe(0.94);
    }
  });
});

describe('one printed value, one field', () => {
  const word = (text: string, x: number): Word => ({ text, confidence: 0.95, bbox: [x, 100, x + 80, 120], page: 0, line: '1' });
  const label = [word('Requested', 0), word('delivery', 90), word('date:', 180)];
  const printed = word('12/13/26', 270);
  const other = word('12/10/26', 400);
  // The rules read the delivery date from its labelled box; the tagger took the same printed date for the pickup.
  const delivery: FieldCandidates = { field: 'Dates.Delivery', agree: false, rules: { value: '2026-12-13', score: 0.98, words: [...label, printed], support: [] }, tagger: null };
  const pickup: FieldCandidates = {
    field: 'Dates.Pickup', agree: false,
    rules: { value: '2026-12-10', score: 0.87, words: [other], support: [] },
    tagger: { value: '2026-12-13', confidence: 0.82, words: [printed] } as FieldCandidates['tagger'],
  };

  it('takes the words that print a rules value out of its box, leaving its label', () => {
    expect(valueWords(delivery, 'rules')).toEqual([printed]);
    const name: FieldCandidates = { field: 'Shipper.Name', agree: false, rules: { value: 'ACME TOOLS INC', score: 0.9, words: [word('ACME', 0), word('TOOLS', 90), word('INC', 180), word('2454', 270), word('ELM', 360)], support: [] }, tagger: null };
    expect(valueWords(name, 'rules').map((w) => w.text)).toEqual(['ACME', 'TOOLS', 'INC']);
    // A letter or two is the value's only as a whole word of it: the street's S in a name's box is not the name's.
    const line: FieldCandidates = { field: 'Shipper.Name', agree: false, rules: { value: 'STONEBRIDGE MILLS', score: 0.9, words: [word('STONEBRIDGE', 0), word('MILLS', 90), word('6506', 180), word('S', 270), word('CANAL', 360)], support: [] }, tagger: null };
    expect(valueWords(line, 'rules').map((w) => w.text)).toEqual(['STONEBRIDGE', 'MILLS']);
  });

  it('gives a value read from another field\'s words way to the surer field: the other reader\'s value, or none', () => {
    const chances = new Map<FieldCandidates, Record<'rules' | 'tagger', number>>([[delivery, { rules: 0.95, tagger: 0 }], [pickup, { rules: 0.45, tagger: 0.8 }]]);
    const chanceOf = (c: FieldCandidates) => (r: 'rules' | 'tagger'): number => chances.get(c)![r];
    const picks = new Map<FieldCandidates, 'rules' | 'tagger' | null>([[delivery, 'rules'], [pickup, 'tagger']]);
    settleSharedWords(picks, chanceOf);
    expect(picks.get(delivery)).toBe('rules');
    expect(picks.get(pickup)).toBe('rules');
    // With no other reading, the field is left empty rather than repeat the surer field's value.
    const alone = { ...pickup, rules: null };
    chances.set(alone, { rules: 0, tagger: 0.8 });
    const again = new Map<FieldCandidates, 'rules' | 'tagger' | null>([[delivery, 'rules'], [alone, 'tagger']]);
    settleSharedWords(again, chanceOf);
    expect(again.get(alone)).toBeNull();
    // The surer of the two keeps the words whichever reader read it.
    chances.set(pickup, { rules: 0.45, tagger: 0.99 });
    const surer = new Map<FieldCandidates, 'rules' | 'tagger' | null>([[delivery, 'rules'], [pickup, 'tagger']]);
    settleSharedWords(surer, chanceOf);
    expect(surer.get(pickup)).toBe('tagger');
    expect(surer.get(delivery)).toBeNull();
  });

  it('lets a city and its state glued by a mark in one word both stand on it', () => {
    const glued = word('KNOXVILLE.TN', 0);
    const city: FieldCandidates = { field: 'Consignee.City', agree: false, rules: null, tagger: { value: 'KNOXVILLE', confidence: 0.8, words: [glued] } as FieldCandidates['tagger'] };
    const state: FieldCandidates = { field: 'Consignee.State', agree: false, rules: null, tagger: { value: 'TN', confidence: 0.83, words: [glued] } as FieldCandidates['tagger'] };
    const picks = new Map<FieldCandidates, 'rules' | 'tagger' | null>([[city, 'tagger'], [state, 'tagger']]);
    settleSharedWords(picks, () => undefined);
    expect([picks.get(city), picks.get(state)]).toEqual(['tagger', 'tagger']);
  });
});

describe('a date whose day and month could be swapped', () => {
  const word = (text: string): Word => ({ text, confidence: 0.96, bbox: [100, 100, 200, 120], page: 0, line: '1' });

  it('is told from dates whose printed form settles the order', () => {
    expect(dateOrderOpen('Dates.Pickup', [word('03/05/2024')])).toBe(true);
    expect(dateOrderOpen('Dates.Delivery', [word('Date:'), word('7.11.24')])).toBe(true);
    expect(dateOrderOpen('Dates.Pickup', [word('13/05/2024')])).toBe(false);
    expect(dateOrderOpen('Dates.Pickup', [word('05/05/2024')])).toBe(false);
    expect(dateOrderOpen('Dates.Pickup', [word('2024-03-05')])).toBe(false);
    expect(dateOrderOpen('Dates.Pickup', [word('5'), word('MAR'), word('2024')])).toBe(false);
    expect(dateOrderOpen('References.PoNumber', [word('03/05/2024')])).toBe(false);
  });

  it('is trusted less than the same date printed unambiguously', () => {
    const quality = (orderShown: boolean): PageQuality => ({ words: 150, ocrMean: 0.92, ocrLow: 0.03, agreeShare: 0.9, rulesSure: 0.6, both: 20, orderShown, neural: 0, severalLines: false });
    const date = (printed: string): FieldCandidates => ({
      field: 'Dates.Pickup', agree: true,
      rules: { value: '2024-03-05', score: 0.97, words: [word(printed)], support: [0.99] },
      tagger: { field: 'Dates.Pickup', value: '2024-03-05', confidence: 0.97, raw: 0.99, words: [word(printed)], mean: 0.99, min: 0.99, margin: 0.98, rival: 0 } as FieldCandidates['tagger'],
    });
    const open = confidence.probability(valueFeatures(date('03/05/2024'), 'rules', quality(false)));
    expect(open).toBeLessThan(confidence.probability(valueFeatures(date('2024-03-05'), 'rules', quality(false))));
    expect(open).toBeLessThan(confidence.probability(valueFeatures(date('2024-03-05'), 'rules', quality(true))));
  });
});

describe('a bill of several lines of goods', () => {
  it('has its count and weight trusted less where the goods table shows several lines: either may be one line\'s', () => {
    const quality = (severalLines: boolean): PageQuality => ({ words: 150, ocrMean: 0.92, ocrLow: 0.03, agreeShare: 0.9, rulesSure: 0.6, both: 20, orderShown: false, neural: 0, severalLines });
    const word = (text: string): Word => ({ text, confidence: 0.96, bbox: [900, 1400, 1000, 1420], page: 0, line: '1' });
    const amount = (field: string, printed: string, value: number): FieldCandidates => ({
      field, agree: true,
      rules: { value, score: 0.97, words: [word(printed)], support: [0.99] },
      tagger: { field, value, confidence: 0.97, raw: 0.99, words: [word(printed)], mean: 0.99, min: 0.99, margin: 0.98, rival: 0 } as FieldCandidates['tagger'],
    });
    for (const c of [amount('ShipmentDetails.Weight', '1,250', 1250), amount('ShipmentDetails.Pieces', '12', 12)]) {
      expect(confidence.probability(valueFeatures(c, 'tagger', quality(true)))).toBeLessThan(confidence.probability(valueFeatures(c, 'tagger', quality(false))));
    }
  });
});

describe('every bill names its shipper', () => {
  const party = (name: string | null, address: string | null): Party => ({ Name: name, Address: address, City: 'DAYTON', State: 'OH', Zip: '45402' });

  it('takes a bill-to party read where no shipper was for the shipper, held below the trust line', () => {
    const d = emptyExtractedData();
    d.Shipper = { Name: null, Address: null, City: null, State: null, Zip: '45414' };
    d.BillTo = { ...party('ALDER COATINGS LLC', '23305 MADISON BLVD'), Zip: null };
    d.ConfidenceScores = { 'BillTo.Name': 0.97, 'BillTo.City': 0.6, 'Shipper.Zip': 0.95 };
    d.FieldSources = { 'BillTo.Name': { page: 0, bbox: [1, 2, 3, 4] } };
    shipperFromBillTo(d);
    expect(d.BillTo).toBeNull();
    expect(d.Shipper).toMatchObject({ Name: 'ALDER COATINGS LLC', Address: '23305 MADISON BLVD', City: 'DAYTON', Zip: '45414' });
    expect(d.ConfidenceScores).toEqual({ 'Shipper.Name': 0.85, 'Shipper.City': 0.6, 'Shipper.Zip': 0.95 });
    expect(d.FieldSources).toEqual({ 'Shipper.Name': { page: 0, bbox: [1, 2, 3, 4] } });
  });

  it('leaves both parties where the shipper was read', () => {
    const d = emptyExtractedData();
    d.Shipper = party(null, '1 MAIN ST');
    d.BillTo = party('ALDER COATINGS LLC', null);
    shipperFromBillTo(d);
    expect(d.Shipper?.Address).toBe('1 MAIN ST');
    expect(d.BillTo?.Name).toBe('ALDER COATINGS LLC');
  });

  it('gives a bill-to read as a place alone to the one party lacking that place, and drops it', () => {
    const d = emptyExtractedData();
    d.Shipper = { ...party('TIDEWATER NUTRITION ULC', '7685 PORTAGE DR'), City: null, State: null, Zip: null };
    d.Consignee = party('WHITEWATER FASTENERS INC', '3566 QUEEN BLVD');
    d.BillTo = { Name: null, Address: null, City: 'REGINA', State: 'SK', Zip: 'S4P 5R5' };
    d.ConfidenceScores = { 'BillTo.City': 0.93, 'BillTo.Zip': 0.7 };
    placeFromBillTo(d);
    expect(d.BillTo).toBeNull();
    expect(d.Shipper).toMatchObject({ City: 'REGINA', State: 'SK', Zip: 'S4P 5R5' });
    expect(d.ConfidenceScores).toEqual({ 'Shipper.City': 0.85, 'Shipper.Zip': 0.7 });
    // Both parties lacking it, or neither: whose it is cannot be told, and it stays as read.
    const both = emptyExtractedData();
    both.BillTo = { Name: null, Address: null, City: 'REGINA', State: null, Zip: null };
    placeFromBillTo(both);
    expect(both.BillTo?.City).toBe('REGINA');
  });
});

