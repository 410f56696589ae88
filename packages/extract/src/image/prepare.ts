import sharp from 'sharp';
import type { DecodedPage } from './decode.ts';
import { estimateSkew, findDarkBars, inkFraction, inkMask, otsuThreshold, textDirection, type Grey } from './analyze.ts';
import { median3 } from './median.ts';
import { findVerticalRulings, type VerticalRule } from './rulings.ts';

/** What page analysis found before OCR. */
export interface PageAnalysis {
  /** Quarter turns (clockwise degrees) to try, most likely first: [0, 180] or [90, 270]. */
  candidates: [number, number];
  /** Measured skew in degrees, clockwise positive, for the first candidate (the same holds for its half-turn partner). */
  skew: number;
  blank: boolean;
}

/** A page made ready for OCR, with the mapping back to upright page pixels. */
export interface PreparedPage {
  /** Quarter turn applied to the decoded image (clockwise degrees). */
  quarterTurn: number;
  skew: number;
  scale: number;
  /** Size of the upright page (after the quarter turn, before deskew and scaling): the space of reported boxes. */
  uprightWidth: number;
  uprightHeight: number;
  /** The OCR image. */
  grey: Grey;
  /** The OCR image before dark bars were inverted: barcodes are read here (a run of thick bars can pass for a bar). */
  barcodeGrey: Grey;
  /**
   * The OCR image before contrast stretching and denoising (same size and geometry): the neural line reader, trained
   * on natural images, reads thin handwritten strokes better here, where their soft edges are kept.
   */
  soft: Grey;
  /** Vertical rulings (cell borders), in OCR-image pixels. */
  rules: VerticalRule[];
  /** Maps a box in OCR-image pixels to upright-page pixels. */
  toUpright(b: [number, number, number, number]): [number, number, number, number];
}

const ANALYSIS_SIDE = 1000;

/** Decides orientation candidates, skew and blankness on a small copy of the page. */
export async function analyzePage(page: DecodedPage): Promise<PageAnalysis> {
  const f = Math.min(1, ANALYSIS_SIDE / Math.max(page.width, page.height));
  const w = Math.max(1, Math.round(page.width * f)), h = Math.max(1, Math.round(page.height * f));
  const small = await sharp(page.data, { raw: { width: page.width, height: page.height, channels: 1 } })
    .resize(w, h, { kernel: 'linear' }).toColourspace('b-w').raw().toBuffer();
  const img: Grey = { width: w, height: h, data: small };
  let min = 255, max = 0;
  const hist = new Uint32Array(256);
  // An index loop: for-of over a Buffer costs several times as much.
  for (let i = 0; i < small.length; i++) hist[small[i]!]!++;
  // 0.5th and 99.5th percentiles: a page with no real contrast is blank whatever Otsu says.
  let acc = 0;
  for (let i = 0; i < 256; i++) { acc += hist[i]!; if (acc > small.length * 0.005) { min = i; break; } }
  acc = 0;
  for (let i = 255; i >= 0; i--) { acc += hist[i]!; if (acc > small.length * 0.005) { max = i; break; } }
  const t = otsuThreshold(img);
  const mask = inkMask(img, t);
  const ink = inkFraction(mask);
  const blank = max - min < 40 || ink < 0.0015;
  if (blank) return { candidates: [0, 180], skew: 0, blank };
  const dir = textDirection(mask, w, h);
  if (dir.vertical > dir.horizontal * 1.2) {
    // Text runs vertically: turn a quarter and measure skew there.
    const turned = transpose(mask, w, h);
    return { candidates: [90, 270], skew: -estimateSkew(turned, h, w), blank };
  }
  return { candidates: [0, 180], skew: estimateSkew(mask, w, h), blank };
}

// Transposing equals a quarter turn plus a mirror; the mirror flips the skew sign, handled by the caller.
function transpose(m: Uint8Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[x * h + y] = m[y * w + x]!;
  return out;
}

/**
 * Target OCR width: printed forms read best near 200–250 dpi; faxes and low-resolution captures (under 1400 px across)
 * are enlarged to ~1900 px (at most 2.5x). Round 3 measured ~300 dpi (2550 px) for 100–130 dpi captures: better on
 * one seed's low-resolution pages, worse on a held-out seed (party blocks lost, wrong fields above 0.9), so not kept.
 */
