import { createRequire } from 'node:module';
import type { Grey } from '../image/analyze.ts';
import { OcrDeadlineError, type Psm } from './engine.ts';

/** One libtesseract engine (a TessBaseAPI with its models loaded). Not for two calls at once. */
export interface TessEngine {
  /** Reads a greyscale image; resolves to Tesseract's TSV. Runs on a worker thread; `deadlineMs` stops it. */
  recognize(image: Grey, psm: Psm, deadlineMs?: number): Promise<string>;
  close(): void;
}

export interface LibTesseract { open(lang: string): TessEngine | null }

type Fn = ((...args: unknown[]) => unknown) & { async: (...args: unknown[]) => void };
type Koffi = {
  load(path: string): { func(signature: string): Fn };
  decode(ptr: unknown, type: string, len: number): unknown;
};

// The names the shared library goes by on Debian/Ubuntu, Fedora, Alpine and Homebrew.
const LIBRARY_NAMES = ['libtesseract.so.5', 'libtesseract.so', 'libtesseract.5.dylib', 'libtesseract.dylib'];

let loaded: LibTesseract | null | undefined;

/** Loads libtesseract through koffi (a C FFI) once a process; null where either is missing. */
export function loadLibTesseract(): LibTesseract | null {
  if (loaded !== undefined) return loaded;
  loaded = null;
  // Tesseract's OpenMP threads fight each other when pages already run in parallel; OpenMP reads this once, when the
  // library is loaded, so it is set before.
  process.env.OMP_THREAD_LIMIT ??= '1';
  let koffi: Koffi;
  try {
    koffi = createRequire(import.meta.url)('koffi') as Koffi;
  } catch {
    return null;
  }
  let lib: ReturnType<Koffi['load']> | null = null;
  for (const name of LIBRARY_NAMES) {
    try { lib = koffi.load(name); break; } catch { /* try the next name */ }
  }
  if (!lib) return null;
  const api = {
    create: lib.func('void *TessBaseAPICreate()'),
    init: lib.func('int TessBaseAPIInit3(void *handle, const char *datapath, const char *language)'),
    end: lib.func('void TessBaseAPIEnd(void *handle)'),
    destroy: lib.func('void TessBaseAPIDelete(void *handle)'),
    setVariable: lib.func('bool TessBaseAPISetVariable(void *handle, const char *name, const char *value)'),
    setPsm: lib.func('void TessBaseAPISetPageSegMode(void *handle, int mode)'),
    setImage: lib.func('void TessBaseAPISetImage(void *handle, const uint8_t *data, int width, int height, int bytesPerPixel, int bytesPerLine)'),
    setResolution: lib.func('void TessBaseAPISetSourceResolution(void *handle, int ppi)'),
    recognize: lib.func('int TessBaseAPIRecognize(void *handle, void *monitor)'),
    tsv: lib.func('void *TessBaseAPIGetTsvText(void *handle, int page)'),
    freeText: lib.func('void TessDeleteText(void *text)'),
    clear: lib.func('void TessBaseAPIClear(void *handle)'),
    monitorCreate: lib.func('void *TessMonitorCreate()'),
    monitorDelete: lib.func('void TessMonitorDelete(void *monitor)'),
    monitorDeadline: lib.func('void TessMonitorSetDeadlineMSecs(void *monitor, int deadline)'),
  };
  loaded = {
    open(lang) {
      const handle = api.create();
      // The data path compiled into the library (Debian: /usr/share/tesseract-ocr/5/tessdata), unless TESSDATA_PREFIX.
      if (api.init(handle, null, lang) !== 0) { api.destroy(handle); return null; }
      // White-on-black headings are inverted before OCR (prepare.ts): Tesseract's own inverted retry only costs time.
      api.setVariable(handle, 'tessedit_do_invert', '0');
      // Tesseract's progress notes ("Detected 8 diacritics") would go to the server's stderr, one per page.
      api.setVariable(handle, 'debug_file', '/dev/null');
      return {
        async recognize(image, psm, deadlineMs) {
          api.setPsm(handle, psm);
          api.setImage(handle, image.data, image.width, image.height, 1, image.width);
          api.setResolution(handle, 300);
          const monitor = deadlineMs ? api.monitorCreate() : null;
          if (monitor) api.monitorDeadline(monitor, Math.max(1, Math.round(deadlineMs!)));
          try {
            const code = await new Promise<number>((resolve, reject) => {
              api.recognize.async(handle, monitor, (err: unknown, r: number) => (err ? reject(err) : resolve(r)));
            });
            if (code !== 0) throw monitor ? new OcrDeadlineError() : new Error(`Tesseract failed (${code})`);
            const text = api.tsv(handle, 0);
            try {
              return text ? String(koffi.decode(text, 'char', -1)) : '';
            } finally {
              if (text) api.freeText(text);
            }
          } finally {
            if (monitor) api.monitorDelete(monitor);
            api.clear(handle);
          }
        },
        close() {
          api.end(handle);
          api.destroy(handle);
        },
      };
    },
  };
  return loaded;
}
