import { spawn } from 'node:child_process';
import { toPgm } from '../image/pgm.ts';
import type { EngineWord, OcrEngineFactory, OcrWorker, Psm } from './engine.ts';
import { loadLibTesseract, type LibTesseract } from './libtesseract.ts';

/**
 * Native Tesseract (Debian tesseract-ocr and its language packs). Each worker holds its own engine in this process,
 * libtesseract loaded once with its models (through an FFI), and reuses it page after page: starting the `tesseract`
 * program for each call costs ~0.25 CPU-s of model loading with three languages, as much as reading a small page.
 * Where the library cannot be loaded but the program runs, each call starts the program instead.
 */
export function nativeTesseractFactory(languages: string[], binary = 'tesseract', opts: { library?: boolean } = {}): OcrEngineFactory {
  const lang = (languages.length ? languages : ['eng']).join('+');
  const lib = opts.library === false ? null : loadLibTesseract();
  if (lib) return { name: 'tesseract-native', create: async () => libraryWorker(lib, lang) };
  return {
    name: 'tesseract-native (program)',
    async create(): Promise<OcrWorker> {
      return {
        recognize: (image, psm) => runTesseract(binary, lang, toPgm(image), psm),
        async close() {},
      };
    },
  };
}

/** Whether the `tesseract` program runs here and has these languages. */
export async function nativeTesseractAvailable(languages: string[], binary = 'tesseract'): Promise<boolean> {
  return new Promise((resolve) => {
    const p = spawn(binary, ['--list-langs'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    p.stderr.on('data', (d: Buffer) => { out += d.toString(); });
    p.on('error', () => resolve(false));
    p.on('close', (code) => resolve(code === 0 && languages.every((l) => out.split(/\s+/).includes(l))));
  });
}

/** One long-lived libtesseract engine; calls run off the main thread, one at a time. */
function libraryWorker(lib: LibTesseract, lang: string): OcrWorker {
  const engine = lib.open(lang);
  if (!engine) throw new Error(`libtesseract could not load the languages ${lang}`);
  // The pool hands a worker to one page at a time; close waits for a call still running (a page given up on).
  let running: Promise<unknown> = Promise.resolve();
  let closed = false;
  return {
    async recognize(image, psm, deadlineMs) {
      if (closed) throw new Error('OCR worker already closed');
      const call = engine.recognize(image, psm, deadlineMs);
      running = call.catch(() => {});
      return parseTsv(await call);
    },
    async close() {
      if (closed) return;
      closed = true;
      await running;
      engine.close();
    },
  };
}

function runTesseract(binary: string, lang: string, image: Buffer, psm: Psm): Promise<EngineWord[]> {
  return new Promise((resolve, reject) => {
    // OpenMP threads fight each other when pages already run in parallel: one thread a process.
    const p = spawn(binary, ['stdin', 'stdout', '-l', lang, '--psm', String(psm), '--dpi', '300', '-c', 'tessedit_do_invert=0', 'tsv'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    });
    const chunks: Buffer[] = [];
    let err = '';
    p.stdout.on('data', (d: Buffer) => chunks.push(d));
    p.stderr.on('data', (d: Buffer) => { err += d.toString(); });
    p.on('error', reject);
    p.stdin.on('error', () => {});
    p.on('close', (code) => {
      if (code !== 0) return reject(new Error(`tesseract exited with ${code}: ${err.slice(0, 300)}`));
      resolve(parseTsv(Buffer.concat(chunks).toString('utf8')));
    });
    p.stdin.end(image);
  });
}

/** Parses Tesseract TSV output into words (the program's output has a header row, the library's has none). */
export function parseTsv(tsv: string): EngineWord[] {
  const words: EngineWord[] = [];
  for (const row of tsv.split('\n')) {
    const c = row.split('\t');
    if (c.length < 12 || c[0] !== '5') continue;
    const text = (c[11] ?? '').trim();
    if (!text) continue;
    const [x, y, w, h] = [Number(c[6]), Number(c[7]), Number(c[8]), Number(c[9])];
    words.push({ text, confidence: Number(c[10]), bbox: [x, y, x + w, y + h], line: `${c[2]}.${c[3]}.${c[4]}` });
  }
  return words;
}
