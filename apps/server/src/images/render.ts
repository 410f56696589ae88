/**
 * Renders a page image as an upright JPEG no larger than a given size. Used for the thumbnail and
 * display renditions and for the pages sent to a vision model. sharp keeps its decompression-bomb
 * guard (limitInputPixels); BMP, which libvips cannot read, is decoded by the extract library and
 * handed over as raw pixels. Imports only libraries, so the pipeline and the image routes can share it.
 */
import sharp, { type Sharp } from 'sharp';
import { DEFAULT_MAX_PIXELS, decodeBmp, type ImageType } from '@ladingwise/extract';

/** Longest side in pixels of each rendition. */
export const RENDITION_MAX = { thumb: 320, display: 1600 } as const;

/** One page (`frame` of a multi-page TIFF, else the image) upright (EXIF), fitted inside max x max, as JPEG. */
export async function render(original: Buffer, type: ImageType, max: number, frame = 0): Promise<Buffer> {
  const input = type === 'bmp' ? await bmpAsRaw(original) : sharp(original, { page: frame });
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

/** Pages in an image file (its bytes, or its path on disk): the frames of a TIFF (a fax or a scanner's multi-page output), 1 for anything else. */
export async function countFrames(image: Uint8Array | string, type: ImageType): Promise<number> {
  if (type !== 'tiff') return 1;
  const meta = await sharp(image).metadata();
  return Math.max(1, meta.pages ?? 1);
}
