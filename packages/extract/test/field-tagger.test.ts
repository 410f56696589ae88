import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { calibrate, confidenceOf, fitIsotonic } from '../src/fields/learned/calibration.ts';
import { ALONE_MIN, chooseFields } from '../src/fields/learned/combine.ts';
import { FEATURE_NAMES, pageFeatures } from '../src/fields/learned/features.ts';
import { FieldTagger, groupWords, type TaggerJson } from '../src/fields/learned/tagger.ts';
import { TreeModel } from '../src/fields/learned/trees.ts';
import { extractFields } from '../src/fields/extract-fields.ts';
import type { ReadPage, Word } from '../src/types.ts';
import { sameValue, valueAt } from '../src/fields/learned/field-truth.ts';

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** The committed fixture page: a generated page's OCR words as the page reader gave them (from the field dataset). */
function fixturePage(): ReadPage {
  const p = JSON.parse(fixture('field-page.json')) as { width: number; height: number; words: Array<{ text: string; conf: number; box: Word['bbox']; line: string }> };
  return {
    index: 0, width: p.width, height: p.height, rotation: 0, barcodes: [], blank: false, toUpright: (b) => b,
    words: p.words.map((w) => ({ text: w.text, confidence: w.conf / 100, bbox: w.box, page: 0, line: String(w.line) })),
  };
}

let tagger: FieldTagger;
let json: TaggerJson;
beforeAll(() => {
  json = JSON.parse(readFileSync(new URL('../models/field-tagger.json', import.meta.url), 'utf8')) as TaggerJson;
  tagger = new FieldTagger(json);
});

describe('field tagger model', () => {
  it('evaluates the trees exactly as xgboost does (rows and probabilities written at training time)', () => {
    const check = JSON.parse(fixture('field-tagger-check.json')) as { features: string[]; rows: Array<Array<number | null>>; probabilities: number[][] };
    expect(check.features).toEqual(json.features);
    const model = new TreeModel(json);
    check.rows.forEach((row, i) => {
      const p = model.predict(row.map((v) => v ?? Number.NaN));
      p.forEach((v, k) => expect(v).toBeCloseTo(check.probabilities[i]![k]!, 5));
    });
  });

  it('uses only features the code computes, and every feature row has one value per feature name', () => {
    expect(new Set(FEATURE_NAMES).size).toBe(FEATURE_NAMES.length);
    for (const f of json.features) expect(FEATURE_NAMES).toContain(f);
    const rows = pageFeatures(fixturePage());
    expect(rows.length).toBe(fixturePage().words.length);
    for (const r of rows) expect(r.length).toBe(FEATURE_NAMES.length);
  });

  it('reads the fixture page (a generated page it was not trained on) into its fields with confidences and boxes', () => {
    const page = fixturePage();
    const truth = (JSON.parse(fixture('field-page.json')) as { truth: unknown }).truth;
    const fields = tagger.read([page], extractFields([page]).FieldSources ?? {});
    const right = [...fields.values()].filter((f) => sameValue(f.field, valueAt(truth, f.field), f.value)).map((f) => f.field);
    // The references the form labels plainly, its numbers and the consignee's city line are read right; a model that
    // lost its features (a drift between training and run time) reads next to none of them.
    expect(right).toEqual(expect.arrayContaining(['References.PoNumber', 'References.OrderNumber', 'ShipmentDetails.Weight', 'ShipmentDetails.FreightClass',
      'Consignee.City', 'Consignee.State', 'Consignee.Zip', 'Shipper.Zip']));
    expect(right.length).toBeGreaterThanOrEqual(14);
    for (const f of fields.values()) {
      expect(f.confidence).toBeGreaterThanOrEqual(0);
      expect(f.confidence).toBeLessThanOrEqual(1);
      expect(f.words.length).toBeGreaterThan(0);
    }
    expect(fields.get('References.PoNumber')?.words.map((w) => w.text)).toEqual(['5789359']);
  });

  it('has a monotone calibration: a higher raw score never gets a lower confidence', () => {
    expect(json.calibration).toBeDefined();
    for (const t of Object.values(json.calibration!)) {
      for (let i = 1; i < t.y.length; i++) { expect(t.x[i]!).toBeGreaterThan(t.x[i - 1]!); expect(t.y[i]!).toBeGreaterThanOrEqual(t.y[i - 1]!); }
    }
    let last = -1;
    for (let raw = 0; raw <= 1.0001; raw += 0.01) {
      const c = calibrate(json.calibration, 'References.BolNumber', raw);
      expect(c).toBeGreaterThanOrEqual(last);
      last = c;
    }
  });
});

