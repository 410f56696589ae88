// Line-level figures for the line readers on a set of single-line images (training/heldout: values of each field kind
// in Debian's handwriting fonts, which the handwriting model never trained on). Prints character error rate and
// whole-value accuracy per field kind for Tesseract, the print recogniser (PP-OCR), the handwriting model, the
// handwriting model decoded under the field's kind, and the vote the extractor uses.
// usage: npx tsx bench/tools/hand-lines.ts [--set training/heldout] [--readers tesseract,ppocr,ppocr+kind,hand,kind,vote,vote+kind] [--calibrate]
//        [--lexicon] [--place-margin N] [--word-margin N] [--widths 1,0.75,1.33]
//   --calibrate  prints, per reader, how often a line is read right at each confidence (run on training/calibration)
//   --lexicon    as the extractor reads now: a city under the list of places, free text under the word lexicon
//                (handwriting model); without it, as before (cities free, words as the model's best path)
//   --widths     letter widths the handwriting model reads each band at, keeping the surest (default 1, as drawn, as the
//                product reads; HAND_WIDTHS in ocr/hand-recogniser.ts: 1,0.75,1.33)
//   --place-margin, --word-margin  the lexicon's margins in nats (default: the shipped ones); to choose them on
//                training/calibration
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import type { Grey } from '../../packages/extract/src/image/analyze.ts';
import { regionCodeOfName } from '../../packages/extract/src/fields/geo.ts';
import { decoderFor, type FieldKind } from '../../packages/extract/src/ocr/field-decode.ts';
import { createHandRecogniser } from '../../packages/extract/src/ocr/hand-recogniser.ts';
import { loadPpOcr, recogniserFor, type LineRecogniser } from '../../packages/extract/src/ocr/line-recogniser.ts';
import { tesseractJsFactory } from '../../packages/extract/src/ocr/tesseract-js.ts';
import { placeDecoder } from '../../packages/extract/src/ocr/place-decode.ts';
import { votingRecogniser } from '../../packages/extract/src/ocr/vote.ts';
import { wordDecoder } from '../../packages/extract/src/ocr/word-decode.ts';

const { values } = parseArgs({ options: {
  set: { type: 'string', default: 'training/heldout' },
  readers: { type: 'string', default: 'tesseract,ppocr,ppocr+kind,hand,kind,vote,vote+kind' },
  calibrate: { type: 'boolean', default: false },
  widths: { type: 'string' },
  lexicon: { type: 'boolean', default: false },
  'place-margin': { type: 'string' },
  'word-margin': { type: 'string' },
} });
const rows = readFileSync(join(values.set, 'labels.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => {
  const [file, kind, font, text] = l.split('\t') as [string, string, string, string];
  return { file, kind, font, text };
});
// The decoding kind of each line kind, as the extractor maps fields to kinds (fields/reread-by-kind.ts).
const KIND_OF: Record<string, FieldKind> = { ...(values.lexicon ? { city: 'city' as const } : {}), zip: 'zip', state: 'state', date: 'date', weight: 'weight', pieces: 'count', bol: 'reference', po: 'reference', pro: 'reference', order: 'reference', scac: 'scac' };

