// Reads every image of a set (a folder with truth.json) once and keeps the OCR'd pages as JSON, so field rules can be
// re-run on the same words in seconds (bench/tools/rescore.ts). Changes to decoding, preparation or OCR need a new cache.
// usage: npx tsx bench/tools/ocr-cache.ts SET_DIR CACHE_DIR [--workers N] [--languages eng,spa,fra] [--engine auto|native|tesseract.js]
// The engine is the product's (auto: native Tesseract where installed): rules tuned on one engine's words may not hold
// on the other's.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { decodePages } from '../../packages/extract/src/image/decode.ts';
import { tesseractJsFactory } from '../../packages/extract/src/ocr/tesseract-js.ts';
import { loadLibTesseract } from '../../packages/extract/src/ocr/libtesseract.ts';
import { nativeTesseractFactory } from '../../packages/extract/src/ocr/native-tesseract.ts';
import { WorkerPool } from '../../packages/extract/src/pool.ts';
import { readPage } from '../../packages/extract/src/read-page.ts';
import { createLineReader } from '../../packages/extract/src/ocr/line-reader.ts';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { workers: { type: 'string', default: '1' }, languages: { type: 'string', default: 'eng,spa,fra' }, engine: { type: 'string', default: 'auto' } } });
const [setDir, cacheDir] = positionals;
if (!setDir || !cacheDir) { console.error('usage: ocr-cache.ts SET_DIR CACHE_DIR [--workers N]'); process.exit(2); }
mkdirSync(cacheDir, { recursive: true });
const truth = JSON.parse(readFileSync(join(setDir, 'truth.json'), 'utf8')) as Array<{ file: string }>;
const langs = values.languages.split(',');
const native = values.engine === 'native' || (values.engine === 'auto' && loadLibTesseract() !== null);
const pool = new WorkerPool(native ? nativeTesseractFactory(langs) : tesseractJsFactory(langs), Number(values.workers));
console.error(`engine ${pool.engine}`);
await pool.ready();
// The extractor's own line reader (the print recogniser voting with the handwriting model): words cached with another
// reader are not the words the product reads, least of all on handwritten pages.
const lines = process.env.NO_LINE_RECOGNISER ? undefined : await createLineReader();
await Promise.all(truth.map(async (doc) => {
  const out = join(cacheDir, `${basename(doc.file)}.json`);
  if (existsSync(out)) return;
  const pages = await decodePages(readFileSync(join(setDir, doc.file)), { name: doc.file });
  const read = await Promise.all(pages.map((p, i) => pool.use((w) => readPage(p, i, w, () => {}, lines))));
  writeFileSync(out, JSON.stringify(read.map(({ toUpright: _, image: _i, ...r }) => r)));
}));
await pool.close();
await lines?.close();
console.error(`${truth.length} documents cached in ${cacheDir}`);
