import { mkdir, readFile, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createExtractor, parseLanguages, type ExtractorOptions } from '@ladingwise/extract';
import { runSet } from './lib/run-set.ts';
import { score, scoreSubset, type ScoreReport } from './lib/score.ts';
import { cpuSeconds, plainTesseractCpu } from './lib/cpu.ts';
import { quantile, watchRss } from './lib/stats.ts';
import { generateSet } from './synthetic/generate.ts';
import { generateLayoutSets } from './lib/layout-sets.ts';
import type { FamilySelection } from './layouts/families.ts';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = resolve(BENCH_DIR, '..');

const USAGE = `usage: npm run bench:pipeline -- [--dev DIR] [--count N] [--seed S] [--workers N] [--engine auto|tesseract.js|native] [--languages L] [--page-timeout S] [--no-handwriting] [--out DIR] [--no-dev] [--no-synthetic]
                             [--families train|heldout|all] [--layout-count N] [--layout-seed S]
  --dev DIR      the dev set with truth.json and score.mjs (default ../shared/bol-dev from the repo root)
  --count N      synthetic documents to generate (default 24), --seed S their seed (default 1)
  --workers N    OCR workers, one core each (default 1)
  --no-handwriting  read weak lines with the print recogniser alone (by default the handwriting model votes with it)
  --engine E     auto (default: native Tesseract where installed), native or tesseract.js
  --languages L  the page pass's Tesseract languages, comma-separated (default: the extractor's own)
  --page-timeout S  hard limit a page in seconds (default 60, the extractor's); its soft budget is 40 % of it. To
                 compare two versions on a loaded machine, give both a large one (3000): a page over its budget skips
                 steps, and on a shared machine which pages do is chance
  --families SEL also read fresh pages of the layout-randomising generator (bench/layouts): held-out families,
                 trained families or both, each split printed as its own set, per family and capture
  --layout-count N  pages per split (default 30), --layout-seed S their seed (default 7001, used by no dataset)
`;

interface SetFigures {
  name: string;
  report: ScoreReport;
  printed: ScoreReport | null;
  handwritten: ScoreReport | null;
  byProfile: Array<[string, ScoreReport]>;
  secondsPerPage: number[];
  /** CPU-seconds per page (empty with several workers). */
  cpuPerPage: number[];
  seconds: number;
  /** CPU-seconds of the bench process and its OCR child processes while the set was read. */
  cpu: number;
  pages: number;
  /** CPU-seconds of one plain `tesseract FILE - -l eng` pass over the same files (null when not installed). */
  plainCpu: number | null;
  /** Wall milliseconds by extraction step, summed over the set. */
  steps: Record<string, number>;
}

const { values } = parseArgs({
  options: {
    dev: { type: 'string', default: resolve(REPO_ROOT, '../shared/bol-dev') },
    count: { type: 'string', default: '24' },
    seed: { type: 'string', default: '1' },
    workers: { type: 'string', default: '1' },
    engine: { type: 'string', default: 'auto' },
    languages: { type: 'string' },
    'page-timeout': { type: 'string', default: '60' },
    out: { type: 'string', default: join(BENCH_DIR, 'out') },
    'no-dev': { type: 'boolean', default: false },
    'no-synthetic': { type: 'boolean', default: false },
    'no-handwriting': { type: 'boolean', default: false },
    families: { type: 'string' },
    'layout-count': { type: 'string', default: '30' },
    'layout-seed': { type: 'string', default: '7001' },
    help: { type: 'boolean', default: false },
  },
});
const count = Number(values.count);
const seed = Number(values.seed);
const workers = Number(values.workers);
const layoutCount = Number(values['layout-count']);
const layoutSeed = Number(values['layout-seed']);
const badLayouts = values.families !== undefined && (!['train', 'heldout', 'all'].includes(values.families) || !Number.isInteger(layoutCount) || layoutCount < 1
  || !Number.isInteger(layoutSeed) || layoutSeed < 0);