export function chooseScale(uprightWidth: number, targetWidth?: number): number {
  if (targetWidth) return targetWidth / uprightWidth;
  if (uprightWidth < 1400) return Math.min(2.5, 1900 / uprightWidth);
  if (uprightWidth > 2600) return 2300 / uprightWidth;
  return 1;
}

/** Turns, deskews, scales, normalises and inverts dark heading bars, giving the image OCR reads. */
export async function preparePage(page: DecodedPage, quarterTurn: number, skew: number, targetWidth?: number): Promise<PreparedPage> {
  const uprightWidth = quarterTurn % 180 === 0 ? page.width : page.height;
  const uprightHeight = quarterTurn % 180 === 0 ? page.height : page.width;
  const scale = chooseScale(uprightWidth, targetWidth);
  // Undo the measured skew (sharp turns clockwise for positive angles).
  const angle = Math.abs(skew) < 0.15 ? 0 : -skew;
  let img = sharp(page.data, { raw: { width: page.width, height: page.height, channels: 1 } });
  if (quarterTurn) img = sharp(await img.rotate(quarterTurn).toColourspace('b-w').raw().toBuffer(), { raw: { width: uprightWidth, height: uprightHeight, channels: 1 } });
  if (angle) img = img.rotate(angle, { background: { r: 255, g: 255, b: 255 } });
  const rotatedW = angle ? Math.round(uprightWidth * Math.abs(Math.cos(rad(angle))) + uprightHeight * Math.abs(Math.sin(rad(angle)))) : uprightWidth;
  const rotatedH = angle ? Math.round(uprightWidth * Math.abs(Math.sin(rad(angle))) + uprightHeight * Math.abs(Math.cos(rad(angle)))) : uprightHeight;
  if (angle) img = sharp(await img.toColourspace('b-w').raw().toBuffer(), { raw: { width: rotatedW, height: rotatedH, channels: 1 } });
  if (scale !== 1) img = img.resize(Math.round(rotatedW * scale), Math.round(rotatedH * scale), { kernel: 'lanczos3' });
  // Turned, straightened and scaled once: the line reader's page as it is, and the stretched page made from it.
  const softRaw = await img.toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  let { data, info } = softRaw.info.channels === 1
    ? { data: stretchContrast(softRaw.data, 1, 99), info: softRaw.info }
    : await sharp(softRaw.data, { raw: { width: softRaw.info.width, height: softRaw.info.height, channels: softRaw.info.channels } })
      .normalise({ lower: 1, upper: 99 }).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  // Sensor noise and speckle on photos and cheap scans: Tesseract's own binarisation breaks up on them.
  const noise = noiseLevel(data, info.width, info.height);
  if (noise > 18) {
    ({ data, info } = await sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
      .median(5).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true }));
  } else if (noise > 6) {
    data = median3(data, info.width, info.height);
    info = { ...info, channels: 1 };
  }
  const grey: Grey = { width: info.width, height: info.height, data: info.channels === 1 ? data : await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).extractChannel(0).raw().toBuffer() };
  const soft: Grey = softRaw.info.width === grey.width && softRaw.info.height === grey.height && softRaw.info.channels === 1 ? { width: grey.width, height: grey.height, data: softRaw.data } : grey;
  const t = Math.min(otsuThreshold(grey), 160);
  // Mark first, then invert once, so overlapping bar boxes are not inverted twice.
  const bars = findDarkBars(grey, t);
  const barcodeGrey: Grey = bars.length ? { ...grey, data: new Uint8Array(grey.data) } : grey;
  if (bars.length) {
    const flip = new Uint8Array(grey.width * grey.height);
    for (const [x0, y0, x1, y1] of bars) for (let y = y0; y < y1; y++) flip.fill(1, y * grey.width + x0, y * grey.width + x1);
    // Only the rows the bars span can hold a marked pixel.
    const end = Math.max(...bars.map((b) => b[3])) * grey.width;
    for (let i = Math.min(...bars.map((b) => b[1])) * grey.width; i < end; i++) if (flip[i]) { grey.data[i] = 255 - grey.data[i]!; if (soft !== grey) soft.data[i] = 255 - soft.data[i]!; }
  }
  const rules = findVerticalRulings(grey, t);
  const cx = rotatedW / 2, cy = rotatedH / 2, ux = uprightWidth / 2, uy = uprightHeight / 2;
  const cos = Math.cos(rad(-angle)), sin = Math.sin(rad(-angle));
  const mapPoint = (x: number, y: number): [number, number] => {
    const px = x / scale - cx, py = y / scale - cy;
    return [ux + px * cos - py * sin, uy + px * sin + py * cos];
  };
  return {
    quarterTurn, skew: angle, scale, uprightWidth, uprightHeight, grey, barcodeGrey, soft, rules,
    toUpright([x0, y0, x1, y1]) {
      const pts = [mapPoint(x0, y0), mapPoint(x1, y0), mapPoint(x0, y1), mapPoint(x1, y1)];
      const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
      const clampX = (v: number) => Math.max(0, Math.min(uprightWidth, Math.round(v)));
      const clampY = (v: number) => Math.max(0, Math.min(uprightHeight, Math.round(v)));
      return [clampX(Math.min(...xs)), clampY(Math.min(...ys)), clampX(Math.max(...xs)), clampY(Math.max(...ys))];
    },
  };
}

