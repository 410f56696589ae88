import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Grey } from '../src/image/analyze.ts';
import { createHandRecogniser } from '../src/ocr/hand-recogniser.ts';
import type { LineRecogniser } from '../src/ocr/line-recogniser.ts';

// The first held-out line of eight field kinds (training/heldout), each in one of Debian's handwriting fonts, which
// the model never trained on.
const DIR = new URL('./fixtures/handwriting/', import.meta.url);
const LINES = readFileSync(new URL('labels.tsv', DIR), 'utf8').trim().split('\n').slice(1).map((l) => {
  const [file, kind, font, text] = l.split('\t') as [string, string, string, string];
  return { file, kind, font, text };
});

/** A line image enlarged to about 40 px letters with a margin of its own paper, as the extractor crops a line. */
async function line(file: string): Promise<Grey> {
  const { data, info } = await sharp(new URL(file, DIR).pathname).greyscale().resize({ height: 64 })
    .extend({ top: 12, bottom: 12, left: 16, right: 16, extendWith: 'copy' }).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

// What the committed model must at least do on these lines (model card: held-out CER and value accuracy).
const CER_BELOW = 0.3;
const EXACT_AT_LEAST = 4;

function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur.push(Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = cur;
  }
  return prev[b.length]!;
}

describe('the handwriting line model', () => {
  let reader: LineRecogniser;
  beforeAll(async () => { reader = await createHandRecogniser(); });
  afterAll(async () => { await reader.close(); });

  it('loads and reads lines in hands it never trained on, words placed on the line', async () => {
    let errors = 0, chars = 0, exact = 0;
    for (const l of LINES) {
      const g = await line(l.file);
      const box: [number, number, number, number] = [0, 0, g.width, g.height];
      const r = await reader.read(g, box, box, 'l1');
      const text = r.words.map((w) => w.text).join(' ');
      errors += distance(text.toUpperCase().replace(/\s+/g, ''), l.text.toUpperCase().replace(/\s+/g, ''));
      chars += l.text.replace(/\s+/g, '').length;
      if (text.toUpperCase().replace(/\s+/g, '') === l.text.toUpperCase().replace(/\s+/g, '')) exact++;
      for (const w of r.words) {
        expect(w.bbox[0]).toBeGreaterThanOrEqual(0);
        expect(w.bbox[2]).toBeLessThanOrEqual(g.width);
      }
    }
    expect(errors / chars).toBeLessThan(CER_BELOW);
    expect(exact).toBeGreaterThanOrEqual(EXACT_AT_LEAST);
  });
});