if (values.help || badLayouts || !Number.isInteger(count) || count < 1 || !Number.isInteger(seed) || seed < 0 || !Number.isInteger(workers) || workers < 1
  || !['auto', 'tesseract.js', 'native'].includes(values.engine) || !(Number(values['page-timeout']) > 0)
  || (values.languages !== undefined && !parseLanguages(values.languages))) {
  process.stderr.write(USAGE);
  process.exit(values.help ? 0 : 2);
}
const devDir = resolve(values.dev);
const outDir = resolve(values.out);
const scorer = join(devDir, 'score.mjs');
await mkdir(outDir, { recursive: true });
const log = (s: string): void => void process.stderr.write(`${s}\n`);

const sets: Array<{ name: string; dir: string; truthPath: string; slug?: string }> = [];
if (!values['no-dev']) sets.push({ name: `dev (${devDir})`, dir: devDir, truthPath: join(devDir, 'truth.json') });
if (!values['no-synthetic']) {
  const synDir = join(outDir, `synthetic-seed${seed}-n${count}`);
  await rm(synDir, { recursive: true, force: true });
  const t = performance.now();
  await generateSet({ out: synDir, count, seed });
  log(`generated ${count} synthetic documents (seed ${seed}) in ${((performance.now() - t) / 1000).toFixed(1)} s into ${synDir}`);
  sets.push({ name: `synthetic (seed ${seed})`, dir: synDir, truthPath: join(synDir, 'truth.json') });
}
if (values.families) {
  const t = performance.now();
  const layoutSets = await generateLayoutSets(outDir, values.families as FamilySelection, layoutCount, layoutSeed);
  log(`generated ${layoutSets.length * layoutCount} layout pages (${values.families}, seed ${layoutSeed}) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  for (const l of layoutSets) sets.push({ name: l.name, dir: l.dir, truthPath: join(l.dir, 'truth.json'), slug: l.slug });
}

// Milliseconds by step for the set being read (the extractor's own timing log).
let steps: Record<string, number> = {};
let engineUsed = String(values.engine);
const opts: ExtractorOptions = {
  workers, engine: values.engine as ExtractorOptions['engine'], pageTimeoutMs: Number(values['page-timeout']) * 1000,
  ...(values['no-handwriting'] ? { handwritingReader: false } : {}),
  ...(values.languages ? { languages: parseLanguages(values.languages) } : {}),
  logger: (e) => {
    if (e.step === 'engine') engineUsed = String(e.engine);
    // The enlarged pass's own steps are already counted under their names.
    else if (e.step !== 'page' && !e.step.startsWith('enlarged')) steps[e.step] = (steps[e.step] ?? 0) + e.ms;
  },
};
const rss = watchRss();
const extractor = await createExtractor(opts);
const figures: SetFigures[] = [];
try {
  for (const set of sets) {
    const rows = JSON.parse(await readFile(set.truthPath, 'utf8')) as Array<Record<string, unknown>>;
    const files = rows.map((r) => String(r.file));
    const slug = set.slug ?? (set.name.startsWith('dev') ? 'dev' : `synthetic-seed${seed}`);
    const predsPath = join(outDir, `${slug}.preds.ndjson`);
    log(`reading ${files.length} documents of ${set.name} with ${workers} worker(s)…`);
    steps = {};
    const cpu0 = cpuSeconds();
    const run = await runSet(extractor, set.dir, files, workers, predsPath, (file, s, err, c) => log(`  ${file} ${s.toFixed(1)} s${c === undefined ? '' : `, ${c.toFixed(2)} CPU-s`}${err ? ` ERROR ${err}` : ''}`));
    const cpu = cpuSeconds() - cpu0;
    const setSteps = steps;
    // The yardstick: one plain native pass over the very same files, one at a time, after the extractor is done.
    let plainCpu: number | null = 0;
    for (const f of files) {
      try { plainCpu! += await plainTesseractCpu(join(set.dir, f)); } catch { plainCpu = null; break; }
    }
    const report = await score(scorer, set.truthPath, predsPath);
    const isHand = (r: Record<string, unknown>): boolean => r.writing === 'handwritten';
    const printed = await scoreSubset(scorer, rows, (r) => !isHand(r), join(outDir, `${slug}.truth-printed.json`), predsPath);
    const handwritten = await scoreSubset(scorer, rows, isHand, join(outDir, `${slug}.truth-handwritten.json`), predsPath);
    const byProfile: Array<[string, ScoreReport]> = [];
    for (const profile of [...new Set(rows.map((r) => String(r.profile ?? 'unknown')))].sort()) {
      const r = await scoreSubset(scorer, rows, (x) => String(x.profile ?? 'unknown') === profile, join(outDir, `${slug}.truth-${profile}.json`), predsPath);
      if (r) byProfile.push([profile, r]);
    }
    figures.push({ name: set.name, report, printed, handwritten, byProfile, secondsPerPage: run.secondsPerPage, cpuPerPage: run.cpuPerPage, seconds: run.seconds,
      cpu, pages: run.secondsPerPage.length, plainCpu, steps: setSteps });
  }
} finally {
  await extractor.close();
  rss.stop();
}

const pct = (n: number | undefined): string => (n === undefined ? '—' : `${n.toFixed(1)}%`);
const split = (r: ScoreReport | null): string => (r ? `${pct(r.summary.coreFieldAccuracy)} (${r.summary.documents} docs)` : '— (0 docs)');
const lines: string[] = [];
lines.push(`Ladingwise extraction bench — ${new Date().toISOString().slice(0, 10)}, engine ${engineUsed}, ${workers} OCR worker(s), ${availableParallelism()} CPU cores`);
for (const f of figures) {
  const s = f.report.summary;
  lines.push('', `== ${f.name}`);
  lines.push(`documents                      ${s.documents} (${s.errors} errors, ${s.missing} missing)`);
  lines.push(`core-field accuracy            ${pct(s.coreFieldAccuracy)}`);
  lines.push(`documents fully right          ${s.documentsAllCoreRight} of ${s.documents}`);
  lines.push(`extended-field accuracy        ${pct(s.extendedFieldAccuracy)}`);
  lines.push(`confidence>=0.9 precision      ${pct(s.highConfidence.precision)} (${s.highConfidence.fields} fields)`);
  lines.push(`confidence>=0.9 coverage       ${pct(s.highConfidence.coverage)}`);
  lines.push(`core accuracy, printed         ${split(f.printed)}`);
  lines.push(`core accuracy, handwritten     ${split(f.handwritten)}`);
  lines.push(`seconds per page, median       ${quantile(f.secondsPerPage, 0.5).toFixed(2)}`);
  lines.push(`seconds per page, p95          ${quantile(f.secondsPerPage, 0.95).toFixed(2)}`);
  lines.push(`seconds per page, p95/median   ${(quantile(f.secondsPerPage, 0.95) / quantile(f.secondsPerPage, 0.5)).toFixed(2)}`);
  if (f.cpuPerPage.length) {
    const [m, p95] = [quantile(f.cpuPerPage, 0.5), quantile(f.cpuPerPage, 0.95)];
    lines.push(`CPU-s per page, median / p95   ${m.toFixed(2)} / ${p95.toFixed(2)} (p95/median ${(p95 / m).toFixed(2)}; the tail without other work's waiting)`);
  }
  lines.push(`wall time for the set          ${f.seconds.toFixed(1)} s`);
  lines.push(`CPU-seconds per page           ${(f.cpu / Math.max(1, f.pages)).toFixed(2)} (extraction, OCR processes included)`);
  if (f.plainCpu !== null) {
    lines.push(`plain tesseract CPU-s per page ${(f.plainCpu / Math.max(1, f.pages)).toFixed(2)} (OMP_THREAD_LIMIT=1 tesseract FILE - -l eng)`);
    lines.push(`CPU ratio, extraction / plain  ${(f.cpu / Math.max(1e-9, f.plainCpu)).toFixed(2)}x`);
  }
  const stepTotal = Object.values(f.steps).reduce((a, b) => a + b, 0);
  lines.push(`wall share by step             ${Object.entries(f.steps).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${(100 * v / Math.max(1, stepTotal)).toFixed(0)}%`).join(', ')}`);
  for (const [layout, v] of Object.entries(f.report.perLayout)) lines.push(`  layout ${layout.padEnd(22)} ${pct(v.total ? (100 * v.right) / v.total : 0)}`);
  for (const [profile, r] of f.byProfile) lines.push(`  capture ${profile.padEnd(21)} ${split(r)}`);
}
lines.push('', `peak RSS (bench process, OCR workers included)  ${(rss.peak() / 1024 / 1024).toFixed(0)} MiB`);
process.stdout.write(`${lines.join('\n')}\n`);
