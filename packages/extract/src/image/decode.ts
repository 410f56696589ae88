import sharp from 'sharp';
import { ExtractError, isExtractError } from '../errors.ts';
import { describeNonImage, sniffImageType, type ImageType } from '../sniff.ts';
import { bmpSize, decodeBmp } from './bmp.ts';

/** One decoded page: 8-bit greyscale pixels, rows top-down, EXIF orientation already applied. */
export interface DecodedPage {
  index: number;
  width: number;
  height: number;
  /** 1 byte a pixel. */
  data: Buffer;
  /** Degrees the EXIF orientation turned the stored image (0 when none). */
  exifRotation: number;
  type: ImageType;
}

/** Limits for decoding. */
export interface DecodeOptions {
  /** File name used in error messages. */
  name?: string;
  /** Largest page accepted, in pixels (default 60 million: a letter page at 600 dpi with room to spare). */
  maxPixels?: number;
  /** Smallest side accepted, in pixels (default 200). */
  minSide?: number;
  /** Most pages read from one multi-page TIFF (default 50). */
  maxPages?: number;
}

export const DEFAULT_MAX_PIXELS = 60_000_000;
const SUPPORTED = 'Upload JPEG, PNG, BMP, TIFF or WebP.';

/** Checks the bytes and decodes every page to greyscale, throwing a typed ExtractError with a readable message. */
export async function decodePages(bytes: Uint8Array, opts: DecodeOptions = {}): Promise<DecodedPage[]> {
  const name = opts.name ?? 'The file';
  const maxPixels = opts.maxPixels ?? DEFAULT_MAX_PIXELS;
  const minSide = opts.minSide ?? 200;
  const maxPages = opts.maxPages ?? 50;
  if (bytes.length === 0) throw new ExtractError('EMPTY_FILE', `${name} is empty (0 bytes). ${SUPPORTED}`, opts.name);
  const type = sniffImageType(bytes);
  if (!type) {
    const looks = describeNonImage(bytes);
    throw new ExtractError('UNSUPPORTED_TYPE', `${name} is not a supported image${looks ? ` (it looks like ${looks})` : ''}. ${SUPPORTED}`, opts.name);
  }
  const checkSize = (width: number, height: number): void => {
    if (width * height > maxPixels) {
      throw new ExtractError('IMAGE_TOO_LARGE', `${name} is ${width} x ${height} pixels, more than the ${Math.round(maxPixels / 1e6)} megapixels accepted. Scan at 200–300 dpi.`, opts.name);
    }
    if (width < minSide || height < minSide) {
      throw new ExtractError('IMAGE_TOO_SMALL', `${name} is only ${width} x ${height} pixels, too small to read. Scan or photograph the page at 200 dpi or more.`, opts.name);
    }
  };
  const corrupt = (e: unknown): ExtractError =>
    isExtractError(e) ? e : new ExtractError('CORRUPT_IMAGE', `${name} is a damaged or incomplete ${type.toUpperCase()} image and cannot be read. Export or scan it again.`, opts.name, { cause: e });
  try {
    if (type === 'bmp') {
      const size = bmpSize(bytes);
      checkSize(size.width, size.height);
      const rgb = decodeBmp(bytes, maxPixels);
      const data = await sharp(rgb.data, { raw: { width: rgb.width, height: rgb.height, channels: 3 } }).toColourspace('b-w').raw().toBuffer();
      return [{ index: 0, width: rgb.width, height: rgb.height, data, exifRotation: 0, type }];
    }
    const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // metadata() reads only the header, so a decompression bomb is refused before any pixel is inflated.
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size in header');
    const pageHeight = meta.pageHeight && meta.pages && meta.pages > 1 && type !== 'tiff' ? meta.pageHeight : meta.height;
    checkSize(meta.width, pageHeight);
    const pages = type === 'tiff' ? Math.min(meta.pages ?? 1, maxPages) : 1;
    const out: DecodedPage[] = [];
    for (let page = 0; page < pages; page++) {
      const img = sharp(input, { page, pages: 1, limitInputPixels: maxPixels, failOn: 'error', sequentialRead: true });
      const m = page === 0 ? meta : await img.metadata();
      if (m.width && m.height) checkSize(m.width, m.height);
      const orientation = m.orientation ?? 1;
      const { data, info } = await img.autoOrient().toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
      // A 1-bit or 16-bit page comes back with one channel too; anything else is flattened to one byte a pixel.
      const grey = info.channels === 1 ? data : await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).extractChannel(0).raw().toBuffer();
      out.push({ index: page, width: info.width, height: info.height, data: grey, exifRotation: exifDegrees(orientation), type });
    }
    return out;
  } catch (e) {
    throw corrupt(e);
  }
}

function exifDegrees(orientation: number): number {
  if (orientation === 3 || orientation === 4) return 180;
  if (orientation === 5 || orientation === 6) return 90;
  if (orientation === 7 || orientation === 8) return 270;
  return 0;
}