/** The line image enlarged to letter height about 40 px, with a margin of its own paper, as the extractor's crops are. */
async function load(file: string): Promise<Grey> {
  const { data, info } = await sharp(join(values.set, file)).greyscale().resize({ height: 64 })
    .extend({ top: 12, bottom: 12, left: 16, right: 16, extendWith: 'copy' }).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

type Reader = (g: Grey, kind: string) => Promise<{ text: string; confidence: number }>;
/** A line reader's reading of a line; `byKind` decodes a line of a constrained kind under it, as the extractor does. */
const viaLines = (r: LineRecogniser, byKind = false): Reader => async (g, kind) => {
  const box: [number, number, number, number] = [0, 0, g.width, g.height];
  const out = await r.read(g, box, box, 'l', undefined, byKind ? KIND_OF[kind] : undefined);
  return { text: out.words.map((w) => w.text).join(' '), confidence: out.confidence };
};

const wanted = new Set(values.readers.split(','));
const readers: Array<[string, Reader]> = [];
const closers: Array<() => Promise<void>> = [];
if (wanted.has('tesseract')) {
  const w = await tesseractJsFactory(['eng', 'spa', 'fra']).create();
  closers.push(() => w.close());
  readers.push(['tesseract', async (g) => {
    const ws = await w.recognize(g, 7);
    return { text: ws.map((x) => x.text).join(' '), confidence: ws.length ? ws.reduce((a, x) => a + x.confidence, 0) / ws.length : 0 };
  }]);
}
const placeMargin = values['place-margin'] === undefined ? undefined : Number(values['place-margin']);
const wordMargin = values['word-margin'] === undefined ? undefined : Number(values['word-margin']);
const byKind = (k: FieldKind): ReturnType<typeof decoderFor> => (k === 'city' ? placeDecoder(placeMargin) : decoderFor(k));
const ppModel = await loadPpOcr();
const pp = recogniserFor(ppModel, undefined, byKind);
// The print recogniser with free text under the word lexicon too (the extractor keeps its best path).
if (wanted.has('ppocr+words')) readers.push(['ppocr+words', viaLines(recogniserFor(ppModel, wordDecoder(wordMargin), byKind))]);
closers.push(() => pp.close());
if (wanted.has('ppocr')) readers.push(['ppocr', viaLines(pp)]);
// The print recogniser decoded under the field's kind: what the constraints give without the handwriting model.
if (wanted.has('ppocr+kind')) readers.push(['ppocr+kind', viaLines(pp, true)]);
const needsHand = ['hand', 'kind', 'vote'].some((r) => wanted.has(r));
const widths = values.widths ? values.widths.split(',').map(Number) : undefined;
const hand = needsHand ? await createHandRecogniser(values.lexicon ? wordDecoder(wordMargin) : undefined, byKind, widths) : null;
if (hand) closers.push(() => hand.close());
if (hand && wanted.has('hand')) readers.push(['hand', viaLines(hand)]);
if (hand && wanted.has('kind')) readers.push(['hand+kind', viaLines(hand, true)]);
if (hand && wanted.has('vote')) readers.push(['vote', viaLines(votingRecogniser(pp, hand))]);
if (hand && wanted.has('vote+kind')) readers.push(['vote+kind', viaLines(votingRecogniser(pp, hand), true)]);

function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur.push(Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = cur;
  }
  return prev[b.length]!;
}
const squash = (t: string): string => t.normalize('NFC').replace(/\s+/g, ' ').trim();
// A value is right when its letters and digits and signs are, whatever the case and spacing (the fields compare so).
const sameValue = (a: string, b: string): boolean => a.normalize('NFC').toUpperCase().replace(/\s+/g, '') === b.normalize('NFC').toUpperCase().replace(/\s+/g, '');

interface Tally { chars: number; errors: number; lines: number; right: number; ms: number }
const tallies = new Map<string, Map<string, Tally>>();
const confRight = new Map<string, Array<[number, boolean]>>();
const images = await Promise.all(rows.map((r) => load(r.file)));
for (const [name, read] of readers) {
  const byKind = new Map<string, Tally>();
  tallies.set(name, byKind);
  confRight.set(name, []);
  for (const [i, row] of rows.entries()) {
    const t = performance.now();
    const got = await read(images[i]!, row.kind);
    const ms = performance.now() - t;
    // A state written out ("Nuevo León") and read as its code (NL) is read right: the field holds the code.
    const code = row.kind === 'state' ? regionCodeOfName(row.text) : null;
    const truth = code && squash(got.text).toUpperCase() === code ? code : squash(row.text);
    for (const k of [row.kind, 'all']) {
      const tl = byKind.get(k) ?? { chars: 0, errors: 0, lines: 0, right: 0, ms: 0 };
      tl.chars += truth.length; tl.errors += distance(squash(got.text), truth); tl.lines++; tl.right += sameValue(got.text, truth) ? 1 : 0; tl.ms += ms;
      byKind.set(k, tl);
    }
    confRight.get(name)!.push([got.confidence, sameValue(got.text, truth)]);
  }
}
await Promise.all(closers.map((c) => c()));

const kinds = [...new Set(rows.map((r) => r.kind)), 'all'];
console.log(`${rows.length} lines from ${values.set}; CER % / whole values right %`);
console.log(['kind'.padEnd(9), ...readers.map(([n]) => n.padStart(16))].join(' '));
for (const k of kinds) {
  console.log([k.padEnd(9), ...readers.map(([n]) => {
    const t = tallies.get(n)!.get(k)!;
    return `${((100 * t.errors) / t.chars).toFixed(1)} / ${((100 * t.right) / t.lines).toFixed(1)}`.padStart(16);
  })].join(' '));
}
console.log(['ms a line'.padEnd(9), ...readers.map(([n]) => { const t = tallies.get(n)!.get('all')!; return (t.ms / t.lines).toFixed(1).padStart(16); })].join(' '));
if (values.calibrate) {
  // Share of lines read right per confidence band: the tables vote.ts maps each reader's confidence through.
  for (const [name, pairs] of confRight) {
    const bands = [0, 40, 55, 65, 75, 85, 90, 95, 98, 101];
    const out: string[] = [];
    for (let i = 0; i + 1 < bands.length; i++) {
      const inBand = pairs.filter(([c]) => c >= bands[i]! && c < bands[i + 1]!);
      out.push(`${bands[i]}-${bands[i + 1]}: ${inBand.length ? ((100 * inBand.filter(([, r]) => r).length) / inBand.length).toFixed(0) : '-'}% of ${inBand.length}`);
    }
    console.log(`${name}: ${out.join(', ')}`);
  }
}
