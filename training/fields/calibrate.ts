// Fits the tagger's confidence calibration on the training pages kept out of the fit (train.py writes their ids to
// DATA_DIR/split.json): each field the tagger reads there is scored right or wrong against the page's truth, and an
// isotonic table per field maps the raw score to a confidence. Writes the tables into the model file.
// usage: npx tsx training/fields/calibrate.ts MODEL.json DATA_DIR PAGES.jsonl...
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { asReadPage, readTruthPages } from '../../bench/lib/field-pages.ts';
import { sameValue, valueAt } from '../../packages/extract/src/fields/learned/field-truth.ts';
import { readLayout } from '../../packages/extract/src/fields/extract-fields.ts';
import { fitCalibration } from '../../packages/extract/src/fields/learned/calibration.ts';
import { ruleSources } from '../../packages/extract/src/fields/learned/features.ts';
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
const points: Array<{ field: string; raw: number; right: boolean }> = [];
let pages = 0;
for (const input of inputs) {
  for await (const p of readTruthPages(input)) {
    if (!held.has(p.id)) continue;
    held.delete(p.id);
    const page = asReadPage(p);
    const layout = readLayout([page]);
    for (const f of tagger.read([page], ruleSources(page, layout), layout).values()) {
      points.push({ field: f.field, raw: f.raw, right: sameValue(f.field, valueAt(p.truth, f.field), f.value) });
    }
    pages++;
  }
}
json.calibration = fitCalibration(points);
writeFileSync(modelPath, JSON.stringify(json));
const trusted = new FieldTagger(json);
const hi = points.filter((p) => trusted.calibration && (trusted.calibration[p.field] ?? trusted.calibration['*']) && calibrated(p) >= 0.9);
function calibrated(p: { field: string; raw: number }): number {
  const t = json.calibration![p.field] ?? json.calibration!['*']!;
  let y = t.y[0]!;
  t.x.forEach((x, i) => { if (x <= p.raw) y = t.y[i]!; });
  return y;
}
console.error(`calibrated on ${pages} pages, ${points.length} values (${points.filter((p) => p.right).length} right); `
  + `fitted tables: ${Object.keys(json.calibration).length}; at >= 0.9 on these same pages: ${hi.length} values, `
  + `${hi.length ? ((100 * hi.filter((p) => p.right).length) / hi.length).toFixed(2) : '—'} % right`);
