import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_FIELDS } from '../packages/extract/src/extractor.ts';
import type { FieldsMode } from '../packages/extract/src/fields/learned/combine.ts';
import { FieldTagger } from '../packages/extract/src/fields/learned/tagger.ts';
import { createLineReader } from '../packages/extract/src/ocr/line-reader.ts';
import { nativeTesseractFactory } from '../packages/extract/src/ocr/native-tesseract.ts';
import { tesseractJsFactory } from '../packages/extract/src/ocr/tesseract-js.ts';
import { asReadPage, readTruthPages } from './lib/field-pages.ts';
import { fieldsByMode, readSet } from './lib/read-set.ts';
import { score, scoreSubset, type ScoreReport } from './lib/score.ts';
import { quantile, watchRss } from './lib/stats.ts';
import { generateSet } from './synthetic/generate.ts';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = resolve(BENCH_DIR, '..');
const MODES: readonly FieldsMode[] = ['rules', 'learned', 'combined'];

const USAGE = `usage: npm run bench:fields -- [--dev DIR] [--fields-data FILE] [--count N] [--seed S] [--workers N] [--engine tesseract.js|native]
                                 [--ocr-cache DIR] [--out DIR] [--no-dev] [--no-synthetic]
  --dev DIR          the dev set with truth.json and score.mjs (default ../shared/bol-dev from the repo root)
  --fields-data FILE pages of the field dataset, OCR words included (JSONL; default training/data/fields/heldout.jsonl):
                     scored per layout family, held-out families apart from trained ones
  --count N          synthetic documents to generate (default 24), --seed S their seed (default 1)
  --workers N        OCR workers, one core each (default 1)
  --ocr-cache DIR    keep the OCR'd pages of image sets there and read them from there next time
  --handwriting      also read weak lines with the handwriting model (voting with the print recogniser)
Each set is read once by OCR; every field reader (rules, learned, combined) then reads the same words, side by side.
`;

