import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodePages, EXTRACT_ERROR_CODES, ExtractError, sniffImageType } from '../src/index.ts';
import { encodeBmp, fixture, pngDeclaring } from './helpers.ts';

async function decodeError(bytes: Uint8Array, name = 'd.jpg'): Promise<ExtractError> {
  try {
    await decodePages(bytes, { name });
  } catch (e) {
    expect(e).toBeInstanceOf(ExtractError);
    return e as ExtractError;
  }
  throw new Error('expected an error');
}

const gradient = (x: number, y: number): [number, number, number] => [(x * 7) % 256, (y * 5) % 256, ((x + y) * 3) % 256];

describe('bad input gives a typed, readable error', () => {
  it('refuses an empty file', async () => {
    const e = await decodeError(new Uint8Array(0));
    expect(e.code).toBe('EMPTY_FILE');
    expect(e.fileName).toBe('d.jpg');
    expect(e.message).toMatch(/d\.jpg is empty/);
  });

  it('names a PDF renamed .jpg', async () => {
    const e = await decodeError(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'));
    expect(e.code).toBe('UNSUPPORTED_TYPE');
    expect(e.message).toBe('d.jpg is not a supported image (it looks like a PDF). Upload JPEG, PNG, BMP, TIFF or WebP.');
  });

  it('names a text file renamed .jpg', async () => {
    const e = await decodeError(Buffer.from('Shipper: ACME\nConsignee: BETA\n'));
    expect(e.code).toBe('UNSUPPORTED_TYPE');
    expect(e.message).toMatch(/looks like a text file/);
  });

  it('refuses a truncated JPEG as corrupt', async () => {
    const jpeg = fixture('vics-clean.jpg');
    const e = await decodeError(jpeg.subarray(0, Math.floor(jpeg.length / 3)));
    expect(e.code).toBe('CORRUPT_IMAGE');
    expect(e.message).toMatch(/damaged or incomplete JPEG/);
  });

  it('refuses a JPEG whose header is garbage', async () => {
    const e = await decodeError(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(200, 7)]));
    expect(e.code).toBe('CORRUPT_IMAGE');
  });

  it('refuses a 1x1 image as too small', async () => {
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } }).png().toBuffer();
    const e = await decodeError(png, 'tiny.png');
    expect(e.code).toBe('IMAGE_TOO_SMALL');
    expect(e.message).toMatch(/tiny\.png is only 1 x 1 pixels/);
  });

  it('refuses a 20,000 x 20,000 decompression bomb before inflating it', async () => {
    const bomb = pngDeclaring(20000, 20000);
    expect(bomb.length).toBeLessThan(2000);
    const before = process.memoryUsage().rss;
    const e = await decodeError(bomb, 'bomb.png');
    expect(e.code).toBe('IMAGE_TOO_LARGE');
    expect(e.message).toMatch(/20000 x 20000 pixels/);
    // 400 megapixels were never allocated.
    expect(process.memoryUsage().rss - before).toBeLessThan(100e6);
  });

  it('refuses a BMP that declares more pixels than allowed', async () => {
    const bmp = encodeBmp(300, 300, gradient, 24);
    bmp.writeInt32LE(20000, 18); bmp.writeInt32LE(20000, 22);
    const e = await decodeError(bmp, 'big.bmp');
    expect(e.code).toBe('IMAGE_TOO_LARGE');
  });

  it('refuses a BMP whose pixel rows are cut short', async () => {
    const bmp = encodeBmp(300, 300, gradient, 24);
    const e = await decodeError(bmp.subarray(0, 5000), 'cut.bmp');
    expect(e.code).toBe('CORRUPT_IMAGE');
  });

  it('documents every error code', () => {
    for (const code of ['EMPTY_FILE', 'UNSUPPORTED_TYPE', 'CORRUPT_IMAGE', 'IMAGE_TOO_SMALL', 'IMAGE_TOO_LARGE', 'PAGE_TIMEOUT', 'OCR_FAILED'] as const) {
      expect(EXTRACT_ERROR_CODES[code]).toMatch(/\w/);
    }
  });
});

describe('formats decode from their bytes, whatever the name', () => {
  it('sniffs the real type', async () => {
    const base = sharp({ create: { width: 240, height: 240, channels: 3, background: '#fff' } });
    expect(sniffImageType(await base.clone().png().toBuffer())).toBe('png');
    expect(sniffImageType(await base.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageType(await base.clone().webp().toBuffer())).toBe('webp');
    expect(sniffImageType(await base.clone().tiff().toBuffer())).toBe('tiff');
    expect(sniffImageType(encodeBmp(240, 240, gradient, 24))).toBe('bmp');
    expect(sniffImageType(Buffer.from('BM is also how this text starts'))).toBeNull();
  });

  for (const [bpp, topDown, bitfields] of [[24, false, false], [24, true, false], [32, false, false], [32, true, false], [32, false, true]] as const) {
    it(`decodes a ${bpp}-bit ${topDown ? 'top-down' : 'bottom-up'}${bitfields ? ' BI_BITFIELDS' : ''} BMP pixel for pixel`, async () => {
      const [page] = await decodePages(encodeBmp(257, 203, gradient, bpp, topDown, bitfields));
      expect(page).toMatchObject({ width: 257, height: 203, type: 'bmp' });
      // Reference: the same RGB pixels turned grey by the same library.
      const rgb = Buffer.alloc(257 * 203 * 3);
      for (let y = 0; y < 203; y++) for (let x = 0; x < 257; x++) rgb.set(gradient(x, y), (y * 257 + x) * 3);
      const ref = await sharp(rgb, { raw: { width: 257, height: 203, channels: 3 } }).toColourspace('b-w').raw().toBuffer();
      expect(Buffer.compare(page!.data, ref)).toBe(0);
    });
  }

  it('reads every page of a multi-page LZW TIFF', async () => {
    const pages = await Promise.all(['#fff', '#777', '#000'].map((c) => sharp({ create: { width: 300, height: 400, channels: 3, background: c } }).png().toBuffer()));
    const tiff = await sharp(pages, { join: { animated: true } }).tiff({ compression: 'lzw' }).toBuffer();
    const decoded = await decodePages(tiff, { name: 'three.tiff' });
    expect(decoded.map((p) => [p.index, p.width, p.height])).toEqual([[0, 300, 400], [1, 300, 400], [2, 300, 400]]);
    expect(decoded.map((p) => p.data[0])).toEqual([255, 119, 0]);
  });

  it('reads CCITT Group 4 (2 pages) and Group 3 fax TIFFs', async () => {
    const g4 = await decodePages(fixture('fax-2-pages-g4.tiff'));
    expect(g4.map((p) => [p.width, p.height])).toEqual([[898, 1140], [898, 1158]]);
    const ink = g4[0]!.data.filter((v) => v < 128).length / g4[0]!.data.length;
    expect(ink).toBeGreaterThan(0.01);
    expect(ink).toBeLessThan(0.2);
    const g3 = await decodePages(fixture('fax-g3.tiff'));
    expect(g3).toHaveLength(1);
  });

  it('reads WebP and applies EXIF orientation', async () => {
    const webp = await sharp({ create: { width: 300, height: 220, channels: 3, background: '#fff' } }).webp().toBuffer();
    expect((await decodePages(webp))[0]).toMatchObject({ width: 300, height: 220, type: 'webp' });
    // A phone photo stored sideways with EXIF orientation 6 (turn 90° clockwise to view).
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#fff' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await decodePages(jpeg))[0]).toMatchObject({ width: 300, height: 400, exifRotation: 90 });
  });
});
