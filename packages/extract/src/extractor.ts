import { extractFields, readLayout } from './fields/extract-fields.ts';
import { chooseFields } from './fields/learned/combine.ts';
import { keptReading } from './fields/page-reading.ts';
import { rereadFieldsByKind } from './fields/reread-by-kind.ts';
import { FieldTagger } from './fields/learned/tagger.ts';
import { decodePages, DEFAULT_MAX_PIXELS, type DecodedPage } from './image/decode.ts';
import { ExtractError, isExtractError } from './errors.ts';
import { createLineReader } from './ocr/line-reader.ts';
import { chooseEngine, type EngineChoice } from './ocr/choose-engine.ts';
import { LANGUAGES } from './ocr/languages.ts';
import { OcrDeadlineError } from './ocr/engine.ts';
import { WorkerPool } from './pool.ts';
import { pageBudget, readPage } from './read-page.ts';
import type { ExtractedData, FieldSource } from '@ladingwise/shared';
import type { ExtractionResult, Extractor, ExtractorOptions, PageResult, ReadPage } from './types.ts';

const DEFAULT_TIMEOUT_MS = 60_000;
// A page past this share of its hard limit finishes with what it has read (see PageBudget).
const DEFAULT_BUDGET_SHARE = 0.4;
// Every field of a page cut short is held for review: below the 0.9 the product trusts without a look.
const CUT_SHORT_CONFIDENCE = 0.5;
/** The field reader used when none is asked for (see docs/decisions/extract.md for the measurement behind it). */
export const DEFAULT_FIELDS: NonNullable<ExtractorOptions['fields']> = 'combined';

