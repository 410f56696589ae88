import sharp, { type Sharp } from 'sharp';
import { homography } from '@ladingwise/extract';
import type { Rng } from './random.ts';

/** How a page was captured. */
export type Profile = 'clean' | 'scan' | 'fax' | 'photo' | 'lowres';

/** A map from a point of the clean render to the same point on the degraded page. */
export type PointMap = (x: number, y: number) => [number, number];

/** The degraded page, encoded, with the map that carries positions of the clean render onto it. */
export interface Degraded { bytes: Buffer; ext: 'png' | 'jpg' | 'tiff' | 'webp'; width: number; height: number; map: PointMap }

/**
 * Where sharp's rotate() by `deg` (clockwise, canvas grown to the turned page's bounding box) puts a point of a
 * w x h image: turned about the centre, then moved to the centre of the grown canvas.
 */
function rotateMap(deg: number, w: number, h: number): { map: PointMap; width: number; height: number } {
  const a = (deg * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  const width = Math.round(w * Math.abs(c) + h * Math.abs(s));
  const height = Math.round(w * Math.abs(s) + h * Math.abs(c));
  return {
    width, height,
    map: (x, y) => {
      const dx = x - w / 2;
      const dy = y - h / 2;
      return [width / 2 + dx * c - dy * s, height / 2 + dx * s + dy * c];
    },
  };
}

/** The inverse of a 3x3 homography (row-major). */
function invert3(m: number[]): number[] {
  const [a, b, c, d, e, f, g, h, i] = m as [number, number, number, number, number, number, number, number, number];
  const A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [A / det, -(b * i - c * h) / det, (b * f - c * e) / det, B / det, (a * i - c * g) / det, -(a * f - c * d) / det, C / det, -(a * h - b * g) / det, (a * e - b * d) / det];
}

interface Raw { data: Buffer; width: number; height: number; channels: 1 | 3 }

const WHITE = { r: 255, g: 255, b: 255 };

async function toRaw(img: Sharp, grey: boolean): Promise<Raw> {
  const pipeline = grey ? img.greyscale().removeAlpha() : img.removeAlpha();
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels === 1 ? 1 : 3 };
}

const fromRaw = (r: Raw): Sharp => sharp(r.data, { raw: { width: r.width, height: r.height, channels: r.channels } });

/** Adds Gaussian sensor noise and, optionally, dust specks. */
function addNoise(r: Raw, rng: Rng, sd: number, specks = 0): void {
  const d = r.data;
  for (let i = 0; i < d.length; i += r.channels) {
    const n = rng.gauss(0, sd);
    for (let c = 0; c < r.channels; c++) d[i + c] = Math.max(0, Math.min(255, d[i + c]! + n));
  }
  for (let k = 0; k < specks; k++) {
    const x = rng.int(0, r.width - 3);
    const y = rng.int(0, r.height - 3);
    const v = rng.chance(0.7) ? 0 : 255;
    const size = rng.int(1, 2);
    for (let dy = 0; dy < size; dy++) for (let dx = 0; dx < size; dx++) {
      const o = ((y + dy) * r.width + x + dx) * r.channels;
      for (let c = 0; c < r.channels; c++) d[o + c] = v;
    }
  }
}

/** Photographs the page: perspective onto a desk-coloured background, a soft shadow, a warm cast. */
function perspective(src: Raw, rng: Rng): { raw: Raw; toPhoto: PointMap } {
  const W = Math.round(src.width * 1.12);
  const H = Math.round(src.height * 1.08);
  const j = (m: number): number => rng.float(0, m);
  const mx = src.width * 0.07;
  const my = src.height * 0.05;
  const quad: Array<[number, number]> = [[j(mx), j(my)], [W - j(mx), j(my)], [W - j(mx), H - j(my)], [j(mx), H - j(my)]];
  // Map output pixels back into the page, so every output pixel gets exactly one sample.
  const h = homography(quad, [[0, 0], [src.width, 0], [src.width, src.height], [0, src.height]]);
  const out = Buffer.alloc(W * H * 3);
  const bg = [rng.int(70, 140), rng.int(55, 110), rng.int(40, 90)];
  const sx = rng.float(0.2, 0.8) * W;
  const sy = rng.float(0.2, 0.8) * H;
  const reach = Math.hypot(W, H) * rng.float(0.5, 0.9);
  const depth = rng.float(0.15, 0.4);
  const tint = [1, rng.float(0.94, 0.99), rng.float(0.84, 0.95)];
  const sw = src.width;
  const sd = src.data;
  const ch = src.channels;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const w = h[6]! * x + h[7]! * y + h[8]!;
      const u = (h[0]! * x + h[1]! * y + h[2]!) / w;
      const v = (h[3]! * x + h[4]! * y + h[5]!) / w;
      const o = (y * W + x) * 3;
      // Lighting falls off from a bright spot: the shadow of a hand or phone on one side.
      const light = 1 - depth * Math.min(1, Math.hypot(x - sx, y - sy) / reach);
      if (u < 0 || v < 0 || u >= sw - 1 || v >= src.height - 1) {
        for (let c = 0; c < 3; c++) out[o + c] = bg[c]! * light;
        continue;
      }
      const x0 = Math.floor(u);
      const y0 = Math.floor(v);
      const fx = u - x0;
      const fy = v - y0;
      for (let c = 0; c < 3; c++) {
        const cc = ch === 1 ? 0 : c;
        const p = (yy: number, xx: number): number => sd[(yy * sw + xx) * ch + cc]!;
        const val = p(y0, x0) * (1 - fx) * (1 - fy) + p(y0, x0 + 1) * fx * (1 - fy) + p(y0 + 1, x0) * (1 - fx) * fy + p(y0 + 1, x0 + 1) * fx * fy;
        out[o + c] = Math.min(255, val * light * tint[c]!);
      }
    }
  }
  const inv = invert3(Array.from(h));
  const toPhoto: PointMap = (x, y) => {
    const w = inv[6]! * x + inv[7]! * y + inv[8]!;
    return [(inv[0]! * x + inv[1]! * y + inv[2]!) / w, (inv[3]! * x + inv[4]! * y + inv[5]!) / w];
  };
  return { raw: { data: out, width: W, height: H, channels: 3 }, toPhoto };
}

