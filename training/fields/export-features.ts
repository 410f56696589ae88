// Turns field-dataset pages (JSONL, one page a line) into feature rows for training: the same features the extractor
// computes at run time (packages/extract/src/fields/learned/features.ts), one row per OCR word, with its field.
// usage: npx tsx training/fields/export-features.ts OUT_DIR PAGES.jsonl...
// Writes OUT_DIR/features.f32 (rows x columns, float32 little-endian), labels.i32 (class per row, 0 = none),
// pages.i32 (page number per row) and meta.json (column names, classes, pages with id, family, split).
// Resumes: where OUT_DIR already holds rows of the same feature code for the first pages of the input, only the pages
// after them are exported and appended (a dataset grows a page at a time; its first pages need no second export).
import { createWriteStream, existsSync, mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { asReadPage, readTruthPages } from '../../bench/lib/field-pages.ts';
import { fieldsCodeFingerprint } from './fold-rows.ts';
import { FEATURE_NAMES, pageFeatures, TAG_FIELDS } from '../../packages/extract/src/fields/learned/features.ts';

const [outDir, ...inputs] = process.argv.slice(2);
if (!outDir || !inputs.length) {
  console.error('usage: export-features.ts OUT_DIR PAGES.jsonl...');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const classes = ['none', ...TAG_FIELDS];
const classOf = new Map<string, number>(classes.map((c, i) => [c, i]));
type PageMeta = { id: string; family: string; split: string; profile?: string; writing?: string; lang?: string; words: number };
interface Meta { features: readonly string[]; classes: string[]; rows: number; pages: PageMeta[]; code?: string }
// The feature code's fingerprint: rows computed by other code are never reused. The features read the labels, the
// printed runs and the rules' values, so every file under fields/ and the layout code count, not features.ts alone.
const code = fieldsCodeFingerprint();
const metaPath = join(outDir, 'meta.json');
const old = existsSync(metaPath) ? JSON.parse(readFileSync(metaPath, 'utf8')) as Meta : null;
const reuse = old && old.code === code && JSON.stringify(old.features) === JSON.stringify(FEATURE_NAMES) && JSON.stringify(old.classes) === JSON.stringify(classes);
const pages: PageMeta[] = reuse ? old.pages : [];
let rows = reuse ? old.rows : 0;
const flags = reuse ? 'a' : 'w';
// A run stopped midway leaves rows its meta does not count: they are cut off before appending.
if (reuse) {
  truncateSync(join(outDir, 'features.f32'), rows * FEATURE_NAMES.length * 4);
  for (const f of ['labels.i32', 'pages.i32']) truncateSync(join(outDir, f), rows * 4);
}
const features = createWriteStream(join(outDir, 'features.f32'), { flags });
const labels = createWriteStream(join(outDir, 'labels.i32'), { flags });
const pageOf = createWriteStream(join(outDir, 'pages.i32'), { flags });
const write = async (s: NodeJS.WritableStream, buf: Buffer): Promise<void> => { if (!s.write(buf)) await once(s, 'drain'); };
const seen = new Set<string>();
const t0 = Date.now();
let k = 0, added = 0;
for (const input of inputs) {
  for await (const p of readTruthPages(input)) {
    // Held-out families are for evaluation only: the training side never reads their words.
    if (seen.has(p.id) || p.split !== 'train') continue;
    seen.add(p.id);
    if (k < pages.length) {
      if (pages[k]!.id !== p.id) throw new Error(`${outDir} holds rows of other pages (${pages[k]!.id} where ${p.id} is): remove it and export again`);
      k++;
      continue;
    }
    k++;
    const read = asReadPage(p);
    const x = pageFeatures(read);
    const y = Int32Array.from(p.words, (w) => (w.role === 'value' && w.field ? classOf.get(w.field) ?? 0 : 0));
    const buf = Buffer.alloc(x.length * FEATURE_NAMES.length * 4);
    x.forEach((r, i) => Buffer.from(r.buffer, r.byteOffset, r.byteLength).copy(buf, i * FEATURE_NAMES.length * 4));
    await write(features, buf);
    await write(labels, Buffer.from(y.buffer));
    await write(pageOf, Buffer.from(Int32Array.from(x, () => pages.length).buffer));
    pages.push({ id: p.id, family: p.family, split: p.split, words: x.length, ...(p.profile ? { profile: p.profile } : {}), ...(p.writing ? { writing: p.writing } : {}), ...(p.lang ? { lang: p.lang } : {}) });
    rows += x.length;
    added++;
    if (added % 100 === 0) console.error(`${pages.length} pages, ${rows} words, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
}
await Promise.all([features, labels, pageOf].map((s) => new Promise((r) => s.end(r))));
if (k < pages.length) throw new Error(`${outDir} holds rows of ${pages.length} pages, the input only ${k}: remove it and export again`);
writeFileSync(metaPath, JSON.stringify({ features: FEATURE_NAMES, classes, rows, pages, code } satisfies Meta));
console.error(`${pages.length} pages, ${rows} words in ${outDir} (${added} pages exported now, ${pages.length - added} kept) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

