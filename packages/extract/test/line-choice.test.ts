import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startsWithLabel } from '../src/fields/find-labels.ts';
import { TreeModel, type TreeModelJson } from '../src/fields/learned/trees.ts';
import { agreement, LINE_CHOICE_FEATURES, LINE_CHOICE_PATH, lineChoiceFeatures, lineChoiceModel } from '../src/ocr/line-choice.ts';

const json = JSON.parse(readFileSync(LINE_CHOICE_PATH, 'utf8')) as TreeModelJson & { fitted: { check: { rows: Array<Array<number | null>>; probabilities: number[] } } };
const model = lineChoiceModel()!;
/** The committed choice's chance for the neural reading, Tesseract's reading being the page pass's. */
const chance = (tesseract: string, tesseractConf: number, neural: string, neuralConf: number, height = 40): number =>
  model.neuralChance(lineChoiceFeatures({ text: tesseract, confidence: tesseractConf }, { text: tesseract, confidence: tesseractConf }, { text: neural, confidence: neuralConf }, height, startsWithLabel));

describe('the choice between a weak line\'s two readings', () => {
  it('evaluates its trees as xgboost did on the rows written at fitting time, over features the code computes', () => {
    for (const f of json.features) expect(LINE_CHOICE_FEATURES).toContain(f);
    const trees = new TreeModel(json);
    json.fitted.check.rows.forEach((row, i) => expect(trees.predict(row.map((v) => v ?? Number.NaN))[1]).toBeCloseTo(json.fitted.check.probabilities[i]!, 5));
  });

  it('keeps Tesseract\'s confident reading of a line the neural reader reads otherwise', () => {
    expect(chance('HOUSTON, TX 77002', 93, 'HOUSTON TX 77062', 97)).toBeLessThan(0.5);
  });

  it('takes the neural reading where Tesseract read nothing, marks, or a lone digit weakly', () => {
    expect(chance('', 0, 'ACME FOODS', 92)).toBeGreaterThan(0.5);
    expect(chance('|~ r.i', 30, 'P0 4471', 80)).toBeGreaterThan(0.5);
    expect(chance('0', 41, '4', 96, 20)).toBeGreaterThan(0.5);
  });

  it('sees a line the page pass missed as having no Tesseract confidence, and how alike two readings are', () => {
    const f = lineChoiceFeatures({ text: '', confidence: 0 }, { text: '', confidence: 0 }, { text: 'MAIN ST', confidence: 90 }, 30, () => false);
    expect(f[LINE_CHOICE_FEATURES.indexOf('missed')]).toBe(1);
    expect(f[LINE_CHOICE_FEATURES.indexOf('tess_conf')]).toBeNaN();
    expect(agreement('Main St.', 'MAIN ST')).toBe(1);
    expect(agreement('HOUSTON', 'HOUST0N')).toBeCloseTo(6 / 7, 5);
  });
});