const rad = (d: number): number => (d * Math.PI) / 180;

// CIE L* (0-100) of each grey level, and back: sRGB grey as libvips reads a one-band image.
const toLinear = (v: number): number => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
const fromLinear = (v: number): number => (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055);
const LSTAR = Array.from({ length: 256 }, (_, v) => {
  const y = toLinear(v / 255);
  return y > (6 / 29) ** 3 ? 116 * Math.cbrt(y) - 16 : (116 * y) / (3 * (6 / 29) ** 2);
});
const greyOfL = (l: number): number => {
  const f = (l + 16) / 116;
  const y = f > 6 / 29 ? f ** 3 : 3 * (6 / 29) ** 2 * (f - 4 / 29);
  return Math.max(0, Math.min(255, Math.round(255 * fromLinear(Math.max(0, Math.min(1, y))))));
};

/**
 * Stretches lightness so the `lower` and `upper` percentiles become black and white: what sharp's normalise() does
 * (on L*), done here with a 256-entry table for one-band pages. sharp's round trip through Lab colour cost ~0.2
 * CPU-s a page, a fifth of the page's OCR.
 */
export function stretchContrast(data: Uint8Array, lower: number, upper: number): Buffer {
  const hist = new Uint32Array(101);
  const counts = new Uint32Array(256);
  for (let i = 0; i < data.length; i++) counts[data[i]!]!++;
  for (let v = 0; v < 256; v++) hist[Math.min(100, Math.floor(LSTAR[v]!))]! += counts[v]!;
  const percentile = (p: number): number => {
    const want = (data.length * p) / 100;
    let acc = 0;
    for (let l = 0; l <= 100; l++) { acc += hist[l]!; if (acc >= want) return l; }
    return 100;
  };
  const min = percentile(lower), max = percentile(upper);
  const out = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (Math.abs(max - min) <= 1) return Buffer.from(out);
  const f = 100 / (max - min);
  const lut = LSTAR.map((l) => greyOfL((l - min) * f));
  const res = Buffer.allocUnsafe(data.length);
  for (let i = 0; i < data.length; i++) res[i] = lut[data[i]!]!;
  return res;
}

/** Median absolute difference between horizontal neighbours: about 0–2 on clean pages, tens on noisy photos. */
export function noiseLevel(data: Uint8Array, w: number, h: number): number {
  const hist = new Uint32Array(256);
  let n = 0;
  for (let y = 0; y < h; y += 3) {
    for (let x = 0; x + 1 < w; x += 2) { hist[Math.abs(data[y * w + x]! - data[y * w + x + 1]!)]!++; n++; }
  }
  let acc = 0;
  for (let i = 0; i < 256; i++) { acc += hist[i]!; if (acc >= n / 2) return i; }
  return 0;
}
