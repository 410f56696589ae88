import { ExtractError } from '../errors.ts';

/** Raw pixels decoded from a BMP: RGB, 3 bytes a pixel, rows top-down. */
export interface RawRgb { width: number; height: number; data: Buffer }

/** Reads a BMP's width and height from its header without decoding pixels. */
export function bmpSize(bytes: Uint8Array): { width: number; height: number } {
  if (bytes.length < 26) throw new ExtractError('CORRUPT_IMAGE', 'The BMP header is cut short.');
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dib = v.getUint32(14, true);
  if (dib === 12) return { width: v.getUint16(18, true), height: v.getUint16(20, true) };
  return { width: Math.abs(v.getInt32(18, true)), height: Math.abs(v.getInt32(22, true)) };
}

// sharp (libvips) cannot read BMP, so this decodes the forms scanners write:
// 1/4/8-bit palette, 16-bit (5-5-5 / bitfields), 24-bit and 32-bit (BI_RGB or BI_BITFIELDS), bottom-up or top-down.
/** Decodes an uncompressed BMP to RGB; throws CORRUPT_IMAGE on damaged or unsupported data. */
export function decodeBmp(bytes: Uint8Array, maxPixels: number): RawRgb {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 26) throw new ExtractError('CORRUPT_IMAGE', 'The BMP header is cut short.');
  const dataOffset = v.getUint32(10, true);
  const dib = v.getUint32(14, true);
  let width: number, rawHeight: number, bpp: number, compression = 0, colorsUsed = 0;
  if (dib === 12) {
    width = v.getUint16(18, true); rawHeight = v.getInt16(20, true); bpp = v.getUint16(24, true);
  } else {
    if (bytes.length < 14 + 40) throw new ExtractError('CORRUPT_IMAGE', 'The BMP header is cut short.');
    width = v.getInt32(18, true); rawHeight = v.getInt32(22, true); bpp = v.getUint16(28, true);
    compression = v.getUint32(30, true); colorsUsed = v.getUint32(46, true);
  }
  const topDown = rawHeight < 0;
  const height = Math.abs(rawHeight);
  if (width <= 0 || height <= 0) throw new ExtractError('CORRUPT_IMAGE', 'The BMP declares an empty size.');
  if (width * height > maxPixels) throw new ExtractError('IMAGE_TOO_LARGE', `${width} x ${height} pixels`);
  // Channel masks: BI_BITFIELDS (3) and BI_ALPHABITFIELDS (6) carry them after the 40-byte header or inside V4/V5.
  let masks: [number, number, number] | null = null;
  if (compression === 3 || compression === 6) {
    if (bytes.length < 14 + 40 + 12) throw new ExtractError('CORRUPT_IMAGE', 'The BMP header is cut short.');
    masks = [v.getUint32(54, true), v.getUint32(58, true), v.getUint32(62, true)];
  } else if (compression !== 0) {
    throw new ExtractError('CORRUPT_IMAGE', 'This BMP uses a compressed form (RLE/JPEG/PNG) that is not supported; save it as PNG or JPEG.');
  }
  if (![1, 4, 8, 16, 24, 32].includes(bpp)) throw new ExtractError('CORRUPT_IMAGE', `The BMP has an unsupported depth of ${bpp} bits.`);
  const stride = Math.floor((bpp * width + 31) / 32) * 4;
  if (dataOffset + stride * height > bytes.length) throw new ExtractError('CORRUPT_IMAGE', 'The BMP is cut short: its pixel rows end early.');
  let palette: Uint8Array | null = null;
  if (bpp <= 8) {
    const entry = dib === 12 ? 3 : 4;
    const n = colorsUsed || 1 << bpp;
    const start = 14 + dib;
    if (start + n * entry > bytes.length) throw new ExtractError('CORRUPT_IMAGE', 'The BMP palette is cut short.');
    palette = new Uint8Array(n * 3);
    for (let i = 0; i < n; i++) {
      palette[i * 3] = bytes[start + i * entry + 2]!; palette[i * 3 + 1] = bytes[start + i * entry + 1]!; palette[i * 3 + 2] = bytes[start + i * entry]!;
    }
  }
  if (bpp === 16 && !masks) masks = [0x7c00, 0x03e0, 0x001f];
  const shifts = masks?.map(maskShift);
  const out = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const row = dataOffset + (topDown ? y : height - 1 - y) * stride;
    let o = y * width * 3;
    for (let x = 0; x < width; x++, o += 3) {
      if (bpp === 24 || (bpp === 32 && !masks)) {
        const p = row + x * (bpp / 8);
        out[o] = bytes[p + 2]!; out[o + 1] = bytes[p + 1]!; out[o + 2] = bytes[p]!;
      } else if (bpp === 32 || bpp === 16) {
        const px = bpp === 32 ? v.getUint32(row + x * 4, true) : v.getUint16(row + x * 2, true);
        for (let c = 0; c < 3; c++) out[o + c] = extract(px, masks![c]!, shifts![c]!);
      } else {
        const bitPos = x * bpp;
        const byte = bytes[row + (bitPos >> 3)]!;
        const idx = (byte >> (8 - bpp - (bitPos & 7))) & ((1 << bpp) - 1);
        const pi = Math.min(idx, palette!.length / 3 - 1) * 3;
        out[o] = palette![pi]!; out[o + 1] = palette![pi + 1]!; out[o + 2] = palette![pi + 2]!;
      }
    }
  }
  return { width, height, data: out };
}

function maskShift(mask: number): { shift: number; max: number } {
  if (mask === 0) return { shift: 0, max: 0 };
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  return { shift, max: mask >>> shift };
}

function extract(px: number, mask: number, s: { shift: number; max: number }): number {
  if (s.max === 0) return 0;
  return Math.round((((px & mask) >>> s.shift) * 255) / s.max);
}
