// Re-runs field extraction on OCR'd pages kept by ocr-cache.ts and scores them with the shared scorer.
// usage: npx tsx bench/tools/rescore.ts SET_DIR CACHE_DIR [--out preds.ndjson] [--dev DEV_DIR]
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { extractFields } from '../../packages/extract/src/fields/extract-fields.ts';
import type { ReadPage } from '../../packages/extract/src/types.ts';

const { positionals, values } = parseArgs({ allowPositionals: true, options: {
  out: { type: 'string', default: 'bench/out/rescore.preds.ndjson' }, dev: { type: 'string', default: '../shared/bol-dev' },
} });
const [setDir, cacheDir] = positionals;
if (!setDir || !cacheDir) { console.error('usage: rescore.ts SET_DIR CACHE_DIR [--out FILE] [--dev DEV_DIR]'); process.exit(2); }
const truth = JSON.parse(readFileSync(join(setDir, 'truth.json'), 'utf8')) as Array<{ file: string }>;
const rows = truth.map((doc) => {
  const f = join(cacheDir, `${basename(doc.file)}.json`);
  if (!existsSync(f)) return { file: doc.file, error: 'not in the OCR cache' };
  const pages = (JSON.parse(readFileSync(f, 'utf8')) as Array<Omit<ReadPage, 'toUpright'>>).map((p) => ({ ...p, toUpright: (b: ReadPage['words'][number]['bbox']) => b }));
  return { file: doc.file, extractedData: extractFields(pages) };
});
writeFileSync(values.out, `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
process.stdout.write(execFileSync('node', [resolve(values.dev, 'score.mjs'), join(setDir, 'truth.json'), values.out], { encoding: 'utf8' }));
