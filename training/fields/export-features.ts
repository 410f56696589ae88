// Turns field-dataset pages (JSONL, one page a line) into feature rows for training: the same features the extractor
// computes at run time (packages/extract/src/fields/learned/features.ts), one row per OCR word, with its field.
// usage: npx tsx training/fields/export-features.ts OUT_DIR PAGES.jsonl...
// Writes OUT_DIR/features.f32 (rows x columns, float32 little-endian), labels.i32 (class per row, 0 = none),
// pages.i32 (page number per row) and meta.json (column names, classes, pages with id, family, split).
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { asReadPage, readTruthPages } from '../../bench/lib/field-pages.ts';
import { FEATURE_NAMES, pageFeatures, TAG_FIELDS } from '../../packages/extract/src/fields/learned/features.ts';

const [outDir, ...inputs] = process.argv.slice(2);
if (!outDir || !inputs.length) {
  console.error('usage: export-features.ts OUT_DIR PAGES.jsonl...');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const classes = ['none', ...TAG_FIELDS];
const classOf = new Map<string, number>(classes.map((c, i) => [c, i]));
const features = createWriteStream(join(outDir, 'features.f32'));
const labels = createWriteStream(join(outDir, 'labels.i32'));
const pageOf = createWriteStream(join(outDir, 'pages.i32'));
const write = async (s: NodeJS.WritableStream, buf: Buffer): Promise<void> => { if (!s.write(buf)) await once(s, 'drain'); };
const pages: Array<{ id: string; family: string; split: string; profile?: string; writing?: string; lang?: string; words: number }> = [];
let rows = 0;
const seen = new Set<string>();
const t0 = Date.now();
for (const input of inputs) {
  for await (const p of readTruthPages(input)) {
    // Held-out families are for evaluation only: the training side never reads their words.
    if (seen.has(p.id) || p.split !== 'train') continue;
    seen.add(p.id);
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
    if (pages.length % 200 === 0) console.error(`${pages.length} pages, ${rows} words, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
}
await Promise.all([features, labels, pageOf].map((s) => new Promise((r) => s.end(r))));
writeFileSync(join(outDir, 'meta.json'), JSON.stringify({ features: FEATURE_NAMES, classes, rows, pages }));
console.error(`${pages.length} pages, ${rows} words exported to ${outDir} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
