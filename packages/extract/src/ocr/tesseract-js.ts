import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import type { Grey } from '../image/analyze.ts';
import { toPgm } from '../image/pgm.ts';
import type { EngineWord, OcrEngineFactory, OcrWorker, Psm } from './engine.ts';

const require = createRequire(import.meta.url);

/** Folder holding `<lang>.traineddata.gz` from the @tesseract.js-data packages (never the CDN default). */
function langDir(lang: string): string {
  return join(dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), '4.0.0_best_int');
}

// Read once per process: each worker needs its own copy inside its WASM file system anyway.
const langBytes = new Map<string, Uint8Array>();
function langData(lang: string): Uint8Array {
  let b = langBytes.get(lang);
  if (!b) {
    b = gunzipSync(readFileSync(join(langDir(lang), `${lang}.traineddata.gz`)));
    langBytes.set(lang, b);
  }
  return b;
}

/** tesseract.js 7 (WASM, installs from npm alone) with local language data. */
export function tesseractJsFactory(languages: string[]): OcrEngineFactory {
  const langs = languages.length ? languages : ['eng'];
  return {
    name: 'tesseract.js',
    async create(): Promise<OcrWorker> {
      const first = langs[0]!;
      // The loaded-language list is kept by reference; extra languages are written straight into the
      // worker's file system and added to it, because tesseract.js cannot load several local folders.
      const loaded = [first];
      const worker: Worker = await createWorker(loaded, OEM.LSTM_ONLY, {
        langPath: langDir(first),
        cacheMethod: 'none',
        gzip: true,
        // Without a handler, a rejected job throws inside the message listener and ends the process;
        // the job's own promise still rejects, so the error reaches the caller there.
        errorHandler: () => {},
      });
      if (langs.length > 1) {
        for (const l of langs.slice(1)) {
          await worker.FS('writeFile', [`${l}.traineddata`, langData(l)]);
          loaded.push(l);
        }
        await worker.reinitialize(langs.join('+'), OEM.LSTM_ONLY);
      }
      let psmNow: Psm | null = null;
      let closed = false;
      return {
        async recognize(image: Grey, psm: Psm): Promise<EngineWord[]> {
          // A terminated tesseract.js worker neither answers nor rejects (and leaks an unhandled rejection): refuse here.
          if (closed) throw new Error('OCR worker already closed');
          // White-on-black headings are inverted before OCR (prepare.ts), so Tesseract's own retry of every weakly read
          // line inverted only costs time: ~3 % of a page, the same words on 40 pages.
          if (psm !== psmNow) {
            await worker.setParameters({ tessedit_pageseg_mode: String(psm) as never, user_defined_dpi: '300', tessedit_do_invert: '0' });
            psmNow = psm;
            // A reply the worker had sent before it was terminated still arrives: the page was abandoned meanwhile.
            if (closed) throw new Error('OCR worker already closed');
          }
          const r = await worker.recognize(toPgm(image), {}, { blocks: true, text: false });
          const words: EngineWord[] = [];
          let bi = 0;
          for (const b of r.data.blocks ?? []) {
            let pi = 0;
            for (const p of b.paragraphs) {
              let li = 0;
              for (const l of p.lines) {
                for (const w of l.words) {
                  const text = w.text.trim();
                  if (!text) continue;
                  words.push({ text, confidence: w.confidence, bbox: [w.bbox.x0, w.bbox.y0, w.bbox.x1, w.bbox.y1], line: `${bi}.${pi}.${li}` });
                }
                li++;
              }
              pi++;
            }
            bi++;
          }
          return words;
        },
        async close() {
          if (closed) return;
          closed = true;
          await worker.terminate();
        },
      };
    },
  };
}
