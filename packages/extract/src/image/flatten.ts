import sharp from 'sharp';
import type { DecodedPage } from './decode.ts';

const CELL = 16;

/**
 * Evens out the lighting of a straightened photo: each pixel is divided by the paper brightness around it, so a
 * sheet that darkens towards a corner reads as white paper everywhere. Tesseract dropped whole regions of such
 * pages (a photo's top third, darker under a shadow, came back with no words at all).
 */
export async function flattenLighting(page: DecodedPage): Promise<DecodedPage> {
  const { width: w, height: h, data } = page;
  const gw = Math.ceil(w / CELL), gh = Math.ceil(h / CELL);
  // Paper brightness of each cell: a high percentile of its pixels (print is dark and sparse).
  const paper = new Uint8Array(gw * gh);
  const hist = new Uint32Array(256);
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      hist.fill(0);
      let n = 0;
      for (let y = gy * CELL; y < Math.min(h, (gy + 1) * CELL); y += 2) {
        for (let x = gx * CELL; x < Math.min(w, (gx + 1) * CELL); x += 2) { hist[data[y * w + x]!]!++; n++; }
      }
      let acc = 0, v = 255;
      for (let i = 255; i >= 0; i--) { acc += hist[i]!; if (acc >= n * 0.1) { v = i; break; } }
      paper[gy * gw + gx] = v;
    }
  }
  // A cell that is all ink (a filled bar, a logo) takes the brightest paper near it.
  const level = new Uint8Array(paper.length);
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      let m = 0;
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) {
        const yy = gy + dy, xx = gx + dx;
        if (yy >= 0 && yy < gh && xx >= 0 && xx < gw) m = Math.max(m, paper[yy * gw + xx]!);
      }
      level[gy * gw + gx] = m;
    }
  }
  const bg = await sharp(level, { raw: { width: gw, height: gh, channels: 1 } })
    .blur(2).resize(w, h, { kernel: 'cubic', fit: 'fill' }).extractChannel(0).raw().toBuffer();
  // Each (paper level, pixel) pair's result from a table worked out once: a division and rounding a pixel cost more.
  const lut = new Uint8Array(256 * 256);
  for (let b = 0; b < 256; b++) for (let v = 0; v < 256; v++) lut[b * 256 + v] = Math.min(255, Math.round((v * 255) / Math.max(32, b)));
  const out = Buffer.alloc(w * h);
  for (let i = 0; i < out.length; i++) out[i] = lut[bg[i]! * 256 + data[i]!]!;
  return { ...page, data: out };
}
