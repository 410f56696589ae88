/**
 * Optional pipeline step between extract and validate: when VISION_API_BASE is set and some core field
 * is missing or weak, an OpenAI-compatible vision model reads the pages too and the answers are merged
 * by the rule in second-opinion-merge.ts. Off by default, so the product runs fully offline. Whatever
 * goes wrong with the provider, the job goes on with the OCR result and one warning: a second opinion
 * is a help, never a reason to fail or hold up a document.
 */
import type { Logger } from 'pino';
import type { ExtractedData } from '@ladingwise/shared';
import type { Config } from '../../config.ts';
import { weakFields } from './second-opinion-fields.ts';
import { mergeSecondOpinion } from './second-opinion-merge.ts';
import { askVisionModel, VisionError } from './vision-chat-client.ts';
import { pageDataUrls, type PageImage } from './page-data-urls.ts';

type VisionConfig = Pick<Config, 'VISION_API_BASE' | 'VISION_API_KEY' | 'VISION_MODEL' | 'VISION_BELOW_CONFIDENCE' | 'VISION_TIMEOUT_MS' | 'VISION_MAX_PAGES'>;

export const unavailableWarning = (reason: string): string => `Second opinion unavailable: ${reason}`;

/** Returns the data with the model's second opinion merged in, or unchanged when the step is off or not needed. */
export async function secondOpinion(config: VisionConfig, log: Logger, data: ExtractedData, pages: readonly PageImage[]): Promise<ExtractedData> {
  const base = config.VISION_API_BASE;
  if (!base) return data;
  const threshold = config.VISION_BELOW_CONFIDENCE;
  const fields = weakFields(data, threshold);
  if (fields.length === 0) {
    log.info({ step: 'second-opinion', asked: 0 }, 'job step: second opinion not needed');
    return data;
  }
  const started = Date.now();
  try {
    const urls = await pageDataUrls(pages, config.VISION_MAX_PAGES);
    const answers = await askVisionModel(
      { base, key: config.VISION_API_KEY, model: config.VISION_MODEL, timeoutMs: config.VISION_TIMEOUT_MS }, fields, urls);
    const merged = mergeSecondOpinion(data, answers, threshold);
    // Field names only: never values read off the document, the images or the key.
    log.info(
      { step: 'second-opinion', ms: Date.now() - started, pages: urls.length, asked: fields.map((f) => f.path), replaced: merged.replaced, confirmed: merged.confirmed, rejected: merged.rejected },
      'job step: second opinion merged',
    );
    return merged.data;
  } catch (err) {
    const reason = err instanceof VisionError ? err.message : 'page images could not be prepared';
    log.warn({ step: 'second-opinion', ms: Date.now() - started, reason }, 'job step: second opinion unavailable; OCR result kept');
    return { ...data, Warnings: [...data.Warnings, unavailableWarning(reason)] };
  }
}
