// Helpers of the out-of-fold row writers (oof-values.ts, oof-absence.ts) and the feature export: the tagger fitted
// without a fold, the fold loop with its kept rows, and the fingerprint of the reading code the rows were made by.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { foldOf, readTruthPages, type TruthPage } from '../../bench/lib/field-pages.ts';
import { FieldTagger, type TaggerJson } from '../../packages/extract/src/fields/learned/tagger.ts';
import type { TreeModelJson } from '../../packages/extract/src/fields/learned/trees.ts';

export const sha = (s: string | Buffer): string => createHash('sha1').update(s).digest('hex').slice(0, 12);

/**
 * The tagger fitted without fold `fold` (WORK/folds/fold-K.json, fold-models.sh) with its second stage fitted without
 * it too (WORK/context/folds), reading with `calibration`, and a fingerprint of its files; null before the fold's
 * model is fitted.
 */
export function foldTagger(work: string, fold: number, calibration: TaggerJson['calibration']): { tagger: FieldTagger; stamp: string } | null {
  const modelPath = join(work, 'folds', `fold-${fold}.json`);
  if (!existsSync(modelPath)) return null;
  const contextPath = join(work, 'context', 'folds', `fold-${fold}.json`);
  const context = existsSync(contextPath) ? JSON.parse(readFileSync(contextPath, 'utf8')) as TreeModelJson : undefined;
  const stamp = `${sha(readFileSync(modelPath))}${context ? `-${sha(readFileSync(contextPath))}` : ''}`;
  return { tagger: new FieldTagger({ ...(JSON.parse(readFileSync(modelPath, 'utf8')) as TaggerJson), ...(context ? { context } : {}), calibration }), stamp };
}

/**
 * Writes out-of-fold rows fold by fold: each training page of `inputs` read by the tagger fitted without its fold
 * (`read` gives the page's rows), into WORK/folds/NAME-K.jsonl with a fingerprint of `code` and the fold's model, so
 * a fold whose rows were written by the same code and model is kept and a stopped run only reads the folds it had not.
 */
export async function writeFoldRows(work: string, name: string, code: string, calibration: TaggerJson['calibration'], inputs: string[],
  read: (tagger: FieldTagger, page: TruthPage, fold: number) => string[]): Promise<void> {
  const t0 = Date.now();
  for (let fold = 0; fold < 5; fold++) {
    const out = join(work, 'folds', `${name}-${fold}.jsonl`);
    const fitted = foldTagger(work, fold, calibration);
    if (!fitted) { console.error(`fold ${fold}: no model yet (fold-models.sh)`); continue; }
    const stamp = `${code}-${fitted.stamp}`;
    if (existsSync(out) && existsSync(`${out}.stamp`) && readFileSync(`${out}.stamp`, 'utf8') === stamp) { console.error(`fold ${fold}: kept`); continue; }
    const rows: string[] = [];
    const seen = new Set<string>();
    for (const input of inputs) for await (const p of readTruthPages(input)) {
      if (p.split !== 'train' || foldOf(p.id) !== fold || seen.has(p.id)) continue;
      seen.add(p.id);
      rows.push(...read(fitted.tagger, p, fold));
    }
    writeFileSync(out, `${rows.join('\n')}\n`);
    writeFileSync(`${out}.stamp`, stamp);
    console.error(`fold ${fold}: ${seen.size} pages, ${rows.length} rows, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
}

/** A feature row as the rows files keep it: numbers to six places, NaN as null. */
export const storedRow = (row: ArrayLike<number>): Array<number | null> => Array.from(row, (v) => (Number.isNaN(v) ? null : Math.round(v * 1e6) / 1e6));

/** A hash of the extractor code the features are computed by: fields/ (every file, in path order) and layout.ts. */
export function fieldsCodeFingerprint(): string {
  const src = fileURLToPath(new URL('../../packages/extract/src/', import.meta.url));
  const files = [join(src, 'layout.ts'), ...readdirSync(join(src, 'fields'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => join(src, 'fields', f))].sort();
  const h = createHash('sha1');
  for (const f of files) h.update(relative(src, f)).update(readFileSync(f));
  return h.digest('hex').slice(0, 12);
}
