/** A greyscale bitmap: 1 byte a pixel, rows top-down. */
export interface Grey { width: number; height: number; data: Uint8Array }

/** Otsu's threshold of a greyscale image (pixels at or below it are ink). */
export function otsuThreshold(img: Grey): number {
  // An index loop: iterating a Buffer with for-of took 5x as long (40 ms on a page, several times a page).
  const hist = new Uint32Array(256);
  const data = img.data;
  for (let i = 0, n = data.length; i < n; i++) hist[data[i]!]!++;
  const total = data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i]!;
  let sumB = 0, wB = 0, best = 0, threshold = 127;
  for (let t = 0; t < 256; t++) {
    wB += hist[t]!;
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * hist[t]!;
    const mB = sumB / wB, mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) * (mB - mF);
    if (between > best) { best = between; threshold = t; }
  }
  return threshold;
}

/** Ink mask (1 = ink) with long straight rulings removed, so table lines do not drive layout statistics. */
export function inkMask(img: Grey, threshold: number, removeRulings = true): Uint8Array {
  const { width: w, height: h, data } = img;
  const m = new Uint8Array(w * h);
  for (let i = 0; i < m.length; i++) m[i] = data[i]! <= threshold ? 1 : 0;
  if (!removeRulings) return m;
  const out = m.slice();
  const minH = Math.max(20, Math.round(w / 12)), minV = Math.max(20, Math.round(h / 12));
  for (let y = 0; y < h; y++) {
    let run = 0;
    for (let x = 0; x <= w; x++) {
      if (x < w && m[y * w + x]) run++;
      else { if (run >= minH) for (let k = x - run; k < x; k++) out[y * w + k] = 0; run = 0; }
    }
  }
  for (let x = 0; x < w; x++) {
    let run = 0;
    for (let y = 0; y <= h; y++) {
      if (y < h && m[y * w + x]) run++;
      else { if (run >= minV) for (let k = y - run; k < y; k++) out[k * w + x] = 0; run = 0; }
    }
  }
  return out;
}

/** How sharply the ink profile along rows (axis 'rows') or columns changes: high across text lines. */
export function profileSharpness(mask: Uint8Array, w: number, h: number, axis: 'rows' | 'cols'): number {
  const n = axis === 'rows' ? h : w;
  const p = new Float64Array(n);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (mask[y * w + x]) p[axis === 'rows' ? y : x]!++;
  let total = 0, diff = 0;
  for (let i = 0; i < n; i++) { total += p[i]!; if (i > 0) diff += Math.abs(p[i]! - p[i - 1]!); }
  return total > 0 ? diff / total : 0;
}

/** Ink count (used to spot blank pages). */
export function inkFraction(mask: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < mask.length; i++) n += mask[i]!;
  return mask.length ? n / mask.length : 0;
}

/** Estimates the skew in degrees (positive = text rises to the right... as sharp's rotate undoes it) by projection variance. */
export function estimateSkew(mask: Uint8Array, w: number, h: number, maxDeg = 8): number {
  const pts: number[] = [];
  // Sample ink points to bound the work on dense pages.
  let count = 0;
  for (let i = 0; i < mask.length; i++) count += mask[i]!;
  const step = Math.max(1, Math.floor(count / 60000));
  let k = 0;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (mask[y * w + x] && k++ % step === 0) pts.push(x, y);
  if (pts.length < 200) return 0;
  const score = (deg: number): number => {
    const t = Math.tan((deg * Math.PI) / 180);
    const off = Math.ceil(Math.abs(t) * w) + 1;
    const hist = new Float64Array(h + 2 * off);
    for (let i = 0; i < pts.length; i += 2) {
      const yy = Math.round(pts[i + 1]! - pts[i]! * t) + off;
      hist[yy]!++;
    }
    let s = 0;
    for (let i = 0; i < hist.length; i++) s += hist[i]! * hist[i]!;
    return s;
  };
  let best = 0, bestScore = score(0);
  for (let d = -maxDeg; d <= maxDeg; d += 0.5) { const s = score(d); if (s > bestScore) { bestScore = s; best = d; } }
  const coarse = best;
  for (let d = coarse - 0.5; d <= coarse + 0.5; d += 0.1) { const s = score(d); if (s > bestScore) { bestScore = s; best = d; } }
  return Math.round(best * 100) / 100;
}

