import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import type { ReadPage, Word } from '../src/types.ts';

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
export const fixture = (name: string): Buffer => readFileSync(join(FIXTURES, name));

/** Encodes RGB pixels as a BMP: 24- or 32-bit, bottom-up (the usual) or top-down, 32-bit optionally with BI_BITFIELDS. */
export function encodeBmp(width: number, height: number, rgb: (x: number, y: number) => [number, number, number], bpp: 24 | 32, topDown = false, bitfields = false): Buffer {
  const stride = Math.floor((bpp * width + 31) / 32) * 4;
  const headerSize = bitfields ? 40 + 12 : 40;
  const offset = 14 + headerSize;
  const buf = Buffer.alloc(offset + stride * height);
  buf.write('BM', 0, 'latin1');
  buf.writeUInt32LE(buf.length, 2);
  buf.writeUInt32LE(offset, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(width, 18);
  buf.writeInt32LE(topDown ? -height : height, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(bpp, 28);
  buf.writeUInt32LE(bitfields ? 3 : 0, 30);
  if (bitfields) { buf.writeUInt32LE(0x00ff0000, 54); buf.writeUInt32LE(0x0000ff00, 58); buf.writeUInt32LE(0x000000ff, 62); }
  for (let y = 0; y < height; y++) {
    const row = offset + (topDown ? y : height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const [r, g, b] = rgb(x, y);
      const p = row + x * (bpp / 8);
      buf[p] = b; buf[p + 1] = g; buf[p + 2] = r;
      if (bpp === 32) buf[p + 3] = 255;
    }
  }
  return buf;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4); crc.writeUInt32BE(crc32(td) >>> 0);
  return Buffer.concat([len, td, crc]);
}

/** A valid-looking PNG that declares `width` x `height` but carries only a few bytes of data: a decompression bomb. */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; ihdr[9] = 0; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  const idat = deflateSync(Buffer.alloc(1024));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A line model's output over the alphabet `dict`: one step per entry, each giving the characters the model weighs
 * there ('' is the blank, which takes whatever probability is left). Every character step is followed by a blank
 * step, as CTC models emit.
 */
export function ctcOutput(dict: readonly string[], steps: Array<Record<string, number>>): { data: Float32Array; steps: number; classes: number } {
  const classes = dict.length + 1;
  const all = steps.flatMap((s) => [s, {}]);
  const data = new Float32Array(all.length * classes);
  all.forEach((s, t) => {
    let left = 1;
    for (const [ch, p] of Object.entries(s)) { data[t * classes + dict.indexOf(ch) + 1] = p; left -= p; }
    data[t * classes] = left;
  });
  return { data, steps: all.length, classes };
}

// Small OCR fixtures: words laid out as an engine reports them (letter height 20 px, ~11 px a character).
let lineNo = 0;
/** One engine line of words starting at x, y; `gap` puts extra space before words marked with a leading '|'. */
export function line(x: number, y: number, text: string, confidence = 0.95): Word[] {
  const id = `l${lineNo++}`;
  const out: Word[] = [];
  let cx = x;
  for (const raw of text.split(' ')) {
    const jump = raw.startsWith('|') ? 120 : 0;
    const t = raw.replace(/^\|/, '');
    cx += jump;
    out.push({ text: t, confidence, bbox: [cx, y, cx + 11 * t.length, y + 20], page: 0, line: id });
    cx += 11 * t.length + 11;
  }
  return out;
}
export const page = (...lines: Word[][]): ReadPage[] => [{
  index: 0, width: 1700, height: 2200, rotation: 0, words: lines.flat(), barcodes: [], blank: false, toUpright: (b) => b,
}];
