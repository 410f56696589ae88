/** Image types the extractor reads, recognised from their leading bytes. */
export type ImageType = 'jpeg' | 'png' | 'bmp' | 'tiff' | 'webp';

const startsWith = (b: Uint8Array, sig: number[], at = 0): boolean =>
  b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);

const ascii = (b: Uint8Array, from: number, to: number): string => String.fromCharCode(...b.subarray(from, Math.min(to, b.length)));

/** Returns the real image type from the bytes (never the file name), or null when it is none we read. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  // "BM" alone is too weak (text can start with it): also require a known DIB header size.
  if (startsWith(bytes, [0x42, 0x4d]) && bytes.length >= 18) {
    const dib = bytes[14]! | (bytes[15]! << 8) | (bytes[16]! << 16) | (bytes[17]! << 24);
    if ([12, 40, 52, 56, 64, 108, 124].includes(dib)) return 'bmp';
  }
  return null;
}

/** Names what a non-image file seems to be, for error messages ("a PDF", "a text file"), or null. */
export function describeNonImage(bytes: Uint8Array): string | null {
  const head = ascii(bytes, 0, 16);
  if (head.startsWith('%PDF')) return 'a PDF';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'a GIF image';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'a ZIP or Office document';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0])) return 'an old Office document';
  if (ascii(bytes, 4, 8) === 'ftyp') return /heic|heix|mif1|avif/.test(ascii(bytes, 8, 12)) ? 'a HEIC/AVIF photo' : 'a video or HEIC file';
  if (/^\s*<(\?xml|svg|!doctype|html)/i.test(head)) return 'an XML, SVG or HTML file';
  const sample = bytes.subarray(0, 512);
  let printable = 0;
  for (const c of sample) if (c === 9 || c === 10 || c === 13 || (c >= 32 && c < 127) || c >= 0xc2) printable++;
  if (sample.length > 0 && printable / sample.length > 0.95) return 'a text file';
  return null;
}
