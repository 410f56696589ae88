import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { median3 } from '../src/image/median.ts';

describe('3 x 3 median filter for noisy pages', () => {
  it('gives the same pixels as libvips\' median(3), edges and corners included', async () => {
    const w = 157, h = 93;
    const data = new Uint8Array(w * h);
    // Speckled paper with strokes of ink, from a fixed seed.
    let s = 7;
    for (let i = 0; i < data.length; i++) { s = (s * 1103515245 + 12345) % 2 ** 31; data[i] = s % 5 === 0 ? s % 256 : 200 + (s % 40); }
    for (let y = 20; y < 70; y++) for (let x = 30; x < 34; x++) data[y * w + x] = 15;
    const libvips = await sharp(Buffer.from(data), { raw: { width: w, height: h, channels: 1 } }).median(3).toColourspace('b-w').raw().toBuffer();
    expect(median3(data, w, h).equals(libvips)).toBe(true);
  });

  it('removes a lone speck and keeps a stroke three pixels wide', () => {
    const w = 12, h = 12;
    const data = new Uint8Array(w * h).fill(240);
    data[2 * w + 2] = 0;
    for (let y = 4; y < 10; y++) for (let x = 6; x < 9; x++) data[y * w + x] = 10;
    const out = median3(data, w, h);
    expect(out[2 * w + 2]).toBe(240);
    expect(out[6 * w + 7]).toBe(10);
  });
});
