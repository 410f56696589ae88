// Out-of-fold values: every training page read by the rules and by a tagger fitted without its fold
// (WORK/folds/fold-K.json, fold-models.sh), each reader's value of each field written as a feature row
// (packages/extract/src/fields/learned/value-features.ts, the rows the extractor computes at run time) with whether it
// is right against the page's truth and which reader the combined and learned readers take. These rows fit the
// confidence model (fit-confidence.py). A fold's rows are kept while its model, the reading code and its pages are
// unchanged (WORK/folds/values-K.jsonl with a fingerprint), so a stopped run only reads the folds it had not.
// usage: npx tsx training/fields/oof-values.ts [--model TAGGER.json] WORK PAGES.jsonl...
//   --model  the tagger being fitted, whose calibration the fold models read with (default: the committed one)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { asReadPage } from '../../bench/lib/field-pages.ts';
import { extractFields, readLayout } from '../../packages/extract/src/fields/extract-fields.ts';
import { pickReader, readCandidates } from '../../packages/extract/src/fields/learned/combine.ts';
import { sameValue, valueAt } from '../../packages/extract/src/fields/learned/field-truth.ts';
import { MODEL_PATH, type TaggerJson } from '../../packages/extract/src/fields/learned/tagger.ts';
import { VALUE_FEATURE_NAMES, valueFeatures } from '../../packages/extract/src/fields/learned/value-features.ts';
import { fieldsCodeFingerprint, sha, storedRow, writeFoldRows } from './fold-rows.ts';

export interface ValueRow { page: string; family: string; fold: number; field: string; reader: 'rules' | 'tagger'; right: boolean; combined: boolean; learned: boolean; x: Array<number | null> }

const { values: opts, positionals } = parseArgs({ allowPositionals: true, options: { model: { type: 'string' } } });
const [work, ...inputs] = positionals;
if (!work || !inputs.length) { console.error('usage: oof-values.ts [--model TAGGER.json] WORK PAGES.jsonl...'); process.exit(2); }
// The calibration of the tagger that will read with this confidence model (the one the combined reader compares scores
// with at run time): the fold models read with it too, so their rows are the rows that tagger gives.
const calibration = (JSON.parse(readFileSync(opts.model ?? MODEL_PATH, 'utf8')) as TaggerJson).calibration;
// Rows are kept while the reading code, the calibration and the pages are the same.
const code = sha(fieldsCodeFingerprint() + JSON.stringify(calibration) + inputs.join(','));
await writeFoldRows(work, 'values', code, calibration, inputs, (tagger, p, fold) => {
  const page = asReadPage(p);
  const layout = readLayout([page]);
  const { candidates, quality } = readCandidates([page], extractFields([page], layout), tagger, layout);
  const rows: string[] = [];
  for (const c of candidates) {
    const truth = valueAt(p.truth, c.field);
    for (const reader of ['rules', 'tagger'] as const) {
      const value = reader === 'rules' ? c.rules?.value : c.tagger?.value;
      if (value === undefined) continue;
      rows.push(JSON.stringify({ page: p.id, family: p.family, fold, field: c.field, reader, right: sameValue(c.field, truth, value),
        combined: pickReader(c, 'combined') === reader, learned: pickReader(c, 'learned') === reader, x: storedRow(valueFeatures(c, reader, quality)) } satisfies ValueRow));
    }
  }
  return rows;
});
writeFileSync(join(work, 'folds', 'features.json'), JSON.stringify(VALUE_FEATURE_NAMES));
