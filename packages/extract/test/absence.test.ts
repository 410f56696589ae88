import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CORE_FIELDS } from '@ladingwise/shared';
import { ABSENCE_FEATURE_NAMES, absenceFeatures, absenceModel, type AbsenceConfidence } from '../src/fields/learned/absence.ts';
import { TreeScore, type TreeScoreJson } from '../src/fields/learned/tree-score.ts';
import { chooseFields, readCandidates } from '../src/fields/learned/combine.ts';
import { valueAt } from '../src/fields/learned/field-truth.ts';
import { FieldTagger } from '../src/fields/learned/tagger.ts';
import { TreeModel } from '../src/fields/learned/trees.ts';
import { extractFields, readLayout } from '../src/fields/extract-fields.ts';
import { fixturePage, fixtureTruth } from './fixture-page.ts';

let json: TreeScoreJson;
let absence: AbsenceConfidence;
let tagger: FieldTagger;
beforeAll(() => {
  json = JSON.parse(readFileSync(new URL('../models/field-absence.json', import.meta.url), 'utf8')) as TreeScoreJson;
  absence = absenceModel(json);
  tagger = FieldTagger.load();
});

describe('absence model (empty core fields)', () => {
  it('evaluates its trees as xgboost did on the rows written at fitting time, over features the code computes', () => {
    for (const f of json.model.features) expect(ABSENCE_FEATURE_NAMES).toContain(f);
    const check = json.fitted!.check as { rows: Array<Array<number | null>>; probabilities: number[] };
    const model = new TreeModel(json.model);
    check.rows.forEach((row, i) => expect(model.predict(row.map((v) => v ?? Number.NaN))[1]).toBeCloseTo(check.probabilities[i]!, 5));
  });

  it('scores each core field the combined reader leaves empty, and no other, with the chance it is truly absent', () => {
    const page = fixturePage();
    const rules = extractFields([page]);
    const data = chooseFields([page], structuredClone(rules), tagger, 'combined', { absence });
    const bare = chooseFields([page], structuredClone(rules), tagger, 'combined', { absence: null });
    expect(data.MissingFields.length).toBeGreaterThan(0);
    for (const f of CORE_FIELDS) {
      if (data.MissingFields.includes(f)) {
        expect(data.ConfidenceScores[f]).toBeGreaterThanOrEqual(0);
        expect(data.ConfidenceScores[f]).toBeLessThanOrEqual(1);
        expect(bare.ConfidenceScores[f]).toBeUndefined();
      } else expect(data.ConfidenceScores[f]).toBe(bare.ConfidenceScores[f]);
    }
    // The fields the page truly lacks that reach 0.9 are truly absent (the fixture's truth).
    for (const f of data.MissingFields.filter((x) => data.ConfidenceScores[x]! >= 0.9)) expect(valueAt(fixtureTruth(), f) ?? null).toBeNull();
  });

  it('holds an empty field whose words the tagger found but no parser read below one with no sign of it on the page', () => {
    const page = fixturePage();
    const layout = readLayout([page]);
    const rules = extractFields([page], layout);
    const { candidates, quality, probs } = readCandidates([page], rules, tagger, layout);
    const data = chooseFields([page], structuredClone(rules), tagger, 'combined', { absence: null });
    const field = 'References.OrderNumber';
    const ev = { candidates, probs, classes: tagger.classes, unread: new Map(), layout, quality };
    const none = absenceFeatures(field, { ...data, References: { ...data.References, OrderNumber: null } }, { ...ev, probs: new Map(), candidates: [] });
    const col = (name: string): number => ABSENCE_FEATURE_NAMES.indexOf(name);
    // The same page with the field's words found by the tagger, sure of them, but unread by any parser.
    const found = Float64Array.from(none);
    found[col('unread')] = 1; found[col('tagger.max')] = 0.97; found[col('tagger.words')] = 2;
    expect(absence.score(found)).toBeLessThan(0.9);
    expect(absence.score(found)).toBeLessThan(absence.score(none));
  });

  it('empties a value the learned reader chose when the field is likelier absent than the value right, and no other', () => {
    const page = fixturePage();
    const layout = readLayout([page]);
    const rules = extractFields([page], layout);
    // The committed trees with every empty field judged absent at `chance`, to set the two claims against each other.
    const judged = (chance: number): AbsenceConfidence => new (class extends TreeScore { override score(): number { return chance; } })(json, ABSENCE_FEATURE_NAMES, 'absence model');
    const kept = chooseFields([page], structuredClone(rules), tagger, 'combined', { absence: judged(0), layout });
    const high = 0.95;
    const tested = chooseFields([page], structuredClone(rules), tagger, 'combined', { absence: judged(high), layout });
    const { candidates } = readCandidates([page], rules, tagger, layout);
    const learnedAlone = (f: string): boolean => { const c = candidates.find((x) => x.field === f); return !!c?.tagger && !c.rules; };
    let emptied = 0;
    for (const f of CORE_FIELDS.filter((x) => !kept.MissingFields.includes(x))) {
      const score = kept.ConfidenceScores[f]!;
      if (!tested.MissingFields.includes(f)) { expect(valueAt(tested, f)).toEqual(valueAt(kept, f)); continue; }
      emptied++;
      // Only a value less likely right than the field is likely absent goes, and the empty field carries that chance.
      expect(score).toBeLessThan(high);
      expect(tested.ConfidenceScores[f]).toBe(high);
    }
    // A value only the learned reader read, scored under the chance, has gone (the fixture has such values).
    for (const f of CORE_FIELDS.filter((x) => learnedAlone(x) && !kept.MissingFields.includes(x))) {
      if (kept.ConfidenceScores[f]! < high) expect(tested.MissingFields).toContain(f);
    }
    expect(emptied).toBeGreaterThan(0);
  });
});
