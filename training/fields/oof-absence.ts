// Out-of-fold absences: every training page (and template page) read by the rules and by a tagger fitted without its
// fold, as the combined reader reads at run time (with the committed confidence model); each core field it leaves
// empty becomes a feature row of absence.ts with whether the bill truly lacks it. These rows fit the absence model
// (fit-confidence.py --kind absence). A fold's rows are kept while its model, the reading code and its pages are
// unchanged (WORK/folds/absent-K.jsonl with a fingerprint).
// usage: npx tsx training/fields/oof-absence.ts [--model TAGGER.json] [--confidence CONFIDENCE.json] WORK PAGES.jsonl...
//   --model       the tagger being fitted, whose calibration the fold models read with (default: the committed one)
//   --confidence  the confidence model the combined reader chooses with (default: the committed one)
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { asReadPage, foldOf, readTruthPages } from '../../bench/lib/field-pages.ts';
import { extractFields, readLayout } from '../../packages/extract/src/fields/extract-fields.ts';
import { ABSENCE_FEATURE_NAMES } from '../../packages/extract/src/fields/learned/absence.ts';
import { chooseFields } from '../../packages/extract/src/fields/learned/combine.ts';
import { valueAt } from '../../packages/extract/src/fields/learned/field-truth.ts';
import { MODEL_PATH, type TaggerJson } from '../../packages/extract/src/fields/learned/tagger.ts';
import { CONFIDENCE_PATH, ValueConfidence } from '../../packages/extract/src/fields/learned/value-confidence.ts';
import { foldTagger, sha } from './fold-tagger.ts';

const { values: opts, positionals } = parseArgs({ allowPositionals: true, options: { model: { type: 'string' }, confidence: { type: 'string' } } });
const [work, ...inputs] = positionals;
if (!work || !inputs.length) { console.error('usage: oof-absence.ts [--model TAGGER.json] WORK PAGES.jsonl...'); process.exit(2); }
const calibration = (JSON.parse(readFileSync(opts.model ?? MODEL_PATH, 'utf8')) as TaggerJson).calibration;
const src = new URL('../../packages/extract/src/fields/', import.meta.url);
const code = sha(['learned', '.'].flatMap((d) => readdirSync(new URL(`${d}/`, src)).filter((f) => f.endsWith('.ts')).sort().map((f) => readFileSync(new URL(`${d}/${f}`, src), 'utf8'))).join('\n')
  + sha(readFileSync(opts.confidence ?? CONFIDENCE_PATH)) + JSON.stringify(calibration) + inputs.join(','));
const confidence = ValueConfidence.load(opts.confidence ?? CONFIDENCE_PATH);
const t0 = Date.now();
for (let fold = 0; fold < 5; fold++) {
  const out = join(work, 'folds', `absent-${fold}.jsonl`);
  const fitted = foldTagger(work, fold, calibration);
  if (!fitted) { console.error(`fold ${fold}: no model yet (fold-models.sh)`); continue; }
  const stamp = `${code}-${fitted.stamp}`;
  if (existsSync(out) && existsSync(`${out}.stamp`) && readFileSync(`${out}.stamp`, 'utf8') === stamp) { console.error(`fold ${fold}: kept`); continue; }
  const rows: string[] = [];
  const seen = new Set<string>();
  for (const input of inputs) for await (const p of readTruthPages(input)) {
    if (p.split !== 'train' || foldOf(p.id) !== fold || seen.has(p.id)) continue;
    seen.add(p.id);
    const page = asReadPage(p);
    const layout = readLayout([page]);
    const absentRows = new Map<string, Float64Array>();
    chooseFields([page], extractFields([page], layout), fitted.tagger, 'combined', { layout, confidence, absence: null, absentRows });
    for (const [field, row] of absentRows) {
      const truth = valueAt(p.truth, field);
      const x = Array.from(row, (v) => (Number.isNaN(v) ? null : Math.round(v * 1e6) / 1e6));
      rows.push(JSON.stringify({ page: p.id, family: p.family, fold, field, right: truth === null || truth === undefined || truth === '', x }));
    }
  }
  writeFileSync(out, `${rows.join('\n')}\n`);
  writeFileSync(`${out}.stamp`, stamp);
  console.error(`fold ${fold}: ${seen.size} pages, ${rows.length} empty fields, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
writeFileSync(join(work, 'folds', 'absence-features.json'), JSON.stringify(ABSENCE_FEATURE_NAMES));
