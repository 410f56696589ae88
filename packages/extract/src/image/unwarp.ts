import sharp from 'sharp';
import { otsuThreshold } from './analyze.ts';
import type { DecodedPage } from './decode.ts';

type Point = [number, number];

/** A photographed sheet straightened: the flat page, and the map from its pixels back to the photo's. */
export interface Unwarped { page: DecodedPage; toPhoto(x: number, y: number): Point }

const SMALL = 600;

/**
 * Finds a sheet photographed on a darker surface and maps it flat (a perspective warp from its four corners). Phone
 * photos are taken at an angle: the form's rows and rulings converge, and Tesseract, which expects level lines, joins
 * cells across rows. Scans, faxes and files with no surface around the sheet are left alone (null).
 */
export async function unwarpPhoto(page: DecodedPage): Promise<Unwarped | null> {
  const quad = await findSheet(page);
  if (!quad) return null;
  const [tl, tr, br, bl] = quad;
  const w = Math.round(Math.max(dist(tl, tr), dist(bl, br)));
  const h = Math.round(Math.max(dist(tl, bl), dist(tr, br)));
  const H = homography([[0, 0], [w, 0], [w, h], [0, h]], quad);
  const toPhoto = (x: number, y: number): Point => {
    const d = H[6]! * x + H[7]! * y + H[8]!;
    return [(H[0]! * x + H[1]! * y + H[2]!) / d, (H[3]! * x + H[4]! * y + H[5]!) / d];
  };
  const src = page.data, sw = page.width, sh = page.height;
  const out = Buffer.alloc(w * h, 255);
  // toPhoto written out (the same sums in the same order): a call and a pair allocated a pixel cost twice the warp.
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = H as [number, number, number, number, number, number, number, number, number];
  for (let y = 0; y < h; y++) {
    const py = y + 0.5;
    for (let x = 0; x < w; x++) {
      const px = x + 0.5;
      const d = h6 * px + h7 * py + h8;
      const u = (h0 * px + h1 * py + h2) / d, v = (h3 * px + h4 * py + h5) / d;
      const x0 = Math.floor(u - 0.5), y0 = Math.floor(v - 0.5);
      if (x0 < 0 || y0 < 0 || x0 >= sw - 1 || y0 >= sh - 1) continue;
      const fx = u - 0.5 - x0, fy = v - 0.5 - y0;
      const i = y0 * sw + x0;
      out[y * w + x] = Math.round(src[i]! * (1 - fx) * (1 - fy) + src[i + 1]! * fx * (1 - fy) + src[i + sw]! * (1 - fx) * fy + src[i + sw + 1]! * fx * fy);
    }
  }
  return { page: { ...page, width: w, height: h, data: out }, toPhoto };
}

/** The sheet's corners (top-left, top-right, bottom-right, bottom-left) in page pixels, or null when there is no clear sheet on a surface. */
export async function findSheet(page: DecodedPage): Promise<[Point, Point, Point, Point] | null> {
  const f = Math.min(1, SMALL / Math.max(page.width, page.height));
  const w = Math.max(1, Math.round(page.width * f)), h = Math.max(1, Math.round(page.height * f));
  if (w < 50 || h < 50) return null;
  // Blurred hard enough that print disappears into the paper; only paper against surface is left.
  const small = await sharp(page.data, { raw: { width: page.width, height: page.height, channels: 1 } })
    .resize(w, h, { kernel: 'linear' }).extractChannel(0).raw().toBuffer();
  const blurred = (px: Uint8Array): Promise<Buffer> => sharp(px, { raw: { width: w, height: h, channels: 1 } }).blur(4).extractChannel(0).raw().toBuffer();
  const quad = sheetIn(await blurred(small), w, h);
  if (!quad) return null;
  // A solid band across the form (a table's heading bar), blurred into the margins beside it, can cut the sheet in
  // two, and the fill from the middle then misses all above it: with print closed over first, a sheet found a good
  // deal larger is the whole one.
  const whole = sheetIn(await blurred(closeDark(small, w, h, Math.max(2, Math.round(Math.max(w, h) / 100)))), w, h);
  const best = whole && Math.abs(shoelace(whole)) > 1.1 * Math.abs(shoelace(quad)) ? whole : quad;
  return best.map(([x, y]) => [x / f, y / f]) as [Point, Point, Point, Point];
}

