/**
 * Thumbnail and display-size renditions of an uploaded page, made with sharp on first request and
 * kept in storage beside the original. sharp keeps its decompression-bomb guard (limitInputPixels);
 * BMP, which libvips cannot read, is decoded by the extract library and handed over as raw pixels.
 */
import sharp, { type Sharp } from 'sharp';
import type { AppContext } from '../context.ts';
import type { PageRow } from '../jobs/job-store.ts';
import { DEFAULT_MAX_PIXELS, decodeBmp } from '../pipeline/libraries.ts';

export type Size = 'thumb' | 'display' | 'original';

/** Longest side in pixels of each rendition. */
export const RENDITION_MAX: Record<Exclude<Size, 'original'>, number> = { thumb: 320, display: 1600 };

const CONTENT_TYPE: Record<PageRow['image_type'], string> = {
  jpeg: 'image/jpeg', png: 'image/png', bmp: 'image/bmp', tiff: 'image/tiff', webp: 'image/webp',
};

/** The bytes and content type to send; null when the original is gone. Throws when it cannot be decoded. */
export async function readRendition(ctx: AppContext, page: PageRow, size: Size): Promise<{ bytes: Buffer; contentType: string } | null> {
  if (size === 'original') {
    const bytes = await ctx.storage.get(page.storage_key);
    return bytes ? { bytes, contentType: CONTENT_TYPE[page.image_type] } : null;
  }
  const key = page.storage_key.replace(/\/pages\/(\d+)\.[a-z]+$/, `/renditions/$1-${size}.jpg`);
  const cached = await ctx.storage.get(key);
  if (cached) return { bytes: cached, contentType: 'image/jpeg' };
  const original = await ctx.storage.get(page.storage_key);
  if (!original) return null;
  const bytes = await render(original, page.image_type, RENDITION_MAX[size]);
  await ctx.storage.put(key, bytes, 'image/jpeg');
  return { bytes, contentType: 'image/jpeg' };
}

/** First page of the image, upright (EXIF), fitted inside max x max, as JPEG. */
export async function render(original: Buffer, type: PageRow['image_type'], max: number): Promise<Buffer> {
  const input = type === 'bmp' ? await bmpAsRaw(original) : sharp(original, { page: 0 });
  return input
    .rotate()
    .resize({ width: max, height: max, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

// sharp (libvips) reads no BMP, so the extract library's decoder hands it raw RGB.
async function bmpAsRaw(bytes: Buffer): Promise<Sharp> {
  const rgb = decodeBmp(bytes, DEFAULT_MAX_PIXELS);
  return sharp(rgb.data, { raw: { width: rgb.width, height: rgb.height, channels: 3 } });
}
