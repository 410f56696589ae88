// Fits the tagger's confidence calibration on the training pages kept out of the fit (train.py writes their ids to
// DATA_DIR/split.json): each field the tagger reads there is scored right or wrong against the page's truth, and an
// isotonic table per field maps the raw score to a confidence (packages/extract/src/fields/learned/calibration.ts).
// Writes the tables into the model file; prints, for comparison, how the rule extractor's own scores fare there.
// usage: npx tsx training/fields/calibrate.ts MODEL.json DATA_DIR PAGES.jsonl...
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { asReadPage, readTruthPages } from '../../bench/lib/field-pages.ts';
import { sameValue, valueAt } from '../../packages/extract/src/fields/learned/field-truth.ts';
import { extractFields, readLayout } from '../../packages/extract/src/fields/extract-fields.ts';
import { calibrate, fitCalibration, type Calibration } from '../../packages/extract/src/fields/learned/calibration.ts';
import { hasValue } from '@ladingwise/shared';
import { TAG_FIELDS } from '../../packages/extract/src/fields/learned/features.ts';
import { FieldTagger, type TaggerJson } from '../../packages/extract/src/fields/learned/tagger.ts';

const [modelPath, dataDir, ...inputs] = process.argv.slice(2);
if (!modelPath || !dataDir || !inputs.length) {
  console.error('usage: calibrate.ts MODEL.json DATA_DIR PAGES.jsonl...');
  process.exit(2);
}
const json = JSON.parse(readFileSync(modelPath, 'utf8')) as TaggerJson;
delete json.calibration;
const tagger = new FieldTagger(json);
const held = new Set((JSON.parse(readFileSync(join(dataDir, 'split.json'), 'utf8')) as { calibration: string[] }).calibration);
type Point = { field: string; raw: number; right: boolean };
const points = { tagger: [] as Point[], rules: [] as Point[] };
let pages = 0;
const t0 = Date.now();
for (const input of inputs) {
  for await (const p of readTruthPages(input)) {
    if (!held.has(p.id)) continue;
    held.delete(p.id);
    const page = asReadPage(p);
    const layout = readLayout([page]);
    const rules = extractFields([page], layout);
    const tagged = tagger.read([page], rules.FieldSources ?? {}, layout);
    for (const f of tagged.values()) points.tagger.push({ field: f.field, raw: f.raw, right: sameValue(f.field, valueAt(p.truth, f.field), f.value) });
    for (const field of TAG_FIELDS) {
      if (!hasValue(rules, field)) continue;
      points.rules.push({ field, raw: rules.ConfidenceScores[field] ?? 0, right: sameValue(field, valueAt(p.truth, field), valueAt(rules, field)) });
    }
    pages++;
  }
}
json.calibration = fitCalibration(points.tagger);
writeFileSync(modelPath, JSON.stringify(json));
// The scored values, for looking into the calibration without reading the pages again.
writeFileSync(join(dataDir, 'calibration-points.json'), JSON.stringify(points));
/** How many values reach 0.9 on these same pages, and how many of those are right (a check of the fit, not a measurement). */
const top = (c: Calibration | null, ps: Point[]): string => {
  const hi = ps.filter((p) => (c ? calibrate(c, p.field, p.raw) : p.raw) >= 0.9);
  return `${ps.length} values (${ps.filter((p) => p.right).length} right), ${hi.length} at >= 0.9 (${hi.length ? ((100 * hi.filter((p) => p.right).length) / hi.length).toFixed(2) : '—'} % right)`;
};
console.error(`calibrated on ${pages} pages in ${((Date.now() - t0) / 1000).toFixed(0)} s; tagger: ${top(json.calibration, points.tagger)}; `
  + `the rules' own scores: ${top(null, points.rules)}`);
