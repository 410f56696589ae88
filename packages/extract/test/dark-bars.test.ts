import { describe, expect, it } from 'vitest';
import { findDarkBars } from '../src/image/analyze.ts';

describe('dark heading bars (inverted before OCR)', () => {
  const w = 1600, h = 2000;
  const page = (): Uint8Array => new Uint8Array(w * h).fill(245);
  const fill = (d: Uint8Array, x0: number, y0: number, x1: number, y1: number, v: number): void => {
    for (let y = y0; y < y1; y++) d.fill(v, y * w + x0, y * w + x1);
  };

  it('finds a filled bar with light heading letters in it, across its whole width', () => {
    const d = page();
    fill(d, 100, 50, 1500, 90, 20);
    // Light letters inside the bar: small gaps in the ink that do not split it.
    for (let x = 200; x < 600; x += 30) fill(d, x, 62, x + 12, 78, 240);
    const bars = findDarkBars({ width: w, height: h, data: d }, 128);
    expect(bars).toHaveLength(1);
    const [x0, y0, x1, y1] = bars[0]!;
    expect(x0).toBeLessThanOrEqual(110);
    expect(x1).toBeGreaterThanOrEqual(1490);
    expect(y0).toBeLessThanOrEqual(56);
    expect(y1).toBeGreaterThanOrEqual(84);
  });

  it('finds a bar that runs to the page\'s right edge and bottom', () => {
    const d = page();
    fill(d, 900, h - 40, w, h, 15);
    const bars = findDarkBars({ width: w, height: h, data: d }, 128);
    expect(bars).toHaveLength(1);
    expect(bars[0]![2]).toBeGreaterThanOrEqual(w - 10);
  });

  it('leaves rulings, thin rules and ordinary text alone', () => {
    const d = page();
    fill(d, 100, 200, 1500, 203, 10); // a ruling
    fill(d, 800, 20, 803, 1900, 10); // a cell border
    for (let x = 100; x < 1500; x += 14) fill(d, x, 300, x + 8, 318, 30); // a line of text
    expect(findDarkBars({ width: w, height: h, data: d }, 128)).toEqual([]);
  });
});
