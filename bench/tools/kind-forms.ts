// Fields read again under their kind (packages/extract/src/fields/reread-by-kind.ts) on a set of forms, before and
// after, from OCR'd pages kept in a cache (words and page images), so the step can be measured in seconds a run.
// usage: npx tsx bench/tools/kind-forms.ts SET_DIR CACHE_DIR [--handwriting] [--dev DIR] [--floor N] [--verbose]
//   SET_DIR   a folder with truth.json (e.g. npx tsx bench/synthetic/generate.ts --out DIR --writing handwritten)
//   CACHE_DIR where each document's pages are kept after their first reading (one folder per line reader)
//   --handwriting  the line reader votes with the handwriting model, as the extractor's does by default
//                  (handwritingReader); without it, the print recogniser reads alone
//   --floor N      the sureness (0-100) a reading under the kind needs to replace a value (default: the extractor's)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { ExtractedData } from '@ladingwise/shared';
import { extractFields, readLayout } from '../../packages/extract/src/fields/extract-fields.ts';
import { chooseFields } from '../../packages/extract/src/fields/learned/combine.ts';
import { FieldTagger } from '../../packages/extract/src/fields/learned/tagger.ts';
import { rereadFieldsByKind } from '../../packages/extract/src/fields/reread-by-kind.ts';
import type { Grey } from '../../packages/extract/src/image/analyze.ts';
import { decodePages } from '../../packages/extract/src/image/decode.ts';
import { chooseEngine } from '../../packages/extract/src/ocr/choose-engine.ts';
import { createLineReader } from '../../packages/extract/src/ocr/line-reader.ts';
import { WorkerPool } from '../../packages/extract/src/pool.ts';
import { readPage } from '../../packages/extract/src/read-page.ts';
import type { ReadPage } from '../../packages/extract/src/types.ts';
import { score, scoreSubset, type ScoreReport } from '../lib/score.ts';

const { positionals, values } = parseArgs({ allowPositionals: true, options: {
  handwriting: { type: 'boolean', default: false },
  dev: { type: 'string', default: resolve(import.meta.dirname, '../../../shared/bol-dev') },
  verbose: { type: 'boolean', default: false },
  floor: { type: 'string' },
} });
const [setDir, cacheRoot] = positionals;
if (!setDir || !cacheRoot) { console.error('usage: kind-forms.ts SET_DIR CACHE_DIR [--handwriting] [--dev DIR]'); process.exit(2); }
const cacheDir = join(cacheRoot, values.handwriting ? 'vote' : 'ppocr');
mkdirSync(cacheDir, { recursive: true });
const rows = JSON.parse(readFileSync(join(setDir, 'truth.json'), 'utf8')) as Array<{ file: string; writing?: string }>;
const lines = await createLineReader(values.handwriting);
const tagger = FieldTagger.load();
let pool = null as WorkerPool | null;

type Stored = Omit<ReadPage, 'toUpright' | 'image'> & { image?: { scale: number; grey: [number, number]; soft: [number, number] } };
const saveGrey = (path: string, g: Grey): [number, number] => { writeFileSync(path, g.data); return [g.width, g.height]; };
const loadGrey = (path: string, [width, height]: [number, number]): Grey => ({ width, height, data: new Uint8Array(readFileSync(path)) });

/** A document's pages, read once and then taken from the cache. */
async function pagesOf(file: string): Promise<ReadPage[]> {
  const json = join(cacheDir, `${file}.json`);
  if (existsSync(json)) {
    return (JSON.parse(readFileSync(json, 'utf8')) as Stored[]).map(({ image, ...p }): ReadPage => ({
      ...p, toUpright: (b) => b,
      ...(image ? { image: { scale: image.scale, grey: loadGrey(join(cacheDir, `${file}.${p.index}.grey`), image.grey), soft: loadGrey(join(cacheDir, `${file}.${p.index}.soft`), image.soft) } } : {}),
    }));
  }
  pool ??= new WorkerPool(await chooseEngine('auto', ['eng', 'spa', 'fra']), 1);
  await pool.ready();
  const decoded = await decodePages(readFileSync(join(setDir!, file)), { name: file });
  const pages = await Promise.all(decoded.map((d, k) => pool!.use((w) => readPage(d, k, w, () => {}, lines))));
  const stored: Stored[] = pages.map(({ toUpright: _, image, ...p }) => ({
    ...p,
    ...(image ? { image: { scale: image.scale, grey: saveGrey(join(cacheDir, `${file}.${p.index}.grey`), image.grey), soft: saveGrey(join(cacheDir, `${file}.${p.index}.soft`), image.soft) } } : {}),
  }));
  writeFileSync(json, JSON.stringify(stored));
  return pages;
}

const fieldsOf = (pages: ReadPage[]): ExtractedData => {
  const layout = readLayout(pages);
  return chooseFields(pages, extractFields(pages, layout), tagger, 'combined', { layout });
};

const before: string[] = [], after: string[] = [];
let ms = 0, cpu = 0, pageCount = 0, changed = 0;
for (const row of rows) {
  const pages = await pagesOf(row.file);
  pageCount += pages.length;
  const data = fieldsOf(pages);
  before.push(JSON.stringify({ file: row.file, extractedData: data }));
  const t = performance.now(), c = process.cpuUsage();
  const { data: out, readings } = await rereadFieldsByKind(pages, data, lines, fieldsOf, values.floor === undefined ? {} : { floor: Number(values.floor) });
  ms += performance.now() - t;
  const used = process.cpuUsage(c);
  cpu += (used.user + used.system) / 1000;
  changed += readings.length;
  after.push(JSON.stringify({ file: row.file, extractedData: out }));
  if (values.verbose) for (const r of readings) console.error(`  ${row.file} ${r.path} (${r.kind}): "${r.before.map((w) => w.text).join(' ')}" -> "${r.after.map((w) => w.text).join(' ')}"`);
}
await pool?.close();
await lines.close();

const scorer = join(values.dev, 'score.mjs');
const out = resolve(cacheDir, '..');
writeFileSync(join(out, 'before.ndjson'), `${before.join('\n')}\n`);
writeFileSync(join(out, 'after.ndjson'), `${after.join('\n')}\n`);
const truth = join(setDir, 'truth.json');
const pct = (r: ScoreReport | null): string => (r ? `${r.summary.coreFieldAccuracy.toFixed(1)}% (${r.summary.documents} docs)` : '—');
const hand = (r: Record<string, unknown>): boolean => r.writing === 'handwritten';
console.log(`${rows.length} documents, ${pageCount} pages; ${changed} values read again and changed; the step took ${(cpu / Math.max(1, pageCount) / 1000).toFixed(2)} CPU-s a page (${(ms / Math.max(1, pageCount) / 1000).toFixed(2)} s wall)`);
for (const [name, preds] of [['before', 'before.ndjson'], ['after', 'after.ndjson']] as const) {
  const p = join(out, preds);
  const all = await score(scorer, truth, p);
  const printed = await scoreSubset(scorer, rows, (r) => !hand(r), join(out, 'truth-printed.json'), p);
  const handwritten = await scoreSubset(scorer, rows, hand, join(out, 'truth-handwritten.json'), p);
  const s = all.summary;
  console.log(`${name.padEnd(7)} core ${s.coreFieldAccuracy.toFixed(1)}%  printed ${pct(printed)}  handwritten ${pct(handwritten)}  precision at >= 0.9 ${s.highConfidence.precision.toFixed(1)}% of ${s.highConfidence.fields}`);
  if (values.verbose) console.log(Object.entries(all.perField).map(([f, v]) => `${f} ${v.right}/${v.total}`).join(', '));
}
