import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_FIELDS } from '../packages/extract/src/extractor.ts';
import { CHOOSER, type Chooser, type FieldsMode } from '../packages/extract/src/fields/learned/combine.ts';
import { FieldTagger } from '../packages/extract/src/fields/learned/tagger.ts';
import { ValueConfidence } from '../packages/extract/src/fields/learned/value-confidence.ts';
import { createLineReader } from '../packages/extract/src/ocr/line-reader.ts';
import { LANGUAGES, parseLanguages, type OcrLanguage } from '../packages/extract/src/ocr/languages.ts';
import { nativeTesseractFactory } from '../packages/extract/src/ocr/native-tesseract.ts';
import { tesseractJsFactory } from '../packages/extract/src/ocr/tesseract-js.ts';
import { asReadPage, keptOutOfFit, readTruthPages } from './lib/field-pages.ts';
import { generateLayoutSets } from './lib/layout-sets.ts';
import { fieldsByMode, readSet } from './lib/read-set.ts';
import { formatSet, scoreSet, type SetFigures, type SetReading } from './lib/reader-figures.ts';
import { watchRss } from './lib/stats.ts';
import { generateSet } from './synthetic/generate.ts';
import type { FamilySelection } from './layouts/families.ts';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = resolve(BENCH_DIR, '..');
const MODES: readonly FieldsMode[] = ['rules', 'learned', 'combined'];

const USAGE = `usage: npm run bench:extract -- [--dev DIR] [--no-dev] [--heldout-data FILE] [--train-data FILE] [--families train|heldout|all]
                               [--layout-count N] [--layout-seed S] [--count N] [--seed S] [--no-synthetic]
                               [--workers N] [--engine native|tesseract.js] [--languages eng,spa,fra] [--no-handwriting] [--ocr-cache DIR] [--out DIR]
Each set is read by OCR once; every field reader — rules, learned (the field tagger alone), combined (per field the
surer of the two) — then reads the same words, and the figures are printed side by side.
  --dev DIR            the dev set with truth.json and score.mjs (default ../shared/bol-dev from the repo root)
  --heldout-data FILE  the field dataset's pages of HELD-OUT layout families, OCR words included (JSONL, default
                       training/data/fields/heldout.jsonl); read from their stored words, so this takes seconds
  --train-data FILES   pages of TRAINED families, comma-separated (default training/data/fields/train*.jsonl): only those
                       kept out of the tagger's fit are scored; printed as their own set, never mixed with held-out families
  --fresh-train-data FILES  pages of TRAINED families from seeds the tagger never saw (built after it was trained):
                       every page scored, as their own set (for tuning without touching held-out families)
  --families SEL       also generate fresh pages of the layout families (held-out, trained or both) and read them from
                       the image, OCR included: --layout-count N pages a split (default 30), --layout-seed S (default 7001)
  --count N, --seed S  the older synthetic template set (default 24 documents, seed 1); --no-synthetic leaves it out
  --ocr-cache DIR      keep image sets' OCR'd pages there and read them from there next time (field work in seconds)
  --engine E           native (default; the engine the training pages were read with) or tesseract.js
  --languages L        the page pass's Tesseract languages, comma-separated (default: the extractor's own, LANGUAGES)
  --model FILE         another field model than the committed one (a candidate being compared)
  --confidence FILE    another confidence model than the committed one; "none": each reader's own score, as before
                       the confidence model (models/field-confidence.json) was fitted
  --chooser C          how 'combined' uses the confidence model's chance right: own (not at all: each reader's own
                       score); every other keeps a value only one reader read by its chance right (ALONE_MIN in
                       combine.ts), and gives a disputed field to the tagger: disputes when likelier right by a
                       margin, chance when likelier right, alone by the readers' own scores; default: the
                       extractor's own setting, CHOOSER in combine.ts
The full pipeline's CPU and page-time bench (one reader, OCR profile, page limit) is npm run bench:pipeline.
`;

