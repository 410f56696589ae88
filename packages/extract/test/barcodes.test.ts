import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';
import { readPageBarcodes } from '../src/barcodes.ts';

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
