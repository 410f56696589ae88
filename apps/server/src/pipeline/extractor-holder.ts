/**
 * One long-lived extractor per worker process: created on the first job (OCR start-up is slow and
 * API-only processes never need it), shared by every concurrent job, closed when workers stop.
 */
import type { AppContext } from '../context.ts';
import { createExtractor, type Extractor } from './libraries.ts';

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
          // One OCR engine per job slot: the pages of the documents in hand are read side by side, one core each.
          workers: ctx.config.WORKER_CONCURRENCY,
          engine: ctx.config.OCR_ENGINE,
          lineReader: ctx.config.OCR_LINE_READER,
          pageBudgetMs: ctx.config.PAGE_BUDGET_SECONDS * 1000,
          pageTimeoutMs: ctx.config.PAGE_TIMEOUT_SECONDS * 1000,
          // One debug line per extraction step: its name, page and milliseconds, never image contents.
          logger: (event) => {
            if (event.step === 'engine') ctx.logger.info({ component: 'extract', engine: event.engine, workers: event.workers }, 'OCR engines started');
            else ctx.logger.debug({ component: 'extract', ...event }, 'extract step');
          },
        });
        // A failed start is retried by the next job instead of poisoning the process.
        pending.catch(() => { pending = null; });
        ctx.logger.info({ languages, workers: ctx.config.WORKER_CONCURRENCY }, 'extractor starting');
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
