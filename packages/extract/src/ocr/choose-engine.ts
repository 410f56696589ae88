import type { OcrEngineFactory, OcrWorker } from './engine.ts';
import { loadLibTesseract } from './libtesseract.ts';
import { nativeTesseractAvailable, nativeTesseractFactory } from './native-tesseract.ts';
import { tesseractJsFactory } from './tesseract-js.ts';

export type EngineChoice = 'auto' | 'native' | 'tesseract.js';

/**
 * The OCR engine asked for. 'auto' takes native Tesseract where it is installed with the languages (about a third of
 * tesseract.js's CPU a page) and otherwise tesseract.js, which installs from npm alone, so the product runs anywhere.
 * Whether libtesseract has the languages shows only by starting an engine: that engine becomes the first worker.
 */
export async function chooseEngine(engine: EngineChoice, languages: string[], binary?: string): Promise<OcrEngineFactory> {
  if (engine === 'tesseract.js') return tesseractJsFactory(languages);
  if (engine === 'native') return nativeTesseractFactory(languages, binary);
  if (loadLibTesseract()) {
    const native = nativeTesseractFactory(languages, binary);
    const probe = await native.create().catch(() => null);
    if (probe) {
      let first: OcrWorker | null = probe;
      return { name: native.name, create: async () => { const w = first; first = null; return w ?? native.create(); } };
    }
  } else if (await nativeTesseractAvailable(languages, binary)) return nativeTesseractFactory(languages, binary, { library: false });
  return tesseractJsFactory(languages);
}
