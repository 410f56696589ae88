// CPU time of the field tagger on pages of a field dataset (their OCR words already read): the word features, the
// trees over every word, and the whole read (grouping and parsing too). The rules' layout and sources, which the
// tagger shares with the rule extractor, are not counted. Each figure is the second of two passes (warm).
// usage: npx tsx bench/tools/tagger-speed.ts FILE.jsonl [--count 40]
import { parseArgs } from 'node:util';
import { asReadPage, readTruthPages } from '../lib/field-pages.ts';
import { readLayout } from '../../packages/extract/src/fields/extract-fields.ts';
import { readFeatures, ruleSources } from '../../packages/extract/src/fields/learned/features.ts';
import { FieldTagger } from '../../packages/extract/src/fields/learned/tagger.ts';
import type { ReadPage } from '../../packages/extract/src/types.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { count: { type: 'string', default: '40' } } });
if (!positionals[0]) { console.error('usage: tagger-speed.ts FILE.jsonl [--count N]'); process.exit(2); }
const tagger = FieldTagger.load();
const pages: ReadPage[] = [];
for await (const p of readTruthPages(positionals[0])) { pages.push(asReadPage(p)); if (pages.length >= Number(values.count)) break; }
const inputs = pages.map((page) => { const layout = readLayout([page]); return { page, layout, sources: ruleSources(page, layout) }; });
const cpuMs = (): number => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const timed = (step: (x: (typeof inputs)[number]) => void): number => {
  let ms = 0;
  for (let pass = 0; pass < 2; pass++) {
    ms = 0;
    for (const x of inputs) { const t = cpuMs(); step(x); ms += cpuMs() - t; }
  }
  return ms / inputs.length;
};
const words = pages.reduce((n, p) => n + p.words.length, 0) / pages.length;
console.log(`${pages.length} pages, ${Math.round(words)} words a page; CPU ms a page:`);
console.log(`  features       ${timed((x) => readFeatures(x.page, x.sources, x.layout)).toFixed(1)}`);
console.log(`  features+trees ${timed((x) => tagger.wordProbabilities(x.page, x.sources, x.layout)).toFixed(1)}`);
console.log(`  whole read     ${timed((x) => tagger.read([x.page], x.sources, x.layout)).toFixed(1)}`);
