/**
 * The extract step: loads a claimed job's page images from storage, reads them with the process's
 * long-lived extractor (OCR, barcodes, fields, confidence), then asks the optional second opinion.
 * A problem the user can act on (an image gone, an unreadable page) comes back as a failure with
 * its message; anything else is thrown so the queue retries the job.
 */
import type { ExtractedData } from '@ladingwise/shared';
import type { Logger } from 'pino';
import type { AppContext } from '../context.ts';
import { listPages, type JobRow, type PageRow } from '../jobs/job-store.ts';
import { extractErrorCode, writtenShare } from './libraries.ts';
import type { ExtractorHolder } from './extractor-holder.ts';
import { withDefaults } from './validate.ts';
import { secondOpinion } from './second-opinion/second-opinion.ts';
import type { PageSeen } from './no-bill-found.ts';

export type ExtractResult = { ok: true; data: ExtractedData; pages: PageSeen[] } | { ok: false; code: string; message: string };

export async function extract(ctx: AppContext, extractor: ExtractorHolder, job: JobRow, log: Logger, started: number): Promise<ExtractResult> {
  const pages = await listPages(ctx.db, job.tenant_id, job.id);
  const files: { name: string; bytes: Uint8Array; type: PageRow['image_type'] }[] = [];
  // The frames of a multi-page TIFF are rows of one stored file: the extractor reads the file once, every frame.
  for (const p of pages.filter((row) => row.frame === 0)) {
    const bytes = await ctx.storage.get(p.storage_key);
    if (!bytes) return { ok: false, code: 'IMAGE_MISSING', message: `The uploaded image ${p.file_name} could not be found. Please upload it again.` };
    files.push({ name: p.file_name, bytes, type: p.image_type });
  }
  log.info({ step: 'load', pages: files.length, bytes: files.reduce((n, f) => n + f.bytes.length, 0) }, 'job step: images loaded');

  let extracted: ExtractedData;
  let seen: PageSeen[];
  try {
    const result = await (await extractor.get()).extract(files);
    // Page sizes (and the turn from the served image) are the space the field boxes are measured in; the review
    // screen draws the page and its boxes in it.
    extracted = { ...withDefaults(result.extractedData), PageSizes: result.pages.map((p) => ({ width: p.width, height: p.height, ...(p.turn ? { turn: p.turn } : {}) })) };
    seen = result.pages.map((p) => ({ words: p.words.length, written: writtenShare(p.words) }));
    log.info({ step: 'extract', ms: Date.now() - started, pages: result.pages.length }, 'job step: extracted');
  } catch (err) {
    // An extraction error with a code is the image's fault and final; any other error is worth a retry.
    const code = extractErrorCode(err);
    if (code) return { ok: false, code, message: (err as Error).message };
    throw err;
  }
  // Off unless VISION_API_BASE is set; never throws.
  return { ok: true, data: await secondOpinion(ctx.config, log, extracted, files), pages: seen };
}
