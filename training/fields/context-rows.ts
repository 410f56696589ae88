// The second stage's training rows (packages/extract/src/fields/learned/context.ts): every training page's words with
// the first-stage class probabilities of the word and its neighbours, each page read by the first-stage model fitted
// without its fold (WORK/folds/fold-K.json, fold-models.sh) — the second stage learns how far the first can be
// trusted on pages it has not seen. Writes WORK/context as export-features.ts writes WORK (meta.json, features.f32,
// labels.i32, pages.i32: the same words, labels and pages), so train.py and fold-models.sh fit the second stage as
// they fit the first. Kept while the fold models and the code are unchanged.
// usage: npx tsx training/fields/context-rows.ts WORK PAGES.jsonl...
import { createHash } from 'node:crypto';
import { copyFileSync, createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { asReadPage, foldOf, readTruthPages } from '../../bench/lib/field-pages.ts';
import { contextNames, contextRows } from '../../packages/extract/src/fields/learned/context.ts';
import { FEATURE_NAMES, pageReading } from '../../packages/extract/src/fields/learned/features.ts';
import { featureColumns, predictRows, TreeModel, type TreeModelJson } from '../../packages/extract/src/fields/learned/trees.ts';

const [work, ...inputs] = process.argv.slice(2);
if (!work || !inputs.length) { console.error('usage: context-rows.ts WORK PAGES.jsonl...'); process.exit(2); }
interface Meta { features: string[]; classes: string[]; rows: number; pages: Array<{ id: string; words: number }>; code?: string }
const meta = JSON.parse(readFileSync(join(work, 'meta.json'), 'utf8')) as Meta;
const out = join(work, 'context');
mkdirSync(out, { recursive: true });
const sha = (s: string | Buffer): string => createHash('sha1').update(s).digest('hex').slice(0, 12);
const folds = [0, 1, 2, 3, 4].map((k) => join(work, 'folds', `fold-${k}.json`));
for (const f of folds) if (!existsSync(f)) throw new Error(`${f} is missing: run fold-models.sh first`);
const code = sha([...['context.ts', 'features.ts'].map((f) => readFileSync(new URL(`../../packages/extract/src/fields/learned/${f}`, import.meta.url))),
  ...folds.map((f) => readFileSync(f)), Buffer.from(`${meta.code}-${meta.rows}`)].map((b) => sha(b)).join());
const outMeta = join(out, 'meta.json');
if (existsSync(outMeta) && (JSON.parse(readFileSync(outMeta, 'utf8')) as Meta).code === code) {
  console.error(`${out}: current, kept`);
  process.exit(0);
}
const models = folds.map((f) => {
  const json = JSON.parse(readFileSync(f, 'utf8')) as TreeModelJson;
  return { model: new TreeModel(json), columns: featureColumns(json.features, FEATURE_NAMES, 'field model') };
});
const features = createWriteStream(join(out, 'features.f32'));
const names = contextNames(meta.classes);
const t0 = Date.now();
let k = 0, rows = 0;
const seen = new Set<string>();
for (const input of inputs) for await (const p of readTruthPages(input)) {
  if (seen.has(p.id) || p.split !== 'train') continue;
  seen.add(p.id);
  const expected = meta.pages[k++];
  if (expected?.id !== p.id) throw new Error(`${work} was exported from other pages (${expected?.id} where ${p.id} is): export again`);
  const page = asReadPage(p);
  const { rows: x, neighbours } = pageReading(page);
  if (x.length !== expected.words) throw new Error(`${p.id}: ${x.length} words where the export has ${expected.words}`);
  const { model, columns } = models[foldOf(p.id)]!;
  const ctx = contextRows(predictRows(model, columns, x), x, neighbours, page.words);
  const buf = Buffer.alloc(ctx.length * names.length * 4);
  ctx.forEach((r, i) => Buffer.from(r.buffer, r.byteOffset, r.byteLength).copy(buf, i * names.length * 4));
  if (!features.write(buf)) await once(features, 'drain');
  rows += x.length;
  if (k % 200 === 0) console.error(`${k} pages, ${rows} words, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
await new Promise((r) => features.end(r));
if (k !== meta.pages.length || rows !== meta.rows) throw new Error(`${work} holds ${meta.pages.length} pages, the input ${k}: export again`);
for (const f of ['labels.i32', 'pages.i32']) copyFileSync(join(work, f), join(out, f));
writeFileSync(outMeta, JSON.stringify({ ...meta, features: names, code }));
console.error(`${k} pages, ${rows} context rows in ${out} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
