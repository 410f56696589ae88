/**
 * One long-lived extractor per worker process: created on the first job (OCR start-up is slow and
 * API-only processes never need it), shared by every concurrent job, closed when workers stop.
 */
import type { AppContext } from '../context.ts';
import { createExtractor, type Extractor } from './libraries.ts';

/** Per-page OCR limit handed to the extractor. */
export const PAGE_TIMEOUT_MS = 120_000;

export interface ExtractorHolder {
  get(): Promise<Extractor>;
  close(): Promise<void>;
}

export function extractorHolder(ctx: AppContext): ExtractorHolder {
  let pending: Promise<Extractor> | null = null;
  return {
    get() {
      if (!pending) {
        const languages = ctx.config.OCR_LANGUAGES;
        pending = createExtractor({
          languages,
          workers: ctx.config.OCR_WORKERS,
          engine: ctx.config.OCR_ENGINE,
          lineReader: ctx.config.OCR_LINE_READER,
          pageTimeoutMs: PAGE_TIMEOUT_MS,
          // One debug line per extraction step: its name, page and milliseconds, never image contents.
          logger: (event) => ctx.logger.debug({ component: 'extract', ...event }, 'extract step'),
        });
        // A failed start is retried by the next job instead of poisoning the process.
        pending.catch(() => { pending = null; });
        ctx.logger.info({ languages, workers: ctx.config.OCR_WORKERS }, 'extractor starting');
      }
      return pending;
    },
    async close() {
      const p = pending;
      pending = null;
      // An extractor that failed to start has nothing to close (its error went to the job that asked for it).
      if (p) await p.then((e) => e.close(), () => undefined);
    },
  };
}
