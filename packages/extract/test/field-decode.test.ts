import { describe, expect, it } from 'vitest';
import { ctcOutput } from './helpers.ts';
import { ctcScore } from '../src/ocr/ctc.ts';
import { beamSearch, decoderFor, parsesAsDate, validFor } from '../src/ocr/field-decode.ts';

const DICT = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz/-., '];

const output = (steps: Array<Record<string, number>>): ReturnType<typeof ctcOutput> => ctcOutput(DICT, steps);
const read = (kind: Parameters<typeof decoderFor>[0], steps: Array<Record<string, number>>): string | null => {
  const o = output(steps);
  const r = decoderFor(kind)(o.data, o.steps, o.classes, DICT);
  return r === null ? null : r.map((c) => c.ch).join('');
};

describe('field-constrained decoding', () => {
  it('reads a ZIP code as digits where the hand made a 0 look like an O and a 5 like an S', () => {
    // Free reading: 9O21S. Each look-alike digit is the model's second choice.
    const steps: Array<Record<string, number>> = [{ 9: 0.9 }, { O: 0.55, 0: 0.4 }, { 2: 0.9 }, { 1: 0.8, l: 0.15 }, { S: 0.6, 5: 0.35 }];
    expect(read('zip', steps)).toBe('90215');
  });

  it('keeps a Canadian postal code its letters and a ZIP+4 its hyphen', () => {
    expect(read('zip', [{ H: 0.9 }, { 3: 0.8 }, { Z: 0.9 }, { ' ': 0.6 }, { 2: 0.9 }, { Y: 0.9 }, { 7: 0.9 }])).toBe('H3Z 2Y7');
    expect(read('zip', [{ 7: 0.9 }, { 8: 0.9 }, { 0: 0.9 }, { 4: 0.9 }, { 5: 0.9 }, { '-': 0.8 }, { 1: 0.9 }, { 2: 0.9 }, { 3: 0.9 }, { 4: 0.9 }])).toBe('78045-1234');
    // A Mexican code after its C.P., the 0 written round like an O.
    expect(read('zip', [{ C: 0.9 }, { '.': 0.7 }, { P: 0.9 }, { '.': 0.7 }, { 6: 0.9 }, { 4: 0.9 }, { 2: 0.9 }, { O: 0.6, 0: 0.35 }, { 0: 0.9 }])).toBe('C.P.64200');
  });

  it('reads a state as one of the codes, the likeliest whole code winning over a likelier first letter', () => {
    // T then Z (no such code) or X: TX. Then a weak O or Q before N: ON.
    expect(read('state', [{ T: 0.9 }, { Z: 0.5, X: 0.45 }])).toBe('TX');
    expect(read('state', [{ Q: 0.5, O: 0.45 }, { N: 0.9 }])).toBe('ON');
    expect(read('state', [{ Q: 0.9 }, { C: 0.9 }])).toBe('QC');
  });

  it('reads a freight class as one of the 18 classes, a look-alike first digit put right', () => {
    // 7 read likelier as T, then 7 . 5: 77.5. Two digits read plainly: 60.
    expect(read('class', [{ T: 0.6, 7: 0.35 }, {}, { 7: 0.9 }, { '.': 0.6 }, { 5: 0.9 }])).toBe('77.5');
    expect(read('class', [{ 6: 0.9 }, { 0: 0.9 }])).toBe('60');
  });

  it('keeps a Mexican state printed as its ISO code instead of bending it into the usual abbreviation', () => {
    // CHH (ISO 3166-2) and CHIH (the abbreviation) are the same state: each form is read as printed.
    expect(read('state', [{ C: 0.9 }, { H: 0.9 }, { H: 0.9 }])).toBe('CHH');
    expect(read('state', [{ C: 0.9 }, { H: 0.9 }, { I: 0.9 }, { H: 0.9 }])).toBe('CHIH');
    expect(read('state', [{ N: 0.9 }, { L: 0.9 }, { E: 0.9 }])).toBe('NLE');
  });

  it('reads a date that parses where the free reading does not', () => {
    // 1 read as l, 0 as O: l2/O5/2024.
    const steps: Array<Record<string, number>> = [{ l: 0.6, 1: 0.35 }, { 2: 0.9 }, { '/': 0.9 }, { O: 0.6, 0: 0.35 }, { 5: 0.9 }, { '/': 0.9 }, { 2: 0.9 }, { 0: 0.9 }, { 2: 0.9 }, { 4: 0.9 }];
    expect(read('date', steps)).toBe('12/05/2024');
  });

  it('leaves a date nobody could read to the free reading rather than inventing one', () => {
    expect(read('date', [{ X: 0.9 }, { Y: 0.9 }])).toBeNull();
  });

  it('reads digits only, and sureness drops when the look-alike letter was nearly as likely', () => {
    const o = output([{ 4: 0.9 }, { S: 0.5, 5: 0.45 }]);
    const r = decoderFor('digits')(o.data, o.steps, o.classes, DICT)!;
    expect(r.map((c) => c.ch).join('')).toBe('45');
    const s = output([{ 4: 0.9 }, { 5: 0.9 }]);
    const sure = decoderFor('digits')(s.data, s.steps, s.classes, DICT)!;
    expect(Math.min(...r.map((c) => c.p))).toBeLessThan(Math.min(...sure.map((c) => c.p)));
  });

  it('reads a weight as a number with its unit, a letter inside the number read as the digit it looks like', () => {
    // 1,25O lbs with the O the likelier: no weight has a letter among its digits.
    expect(read('weight', [{ 1: 0.9 }, { ',': 0.8 }, { 2: 0.9 }, { 5: 0.9 }, { O: 0.55, 0: 0.4 }, { ' ': 0.7 }, { l: 0.9 }, { b: 0.9 }, { s: 0.9 }])).toBe('1,250 lbs');
    expect(read('weight', [{ 5: 0.9 }, { 6: 0.9 }, { 0: 0.9 }, { k: 0.9 }, { g: 0.9 }])).toBe('560kg');
  });

  it('reads a count as digits before its packaging word', () => {
    expect(read('count', [{ S: 0.6, 5: 0.35 }, { 7: 0.9 }, { 8: 0.9 }, { ' ': 0.7 }, { p: 0.9 }, { c: 0.9 }, { s: 0.9 }])).toBe('578 pcs');
    expect(read('count', [{ 2: 0.9 }, { l: 0.55, 1: 0.4 }])).toBe('21');
  });

  it('reads a reference number in capitals and digits, its word before it kept', () => {
    // BC-8Z494: a Z among the digits after the hyphen is a 2; the letters of the prefix stay letters.
    expect(read('reference', [{ B: 0.9 }, { C: 0.9 }, { '-': 0.8 }, { 8: 0.9 }, { Z: 0.55, 2: 0.4 }, { 4: 0.9 }, { 9: 0.9 }, { 4: 0.9 }])).toBe('BC-82494');
    // A small o inside the code is a zero; "Pro" before it is a word.
    expect(read('reference', [{ P: 0.9 }, { r: 0.9 }, { o: 0.9 }, { ' ': 0.7 }, { 6: 0.9 }, { o: 0.6, 0: 0.35 }, { 6: 0.9 }, { 5: 0.9 }])).toBe('Pro 6065');
  });

  it('reads a SCAC as capitals only, a digit in it taken for the letter it looks like', () => {
    expect(read('scac', [{ C: 0.9 }, { P: 0.9 }, { 5: 0.6, S: 0.35 }, { T: 0.9 }])).toBe('CPST');
  });

  it('leaves a weight or a reference nobody could read to the free reading', () => {
    expect(read('weight', [{ X: 0.9 }, { Y: 0.9 }])).toBeNull();
    expect(read('reference', [{ A: 0.9 }, { B: 0.9 }])).toBeNull();
  });
});

