import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { chooseScale, preparePage } from '../src/image/prepare.ts';

describe('chooseScale (OCR resolution)', () => {
  it('enlarges a low-resolution capture (100–130 dpi letter width) to about 1900 px across', () => {
    for (const w of [850, 1020, 1105]) expect(Math.round(w * chooseScale(w))).toBe(1900);
  });
  it('enlarges at most 2.5 times', () => {
    expect(chooseScale(600)).toBe(2.5);
  });
  it('keeps 200–300 dpi pages as they come and brings very large pages down', () => {
    expect(chooseScale(1700)).toBe(1);
    expect(chooseScale(2550)).toBe(1);
    expect(Math.round(5100 * chooseScale(5100))).toBe(2300);
  });
  it('prepares a small page at the enlarged size and maps boxes back to page pixels', async () => {
    const width = 850, height = 1100;
    const data = await sharp({ create: { width, height, channels: 3, background: '#fff' } }).toColourspace('b-w').raw().toBuffer();
    const page = { index: 0, data, width, height, exifRotation: 0, type: 'png' } as never;
    const p = await preparePage(page, 0, 0);
    expect(p.grey.width).toBe(1900);
    expect(p.toUpright([0, 0, 1900, Math.round(1100 * 1900 / 850)])).toEqual([0, 0, 850, 1100]);
  });
  it('keeps a copy of the page before contrast stretching for the line reader, in the same geometry', async () => {
    const width = 1700, height = 2200;
    // Pale grey pen strokes on grey paper: stretching makes them black, the soft copy keeps their grey.
    const data = Buffer.alloc(width * height, 200);
    for (let y = 1000; y < 1600; y++) for (let x = 400; x < 1300; x += 20) data.fill(120, y * width + x, y * width + x + 6);
    const page = { index: 0, data, width, height, exifRotation: 0, type: 'png' } as never;
    const p = await preparePage(page, 0, 0);
    expect([p.soft.width, p.soft.height]).toEqual([p.grey.width, p.grey.height]);
    const at = 1020 * width + 402;
    expect(p.grey.data[at]!).toBeLessThan(40);
    expect(p.soft.data[at]!).toBeGreaterThan(100);
    expect(p.soft.data[at]!).toBeLessThan(140);
  });
});