describe('calibration', () => {
  it('fits shares right that never fall as the score rises, pooling blocks that would', () => {
    const points = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8].map((raw, i) => ({ raw, right: [false, true, false, false, true, true, true, true][i]! }));
    const t = fitIsotonic(points);
    for (let i = 1; i < t.y.length; i++) expect(t.y[i]!).toBeGreaterThanOrEqual(t.y[i - 1]!);
    expect(calibrate({ '*': t }, 'any', 0.05)).toBe(t.y[0]);
    expect(calibrate({ '*': t }, 'any', 0.8)).toBe(t.y[t.y.length - 1]);
  });

  it('gives 0.9 or more only to blocks right at least 99.5 % of the time, even at their lower bound', () => {
    expect(confidenceOf(1000, 1000)).toBeGreaterThanOrEqual(0.9);
    expect(confidenceOf(990, 1000)).toBeLessThan(0.9);
    // A small block of values all right has not shown 99.5 %.
    expect(confidenceOf(30, 30)).toBeLessThan(0.9);
  });
});

describe('decoding', () => {
  const w = (text: string, x0: number, y0: number): Word => ({ text, confidence: 0.9, bbox: [x0, y0, x0 + 10 * text.length, y0 + 20], page: 0, line: '1' });

  it('groups words level on a line and close together into one value, in reading order', () => {
    const groups = groupWords([w('DR', 220, 100), w('3275', 100, 98), w('HARBOR', 150, 100), w('PORTLAND', 100, 160), w('FAR', 900, 100)]);
    expect(groups.map((g) => g.map((x) => x.text).join(' '))).toEqual(['3275 HARBOR DR', 'FAR', 'PORTLAND']);
  });

  it('takes per field the surer reading in combined mode (a rule value the tagger contradicts stays below 0.9, a weak value only the tagger read is left out), and only the tagger in learned mode', () => {
    const page = fixturePage();
    const rules = extractFields([page]);
    const learned = chooseFields([page], structuredClone(rules), tagger, 'learned');
    const combined = chooseFields([page], structuredClone(rules), tagger, 'combined');
    const tagged = tagger.read([page], rules.FieldSources ?? {});
    const plain = (v: unknown): string => String(v ?? '').toUpperCase().replace(/[^A-Z0-9.]/g, '');
    let contradicted = 0;
    let leftOut = 0;
    for (const [field, t] of tagged) {
      expect(learned.ConfidenceScores[field]).toBeCloseTo(t.confidence, 2);
      expect(valueAt(learned, field)).toEqual(t.value);
      const ruleConf = rules.ConfidenceScores[field];
      const ruleValue = valueAt(rules, field);
      if (ruleValue !== null && ruleValue !== undefined && ruleConf !== undefined && ruleConf >= t.confidence) {
        expect(valueAt(combined, field)).toEqual(ruleValue);
        const agree = plain(ruleValue) === plain(t.value);
        if (!agree) contradicted++;
        expect(combined.ConfidenceScores[field]).toBeCloseTo(agree ? ruleConf : Math.min(ruleConf, 0.85), 2);
      } else if ((ruleValue === null || ruleValue === undefined) && t.confidence < ALONE_MIN) {
        // Only the tagger read it, and more likely wrong than right: left for a person.
        expect(valueAt(combined, field) ?? null).toBeNull();
        expect(combined.ConfidenceScores[field]).toBeUndefined();
        leftOut++;
      } else {
        expect(valueAt(combined, field)).toEqual(t.value);
        expect(combined.ConfidenceScores[field]).toBeCloseTo(t.confidence, 2);
      }
    }
    expect(contradicted).toBeGreaterThan(0);
    expect(leftOut).toBeGreaterThan(0);
    expect(chooseFields([page], rules, tagger, 'rules')).toBe(rules);
  });
});
