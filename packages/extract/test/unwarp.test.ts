import { describe, expect, it } from 'vitest';
import type { DecodedPage } from '../src/image/decode.ts';
import { flattenLighting } from '../src/image/flatten.ts';
import { boxOnPhoto, closeDark, findSheet, homography, unwarpPhoto } from '../src/image/unwarp.ts';

type Point = [number, number];

// A 400 x 500 sheet: white paper with a black block at (100..300, 150..200).
const SHEET_W = 400, SHEET_H = 500;
const sheetAt = (x: number, y: number): number => (x >= 100 && x < 300 && y >= 150 && y < 200 ? 0 : 250);

/** Photographs the sheet at an angle onto a dark desk: the sheet's corners land on `quad`. */
function photo(quad: [Point, Point, Point, Point], w = 520, h = 600, sheet = sheetAt): DecodedPage {
  const toSheet = homography(quad, [[0, 0], [SHEET_W, 0], [SHEET_W, SHEET_H], [0, SHEET_H]]);
  const data = Buffer.alloc(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const d = toSheet[6]! * x + toSheet[7]! * y + toSheet[8]!;
      const u = (toSheet[0]! * x + toSheet[1]! * y + toSheet[2]!) / d, v = (toSheet[3]! * x + toSheet[4]! * y + toSheet[5]!) / d;
      data[y * w + x] = u >= 0 && v >= 0 && u < SHEET_W && v < SHEET_H ? sheet(Math.floor(u), Math.floor(v)) : 60;
    }
  }
  return { index: 0, width: w, height: h, data, exifRotation: 0, type: 'png' };
}

const QUAD: [Point, Point, Point, Point] = [[40, 30], [480, 60], [470, 570], [60, 540]];

describe('straightening a photographed sheet', () => {
  it('finds the sheet\'s four corners on a darker surface', async () => {
    const corners = await findSheet(photo(QUAD));
    expect(corners).not.toBeNull();
    corners!.forEach((c, i) => {
      expect(Math.abs(c[0] - QUAD[i]![0])).toBeLessThan(8);
      expect(Math.abs(c[1] - QUAD[i]![1])).toBeLessThan(8);
    });
  });

  it('finds the whole sheet when a dark band crosses the form nearly edge to edge', async () => {
    // A table's heading bar 10 px tall with 2 px of paper either side, a fifth of the way down.
    const banded = (x: number, y: number): number => (x >= 2 && x < SHEET_W - 2 && y >= 80 && y < 90 ? 0 : 250);
    const corners = await findSheet(photo(QUAD, 520, 600, banded));
    expect(corners).not.toBeNull();
    corners!.forEach((c, i) => {
      expect(Math.abs(c[0] - QUAD[i]![0])).toBeLessThan(10);
      expect(Math.abs(c[1] - QUAD[i]![1])).toBeLessThan(10);
    });
  });

  it('leaves a scan (paper edge to edge) alone', async () => {
    const scan: DecodedPage = { index: 0, width: 400, height: 500, data: Buffer.from(Array.from({ length: 400 * 500 }, (_, i) => sheetAt(i % 400, Math.floor(i / 400)))), exifRotation: 0, type: 'png' };
    expect(await findSheet(scan)).toBeNull();
    expect(await unwarpPhoto(scan)).toBeNull();
  });

  it('maps the sheet flat, and maps boxes on it back onto the photo', async () => {
    const shot = photo(QUAD);
    const flat = await unwarpPhoto(shot);
    expect(flat).not.toBeNull();
    const { page } = flat!;
    // The black block sits at the same share of the flat sheet as of the real one.
    const sx = page.width / SHEET_W, sy = page.height / SHEET_H;
    const at = (x: number, y: number): number => page.data[Math.round(y * sy) * page.width + Math.round(x * sx)]!;
    expect(at(200, 175)).toBeLessThan(60);
    expect(at(200, 120)).toBeGreaterThan(200);
    expect(at(50, 175)).toBeGreaterThan(200);
    // The block's box on the flat sheet lands on the block in the photo.
    const box = boxOnPhoto([100 * sx, 150 * sy, 300 * sx, 200 * sy], 0, flat!, shot);
    const [cx, cy] = [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2];
    expect(shot.data[Math.round(cy) * shot.width + Math.round(cx)]).toBe(0);
  });

  it('evens out a shadow across the sheet so the paper reads white everywhere', async () => {
    const w = 320, h = 320;
    // Paper darkening from 250 to 150 left to right, with a black stroke in the dark part.
    const data = Buffer.from(Array.from({ length: w * h }, (_, i) => {
      const x = i % w, y = Math.floor(i / w);
      const paper = 250 - (100 * x) / w;
      return x >= 260 && x < 266 && y >= 100 && y < 200 ? Math.round(paper * 0.2) : Math.round(paper);
    }));
    const even = await flattenLighting({ index: 0, width: w, height: h, data, exifRotation: 0, type: 'png' });
    expect(even.data[50 * w + 300]).toBeGreaterThan(220); // was 156
    expect(even.data[50 * w + 20]).toBeGreaterThan(235);
    expect(even.data[150 * w + 262]).toBeLessThan(90);
  });

  it('closes dark marks narrower than the window over paper and keeps a wide dark area and its edge where they were', () => {
    const w = 60, h = 40, r = 3;
    const px = new Uint8Array(w * h).fill(230);
    // A mark 4 px across on paper, and a dark surface filling the right third.
    for (let y = 10; y < 14; y++) for (let x = 10; x < 14; x++) px[y * w + x] = 20;
    for (let y = 0; y < h; y++) for (let x = 40; x < w; x++) px[y * w + x] = 40;
    const closed = closeDark(px, w, h, r);
    expect(closed[12 * w + 12]).toBe(230);
    expect(closed[20 * w + 39]).toBe(230);
    expect(closed[20 * w + 40]).toBe(40);
    expect(closed[20 * w + 50]).toBe(40);
  });
});
