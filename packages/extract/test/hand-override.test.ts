import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startsWithLabel } from '../src/fields/find-labels.ts';
import { TreeModel, type TreeModelJson } from '../src/fields/learned/trees.ts';
import { HAND_OVERRIDE_FEATURES, HAND_OVERRIDE_PATH, handOverrideFeatures, handOverrideModel } from '../src/ocr/hand-override.ts';

const json = JSON.parse(readFileSync(HAND_OVERRIDE_PATH, 'utf8')) as TreeModelJson & { fitted: { check: { rows: Array<Array<number | null>>; probabilities: number[] } } };
const model = handOverrideModel()!;
const r = (text: string, confidence: number) => ({ text, confidence });
/** The override's chance for the hand reading, the choice having kept Tesseract's reading of the page pass. */
const chance = (tesseract: [string, number], print: [string, number], hand: [string, number], neuralChance: number): number =>
  model.handChance(handOverrideFeatures({
    first: r(...tesseract), tesseract: r(...tesseract), print: r(...print), hand: r(...hand), pick: r(...tesseract), pickedTesseract: true, neuralChance, height: 40,
  }, startsWithLabel));

describe('the second look at the handwriting model\'s reading of a weak line', () => {
  it('evaluates its trees as xgboost did on the rows written at fitting time, over features the code computes', () => {
    for (const f of json.features) expect(HAND_OVERRIDE_FEATURES).toContain(f);
    const trees = new TreeModel(json);
    json.fitted.check.rows.forEach((row, i) => expect(trees.predict(row.map((v) => v ?? Number.NaN))[1]).toBeCloseTo(json.fitted.check.probabilities[i]!, 5));
  });

  it('keeps a confident Tesseract reading that the print recogniser agrees with', () => {
    expect(chance(['HOUSTON, TX 77002', 94], ['HOUSTON, TX 77002', 97], ['HOUSTOW TX 7700Z', 80], 0.1)).toBeLessThan(0.5);
  });

  it('takes the handwriting model\'s reading where Tesseract and the print recogniser each misread it', () => {
    expect(chance(['Brownsvile', 60], ['Browusville', 90], ['Brownsville', 96], 0.4)).toBeGreaterThan(0.5);
    expect(chance(['78OO0', 55], ['7800O', 85], ['78000', 97], 0.3)).toBeGreaterThan(0.5);
  });

  it('sees a line the page pass missed as having no Tesseract confidence', () => {
    const f = handOverrideFeatures({ first: r('', 0), tesseract: r('', 0), print: r('MA1N', 60), hand: r('MAIN ST', 90), pick: r('MA1N', 60), pickedTesseract: false, neuralChance: 0.7, height: 30 }, () => false);
    expect(f[HAND_OVERRIDE_FEATURES.indexOf('missed')]).toBe(1);
    expect(f[HAND_OVERRIDE_FEATURES.indexOf('tess_conf')]).toBeNaN();
    expect(f[HAND_OVERRIDE_FEATURES.indexOf('hand_print')]).toBeCloseTo(0.5, 5);
  });
});