/** The sheet in a blurred, reduced page: the bright quadrilateral holding the middle, in the reduced page's pixels. */
function sheetIn(data: Buffer, w: number, h: number): [Point, Point, Point, Point] | null {
  const t = otsuThreshold({ width: w, height: h, data });
  // The sheet: the bright region holding the middle of the image.
  const seen = new Uint8Array(w * h);
  const start = Math.floor(h / 2) * w + Math.floor(w / 2);
  if (data[start]! <= t) return null;
  const stack = [start];
  seen[start] = 1;
  let area = 0;
  let tl: Point = [0, 0], tr: Point = [0, 0], br: Point = [0, 0], bl: Point = [0, 0];
  let sTl = Infinity, sTr = -Infinity, sBr = -Infinity, sBl = Infinity;
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % w, y = (i - x) / w;
    area++;
    if (x + y < sTl) { sTl = x + y; tl = [x, y]; }
    if (x - y > sTr) { sTr = x - y; tr = [x + 1, y]; }
    if (x + y > sBr) { sBr = x + y; br = [x + 1, y + 1]; }
    if (x - y < sBl) { sBl = x - y; bl = [x, y + 1]; }
    // Left, right, up, down, in this order (the corners keep the first pixel reached of equal rank).
    if (x > 0 && !seen[i - 1] && data[i - 1]! > t) { seen[i - 1] = 1; stack.push(i - 1); }
    if (x < w - 1 && !seen[i + 1] && data[i + 1]! > t) { seen[i + 1] = 1; stack.push(i + 1); }
    if (y > 0 && !seen[i - w] && data[i - w]! > t) { seen[i - w] = 1; stack.push(i - w); }
    if (y < h - 1 && !seen[i + w] && data[i + w]! > t) { seen[i + w] = 1; stack.push(i + w); }
  }
  // A scan is paper edge to edge; a sheet on a desk leaves the surface showing around it.
  if (area < 0.4 * w * h || area > 0.95 * w * h) return null;
  const quad: [Point, Point, Point, Point] = [tl, tr, br, bl];
  const quadArea = Math.abs(shoelace(quad));
  // The bright region must be a quadrilateral (the sheet), not a blob: it fills most of its corner polygon.
  if (quadArea < 0.4 * w * h || area < 0.9 * quadArea || !convex(quad)) return null;
  // Corners at the image's corners: nothing to straighten.
  const near = (p: Point, x: number, y: number): boolean => Math.abs(p[0] - x) <= 0.01 * w + 1 && Math.abs(p[1] - y) <= 0.01 * h + 1;
  if (near(tl, 0, 0) && near(tr, w, 0) && near(br, w, h) && near(bl, 0, h)) return null;
  return quad;
}

/**
 * Morphological closing of the dark: each pixel takes the brightest value within `r` (dark marks up to 2r across
 * vanish), then the darkest within `r` of that (the sheet's own edges come back where they were).
 */
