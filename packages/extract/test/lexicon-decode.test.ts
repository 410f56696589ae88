import { describe, expect, it } from 'vitest';
import { ctcOutput } from './helpers.ts';
import { decoderFor, validFor } from '../src/ocr/field-decode.ts';
import { MX_STATES } from '../src/fields/geo.ts';
import type { BandDecoder } from '../src/ocr/line-recogniser.ts';
import { choose, fold } from '../src/ocr/lexicon-decode.ts';
import { placeDecoder, placeSpacing } from '../src/ocr/place-decode.ts';
import { wordDecoder } from '../src/ocr/word-decode.ts';

const DICT = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzéÉáÁ/-., '];

const output = (steps: Array<Record<string, number>>): ReturnType<typeof ctcOutput> => ctcOutput(DICT, steps);
/** Steps reading `text` letter by letter, each letter sure unless `weak` gives its weights there. */
const written = (text: string, weak: Record<number, Record<string, number>> = {}): Array<Record<string, number>> =>
  [...text].map((ch, i) => weak[i] ?? { [ch]: 0.95 });
const folded = (steps: Array<Record<string, number>>): ReturnType<typeof fold> => {
  const o = output(steps);
  return fold(o.data, o.steps, o.classes, DICT);
};
const run = (decoder: BandDecoder, steps: Array<Record<string, number>>): string | null => {
  const o = output(steps);
  const r = decoder(o.data, o.steps, o.classes, DICT);
  return r === null ? null : r.map((c) => c.ch).join('');
};

describe('choosing a value from a list by the model output', () => {
  it('picks the entry the frames support, not the one nearest in spelling', () => {
    // The free reading "Duran": Duran and Dunan are both one letter away; the frames weigh r over n at that step.
    const f = folded(written('Duzan', { 2: { z: 0.5, r: 0.3, n: 0.1 } }));
    expect(choose(f, [{ value: 'Dunan' }, { value: 'Duran' }], 5)!.value).toBe('Duran');
  });

  it('keeps the free reading when no entry comes close enough in probability', () => {
    const f = folded(written('Duzan'));
    expect(choose(f, [{ value: 'Duran' }], 5)).toBeNull();
    // With a margin wide enough, the same entry is taken.
    expect(choose(f, [{ value: 'Duran' }], 40)!.value).toBe('Duran');
  });
});

describe('reading a city under the list of places', () => {
  it('reads the place a misread letter hides, in the case and accents the hand wrote', () => {
    // "Denuer": the v written open, the model's second choice.
    expect(run(placeDecoder(), written('Denver', { 3: { u: 0.55, v: 0.4 } }))).toBe('Denver');
    // Small letters, the r written like a v and no accent on the e: the list's accent, the hand's case.
    expect(run(placeDecoder(), written('montreal', { 4: { v: 0.5, r: 0.4 } }))).toBe('montréal');
    // An accent the list's spelling does not have is not added (Querétaro has none on its a).
    expect(run(placeDecoder(), written('QUERÉTÁRO', { 2: { F: 0.5, E: 0.45 } }))).toBe('QUERÉTARO');
    // Capitals with the space between the words not written: the place's own space put back.
    expect(run(placeDecoder(), written('GREENBAY', { 2: { F: 0.5, E: 0.45 } }))).toBe('GREEN BAY');
  });

  it('keeps a place read from the list one word, wherever the gaps between its letters fall', () => {
    const o = output(written('LAVAL', { 1: { U: 0.5, A: 0.45 } }));
    const r = placeDecoder()(o.data, o.steps, o.classes, DICT)!;
    expect(r.map((c) => c.ch).join('')).toBe('LAVAL');
    expect(r.slice(1).every((c) => c.joined)).toBe(true);
  });

  it('keeps a clearly written name one letter from a place, and a name near no place', () => {
    expect(run(placeDecoder(), written('Denvor'))).toBeNull();
    expect(run(placeDecoder(), written('Xqzwvk'))).toBeNull();
  });

  it('is the decoder of the city kind, and a city value is one the list holds', () => {
    expect(run(decoderFor('city'), written('SALTILIO', { 6: { I: 0.5, L: 0.45 } }))).toBe('SALTILLO');
    expect(validFor('city', 'Saint-Jean-sur-Richelieu')).toBe(true);
    expect(validFor('city', 'SALTILIO')).toBe(false);
  });
});

