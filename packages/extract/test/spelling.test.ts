import { describe, expect, it } from 'vitest';
import { confidenceIn, correctWord, isKnownWord, repairSpelling } from '../src/fields/spelling.ts';

describe('spelling repair of weakly read words', () => {
  it('puts a handwritten slip right when one cheap edit reaches a word of the three languages', () => {
    expect(correctWord('HOUSEHOUD')).toBe('HOUSEHOLD');
    expect(correctWord('HARDNARE')).toBe('HARDWARE');
    expect(correctWord('CABNETRY')).toBe('CABINETRY');
    expect(correctWord('BOTILED')).toBe('BOTTLED');
  });

  it('leaves known words, proper names no edit reaches and company forms alone', () => {
    expect(isKnownWord('CALLE')).toBe(true);
    for (const w of ['CALLE', 'MONROE', 'ANAHUAC', 'BRIGHTON', 'LTEE', 'SA', 'CV']) expect(correctWord(w)).toBeNull();
  });

  it('knows the Spanish and French past participles goods are named with, and spells toward them', () => {
    for (const w of ['EMBOUTEILLEE', 'ONDULES', 'LAMINADO', 'REFRIGERADAS']) expect(isKnownWord(w)).toBe(true);
    expect(correctWord('EMBOUTEILEE')).toBe('EMBOUTEILLEE');
  });

  it('spells the word after an elided article', () => {
    expect(repairSpelling("BOIS D'DEUVRE", () => 0.8)).toEqual({ value: "BOIS D'OEUVRE", repaired: true });
  });

  it('changes only the words the OCR was unsure of, and says so', () => {
    const words = [{ text: 'HOUSEHOUD', confidence: 0.5 }, { text: 'GOODS', confidence: 0.96 }];
    expect(repairSpelling('HOUSEHOUD GOODS', confidenceIn(words))).toEqual({ value: 'HOUSEHOLD GOODS', repaired: true });
    const sure = [{ text: 'HOUSEHOUD', confidence: 0.9 }, { text: 'GOODS', confidence: 0.96 }];
    expect(repairSpelling('HOUSEHOUD GOODS', confidenceIn(sure))).toEqual({ value: 'HOUSEHOUD GOODS', repaired: false });
  });
});
