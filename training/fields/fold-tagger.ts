import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
