// CPU-seconds by extraction step, pages read one at a time so each step's CPU is its own (this process's threads,
// native OCR included), next to one plain `tesseract FILE - -l eng` pass over the same files.
// usage: npx tsx bench/tools/profile-steps.ts FILE... [--engine auto|native|tesseract.js] [--no-line-reader] [--warm FILE] [--by-page]
// --warm reads one file first, uncounted: a worker pays its first call's code compilation and model set-up once, not a page.
// --by-page also prints each file's own steps (the tail's pages differ in where their time goes).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { createExtractor } from '../../packages/extract/src/index.ts';
import { cpuSeconds, plainTesseractCpu } from '../lib/cpu.ts';

const { positionals: files, values } = parseArgs({ allowPositionals: true, options: {
  engine: { type: 'string', default: 'auto' }, 'no-line-reader': { type: 'boolean', default: false }, warm: { type: 'string' },
  'by-page': { type: 'boolean', default: false },
} });
const byStep: Record<string, number> = {};
const count: Record<string, number> = {};
let fileSteps: Record<string, number> = {};
let fileNotes: string[] = [];
let last = cpuSeconds();
const extractor = await createExtractor({
  workers: 1, engine: values.engine as 'auto', lineReader: !values['no-line-reader'], pageTimeoutMs: 600_000,
  logger: (e) => {
    if (e.step === 'engine') { console.error(`engine ${e.engine}`); return; }
    if (e.step === 'page') return;
    count[e.step] = (count[e.step] ?? 0) + 1;
    // The enlarged pass's own steps are counted under their names; this line only counts how often it ran.
    if (e.step.startsWith('enlarged')) { fileNotes.push(e.step); return; }
    const now = cpuSeconds();
    byStep[e.step] = (byStep[e.step] ?? 0) + now - last;
    fileSteps[e.step] = (fileSteps[e.step] ?? 0) + now - last;
    last = now;
  },
});
if (values.warm) {
  await extractor.extract([{ name: basename(values.warm), bytes: readFileSync(values.warm) }]);
  for (const k of Object.keys(byStep)) delete byStep[k];
  for (const k of Object.keys(count)) delete count[k];
}
let total = 0, plain = 0, pages = 0;
for (const f of files) {
  last = cpuSeconds();
  fileSteps = {};
  fileNotes = [];
  const c0 = last;
  const r = await extractor.extract([{ name: basename(f), bytes: readFileSync(f) }]);
  const c = cpuSeconds() - c0;
  const p = await plainTesseractCpu(f);
  total += c; plain += p; pages += r.pages.length;
  console.log(`${basename(f).padEnd(22)} ${r.pages.length} p  extract ${c.toFixed(2)} CPU-s  plain ${p.toFixed(2)}  ${(c / p).toFixed(2)}x  ${r.pages.map((x) => x.words.length).join('+')} words`);
  if (values['by-page']) console.log(`    ${Object.entries(fileSteps).sort((a, b) => b[1] - a[1]).filter(([, v]) => v >= 0.01).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')}${fileNotes.length ? `; ${fileNotes.join(', ')}` : ''}`);
}
await extractor.close();
console.log(`\n${pages} pages: extract ${(total / pages).toFixed(2)} CPU-s a page, plain tesseract ${(plain / pages).toFixed(2)}, ratio ${(total / plain).toFixed(2)}x`);
for (const [k, v] of Object.entries(byStep).sort((a, b) => b[1] - a[1])) console.log(`  ${k.padEnd(12)} ${(v / pages).toFixed(3)} CPU-s a page (${((100 * v) / total).toFixed(0)} %), ${count[k]} times`);
for (const k of ['enlarged kept', 'enlarged dropped']) console.log(`  ${k}: ${count[k] ?? 0} pages`);
