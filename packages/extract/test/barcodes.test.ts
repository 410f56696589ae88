import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';
import { eraseCellBorders, readFormBarcodes, readPageBarcodes } from '../src/barcodes.ts';
import { findVerticalRulings } from '../src/image/rulings.ts';

const require = createRequire(import.meta.url);

/** Draws a barcode as PNG with the library's own writer (local WASM, no network). */
export async function barcodePng(text: string, format: 'Code128' | 'Code39' | 'QRCode' | 'DataMatrix' | 'PDF417', scale = 3): Promise<Buffer> {
  const r = await writeBarcode(text, { format, scale });
  if (!r.image) throw new Error(r.error);
  return Buffer.from(await r.image.arrayBuffer());
}

beforeAll(() => {
  const wasm = readFileSync(require.resolve('zxing-wasm/writer/zxing_writer.wasm'));
  prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) } });
});

describe('barcodes', () => {
  it('decodes Code 128, Code 39, PDF417, QR and DataMatrix on one page, offline', async () => {
    const symbols = [
      { text: 'BOL0652605', format: 'Code128' as const, left: 80, top: 80 },
      { text: 'PRO324597435', format: 'Code39' as const, left: 80, top: 400 },
      { text: '8588045311', format: 'PDF417' as const, left: 80, top: 800 },
      { text: 'PO 96967-T', format: 'QRCode' as const, left: 900, top: 80 },
      { text: 'ORD40015', format: 'DataMatrix' as const, left: 900, top: 600 },
    ];
    const composite = await Promise.all(symbols.map(async (s) => ({ input: await barcodePng(s.text, s.format), left: s.left, top: s.top })));
    const { data, info } = await sharp({ create: { width: 1400, height: 1300, channels: 3, background: '#fff' } })
      .composite(composite).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
    const found = await readPageBarcodes({ width: info.width, height: info.height, data });
    expect(found.map((b) => `${b.format}:${b.text}`).sort()).toEqual(
      ['Code128:BOL0652605', 'Code39:PRO324597435', 'DataMatrix:ORD40015', 'PDF417:8588045311', 'QRCode:PO 96967-T'],
    );
    const code128 = found.find((b) => b.format === 'Code128')!;
    expect(code128.bbox![0]).toBeGreaterThanOrEqual(80);
    expect(code128.bbox![1]).toBeGreaterThanOrEqual(80);
  });
});

describe('barcodes in ruled cells', () => {
  /** A page with a Code 128 symbol whose first bar sits `gap` pixels right of a cell's left border. */
  async function cellPage(text: string, gap: number, blur = 0): Promise<{ width: number; height: number; data: Uint8Array }> {
    const png = await barcodePng(text, 'Code128', 2);
    const { data: bc, info } = await sharp(png).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
    let firstBar = 0;
    while (firstBar < info.width && ![...Array(info.height).keys()].some((y) => bc[y * info.width + firstBar]! < 128)) firstBar++;
    const cell = { left: 200, top: 150, width: info.width + 200, height: info.height + 160 };
    const line = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#000' } }).png().toBuffer();
    const { data, info: page } = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#fff' } })
      .composite([
        // The symbol's own white margin goes under the border, as on a printed form.
        { input: png, left: cell.left + 3 + gap - firstBar, top: cell.top + 80 },
        { input: await line(3, cell.height), left: cell.left, top: cell.top },
        { input: await line(3, cell.height), left: cell.left + cell.width, top: cell.top },
        { input: await line(cell.width + 3, 3), left: cell.left, top: cell.top },
        { input: await line(cell.width + 3, 3), left: cell.left, top: cell.top + cell.height },
      ])
      .toColourspace('b-w').png().toBuffer()
      .then((p) => (blur ? sharp(p).blur(blur) : sharp(p)).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true }));
    return { width: page.width, height: page.height, data: new Uint8Array(data) };
  }

  it('erases the cell borders beside a symbol, keeps the symbol readable and reports it once', async () => {
    const page = await cellPage('04494976356970977', 3);
    const rules = findVerticalRulings(page, 128);
    const erased = eraseCellBorders(page, rules)!;
    // The border columns are paper now; the bars are untouched.
    const column = (img: { width: number; height: number; data: Uint8Array }, x: number) => Array.from({ length: 200 }, (_, k) => img.data[(300 + k) * img.width + x]!);
    expect(Math.min(...column(page, 201))).toBeLessThan(60);
    expect(Math.min(...column(erased, 201))).toBeGreaterThan(200);
    expect((await readPageBarcodes(erased)).map((b) => b.text)).toEqual(['04494976356970977']);
    expect((await readFormBarcodes(page, rules)).map((b) => b.text)).toEqual(['04494976356970977']);
  });

  it('leaves a tall symbol\'s own thin bars in place when erasing borders', async () => {
    const page = await cellPage('8335474958', 10);
    const rules = findVerticalRulings(page, 128);
    const erased = eraseCellBorders(page, rules);
    expect(erased).not.toBeNull();
    expect((await readPageBarcodes(erased!)).map((b) => b.text)).toEqual(['8335474958']);
  });

  it('skips the second pass on a form with no barcode beside its borders', async () => {
    const { data, info } = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#fff' } })
      .composite([
        { input: await sharp({ create: { width: 3, height: 400, channels: 3, background: '#000' } }).png().toBuffer(), left: 200, top: 100 },
        { input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="60"><text x="5" y="40" font-size="28" font-family="sans-serif">ACME FOODS INC</text></svg>'), left: 210, top: 200 },
      ])
      .toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
    const page = { width: info.width, height: info.height, data: new Uint8Array(data) };
    const rules = findVerticalRulings(page, 128);
    expect(rules.length).toBe(1);
    expect(eraseCellBorders(page, rules)).toBeNull();
  });
});