const { values } = parseArgs({
  options: {
    dev: { type: 'string', default: resolve(REPO_ROOT, '../shared/bol-dev') },
    'heldout-data': { type: 'string', default: resolve(REPO_ROOT, 'training/data/fields/heldout.jsonl') },
    'train-data': { type: 'string' },
    'fresh-train-data': { type: 'string' },
    families: { type: 'string' },
    'layout-count': { type: 'string', default: '30' },
    'layout-seed': { type: 'string', default: '7001' },
    count: { type: 'string', default: '24' },
    seed: { type: 'string', default: '1' },
    workers: { type: 'string', default: '1' },
    engine: { type: 'string', default: 'native' },
    languages: { type: 'string' },
    'ocr-cache': { type: 'string' },
    'no-handwriting': { type: 'boolean', default: false },
    out: { type: 'string', default: join(BENCH_DIR, 'out') },
    'no-dev': { type: 'boolean', default: false },
    'no-synthetic': { type: 'boolean', default: false },
    model: { type: 'string' },
    confidence: { type: 'string' },
    chooser: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
const ints = [values.count, values.seed, values.workers, values['layout-count'], values['layout-seed']].map(Number);
function usageError(): never {
  process.stderr.write(USAGE);
  process.exit(2);
}
if (values.help || ints.some((n) => !Number.isInteger(n) || n < 0) || Number(values.workers) < 1 || Number(values.count) < 1
  || (values.engine !== 'tesseract.js' && values.engine !== 'native') || (values.families !== undefined && !['train', 'heldout', 'all'].includes(values.families))) {
  process.stderr.write(USAGE);
  process.exit(values.help ? 0 : 2);
}
const [count, seed, workers, layoutCount, layoutSeed] = ints as [number, number, number, number, number];
const languages: OcrLanguage[] = values.languages === undefined ? [...LANGUAGES] : parseLanguages(values.languages) ?? usageError();
const outDir = resolve(values.out);
await mkdir(outDir, { recursive: true });
const devDir = resolve(values.dev);
const scorer = join(devDir, 'score.mjs');
const log = (s: string): void => void process.stderr.write(`${s}\n`);
const rssBefore = process.memoryUsage().rss;
const tagger = FieldTagger.load(values.model ? resolve(values.model) : undefined);
const confidence = values.confidence === 'none' ? null : values.confidence ? ValueConfidence.load(resolve(values.confidence)) : ValueConfidence.committed();
const chooser: Chooser = (['own', 'disputes', 'alone', 'chance'] as const).find((c) => c === values.chooser) ?? CHOOSER;
const modelRss = process.memoryUsage().rss - rssBefore;

type Row = Record<string, unknown>;
const figures: SetFigures[] = [];
const emptyReading = (name: string, note: string): SetReading => ({
  name, note, rows: [], peakRss: 0, preds: new Map(MODES.map((m) => [m, []])), seconds: new Map(MODES.map((m) => [m, new Map()])),
});

/** An image set: OCR once, then every reader; seconds a page are decode and OCR plus that reader's field time. */
async function imageSet(name: string, slug: string, dir: string): Promise<void> {
  const rss = watchRss();
  const rows = JSON.parse(readFileSync(join(dir, 'truth.json'), 'utf8')) as Row[];
  const factory = values.engine === 'native' ? nativeTesseractFactory(languages) : tesseractJsFactory(languages);
  const lines = await createLineReader(!values['no-handwriting']).catch(() => undefined);
  log(`reading ${rows.length} documents of ${name} with ${workers} worker(s)…`);
  const cache = values['ocr-cache'] ? join(resolve(values['ocr-cache']), slug) : undefined;
  const docs = await readSet(dir, rows.map((r) => String(r.file)), factory, workers, lines, cache, (d) => log(`  ${d.file} ${d.ocrSeconds.toFixed(1)} s${d.error ? ` ERROR ${d.error}` : ''}`));
  await lines?.close();
  const cached = docs.some((d) => d.ocrSeconds === 0 && !d.error);
  const set = emptyReading(name, cached ? 'seconds a page: field reading only for pages taken from the OCR cache' : 'seconds a page: decode + OCR + fields');
  set.rows = rows;
  for (const d of docs) {
    if (d.error) { for (const m of MODES) set.preds.get(m)!.push({ file: d.file, error: d.error }); continue; }
    for (const [m, r] of fieldsByMode(d.pages, MODES, tagger, confidence, chooser)) {
      set.preds.get(m)!.push({ file: d.file, extractedData: r.data });
      const perPage = (d.ocrSeconds + r.ms / 1000) / Math.max(1, d.pages.length);
      set.seconds.get(m)!.set(d.file, Array.from({ length: Math.max(1, d.pages.length) }, () => perPage));
    }
  }
  set.peakRss = rss.peak();
  rss.stop();
  figures.push(await scoreSet(set, MODES, scorer, outDir, slug));
}

/**
 * The field dataset's pages, read from their stored OCR words: held-out families' pages, and trained families' pages
 * kept out of the tagger's fit, each their own set (`which` says which split a file's pages are scored for).
 */
async function datasetSet(paths: string[], which: 'heldout' | 'train', fresh = false): Promise<void> {
  paths = paths.filter((p) => existsSync(p) || void log(`no field dataset at ${p}`));
  if (!paths.length) { log(`${which === 'heldout' ? 'held-out' : 'trained'} families not scored`); return; }
  const rss = watchRss();
  const set = emptyReading(which === 'heldout' ? `HELD-OUT layout families (${paths.join(', ')})`
    : fresh ? `trained layout families, fresh seeds never in the fit (${paths.join(', ')})` : `trained layout families, pages kept out of the fit (${paths.join(', ')})`,
    'OCR words stored with the dataset: seconds a page are field reading only (OCR: see the image sets)');
  const seen = new Set<string>();
  for (const path of paths) for await (const p of readTruthPages(path)) {
    if (p.split !== which || (which === 'train' && !fresh && !keptOutOfFit(p.id)) || seen.has(p.id)) continue;
    seen.add(p.id);
    set.rows.push({ file: p.id, layout: p.family, profile: p.profile ?? 'unknown', writing: p.writing ?? 'printed', lang: p.lang, truth: p.truth });
    for (const [m, r] of fieldsByMode([asReadPage(p)], MODES, tagger, confidence, chooser)) {
      set.preds.get(m)!.push({ file: p.id, extractedData: r.data });
      set.seconds.get(m)!.set(p.id, [r.ms / 1000]);
    }
  }
  set.name = set.name.replace(/\)$/, `, ${set.rows.length} pages)`);
  set.peakRss = rss.peak();
  rss.stop();
  if (set.rows.length) figures.push(await scoreSet(set, MODES, scorer, outDir, `fields-${fresh ? 'fresh' : which}`));
}

if (!values['no-dev']) await imageSet(`dev set (${devDir})`, 'dev', devDir);
const dataDir = resolve(REPO_ROOT, 'training/data/fields');
await datasetSet([resolve(values['heldout-data'])], 'heldout');
await datasetSet(values['train-data'] ? values['train-data'].split(',').map((p) => resolve(p))
  : existsSync(dataDir) ? readdirSync(dataDir).filter((f) => /^train.*\.jsonl$/.test(f)).sort().map((f) => join(dataDir, f)) : [], 'train');
if (values['fresh-train-data']) await datasetSet(values['fresh-train-data'].split(',').map((p) => resolve(p)), 'train', true);
if (values.families) {
  for (const l of await generateLayoutSets(outDir, values.families as FamilySelection, layoutCount, layoutSeed)) await imageSet(l.name, l.slug, l.dir);
}
if (!values['no-synthetic']) {
  const synDir = join(outDir, `synthetic-seed${seed}-n${count}`);
  await rm(synDir, { recursive: true, force: true });
  await generateSet({ out: synDir, count, seed });
  await imageSet(`synthetic templates (seed ${seed}; the eight fixed templates the rules were written for)`, `synthetic-seed${seed}`, synDir);
}

const lines = [
  `Ladingwise extraction bench, field readers side by side — ${new Date().toISOString().slice(0, 10)}, engine ${values.engine}, ${workers} OCR worker(s), `
  + `${availableParallelism()} CPU cores; default reader (ladingwise extract, the server): ${DEFAULT_FIELDS}; field model ${(modelRss / 1024 / 1024).toFixed(0)} MiB resident; `
  + `confidence: ${confidence ? `the confidence model${values.confidence ? ` ${values.confidence}` : ''}` : "each reader's own score"}; chooser ${chooser} (${chooser === 'own' ? "each reader's own score" : chooser === 'alone' ? 'the chance right for values only one reader read' : chooser === 'disputes' ? 'the chance right for values only one reader read, and for disputes by a margin' : 'the chance right, disputes too'})`,
  ...figures.flatMap((f) => formatSet(f, MODES)),
];
process.stdout.write(`${lines.join('\n')}\n`);