describe('valid values of each kind', () => {
  it('accepts the shapes BOL values take and rejects look-alike misreadings', () => {
    const ok: Array<[Parameters<typeof validFor>[0], string]> = [['zip', '64460'], ['zip', 'S8P 6C9'], ['zip', 'C.P.06545'], ['state', 'NL'], ['state', 'mex'],
      ['weight', '21,775 Kg'], ['weight', '4036.3KG'], ['weight', '102 t'], ['count', '13 caisses'], ['count', '4'], ['reference', 'UGI-89502'],
      ['reference', 'Pedido 0646270'], ['reference', 'P.O. 6787318'], ['reference', 'BOL# 17057'], ['reference', '038-9176278'], ['scac', 'LORT'], ['date', '5/2/2026']];
    const bad: Array<[Parameters<typeof validFor>[0], string]> = [['zip', '644G0'], ['state', 'TZ'], ['weight', '1,2S0 lbs'], ['weight', '0'], ['count', 'S78 pcs'],
      ['reference', 'BC-8Z4'], ['reference', 'UGI-89S0Z'], ['scac', 'CP5T'], ['scac', 'C'], ['date', '13/13/2025']];
    for (const [k, v] of ok) expect(validFor(k, v), `${k} ${v}`).toBe(true);
    for (const [k, v] of bad) expect(validFor(k, v), `${k} ${v}`).toBe(false);
  });
});

describe('CTC scoring', () => {
  it('gives the best alignment the steps its labels sit on, and a sum at least as large as the best path', () => {
    const o = output([{ A: 0.9 }, { B: 0.9 }]);
    const labels = [DICT.indexOf('A') + 1, DICT.indexOf('B') + 1];
    const best = ctcScore(o.data, o.steps, o.classes, labels, true);
    expect(best.at).toEqual([0, 2]);
    expect(ctcScore(o.data, o.steps, o.classes, labels).logp).toBeGreaterThanOrEqual(best.logp);
  });

  it('beam search finds a repeated letter only across a blank', () => {
    const o = output([{ 1: 0.9 }, { 1: 0.9 }]);
    const beams = beamSearch(o.data, o.steps, o.classes, [DICT.indexOf('1') + 1]);
    expect(beams[0]!.labels.map((c) => DICT[c - 1]).join('')).toBe('11');
  });
});

describe('dates', () => {
  it('accepts the forms BOLs use and rejects what is no date', () => {
    for (const d of ['3/14/2025', '14/03/2025', '2025-03-14', '14.03.25', 'March 14, 2025', '14 de marzo de 2025', 'le 14 mars 2025', '14-MAR-2025']) expect(parsesAsDate(d), d).toBe(true);
    for (const d of ['13/13/2025', '2025', 'XY', '12345', 'Main St 12 2025']) expect(parsesAsDate(d), d).toBe(false);
  });
});