const { values } = parseArgs({
  options: {
    dev: { type: 'string', default: resolve(REPO_ROOT, '../shared/bol-dev') },
    'fields-data': { type: 'string', default: resolve(REPO_ROOT, 'training/data/fields/heldout.jsonl') },
    count: { type: 'string', default: '24' },
    seed: { type: 'string', default: '1' },
    workers: { type: 'string', default: '1' },
    engine: { type: 'string', default: 'native' },
    'ocr-cache': { type: 'string' },
    handwriting: { type: 'boolean' },
    out: { type: 'string', default: join(BENCH_DIR, 'out') },
    'no-dev': { type: 'boolean', default: false },
    'no-synthetic': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
const count = Number(values.count);
const seed = Number(values.seed);
const workers = Number(values.workers);
if (values.help || !Number.isInteger(count) || count < 1 || !Number.isInteger(seed) || seed < 0 || !Number.isInteger(workers) || workers < 1
  || (values.engine !== 'tesseract.js' && values.engine !== 'native')) {
  process.stderr.write(USAGE);
  process.exit(values.help ? 0 : 2);
}
const devDir = resolve(values.dev);
const outDir = resolve(values.out);
await mkdir(outDir, { recursive: true });
const scorer = join(devDir, 'score.mjs');
const log = (s: string): void => void process.stderr.write(`${s}\n`);
const rss = watchRss();
const tagger = FieldTagger.load();

type Row = Record<string, unknown>;
/** One set's figures per field reader. */
interface ModeFigures { all: ScoreReport; printed: ScoreReport | null; handwritten: ScoreReport | null; groups: Array<[string, ScoreReport]>; seconds: number[] }
interface SetFigures { name: string; note: string; byMode: Map<FieldsMode, ModeFigures> }
const figures: SetFigures[] = [];

/** Scores each reader's predictions on a truth list: all, printed, handwritten, and per value of `groupKeys`. */
async function scoreModes(slug: string, rows: Row[], preds: Map<FieldsMode, Row[]>, seconds: Map<FieldsMode, number[]>, groupKeys: string[]): Promise<Map<FieldsMode, ModeFigures>> {
  const truthPath = join(outDir, `${slug}.truth.json`);
  await writeFile(truthPath, JSON.stringify(rows));
  const out = new Map<FieldsMode, ModeFigures>();
  for (const mode of MODES) {
    const predsPath = join(outDir, `${slug}.${mode}.preds.ndjson`);
    await writeFile(predsPath, `${preds.get(mode)!.map((r) => JSON.stringify(r)).join('\n')}\n`);
    const sub = (name: string, keep: (r: Row) => boolean): Promise<ScoreReport | null> => scoreSubset(scorer, rows, keep, join(outDir, `${slug}.truth-${name}.json`), predsPath);
    const isHand = (r: Row): boolean => r.writing === 'handwritten';
    const groups: Array<[string, ScoreReport]> = [];
    for (const key of groupKeys) {
      for (const v of [...new Set(rows.map((r) => String(r[key] ?? 'unknown')))].sort()) {
        const r = await sub(`${key}-${v}`.replace(/[^\w.-]+/g, '_'), (x) => String(x[key] ?? 'unknown') === v);
        if (r) groups.push([`${key === 'layout' ? 'family' : key === 'profile' ? 'capture' : key} ${v}`, r]);
      }
    }
    out.set(mode, { all: await score(scorer, truthPath, predsPath), printed: await sub('printed', (r) => !isHand(r)), handwritten: await sub('handwritten', isHand), groups, seconds: seconds.get(mode)! });
  }
  return out;
}

/** An image set: OCR once, then every reader; seconds a page are OCR plus that reader's field time. */
async function imageSet(name: string, slug: string, dir: string): Promise<void> {
  const rows = JSON.parse(readFileSync(join(dir, 'truth.json'), 'utf8')) as Row[];
  const factory = values.engine === 'native' ? nativeTesseractFactory(['eng', 'spa', 'fra']) : tesseractJsFactory(['eng', 'spa', 'fra']);
  const lines = await createLineReader(values.handwriting === true).catch(() => undefined);
  log(`reading ${rows.length} documents of ${name} with ${workers} worker(s)…`);
  const cache = values['ocr-cache'] ? join(resolve(values['ocr-cache']), slug) : undefined;
  const docs = await readSet(dir, rows.map((r) => String(r.file)), factory, workers, lines, cache, (d) => log(`  ${d.file} ${d.ocrSeconds.toFixed(1)} s${d.error ? ` ERROR ${d.error}` : ''}`));
  await lines?.close();
  const preds = new Map<FieldsMode, Row[]>(MODES.map((m) => [m, []]));
  const seconds = new Map<FieldsMode, number[]>(MODES.map((m) => [m, []]));
  for (const d of docs) {
    if (d.error) { for (const m of MODES) preds.get(m)!.push({ file: d.file, error: d.error }); continue; }
    for (const [m, r] of fieldsByMode(d.pages, MODES, tagger)) {
      preds.get(m)!.push({ file: d.file, extractedData: r.data });
      const perPage = (d.ocrSeconds + r.ms / 1000) / Math.max(1, d.pages.length);
      for (let p = 0; p < Math.max(1, d.pages.length); p++) seconds.get(m)!.push(perPage);
    }
  }
  const cached = docs.some((d) => d.ocrSeconds === 0);
  figures.push({ name, note: cached ? 'seconds a page: field reading only for pages taken from the OCR cache' : 'seconds a page: decode + OCR + fields', byMode: await scoreModes(slug, rows, preds, seconds, ['layout', 'profile']) });
}

/** The field dataset's pages (OCR words included): trained families' pages and held-out families', scored apart. */
async function fieldSet(path: string): Promise<void> {
  const bySplit = new Map<string, { rows: Row[]; preds: Map<FieldsMode, Row[]>; seconds: Map<FieldsMode, number[]> }>();
  for await (const p of readTruthPages(path)) {
    const split = p.split === 'heldout' ? 'held-out families' : 'trained families';
    const s = bySplit.get(split) ?? bySplit.set(split, { rows: [], preds: new Map(MODES.map((m) => [m, []])), seconds: new Map(MODES.map((m) => [m, []])) }).get(split)!;
    s.rows.push({ file: p.id, layout: p.family, profile: p.profile ?? 'unknown', writing: p.writing ?? 'printed', lang: p.lang, truth: p.truth });
    for (const [m, r] of fieldsByMode([asReadPage(p)], MODES, tagger)) {
      s.preds.get(m)!.push({ file: p.id, extractedData: r.data });
      s.seconds.get(m)!.push(r.ms / 1000);
    }
  }
  for (const [split, s] of [...bySplit].sort()) {
    const slug = `fields-${split.split(' ')[0]}`;
    figures.push({ name: `${split} (${path}, ${s.rows.length} pages)`, note: 'OCR words from the dataset: seconds a page are field reading only', byMode: await scoreModes(slug, s.rows, s.preds, s.seconds, ['layout', 'profile']) });
  }
}

if (!values['no-dev']) await imageSet(`dev (${devDir})`, 'dev', devDir);
if (existsSync(values['fields-data'])) await fieldSet(resolve(values['fields-data']));
else log(`no field dataset at ${values['fields-data']}: held-out families not scored`);
if (!values['no-synthetic']) {
  const synDir = join(outDir, `synthetic-seed${seed}-n${count}`);
  await rm(synDir, { recursive: true, force: true });
  await generateSet({ out: synDir, count, seed });
  await imageSet(`synthetic templates (seed ${seed})`, `synthetic-seed${seed}`, synDir);
}
rss.stop();

const pct = (n: number | undefined): string => (n === undefined || Number.isNaN(n) ? '—' : `${n.toFixed(1)}%`);
const col = (s: string): string => s.padStart(16);
const lines: string[] = [];
lines.push(`Ladingwise field readers side by side — ${new Date().toISOString().slice(0, 10)}, engine ${values.engine}, ${workers} OCR worker(s), ${availableParallelism()} CPU cores; default field reader: ${DEFAULT_FIELDS}`);
for (const f of figures) {
  lines.push('', `== ${f.name}`, `   (${f.note})`, `${''.padEnd(34)}${MODES.map(col).join('')}`);
  const row = (label: string, cell: (m: ModeFigures) => string): void => void lines.push(`${label.padEnd(34)}${MODES.map((m) => col(cell(f.byMode.get(m)!))).join('')}`);
  const s = (m: ModeFigures): ScoreReport['summary'] => m.all.summary;
  row('documents (errors)', (m) => `${s(m).documents} (${s(m).errors})`);
  row('core-field accuracy', (m) => pct(s(m).coreFieldAccuracy));
  row('documents fully right', (m) => `${s(m).documentsAllCoreRight} of ${s(m).documents}`);
  row('extended-field accuracy', (m) => pct(s(m).extendedFieldAccuracy));
  row('confidence>=0.9 precision', (m) => pct(s(m).highConfidence.precision));
  row('confidence>=0.9 coverage', (m) => pct(s(m).highConfidence.coverage));
  row('core accuracy, printed', (m) => (m.printed ? `${pct(m.printed.summary.coreFieldAccuracy)} (${m.printed.summary.documents})` : '—'));
  row('  >=0.9 precision / coverage', (m) => (m.printed ? `${pct(m.printed.summary.highConfidence.precision)}/${pct(m.printed.summary.highConfidence.coverage)}` : '—'));
  row('core accuracy, handwritten', (m) => (m.handwritten ? `${pct(m.handwritten.summary.coreFieldAccuracy)} (${m.handwritten.summary.documents})` : '—'));
  row('seconds a page, median', (m) => quantile(m.seconds, 0.5).toFixed(3));
  row('seconds a page, p95', (m) => quantile(m.seconds, 0.95).toFixed(3));
  for (const [g] of f.byMode.get('rules')!.groups) {
    row(`  ${g}`, (m) => { const r = m.groups.find(([k]) => k === g)?.[1]; return r ? `${pct(r.summary.coreFieldAccuracy)} ${r.summary.documentsAllCoreRight}/${r.summary.documents}` : '—'; });
  }
}
lines.push('', `peak RSS (bench process, OCR workers and the field model included)  ${(rss.peak() / 1024 / 1024).toFixed(0)} MiB`);
process.stdout.write(`${lines.join('\n')}\n`);