export function closeDark(src: Uint8Array, w: number, h: number, r: number): Buffer {
  // The brightest (or darkest) value within r along a row or a column, the window cut at the image's edge.
  const pass = (a: Uint8Array, brightest: boolean, horizontal: boolean): Buffer => {
    const out = Buffer.alloc(w * h);
    const step = horizontal ? 1 : w;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const at = horizontal ? x : y, n = horizontal ? w : h;
        const i = y * w + x;
        let v = a[i]!;
        for (let j = i + Math.max(-r, -at) * step, end = i + Math.min(r, n - 1 - at) * step; j <= end; j += step) {
          const u = a[j]!;
          if (brightest ? u > v : u < v) v = u;
        }
        out[i] = v;
      }
    }
    return out;
  };
  const lighter = pass(pass(src, true, true), true, false);
  const closed = pass(pass(lighter, false, true), false, false);
  // Within r of the image's edge the pixels stay as they were: a strip of surface there narrower than the window
  // would be closed over, moving the sheet's corners onto the image's.
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) if (x < r || y < r || x >= w - r || y >= h - r) closed[y * w + x] = src[y * w + x]!;
  }
  return closed;
}

const dist = (a: Point, b: Point): number => Math.hypot(a[0] - b[0], a[1] - b[1]);

function shoelace(q: Point[]): number {
  let s = 0;
  for (let i = 0; i < q.length; i++) { const [x1, y1] = q[i]!, [x2, y2] = q[(i + 1) % q.length]!; s += x1 * y2 - x2 * y1; }
  return s / 2;
}

function convex(q: Point[]): boolean {
  let sign = 0;
  for (let i = 0; i < q.length; i++) {
    const [ax, ay] = q[i]!, [bx, by] = q[(i + 1) % q.length]!, [cx, cy] = q[(i + 2) % q.length]!;
    const z = (bx - ax) * (cy - by) - (by - ay) * (cx - bx);
    if (z === 0) continue;
    if (sign === 0) sign = Math.sign(z);
    else if (Math.sign(z) !== sign) return false;
  }
  return true;
}

/** The 3x3 projective map taking the four `from` points onto the four `to` points (row-major, last entry 1). */
export function homography(from: Point[], to: Point[]): number[] {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!, [u, v] = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
    [a[c], a[p]] = [a[p]!, a[c]!];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const k = a[r]![c]! / a[c]![c]!;
      for (let j = c; j < 9; j++) a[r]![j]! -= k * a[c]![j]!;
    }
  }
  return [...Array.from({ length: 8 }, (_, i) => a[i]![8]! / a[i]![i]!), 1];
}

/** Turns a point of a w x h image a quarter `turn` clockwise (0, 90, 180, 270). */
function turnPoint(x: number, y: number, turn: number, w: number, h: number): Point {
  if (turn === 90) return [h - y, x];
  if (turn === 180) return [w - x, h - y];
  if (turn === 270) return [y, w - x];
  return [x, y];
}

/** Undoes turnPoint: a point of the turned image back to the w x h image it was turned from. */
function unturnPoint(x: number, y: number, turn: number, w: number, h: number): Point {
  if (turn === 90) return [y, h - x];
  if (turn === 180) return [w - x, h - y];
  if (turn === 270) return [w - y, x];
  return [x, y];
}

/**
 * Maps a box on the straightened sheet (turned upright by `turn`) to the photo turned the same way, so word boxes
 * land where the words are on the image the user sees.
 */
export function boxOnPhoto(b: [number, number, number, number], turn: number, flat: Unwarped, photo: { width: number; height: number }): [number, number, number, number] {
  const corners: Point[] = [[b[0], b[1]], [b[2], b[1]], [b[0], b[3]], [b[2], b[3]]].map(([x, y]) => {
    const [sx, sy] = unturnPoint(x!, y!, turn, flat.page.width, flat.page.height);
    const [px, py] = flat.toPhoto(sx, sy);
    return turnPoint(px, py, turn, photo.width, photo.height);
  });
  const W = turn % 180 === 0 ? photo.width : photo.height, H = turn % 180 === 0 ? photo.height : photo.width;
  const xs = corners.map((c) => Math.max(0, Math.min(W, c[0]))), ys = corners.map((c) => Math.max(0, Math.min(H, c[1])));
  return [Math.round(Math.min(...xs)), Math.round(Math.min(...ys)), Math.round(Math.max(...xs)), Math.round(Math.max(...ys))];
}