describe('spacing a known place as it is named', () => {
  it('joins a letter read apart from a place\'s name, and leaves other readings as read', () => {
    expect(placeSpacing('F ORT WORTH,')).toBe('FORT WORTH');
    expect(placeSpacing('L ONDON')).toBe('LONDON');
    expect(placeSpacing('SAN ANTONIO')).toBe('SAN ANTONIO');
    // A hyphen inside a place's name that has none; a name with its own hyphen keeps it.
    expect(placeSpacing('HART-FORD')).toBe('HARTFORD');
    expect(placeSpacing('WINSTON-SALEM')).toBe('WINSTON-SALEM');
    expect(placeSpacing('NOWHERE VILLE')).toBe('NOWHERE VILLE');
    // A number is no place's: the text is left for the city's other checks.
    expect(placeSpacing('L ONDON 5')).toBe('L ONDON 5');
  });
});

describe('reading a state written out', () => {
  const state = decoderFor('state');
  it('reads a state or province written out in English, French or Spanish as the code the field holds', () => {
    expect(run(state, written('Ontario'))).toBe('ON');
    expect(run(state, written('COLOMBIE-BRITANNIQUE'))).toBe('BC');
    // Accents written or not, any case, a letter misread.
    expect(run(state, written('Nuevo Leon'))).toBe('NL');
    // A Mexican state's codes are its usual abbreviation and its ISO code (QRO, QUE): either is the state the field holds.
    expect(MX_STATES[run(state, written('QUERÉTARO', { 3: { B: 0.5, E: 0.4 } }))!]).toBe('QUE');
    expect(run(state, written('Texas'))).toBe('TX');
    expect(validFor('state', run(state, written('Colombie-Britannique'))!)).toBe(true);
  });

  it('keeps reading a code as the code, and a name as one word where it stood', () => {
    expect(run(state, written('TX'))).toBe('TX');
    expect(run(state, written('QC'))).toBe('QC');
    const o = output(written('Nouveau-Brunswick'));
    const r = state(o.data, o.steps, o.classes, DICT)!;
    expect(r.map((c) => c.ch).join('')).toBe('NB');
    expect(r[0]!.step).toBe(0);
    expect(r[r.length - 1]!.step).toBeGreaterThan(20);
    expect(r.slice(1).every((c) => c.joined)).toBe(true);
  });

  it('maps a name to its code whatever its case, accents and hyphens, and nothing else', async () => {
    const { regionCodeOfName } = await import('../src/fields/geo.ts');
    expect(regionCodeOfName('colombie britannique')).toBe('BC');
    expect(regionCodeOfName('NUEVO LEÓN')).toBe('NL');
    expect(regionCodeOfName('San Luis Potosi')).toBe('SLP');
    expect(regionCodeOfName('Springfield')).toBeNull();
  });
});

describe('reading free text under the word lexicon', () => {
  it('puts right a word the frames support once the look-alike letter is taken', () => {
    // HOUSEHOUD: the L written with a short foot, its second choice.
    expect(run(wordDecoder(), written('HOUSEHOLD GOODS', { 7: { U: 0.55, L: 0.4 } }))).toBe('HOUSEHOLD GOODS');
    expect(run(wordDecoder(), written('Cleaning supplies', { 2: { c: 0.5, e: 0.45 } }))).toBe('Cleaning supplies');
    // Word lists carry no accents: the accent the model read stays.
    expect(run(wordDecoder(), written('Matériaux', { 5: { l: 0.5, i: 0.4 } }))).toBe('Matériaux');
  });

  it('leaves names and clearly written words no dictionary holds as read', () => {
    expect(run(wordDecoder(), written('Rivera Comercializadora'))).toBeNull();
    expect(run(wordDecoder(), written('HOUSEHOUD GOODS'))).toBeNull();
  });
});
