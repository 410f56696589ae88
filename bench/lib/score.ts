import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The summary block that score.mjs prints with --json. */
export interface ScoreSummary {
  documents: number;
  missing: number;
  errors: number;
  coreFieldAccuracy: number;
  documentsAllCoreRight: number;
  extendedFieldAccuracy: number;
  highConfidence: { fields: number; precision: number; coverage: number };
}

/** What score.mjs reports with --json. */
export interface ScoreReport {
  summary: ScoreSummary;
  perField: Record<string, { right: number; total: number }>;
  perLayout: Record<string, { right: number; total: number }>;
  misses: string[];
}

/** Runs the shared scorer (score.mjs) on a truth file and a predictions NDJSON file. */
export async function score(scorer: string, truthPath: string, predsPath: string): Promise<ScoreReport> {
  const { stdout } = await run(process.execPath, [scorer, truthPath, predsPath, '--json'], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as ScoreReport;
}

/** Scores only the truth rows that `keep` accepts, through a filtered copy of the truth file; null when none match. */
export async function scoreSubset(
  scorer: string, rows: ReadonlyArray<Record<string, unknown>>, keep: (row: Record<string, unknown>) => boolean,
  subsetPath: string, predsPath: string,
): Promise<ScoreReport | null> {
  const subset = rows.filter(keep);
  if (!subset.length) return null;
  await writeFile(subsetPath, JSON.stringify(subset));
  return score(scorer, subsetPath, predsPath);
}
