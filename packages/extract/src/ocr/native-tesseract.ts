import { spawn } from 'node:child_process';
import { toPgm } from '../image/pgm.ts';
import type { EngineWord, OcrEngineFactory, OcrWorker, Psm } from './engine.ts';

/** Native Tesseract (`tesseract` CLI, e.g. Debian tesseract-ocr): faster, optional, used only when configured. */
export function nativeTesseractFactory(languages: string[], binary = 'tesseract'): OcrEngineFactory {
  const lang = (languages.length ? languages : ['eng']).join('+');
  return {
    name: 'tesseract-native',
    async create(): Promise<OcrWorker> {
      return {
        recognize: (image, psm) => runTesseract(binary, lang, toPgm(image), psm),
        async close() {},
      };
    },
  };
}

/** Checks that the native binary runs and has the languages; resolves false otherwise. */
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

/** Parses Tesseract TSV output into words. */
export function parseTsv(tsv: string): EngineWord[] {
  const words: EngineWord[] = [];
  for (const row of tsv.split('\n').slice(1)) {
    const c = row.split('\t');
    if (c.length < 12 || c[0] !== '5') continue;
    const text = (c[11] ?? '').trim();
    if (!text) continue;
    const [x, y, w, h] = [Number(c[6]), Number(c[7]), Number(c[8]), Number(c[9])];
    words.push({ text, confidence: Number(c[10]), bbox: [x, y, x + w, y + h], line: `${c[2]}.${c[3]}.${c[4]}` });
  }
  return words;
}
