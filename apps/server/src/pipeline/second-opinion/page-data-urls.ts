/**
 * Page images as `data:image/jpeg;base64,...` URLs for a vision model: the same rendering as the
 * display rendition (upright, longest side 1600 px, JPEG; BMP through the extract library's decoder),
 * which keeps requests small and the text still legible.
 */
import type { PageRow } from '../../jobs/job-store.ts';
import { render, RENDITION_MAX } from '../../images/render.ts';

export interface PageImage { type: PageRow['image_type']; bytes: Uint8Array }

export async function pageDataUrls(pages: readonly PageImage[], maxPages: number): Promise<string[]> {
  const urls: string[] = [];
  for (const p of pages.slice(0, maxPages)) {
    const jpeg = await render(Buffer.from(p.bytes.buffer, p.bytes.byteOffset, p.bytes.byteLength), p.type, RENDITION_MAX.display);
    urls.push(`data:image/jpeg;base64,${jpeg.toString('base64')}`);
  }
  return urls;
}