/** Starts a long-lived extractor: OCR workers load once and serve every later `extract` call. */
export async function createExtractor(opts: ExtractorOptions = {}): Promise<Extractor> {
  const languages = opts.languages?.length ? opts.languages : [...LANGUAGES];
  const size = Math.max(1, Math.floor(opts.workers ?? 1));
  const timeoutMs = opts.pageTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const budgetMs = Math.min(timeoutMs, opts.pageBudgetMs ?? Math.round(timeoutMs * DEFAULT_BUDGET_SHARE));
  const maxPixels = opts.maxPixels ?? DEFAULT_MAX_PIXELS;
  const log = opts.logger;
  const pool = await startPool(opts.engine ?? 'auto', languages, size, opts.tesseractBinary);
  log?.({ step: 'engine', ms: 0, engine: pool.engine, workers: size });
  const fieldsMode = opts.fields ?? DEFAULT_FIELDS;
  const tagger = fieldsMode === 'rules' ? null : FieldTagger.load();
  // The neural line reader is a second opinion: should its runtime not load here, pages are read with Tesseract alone.
  const lines = opts.lineReader === false ? undefined : await createLineReader(opts.handwritingReader !== false).catch((e: unknown) => {
    log?.({ step: 'line-reader-unavailable', ms: 0, error: e instanceof Error ? e.message : String(e) });
    return undefined;
  });

  const extract = async (images: Array<{ name: string; bytes: Uint8Array }>): Promise<ExtractionResult> => {
    const timings: Record<string, number> = {};
    const time = (step: string, ms: number, page?: number, slot?: number): void => {
      timings[step] = (timings[step] ?? 0) + ms;
      log?.({ step, ms, ...(page === undefined ? {} : { page }), ...(slot === undefined ? {} : { slot }) });
    };
    // Decode everything first: a bad file fails the document before any OCR time is spent.
    const pages: Array<{ page: DecodedPage; name: string }> = [];
    for (const img of images) {
      const t = Date.now();
      const decoded = await decodePages(img.bytes, { name: img.name, maxPixels });
      time('decode', Date.now() - t);
      for (const page of decoded) pages.push({ page, name: img.name });
    }
    let read = await Promise.all(pages.map(({ page, name }, index) =>
      pool.use(async (worker, discard, slot) => {
        const t0 = Date.now();
        let timer: NodeJS.Timeout | undefined;
        const timedOut = (): ExtractError => new ExtractError('PAGE_TIMEOUT', `Page ${index + 1} of ${name} took longer than ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`} to read and was stopped.`, name);
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(timedOut()), timeoutMs);
        });
        try {
          const work = readPage(page, index, worker, (s, ms) => time(s, ms, index), lines, pageBudget(budgetMs, timeoutMs));
          // After a timeout the abandoned page may still fail later: that must not become an unhandled rejection.
          work.catch(() => {});
          const r = await Promise.race([work, timeout]);
          time('page', Date.now() - t0, index, slot);
          return r;
        } catch (e) {
          // The worker may still be busy with the abandoned page: replace it.
          discard();
          if (e instanceof OcrDeadlineError) throw timedOut();
          if (isExtractError(e)) throw e;
          throw new ExtractError('OCR_FAILED', `OCR failed on page ${index + 1} of ${name}: ${e instanceof Error ? e.message : String(e)}`, name, { cause: e });
        } finally {
          clearTimeout(timer);
        }
      })));
    let t = Date.now();
    const fieldsOf = (pages: ReadPage[], unread?: Record<string, FieldSource>): ExtractedData => {
      // A page whose words are as they were when its fields were judged keeps that reading (the rules are deterministic).
      const kept = keptReading(pages);
      const layout = kept?.layout ?? readLayout(pages);
      const rules = kept?.data ?? extractFields(pages, layout);
      return tagger ? chooseFields(pages, rules, tagger, fieldsMode, { layout, unread }) : rules;
    };
    // Fields left empty whose words the tagger found but could not read: read again under their kind below.
    const unread: Record<string, FieldSource> = {};
    let extractedData = fieldsOf(read, unread);
    time('fields', Date.now() - t);
    // Values of a known kind (ZIP, state, date, weight, count, reference, SCAC, class) read again under their kind; the
    // fields are then read from the words with those readings in place.
    if (lines && !read.some((r) => r.cutShort?.length)) {
      t = Date.now();
      // A failed second reading leaves the fields as first read.
      const again = await rereadFieldsByKind(read, extractedData, lines, fieldsOf, { unread }).catch(() => null);
      if (again) ({ pages: read, data: extractedData } = again);
      time('kind reread', Date.now() - t);
    }
    t = Date.now();
    const blank = read.filter((r) => r.blank).map((r) => r.index + 1);
    if (blank.length) extractedData.Warnings.push(`${blank.length === 1 ? 'Page' : 'Pages'} ${blank.join(', ')} ${blank.length === 1 ? 'looks' : 'look'} blank.`);
    holdCutShort(extractedData, read);
    time('fields', Date.now() - t);
    // Field boxes were found on deskewed pages: report them on the upright page like the words.
    for (const src of Object.values(extractedData.FieldSources ?? {})) {
      const p = read[src.page];
      if (p) src.bbox = p.toUpright(src.bbox);
    }
    return { extractedData, pages: read.map(toPageResult), timings };
  };

  return { extract, close: async () => { await pool.close(); await lines?.close(); } };
}

/** The OCR workers, each slot with its own engine, all started before the first page. */
async function startPool(engine: EngineChoice, languages: string[], size: number, binary?: string): Promise<WorkerPool> {
  const factory = await chooseEngine(engine, languages, binary);
  const pool = new WorkerPool(factory, size);
  try {
    await pool.ready();
    return pool;
  } catch (e) {
    await pool.close();
    throw new ExtractError('OCR_FAILED', `The OCR engine (${factory.name}) could not start: ${e instanceof Error ? e.message : String(e)}`, undefined, { cause: e });
  }
}

/**
 * A page that ran past its time budget was read in part (the steps that recover weak lines left out): every field
 * is held for review rather than the document failing, and the warning says why.
 */
function holdCutShort(data: ExtractedData, read: ReadPage[]): void {
  const cut = read.filter((r) => r.cutShort?.length);
  if (!cut.length) return;
  for (const k of Object.keys(data.ConfidenceScores)) data.ConfidenceScores[k] = Math.min(data.ConfidenceScores[k]!, CUT_SHORT_CONFIDENCE);
  const pages = cut.map((r) => r.index + 1).join(', ');
  data.Warnings.push(`${cut.length === 1 ? 'Page' : 'Pages'} ${pages} took longer than the time allowed and ${cut.length === 1 ? 'was' : 'were'} read in part (${[...new Set(cut.flatMap((r) => r.cutShort!))].join(', ')} left out): check every field.`);
}

function toPageResult(r: ReadPage): PageResult {
  return {
    index: r.index, width: r.width, height: r.height, rotation: r.rotation, turn: r.turn ?? 0,
    words: r.words.map((w) => ({ text: w.text, confidence: Math.round(w.confidence * 1000) / 1000, bbox: r.toUpright(w.bbox) })),
    barcodes: r.barcodes,
  };
}
