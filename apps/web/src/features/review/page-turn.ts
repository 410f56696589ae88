/**
 * The extractor may read a page a quarter or half turn from how it was stored; its boxes are then measured on the
 * upright page. The stored image (and its renditions) stay as uploaded, so the viewer turns the image instead: the
 * page area takes the upright page's shape, and the served image is placed in it turned, so boxes measured on the
 * upright page fall on their words at any zoom.
 */

/** Clockwise quarter turns as degrees 0, 90, 180 or 270 (anything else counts as 0). */
export function normaliseTurn(turn: number | undefined): 0 | 90 | 180 | 270 {
  const t = ((Math.round((turn ?? 0) / 90) * 90) % 360 + 360) % 360;
  return t === 90 || t === 180 || t === 270 ? t : 0;
}

/** Where the served image goes inside the upright page area, in percent of that area, and how it is turned. */
export interface TurnedPlacement {
  left: number;
  top: number;
  width: number;
  height: number;
  /** Clockwise degrees about the image's centre. */
  rotate: 0 | 90 | 180 | 270;
}

/**
 * The served image's placement in an area shaped like the upright page (width x height). A quarter turn swaps the
 * image's sides, so it is laid out with the upright height as its width, centred, then turned about its centre.
 */
export function placeTurned(turn: number | undefined, upright: { width: number; height: number }): TurnedPlacement {
  const rotate = normaliseTurn(turn);
  if (rotate === 0 || rotate === 180) return { left: 0, top: 0, width: 100, height: 100, rotate };
  const { width: w, height: h } = upright;
  return { left: ((w - h) / 2 / w) * 100, top: ((h - w) / 2 / h) * 100, width: (h / w) * 100, height: (w / h) * 100, rotate };
}

/** The served image's CSS inside the upright page area (positioned absolutely there): its placement and turn. */
export function turnedImageStyle(p: TurnedPlacement): { left: string; top: string; width: string; height: string; transform: string } {
  return { left: `${p.left}%`, top: `${p.top}%`, width: `${p.width}%`, height: `${p.height}%`, transform: `rotate(${p.rotate}deg)` };
}

/**
 * A point of the served image (x right, y down, in its own pixels) as it shows on the upright page: the same
 * turn the extractor applied, so tests can check the placement against it.
 */
export function servedToUpright(point: [number, number], turn: number | undefined, served: { width: number; height: number }): [number, number] {
  const [x, y] = point;
  switch (normaliseTurn(turn)) {
    case 90: return [served.height - y, x];
    case 180: return [served.width - x, served.height - y];
    case 270: return [y, served.width - x];
    default: return [x, y];
  }
}
