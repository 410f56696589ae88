// Out-of-fold absences: every training page (and template page) read by the rules and by a tagger fitted without its
// fold, as the combined reader reads at run time (with the committed confidence model); each core field it leaves
// empty becomes a feature row of absence.ts with whether the bill truly lacks it. These rows fit the absence model
// (fit-confidence.py --kind absence). A fold's rows are kept while its model, the reading code and its pages are
// unchanged (WORK/folds/absent-K.jsonl with a fingerprint).
// usage: npx tsx training/fields/oof-absence.ts [--model TAGGER.json] [--confidence CONFIDENCE.json] WORK PAGES.jsonl...
//   --model       the tagger being fitted, whose calibration the fold models read with (default: the committed one)
//   --confidence  the confidence model the combined reader chooses with (default: the committed one)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isBlank } from '@ladingwise/shared';
import { asReadPage } from '../../bench/lib/field-pages.ts';
import { extractFields, readLayout } from '../../packages/extract/src/fields/extract-fields.ts';
import { ABSENCE_FEATURE_NAMES } from '../../packages/extract/src/fields/learned/absence.ts';
import { chooseFields } from '../../packages/extract/src/fields/learned/combine.ts';
import { valueAt } from '../../packages/extract/src/fields/learned/field-truth.ts';
import { MODEL_PATH, type TaggerJson } from '../../packages/extract/src/fields/learned/tagger.ts';
import { CONFIDENCE_PATH, ValueConfidence } from '../../packages/extract/src/fields/learned/value-confidence.ts';
import { fieldsCodeFingerprint, sha, storedRow, writeFoldRows } from './fold-rows.ts';

const { values: opts, positionals } = parseArgs({ allowPositionals: true, options: { model: { type: 'string' }, confidence: { type: 'string' } } });
const [work, ...inputs] = positionals;
if (!work || !inputs.length) { console.error('usage: oof-absence.ts [--model TAGGER.json] WORK PAGES.jsonl...'); process.exit(2); }
const calibration = (JSON.parse(readFileSync(opts.model ?? MODEL_PATH, 'utf8')) as TaggerJson).calibration;
// Rows are kept while the reading code, the confidence model, the calibration and the pages are the same.
const code = sha(fieldsCodeFingerprint() + sha(readFileSync(opts.confidence ?? CONFIDENCE_PATH)) + JSON.stringify(calibration) + inputs.join(','));
const confidence = ValueConfidence.load(opts.confidence ?? CONFIDENCE_PATH);
await writeFoldRows(work, 'absent', code, calibration, inputs, (tagger, p, fold) => {
  const page = asReadPage(p);
  const layout = readLayout([page]);
  const absentRows = new Map<string, Float64Array>();
  chooseFields([page], extractFields([page], layout), tagger, 'combined', { layout, confidence, absence: null, absentRows });
  return [...absentRows].map(([field, row]) => {
    const truth = valueAt(p.truth, field);
    return JSON.stringify({ page: p.id, family: p.family, fold, field, right: isBlank(truth), x: storedRow(row) });
  });
});
writeFileSync(join(work, 'folds', 'absence-features.json'), JSON.stringify(ABSENCE_FEATURE_NAMES));
