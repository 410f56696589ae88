import { describe, expect, it } from 'vitest';
import { dropsGlyphs } from '../src/fields/reread-by-kind.ts';

describe('a reading under the kind that only loses glyphs', () => {
  it.each([
    ['a glyph at the end', ['159'], '15'],
    ['a 1 inside', ['4581381620'], '458138620'],
    ['the second of two alike', ['331874'], '31874'],
    ['a 1 beside look-alike letters', ['PO-215146'], 'P02546'],
  ] as const)('is no correction: %s', (_name, before, after) => {
    expect(dropsGlyphs([...before], after)).toBe(true);
  });

  it.each([
    ['a neighbour\'s stray word left out', ['76', 'PO-615876'], 'PO-615876'],
    ['marks left out', ['32202,'], '32202'],
    ['a digit read as another', ['43'], '13'],
    ['a glyph the first reading lost, found', ['5371'], '53718'],
    ['a letter read for a mark', ['56765/-95'], '567651-95'],
  ] as const)('is a reading to weigh: %s', (_name, before, after) => {
    expect(dropsGlyphs([...before], after)).toBe(false);
  });
});