/** Finds solid dark bars (white-on-black headings) so they can be inverted before OCR. */
export function findDarkBars(img: Grey, threshold: number): Array<[number, number, number, number]> {
  const { width: w, height: h, data } = img;
  const minRun = Math.max(40, Math.round(w * 0.08));
  // A pixel is "bar" when the square around it is nearly all ink: true inside a filled heading bar
  // (its light letters are small), false on rulings (thin) and on ordinary text (sparse).
  const r = Math.max(4, Math.round(w / 320));
  const side = 2 * r + 1;
  // Dense: at least 80 % of the square's pixels are ink, as the least whole count that reaches it.
  let minInk = Math.floor(0.8 * side * side);
  while (minInk / (side * side) < 0.8) minInk++;
  // The square's ink count slides along: each column's count over the square's rows, updated a row at a time, summed
  // over the square's columns, updated a column at a time (a summed-area table of the page cost three times as much).
  const col = new Int32Array(w);
  for (let y = 0; y < Math.min(h, side); y++) for (let x = 0; x < w; x++) if (data[y * w + x]! <= threshold) col[x]!++;
  const rowRuns: Array<Array<[number, number]>> = [];
  for (let y = 0; y < h; y++) {
    const runs: Array<[number, number]> = [];
    if (y >= r && y < h - r) {
      if (y > r) {
        const add = (y + r) * w, drop = (y - r - 1) * w;
        for (let x = 0; x < w; x++) col[x]! += (data[add + x]! <= threshold ? 1 : 0) - (data[drop + x]! <= threshold ? 1 : 0);
      }
      let sum = 0;
      for (let x = 0; x < Math.min(w, side); x++) sum += col[x]!;
      let start = -1;
      for (let x = r; x <= w - r; x++) {
        let dense = false;
        if (x < w - r) {
          if (x > r) sum += col[x + r]! - col[x - r - 1]!;
          dense = sum >= minInk;
        }
        if (dense) { if (start < 0) start = x; }
        else if (start >= 0) { if (x - start >= minRun - 2 * r) runs.push([start, x]); start = -1; }
      }
    }
    rowRuns.push(runs);
  }
  // Group overlapping runs of consecutive rows into rectangles.
  const open: Array<{ x0: number; x1: number; y0: number; y1: number }> = [];
  const done: Array<{ x0: number; x1: number; y0: number; y1: number }> = [];
  for (let y = 0; y < h; y++) {
    for (const [a, b] of rowRuns[y]!) {
      const g = open.find((o) => o.y1 >= y - 1 && Math.min(o.x1, b) - Math.max(o.x0, a) > 0);
      if (g) { g.x0 = Math.min(g.x0, a); g.x1 = Math.max(g.x1, b); g.y1 = y; }
      else open.push({ x0: a, x1: b, y0: y, y1: y });
    }
    for (let i = open.length - 1; i >= 0; i--) if (open[i]!.y1 < y) done.push(...open.splice(i, 1));
  }
  done.push(...open);
  // Letters split a bar's rows into pieces; merge pieces that touch.
  for (let merged = true; merged;) {
    merged = false;
    for (let i = 0; i < done.length && !merged; i++) {
      for (let j = i + 1; j < done.length; j++) {
        const p = done[i]!, q = done[j]!;
        const touch = p.x0 <= q.x1 + 2 && q.x0 <= p.x1 + 2 && p.y0 <= q.y1 + 2 && q.y0 <= p.y1 + 2;
        // Pieces of one bar either side of its (light) heading text: same band, a word's gap apart.
        const band = Math.min(p.y1, q.y1) - Math.max(p.y0, q.y0) >= 0.5 * Math.min(p.y1 - p.y0, q.y1 - q.y0);
        const gap = Math.max(p.x0, q.x0) - Math.min(p.x1, q.x1);
        if (touch || (band && gap <= Math.max(80, w * 0.25))) {
          p.x0 = Math.min(p.x0, q.x0); p.x1 = Math.max(p.x1, q.x1); p.y0 = Math.min(p.y0, q.y0); p.y1 = Math.max(p.y1, q.y1);
          done.splice(j, 1); merged = true; break;
        }
      }
    }
  }
  const bars: Array<[number, number, number, number]> = [];
  for (const g of done) {
    // The dense core sits about r inside the bar's edges.
    const x0 = Math.max(0, g.x0 - r), x1 = Math.min(w, g.x1 + r), y0 = Math.max(0, g.y0 - r), y1 = Math.min(h, g.y1 + r + 1);
    const height = y1 - y0;
    if (x1 - x0 < minRun || height < Math.max(10, h * 0.005) || height > h * 0.06) continue;
    bars.push([x0, y0, x1, y1]);
  }
  return bars;
}

