import { describe, expect, it } from 'vitest';
import { normaliseTurn, placeTurned, servedToUpright } from './page-turn.ts';

/** Where a point of the served image lands on screen once placed and turned as the viewer does (CSS rotate about the centre). */
function onScreen(point: [number, number], turn: number, upright: { width: number; height: number }): [number, number] {
  const p = placeTurned(turn, upright);
  const left = (p.left / 100) * upright.width, top = (p.top / 100) * upright.height;
  const w = (p.width / 100) * upright.width, h = (p.height / 100) * upright.height;
  const cx = left + w / 2, cy = top + h / 2;
  const [x, y] = [left + point[0], top + point[1]];
  const a = (p.rotate * Math.PI) / 180;
  return [cx + (x - cx) * Math.cos(a) - (y - cy) * Math.sin(a), cy + (x - cx) * Math.sin(a) + (y - cy) * Math.cos(a)];
}

describe('a page the extractor turned is shown upright, boxes on their words', () => {
  const upright = { width: 1700, height: 2200 };

  for (const turn of [0, 90, 180, 270]) {
    it(`a ${turn}° turn: every point of the served image lands where the extractor measured it`, () => {
      // The served image is the upright page turned back: its sides swap on a quarter turn.
      const served = turn % 180 ? { width: upright.height, height: upright.width } : upright;
      const points: [number, number][] = [[0, 0], [served.width, 0], [0, served.height], [served.width, served.height], [300, 120]];
      for (const pt of points) {
        const [sx, sy] = onScreen(pt, turn, upright);
        const [ux, uy] = servedToUpright(pt, turn, served);
        expect(sx).toBeCloseTo(ux, 6);
        expect(sy).toBeCloseTo(uy, 6);
      }
    });
  }

  it('turns the way the extractor does: a quarter turn clockwise puts the top-left corner at the top right', () => {
    // sharp's rotate(90), which the extractor uses, turns clockwise.
    expect(servedToUpright([0, 0], 90, { width: 2200, height: 1700 })).toEqual([1700, 0]);
    expect(servedToUpright([0, 0], 270, { width: 2200, height: 1700 })).toEqual([0, 2200]);
  });

  it('reads a missing or odd turn as none', () => {
    expect(normaliseTurn(undefined)).toBe(0);
    expect(normaliseTurn(-90)).toBe(270);
    expect(normaliseTurn(450)).toBe(90);
    expect(placeTurned(undefined, upright)).toEqual({ left: 0, top: 0, width: 100, height: 100, rotate: 0 });
  });
});