/** Degrades a clean render (PNG at `dpi`) the way `profile` captures pages, then encodes it. */
export async function degrade(png: Buffer, dpi: number, profile: Profile, rng: Rng): Promise<Degraded> {
  const meta = await sharp(png).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const scaleTo = (target: number): number => Math.round((width * target) / dpi);
  // Resizing to a width keeps the aspect ratio, the height rounded.
  const scaled = (w: number): { map: PointMap; w: number; h: number } => {
    const h = Math.round((height * w) / width);
    return { w, h, map: (x, y) => [(x * w) / width, (y * h) / height] };
  };
  const then = (a: PointMap, b: PointMap): PointMap => (x, y) => b(...a(x, y));
  let out: Sharp;
  let ext: Degraded['ext'];
  let map: PointMap;
  if (profile === 'clean') {
    const target = scaleTo(rng.pick([150, 200, 200, 300]));
    map = scaled(target).map;
    out = sharp(png).resize(target).flatten({ background: WHITE });
    ext = rng.pick(['png', 'webp'] as const);
  } else if (profile === 'scan') {
    const grey = rng.chance(0.6);
    const skew = rng.float(-3, 3);
    const target = scaleTo(rng.pick([200, 240, 300]));
    const sc = scaled(target);
    map = then(sc.map, rotateMap(skew, sc.w, sc.h).map);
    const r = await toRaw(sharp(png).resize(target).rotate(skew, { background: WHITE }).blur(rng.float(0.4, 0.9)), grey);
    addNoise(r, rng, rng.float(3, 9), rng.int(50, 400));
    out = fromRaw(r).linear(rng.float(0.85, 1), rng.float(0, 20));
    ext = rng.pick(['jpg', 'png', 'tiff'] as const);
  } else if (profile === 'fax') {
    const skew = rng.float(-1.5, 1.5);
    // Standard-mode fax: about 204 x 98 dpi, so halve the rows and stretch them back.
    const w = 1728;
    const h = Math.round((1728 * (meta.height ?? 0)) / width);
    const coarse = rng.chance(0.5);
    const turned = rotateMap(skew, width, meta.height ?? 0);
    map = then(turned.map, (x, y) => [(x * w) / turned.width, (y * h) / turned.height]);
    const stage = await sharp(png).rotate(skew, { background: WHITE }).resize(w, coarse ? Math.round(h / 2) : h, { fit: 'fill' }).blur(0.5).png().toBuffer();
    const r = await toRaw(sharp(stage).resize(w, h, { fit: 'fill', kernel: 'nearest' }), true);
    addNoise(r, rng, 10, rng.int(300, 1500));
    // CCITT G4 needs a one-band b-w image: threshold, then reload it as b-w.
    out = sharp(await fromRaw(r).threshold(rng.int(140, 190)).png().toBuffer()).toColourspace('b-w');
    ext = 'tiff';
  } else if (profile === 'photo') {
    const target = scaleTo(rng.pick([170, 200]));
    const base = await toRaw(sharp(png).resize(target).blur(rng.float(0.6, 1.3)), false);
    const { raw: r, toPhoto } = perspective(base, rng);
    map = then(scaled(target).map, toPhoto);
    addNoise(r, rng, rng.float(2, 6));
    out = fromRaw(r);
    if (rng.chance(0.15)) {
      const turn = rng.pick([90, 270]);
      const { width: W, height: H } = r;
      // A quarter turn clockwise sends (x, y) to (H - y, x); three quarters to (y, W - x).
      map = then(map, turn === 90 ? (x, y) => [H - y, x] : (x, y) => [y, W - x]);
      out = fromRaw(await toRaw(out.rotate(turn), false));
    }
    ext = 'jpg';
  } else {
    const target = scaleTo(rng.pick([100, 120, 130]));
    const skew = rng.float(-1.5, 1.5);
    const sc = scaled(target);
    map = then(sc.map, rotateMap(skew, sc.w, sc.h).map);
    const r = await toRaw(sharp(png).resize(target).rotate(skew, { background: WHITE }).blur(rng.float(0.5, 1)), rng.chance(0.5));
    addNoise(r, rng, 4);
    out = fromRaw(r);
    ext = rng.pick(['jpg', 'webp'] as const);
  }
  let bytes: Buffer;
  if (ext === 'png') bytes = await out.png().toBuffer();
  else if (ext === 'webp') bytes = await out.webp({ quality: profile === 'clean' ? 90 : rng.int(35, 60) }).toBuffer();
  else if (ext === 'jpg') bytes = await out.jpeg({ quality: profile === 'lowres' ? rng.int(25, 45) : rng.int(55, 88) }).toBuffer();
  else if (profile === 'fax') bytes = await out.tiff({ compression: 'ccittfax4', bitdepth: 1, xres: 8.03, yres: 7.7 }).toBuffer();
  else bytes = await out.tiff({ compression: 'lzw' }).toBuffer();
  const m = await sharp(bytes).metadata();
  return { bytes, ext, width: m.width ?? 0, height: m.height ?? 0, map };
}
