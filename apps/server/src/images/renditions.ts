/**
 * Thumbnail and display-size renditions of an uploaded page, made with sharp on first request and
 * kept in storage beside the original (the rendering itself is render.ts).
 */
import type { AppContext } from '../context.ts';
import type { PageRow } from '../jobs/job-store.ts';
import { render, RENDITION_MAX } from './render.ts';

export type Size = 'thumb' | 'display' | 'original';

const CONTENT_TYPE: Record<PageRow['image_type'], string> = {
  jpeg: 'image/jpeg', png: 'image/png', bmp: 'image/bmp', tiff: 'image/tiff', webp: 'image/webp',
};

/** The bytes and content type to send; null when the original is gone. Throws when it cannot be decoded. */
export async function readRendition(ctx: AppContext, page: PageRow, size: Size): Promise<{ bytes: Buffer; contentType: string } | null> {
  if (size === 'original') {
    const bytes = await ctx.storage.get(page.storage_key);
    return bytes ? { bytes, contentType: CONTENT_TYPE[page.image_type] } : null;
  }
  // Frames of one multi-page file share its storage key; each gets its own rendition.
  const frame = page.frame > 0 ? `-f${page.frame}` : '';
  const key = page.storage_key.replace(/\/pages\/(\d+)\.[a-z]+$/, `/renditions/$1${frame}-${size}.jpg`);
  const cached = await ctx.storage.get(key);
  if (cached) return { bytes: cached, contentType: 'image/jpeg' };
  const original = await ctx.storage.get(page.storage_key);
  if (!original) return null;
  const bytes = await render(original, page.image_type, RENDITION_MAX[size], page.frame);
  await ctx.storage.put(key, bytes, 'image/jpeg');
  return { bytes, contentType: 'image/jpeg' };
}
