import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FieldsMode } from '../../packages/extract/src/fields/learned/combine.ts';
import { confidenceCurve, type CurvePoint } from './confidence-curve.ts';
import { score, type ScoreReport } from './score.ts';
import { quantile } from './stats.ts';

type Row = Record<string, unknown>;

/** One set read by every field reader: truth rows, each reader's predictions and seconds a page, by file. */
export interface SetReading {
  name: string;
  /** What the seconds a page stand for (OCR included or field reading only). */
  note: string;
  rows: Row[];
  preds: Map<FieldsMode, Row[]>;
  seconds: Map<FieldsMode, Map<string, number[]>>;
  /** Peak resident memory of the bench process while the set was read, in bytes. */
  peakRss: number;
}

/** One group of a set's documents (all, printed, a family, a capture profile) scored for one reader. */
export interface GroupFigures { summary: ScoreReport['summary']; median: number; p95: number; curve: CurvePoint[] }

/** A set's figures: per group (in print order), per reader. */
export interface SetFigures { name: string; note: string; peakRss: number; groups: Array<{ label: string; byMode: Map<FieldsMode, GroupFigures> }> }

/**
 * Scores a set for every reader and group: all documents, printed and handwritten apart, then per layout family and
 * per capture profile. A group is scored by the shared scorer on a filtered truth file, so each figure means what the
 * dev set's figures mean.
 */
export async function scoreSet(set: SetReading, modes: readonly FieldsMode[], scorer: string, outDir: string, slug: string): Promise<SetFigures> {
  const groups: Array<{ label: string; keep: (r: Row) => boolean }> = [
    { label: 'all', keep: () => true },
    { label: 'printed', keep: (r) => r.writing !== 'handwritten' },
    { label: 'handwritten', keep: (r) => r.writing === 'handwritten' },
  ];
  for (const [key, name] of [['layout', 'family'], ['profile', 'capture']] as const) {
    for (const v of [...new Set(set.rows.map((r) => String(r[key] ?? 'unknown')))].sort()) groups.push({ label: `${name} ${v}`, keep: (r) => String(r[key] ?? 'unknown') === v });
  }
  const out: SetFigures = { name: set.name, note: set.note, peakRss: set.peakRss, groups: [] };
  for (const g of groups) {
    const rows = set.rows.filter(g.keep);
    if (!rows.length) continue;
    const tag = g.label.replace(/[^\w.-]+/g, '_');
    const truthPath = join(outDir, `${slug}.truth-${tag}.json`);
    await writeFile(truthPath, JSON.stringify(rows));
    const byMode = new Map<FieldsMode, GroupFigures>();
    for (const mode of modes) {
      const predsPath = join(outDir, `${slug}.${mode}.preds.ndjson`);
      if (g.label === 'all') await writeFile(predsPath, `${set.preds.get(mode)!.map((r) => JSON.stringify(r)).join('\n')}\n`);
      const secs = rows.flatMap((r) => set.seconds.get(mode)!.get(String(r.file)) ?? []);
      byMode.set(mode, { summary: (await score(scorer, truthPath, predsPath)).summary, median: quantile(secs, 0.5), p95: quantile(secs, 0.95), curve: confidenceCurve(rows, set.preds.get(mode)!) });
    }
    out.groups.push({ label: g.label, byMode });
  }
  return out;
}

const pct = (n: number | undefined): string => (n === undefined || Number.isNaN(n) ? '—' : `${n.toFixed(1)}%`);

/**
 * The figures of a set, readers side by side: a block of whole-set lines, then one line per group whose cell holds
 * core-field accuracy, documents fully right, precision at >= 0.9 @ its coverage, and median / p95 seconds a page.
 */
export function formatSet(f: SetFigures, modes: readonly FieldsMode[]): string[] {
  const W = 34;
  const col = (s: string): string => s.padStart(W);
  const lines = ['', `== ${f.name}`, `   (${f.note})`, `${''.padEnd(30)}${modes.map(col).join('')}`];
  const all = f.groups.find((g) => g.label === 'all')!;
  const row = (label: string, cell: (m: GroupFigures) => string): void => void lines.push(`${label.padEnd(30)}${modes.map((m) => col(cell(all.byMode.get(m)!))).join('')}`);
  row('documents (page errors)', (m) => `${m.summary.documents} (${m.summary.errors})`);
  row('core-field accuracy', (m) => pct(m.summary.coreFieldAccuracy));
  row('documents fully right', (m) => `${m.summary.documentsAllCoreRight} of ${m.summary.documents}`);
  row('extended-field accuracy', (m) => pct(m.summary.extendedFieldAccuracy));
  row('confidence>=0.9 precision', (m) => `${pct(m.summary.highConfidence.precision)} (${m.summary.highConfidence.fields} fields)`);
  row('confidence>=0.9 coverage', (m) => pct(m.summary.highConfidence.coverage));
  for (const [i, t] of all.byMode.get(modes[0]!)!.curve.entries()) {
    if (t.threshold === 0.9) continue;
    row(`confidence>=${t.threshold} prec @ cov`, (m) => `${pct(m.curve[i]!.precision)} @ ${pct(m.curve[i]!.coverage)}`);
  }
  row('seconds a page, median / p95', (m) => `${m.median.toFixed(3)} / ${m.p95.toFixed(3)}`);
  lines.push(`peak RSS while read: ${(f.peakRss / 1024 / 1024).toFixed(0)} MiB (bench process: OCR, the rules and the field model together)`);
  lines.push(`${'by group: core, fully right, '.padEnd(30)}${modes.map(() => col('core  right  prec@cov  s med/p95')).join('')}`);
  for (const g of f.groups) {
    if (g.label === 'all') continue;
    lines.push(`  ${g.label.padEnd(28)}${modes.map((mode) => {
      const m = g.byMode.get(mode)!;
      const hc = m.summary.highConfidence;
      return col(`${pct(m.summary.coreFieldAccuracy)} ${m.summary.documentsAllCoreRight}/${m.summary.documents} ${hc.fields ? `${hc.precision.toFixed(1)}@${hc.coverage.toFixed(0)}` : '—@0'} ${m.median.toFixed(2)}/${m.p95.toFixed(2)}`);
    }).join('')}`);
  }
  return lines;
}
