/**
 * Which fields a reviewer must look at. A field is `invalid` when a validation message names it
 * (missing for the EDI, a bad date...) and `unsure` when its calibrated score is under the
 * threshold. Editing or confirming a field sets its score to 1 (see markReviewed), and the
 * re-validated draft drops fixed messages, so both flags clear without a reload.
 */
import { DEFAULT_REVIEW_THRESHOLD, type ExtractedData } from '@ladingwise/shared';
import { lineFieldDefs } from './line-items.ts';
import { pathsIn } from './plain-words.ts';
import { ALL_FIELDS, type FieldDef } from './review-fields.ts';

export type Flag = 'invalid' | 'unsure';

export interface FlaggedField {
  def: FieldDef;
  flag: Flag;
}

/** Field paths named by validation messages. */
export function invalidPaths(validation: readonly string[]): Set<string> {
  return new Set(validation.flatMap(pathsIn));
}

/** The field's flag, or null when nothing needs a look. */
export function flagOf(data: ExtractedData | null, invalid: ReadonlySet<string>, path: string, threshold = DEFAULT_REVIEW_THRESHOLD): Flag | null {
  if (invalid.has(path)) return 'invalid';
  const score = data?.ConfidenceScores?.[path];
  return typeof score === 'number' && score < threshold ? 'unsure' : null;
}

/**
 * Flagged fields, invalid ones first, then unsure ones from the lowest score; form order within each. The commodity
 * lines' fields count like any other: a misread line weight or class goes into the EDI just the same.
 */
export function flaggedFields(data: ExtractedData | null, validation: readonly string[], threshold = DEFAULT_REVIEW_THRESHOLD): FlaggedField[] {
  const invalid = invalidPaths(validation);
  const out: FlaggedField[] = [];
  for (const def of [...ALL_FIELDS, ...(data?.LineItems ?? []).flatMap((_, i) => lineFieldDefs(i))]) {
    const flag = flagOf(data, invalid, def.path, threshold);
    if (flag) out.push({ def, flag });
  }
  const score = (f: FlaggedField) => data?.ConfidenceScores?.[f.def.path] ?? 0;
  return out.sort((a, b) => (a.flag === b.flag ? (a.flag === 'unsure' ? score(a) - score(b) : 0) : a.flag === 'invalid' ? -1 : 1));
}
