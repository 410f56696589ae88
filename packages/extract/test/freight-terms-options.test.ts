import { describe, expect, it } from 'vitest';
import { freightTerms, unmarkedOption } from '../src/fields/learned/values.ts';
import type { Word } from '../src/types.ts';

// A row of words printed left to right on one line of page 0.
function row(...texts: string[]): Word[] {
  let x = 100;
  return texts.map((text) => { const w: Word = { text, confidence: 0.9, bbox: [x, 600, x + 20 * text.length, 630], page: 0, line: '1' }; x += 20 * text.length + 30; return w; });
}

describe('freight terms read from a row of options', () => {
  it('are no reading of the terms where no mark is read beside the option', () => {
    const words = row('Prepaid', 'Collect', '3rd', 'Party');
    expect(unmarkedOption([words[1]!], words)).toBe(true);
    expect(unmarkedOption([words[0]!], row('Prepaid', '☐', 'Collect', '☐'))).toBe(true);
  });

  it('are the terms where the option has a mark beside it, before or after', () => {
    const after = row('Prepaid', 'X', 'Collect', '☐', '3rd', 'Party', '☐');
    expect(unmarkedOption([after[0]!], after)).toBe(false);
    const before = row('☐', 'Prepaid', '☒', 'Collect');
    expect(unmarkedOption([before[3]!], before)).toBe(false);
  });

  it('stand alone where the row names one of them only', () => {
    const words = row('Freight', 'terms:', 'COLLECT');
    expect(unmarkedOption([words[2]!], words)).toBe(false);
    expect(freightTerms('COLLECT')).toBe('collect');
  });
});
