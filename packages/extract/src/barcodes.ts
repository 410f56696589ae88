import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import type { Grey } from './image/analyze.ts';

/** A barcode or 2-D code read off a page. */
export interface Barcode { format: string; text: string; bbox?: [number, number, number, number] }

const require = createRequire(import.meta.url);
let ready: Promise<unknown> | null = null;

// The package's default fetches its .wasm from a CDN; hand it the bytes shipped in node_modules instead.
function ensureModule(): Promise<unknown> {
  if (!ready) {
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    const wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength);
    ready = Promise.resolve(prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true }));
  }
  return ready;
}

/** Decodes Code 128, Code 39, PDF417, QR and DataMatrix symbols in a greyscale image. */
export async function readPageBarcodes(img: Grey): Promise<Barcode[]> {
  await ensureModule();
  const rgba = new Uint8ClampedArray(img.width * img.height * 4);
  for (let i = 0, j = 0; i < img.data.length; i++, j += 4) {
    const v = img.data[i]!;
    rgba[j] = v; rgba[j + 1] = v; rgba[j + 2] = v; rgba[j + 3] = 255;
  }
  const results = await readBarcodes({ data: rgba, width: img.width, height: img.height } as unknown as Parameters<typeof readBarcodes>[0], {
    formats: ['Code128', 'Code39', 'PDF417', 'QRCode', 'DataMatrix'],
    tryHarder: true,
    tryRotate: true,
    maxNumberOfSymbols: 8,
  });
  return results.filter((r) => r.isValid && r.text).map((r) => {
    const p = r.position;
    const xs = [p.topLeft.x, p.topRight.x, p.bottomLeft.x, p.bottomRight.x];
    const ys = [p.topLeft.y, p.topRight.y, p.bottomLeft.y, p.bottomRight.y];
    return { format: r.format, text: r.text, bbox: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] as [number, number, number, number] };
  });
}
