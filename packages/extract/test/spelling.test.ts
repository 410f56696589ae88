import { describe, expect, it } from 'vitest';
import { confidenceIn, correctWord, isKnownWord, joinSplitWords, repairLookAlikeWords, repairSpelling } from '../src/fields/spelling.ts';

describe('spelling repair of weakly read words', () => {
  it('puts a handwritten slip right when one cheap edit reaches a word of the three languages', () => {
    expect(correctWord('HOUSEHOUD')).toBe('HOUSEHOLD');
    expect(correctWord('HARDNARE')).toBe('HARDWARE');
    expect(correctWord('CABNETRY')).toBe('CABINETRY');
    expect(correctWord('BOTILED')).toBe('BOTTLED');
  });

  it('puts right an H read as two bars and a French article\'s lost apostrophe, only where the dictionary says so', () => {
    expect(repairLookAlikeWords('IIOUSEIIOLD CLEANING SUPPLIES')).toEqual({ value: 'HOUSEHOLD CLEANING SUPPLIES', repaired: true });
    expect(repairLookAlikeWords('BOIS DOEUVRE').value).toBe("BOIS D'OEUVRE");
    expect(repairLookAlikeWords('PRODUITS DENTRETIEN').value).toBe("PRODUITS D'ENTRETIEN");
    expect(repairLookAlikeWords('SKIING GOODS').repaired).toBe(false);
    expect(repairLookAlikeWords('DELTA LUMBER').repaired).toBe(false);
    // An R and N run together into an M, and the other way.
    expect(repairLookAlikeWords('COMERSTONE POLYMERS INC').value).toBe('CORNERSTONE POLYMERS INC');
    expect(repairLookAlikeWords('MODERN FLOORING').repaired).toBe(false);
  });

  it('joins a word the reader split at a narrow gap, and leaves words of their own apart', () => {
    expect(joinSplitWords('22242 FOU N DRY BLVD', { street: true })).toEqual({ value: '22242 FOUNDRY BLVD', repaired: true });
    expect(joinSplitWords('10890 CENTR AL BLVD', { street: true }).value).toBe('10890 CENTRAL BLVD');
    expect(joinSplitWords('LOSE TA CERAMICA').value).toBe('LOSETA CERAMICA');
    expect(joinSplitWords('ACME HOLDING S').value).toBe('ACME HOLDINGS');
    expect(joinSplitWords('WHITEW ATER GROCERS LLC').value).toBe('WHITEWATER GROCERS LLC');
    expect(joinSplitWords('I NDUSTRIAS CUMBRES SA DE CV').value).toBe('INDUSTRIAS CUMBRES SA DE CV');
    expect(joinSplitWords('SUMMIT RIDGE COAT INGS CORP').value).toBe('SUMMIT RIDGE COATINGS CORP');
    expect(joinSplitWords('J B NDUSTRIAS').repaired).toBe(false);
    expect(joinSplitWords('A BETTER WAY').repaired).toBe(false);
    // Articles, compass points after a street's name, initials and words of their own stay as read.
    expect(joinSplitWords('CARRETERA DE LA COSTA').repaired).toBe(false);
    expect(joinSplitWords('1234 MAIN S', { street: true }).repaired).toBe(false);
    expect(joinSplitWords('J B HUNT TRANSPORT').repaired).toBe(false);
    expect(joinSplitWords('COPPER FIELD SUPPLY').repaired).toBe(false);
  });

  it('joins a long word read in short or wordless pieces, and never two whole words', () => {
    expect(joinSplitWords('16057 TER MINAL RD', { street: true })).toEqual({ value: '16057 TERMINAL RD', repaired: true });
    expect(joinSplitWords('COPPERFIELD BE ARIN GS').value).toBe('COPPERFIELD BEARINGS');
    expect(joinSplitWords('STONE BRIDGE NUTRITION INC').repaired).toBe(false);
    expect(joinSplitWords('RIO BRAVO SA DE CV').repaired).toBe(false);
    expect(joinSplitWords('AV DE LOS INSURGENTES').repaired).toBe(false);
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
