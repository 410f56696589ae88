// Out-of-fold values: every training page read by the rules and by a tagger fitted without its fold
// (WORK/folds/fold-K.json, fold-models.sh), each reader's value of each field written as a feature row
// (packages/extract/src/fields/learned/value-features.ts, the rows the extractor computes at run time) with whether it
// is right against the page's truth and which reader the combined and learned readers take. These rows fit the
// confidence model (fit-confidence.py). A fold's rows are kept while its model, the reading code and its pages are
// unchanged (WORK/folds/values-K.jsonl with a fingerprint), so a stopped run only reads the folds it had not.
// usage: npx tsx training/fields/oof-values.ts [--model TAGGER.json] WORK PAGES.jsonl...
//   --model  the tagger being fitted, whose calibration the fold models read with (default: the committed one)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { asReadPage, foldOf, readTruthPages } from '../../bench/lib/field-pages.ts';
import { extractFields, readLayout } from '../../packages/extract/src/fields/extract-fields.ts';
import { pickReader, readCandidates } from '../../packages/extract/src/fields/learned/combine.ts';
import { sameValue, valueAt } from '../../packages/extract/src/fields/learned/field-truth.ts';
import { MODEL_PATH, type TaggerJson } from '../../packages/extract/src/fields/learned/tagger.ts';
import { VALUE_FEATURE_NAMES, valueFeatures } from '../../packages/extract/src/fields/learned/value-features.ts';
import { foldTagger, sha } from './fold-tagger.ts';

export interface ValueRow { page: string; family: string; fold: number; field: string; reader: 'rules' | 'tagger'; right: boolean; combined: boolean; learned: boolean; x: Array<number | null> }

const { values: opts, positionals } = parseArgs({ allowPositionals: true, options: { model: { type: 'string' } } });
const [work, ...inputs] = positionals;
if (!work || !inputs.length) { console.error('usage: oof-values.ts [--model TAGGER.json] WORK PAGES.jsonl...'); process.exit(2); }
// The calibration of the tagger that will read with this confidence model (the one the combined reader compares scores
// with at run time): the fold models read with it too, so their rows are the rows that tagger gives.
const calibration = (JSON.parse(readFileSync(opts.model ?? MODEL_PATH, 'utf8')) as TaggerJson).calibration;
const code = sha(['value-features.ts', 'combine.ts', 'tagger.ts', 'context.ts', 'party-blocks.ts', 'values.ts', '../extract-fields.ts', '../parse-date.ts'].map((f) => readFileSync(new URL(`../../packages/extract/src/fields/learned/${f}`, import.meta.url), 'utf8')).join('\n')
  + JSON.stringify(calibration) + inputs.join(','));
const t0 = Date.now();
for (let fold = 0; fold < 5; fold++) {
  const out = join(work, 'folds', `values-${fold}.jsonl`);
  const fitted = foldTagger(work, fold, calibration);
  if (!fitted) { console.error(`fold ${fold}: no model yet (fold-models.sh)`); continue; }
  const stamp = `${code}-${fitted.stamp}`;
  if (existsSync(out) && existsSync(`${out}.stamp`) && readFileSync(`${out}.stamp`, 'utf8') === stamp) { console.error(`fold ${fold}: kept`); continue; }
  const { tagger } = fitted;
  const rows: string[] = [];
  const seen = new Set<string>();
  for (const input of inputs) for await (const p of readTruthPages(input)) {
    if (p.split !== 'train' || foldOf(p.id) !== fold || seen.has(p.id)) continue;
    seen.add(p.id);
    const page = asReadPage(p);
    const layout = readLayout([page]);
    const { candidates, quality } = readCandidates([page], extractFields([page], layout), tagger, layout);
    for (const c of candidates) {
      const truth = valueAt(p.truth, c.field);
      for (const reader of ['rules', 'tagger'] as const) {
        const value = reader === 'rules' ? c.rules?.value : c.tagger?.value;
        if (value === undefined) continue;
        const x = Array.from(valueFeatures(c, reader, quality), (v) => (Number.isNaN(v) ? null : Math.round(v * 1e6) / 1e6));
        rows.push(JSON.stringify({ page: p.id, family: p.family, fold, field: c.field, reader, right: sameValue(c.field, truth, value),
          combined: pickReader(c, 'combined') === reader, learned: pickReader(c, 'learned') === reader, x } satisfies ValueRow));
      }
    }
  }
  writeFileSync(out, `${rows.join('\n')}\n`);
  writeFileSync(`${out}.stamp`, stamp);
  console.error(`fold ${fold}: ${seen.size} pages, ${rows.length} values, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
writeFileSync(join(work, 'folds', 'features.json'), JSON.stringify(VALUE_FEATURE_NAMES));
