import { describe, expect, it } from 'vitest';
import { lookAlikeJoins, valueEdges } from '../src/fields/learned/value-features.ts';
import type { Word } from '../src/types.ts';

const word = (text: string, x0: number, y0: number, x1: number, y1: number): Word => ({ text, confidence: 0.95, bbox: [x0, y0, x1, y1], page: 0, line: '1' });
const probs = (entries: Array<[Word, number]>): Map<Word, Float64Array> => new Map(entries.map(([w, p]) => [w, Float64Array.from([1 - p, p])]));

describe('how far the tagger runs past a value (valueEdges)', () => {
  // A company name wrapped in its cell: "NORTHGATE TEXTILE MILLS" and, under its start, "CORP"; a date beside it.
  const a = word('NORTHGATE', 100, 100, 240, 120), b = word('TEXTILE', 250, 100, 340, 120), c = word('MILLS', 350, 100, 420, 120);
  const tail = word('CORP', 100, 128, 160, 148), beside = word('SHIP', 440, 100, 500, 120), far = word('CORP', 900, 128, 960, 148);
  const page = [a, b, c, tail, beside, far];

  it('reads the model\'s chance of the field on the word under a value as a wrapped tail, and on the word beside it', () => {
    const edges = valueEdges([a, b, c], page, probs([[a, 0.9], [b, 0.9], [c, 0.9], [tail, 0.4], [beside, 0.1], [far, 0.8]]), 1);
    expect(edges).toEqual({ side: 0.1, wrap: 0.4 });
  });

  it('says nothing runs on where the value took its tail, and nothing at all without words', () => {
    expect(valueEdges([a, b, c, tail], page, probs([[a, 0.9], [b, 0.9], [c, 0.9], [tail, 0.9], [beside, 0], [far, 0.8]]), 1)).toEqual({ side: 0, wrap: 0 });
    expect(valueEdges([], page, probs([]), 1)).toBeNull();
  });
});

describe('look-alike glyphs where letters meet digits (lookAlikeJoins)', () => {
  it('counts the joins of a code at a glyph OCR confuses across letters and digits', () => {
    expect(lookAlikeJoins('SHO585349')).toBe(1);
    expect(lookAlikeJoins('B74681293')).toBe(1);
    expect(lookAlikeJoins('XMM347734')).toBe(0);
    expect(lookAlikeJoins('XMM287673')).toBe(1);
  });

  it('counts nothing in words of letters alone or digits alone', () => {
    expect(lookAlikeJoins('GOLDEN VALLEY 1050')).toBe(0);
    expect(lookAlikeJoins('04105538299530427')).toBe(0);
  });
});
