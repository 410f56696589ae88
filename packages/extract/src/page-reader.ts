import { decodePages, DEFAULT_MAX_PIXELS } from './image/decode.ts';
import { chooseEngine } from './ocr/choose-engine.ts';
import { LANGUAGES } from './ocr/languages.ts';
import { createLineReader } from './ocr/line-reader.ts';
import { readPage, type ReadTools } from './read-page.ts';
import type { ExtractorOptions, ReadPage } from './types.ts';

/** Reads pages into words exactly as the extractor does before fields are found (for tools that learn from them). */
export interface PageReader {
  /** Every page of one image, read: words in deskewed page coordinates, with `toUpright` to map boxes to the image. */
  read(bytes: Uint8Array, name: string): Promise<ReadPage[]>;
  close(): Promise<void>;
}

/**
 * One OCR worker and the line reader, as `createExtractor` sets them up with the same options. Pages are read without
 * the extractor's time budget: a tool learning from the words wants the whole reading whatever the machine's load.
 */
export async function createPageReader(opts: Pick<ExtractorOptions, 'engine' | 'languages' | 'tesseractBinary' | 'lineReader' | 'handwritingReader' | 'maxPixels'> & { tools?: ReadTools } = {}): Promise<PageReader> {
  const languages = opts.languages?.length ? opts.languages : [...LANGUAGES];
  const factory = await chooseEngine(opts.engine ?? 'auto', languages, opts.tesseractBinary);
  const worker = await factory.create();
  const lines = opts.lineReader === false ? undefined : await createLineReader(opts.handwritingReader !== false).catch(() => undefined);
  return {
    async read(bytes, name) {
      const pages = await decodePages(bytes, { name, maxPixels: opts.maxPixels ?? DEFAULT_MAX_PIXELS });
      const out: ReadPage[] = [];
      for (const [i, page] of pages.entries()) out.push(await readPage(page, i, worker, () => {}, lines, undefined, opts.tools));
      return out;
    },
    close: async () => { await worker.close(); await lines?.close(); },
  };
}