/**
 * Counts neighbouring character blobs that sit side by side (horizontal) versus one above the other (vertical).
 * Letters in a line are closer to each other than lines are, so upright text gives mostly horizontal pairs.
 */
export function textDirection(mask: Uint8Array, w: number, h: number): { horizontal: number; vertical: number } {
  const labels = new Int32Array(w * h).fill(-1);
  const parent: number[] = [];
  const find = (a: number): number => { while (parent[a] !== a) { parent[a] = parent[parent[a]!]!; a = parent[a]!; } return a; };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!mask[i]) continue;
      const left = x > 0 ? labels[i - 1]! : -1;
      const up = y > 0 ? labels[i - w]! : -1;
      if (left < 0 && up < 0) { labels[i] = parent.length; parent.push(parent.length); }
      else if (left >= 0 && up >= 0) {
        labels[i] = left;
        const a = find(left), b = find(up);
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
      } else labels[i] = left >= 0 ? left : up;
    }
  }
  const box = new Map<number, [number, number, number, number, number]>();
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const l = labels[y * w + x]!;
    if (l < 0) continue;
    const r = find(l);
    const b = box.get(r);
    if (!b) box.set(r, [x, y, x, y, 1]);
    else { b[0] = Math.min(b[0], x); b[1] = Math.min(b[1], y); b[2] = Math.max(b[2], x); b[3] = Math.max(b[3], y); b[4]++; }
  }
  // Keep blobs the size of a letter; centroid of each.
  const pts: Array<[number, number]> = [];
  for (const [x0, y0, x1, y1, n] of box.values()) {
    const bw = x1 - x0 + 1, bh = y1 - y0 + 1;
    if (n < 4 || bw > 40 || bh > 40 || (bw < 3 && bh < 3)) continue;
    pts.push([(x0 + x1) / 2, (y0 + y1) / 2]);
  }
  const cell = 24;
  const grid = new Map<string, number[]>();
  pts.forEach(([x, y], i) => {
    const k = `${Math.floor(x / cell)},${Math.floor(y / cell)}`;
    (grid.get(k) ?? grid.set(k, []).get(k)!).push(i);
  });
  let horizontal = 0, vertical = 0;
  pts.forEach(([x, y], i) => {
    let best = Infinity, bdx = 0, bdy = 0;
    const gx = Math.floor(x / cell), gy = Math.floor(y / cell);
    for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) {
      for (const j of grid.get(`${gx + dx},${gy + dy}`) ?? []) {
        if (j === i) continue;
        const ex = pts[j]![0] - x, ey = pts[j]![1] - y;
        const d = ex * ex + ey * ey;
        if (d < best) { best = d; bdx = ex; bdy = ey; }
      }
    }
    if (best === Infinity) return;
    if (Math.abs(bdx) > 2 * Math.abs(bdy)) horizontal++;
    else if (Math.abs(bdy) > 2 * Math.abs(bdx)) vertical++;
  });
  return { horizontal, vertical };
}
