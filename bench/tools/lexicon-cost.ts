// CPU cost of decoding lines under the lexicons (ocr/place-decode.ts, ocr/word-decode.ts) against the model's best
// path, on the model outputs of a line set: the one-time loading of the lists, then milliseconds a line.
// usage: npx tsx bench/tools/lexicon-cost.ts [--set training/calibration]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { loadHandModel } from '../../packages/extract/src/ocr/hand-recogniser.ts';
import { decodeCtc } from '../../packages/extract/src/ocr/ctc.ts';
import { isKnownPlace, placeDecoder } from '../../packages/extract/src/ocr/place-decode.ts';
import { isKnownWord } from '../../packages/extract/src/fields/spelling.ts';
import { wordDecoder } from '../../packages/extract/src/ocr/word-decode.ts';

const { values } = parseArgs({ options: { set: { type: 'string', default: 'training/calibration' } } });
const rows = readFileSync(join(values.set, 'labels.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t') as [string, string, string, string]);
const model = await loadHandModel();
const outs: Array<{ kind: string; data: Float32Array; steps: number; classes: number }> = [];
for (const [file, kind] of rows) {
  const { data, info } = await sharp(join(values.set, file)).greyscale().resize({ height: model.height }).raw().toBuffer({ resolveWithObject: true });
  outs.push({ kind, ...(await model.run(new Uint8Array(data), info.width)) });
}
await model.close();

const cpu = (f: () => void): number => { const c = process.cpuUsage(); f(); const u = process.cpuUsage(c); return (u.user + u.system) / 1000; };
console.log(`loading the place list ${cpu(() => isKnownPlace('x')).toFixed(0)} ms, the word lexicon ${cpu(() => isKnownWord('X')).toFixed(0)} ms (CPU, once a process)`);
const place = placeDecoder(), words = wordDecoder();
for (const [name, decode, kinds] of [
  ['best path', (o: typeof outs[number]) => decodeCtc(o.data, o.steps, o.classes, model.dict), null],
  ['city under the place list', (o: typeof outs[number]) => place(o.data, o.steps, o.classes, model.dict), ['city']],
  ['free text under the word lexicon', (o: typeof outs[number]) => words(o.data, o.steps, o.classes, model.dict), null],
] as const) {
  const mine = outs.filter((o) => !kinds || (kinds as readonly string[]).includes(o.kind));
  const ms = cpu(() => { for (const o of mine) decode(o); });
  console.log(`${name}: ${(ms / mine.length).toFixed(2)} CPU-ms a line (${mine.length} lines)`);
}
