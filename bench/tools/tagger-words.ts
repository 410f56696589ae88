// Prints a page kept by an OCR cache line by line, each word with the field tagger's likeliest class and its
// probability, then the labels found and (with --fields) the values the tagger reads: to see why the tagger read a
// TRAINED family's page as it did (a party torn between two blocks, a heading not found). Never for held-out pages.
// usage: npx tsx bench/tools/tagger-words.ts CACHED_PAGE.json [--fields PREFIX]   (--fields "" prints every value)
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { extractFields, readLayout } from '../../packages/extract/src/fields/extract-fields.ts';
import { FieldTagger } from '../../packages/extract/src/fields/learned/tagger.ts';
import type { ReadPage } from '../../packages/extract/src/types.ts';

const { positionals: [file], values } = parseArgs({ allowPositionals: true, options: { fields: { type: 'string' } } });
if (!file) throw new Error('usage: tagger-words.ts CACHED_PAGE.json [--fields PREFIX]');
// The tagger reads pages without the cell rulings found in the image, as it was trained (combine.ts taggerView).
const pages = (Object.values(JSON.parse(readFileSync(file, 'utf8'))) as ReadPage[]).map(({ rules: _, ...p }) => p as ReadPage);
const layout = readLayout(pages);
const sources = extractFields(pages, layout).FieldSources ?? {};
const tagger = FieldTagger.load();
for (const page of pages) {
  const { probs, hits } = tagger.wordProbabilities(page, sources, layout);
  const lines = new Map<string, number[]>();
  page.words.forEach((w, i) => lines.set(w.line, [...(lines.get(w.line) ?? []), i]));
  const top = (p: Float64Array): number => p.reduce((b, v, c) => (v > p[b]! ? c : b), 0);
  for (const ids of [...lines.values()].sort((a, b) => page.words[a[0]!]!.bbox[1] - page.words[b[0]!]!.bbox[1])) {
    const first = page.words[ids[0]!]!;
    const shown = ids.map((i) => { const c = top(probs[i]!); return `${page.words[i]!.text}${c ? `{${tagger.classes[c]}:${probs[i]![c]!.toFixed(2)}}` : ''}`; });
    console.log(`${String(first.bbox[1]).padStart(5)} ${String(first.bbox[0]).padStart(5)}  ${shown.join(' ')}`);
  }
  for (const h of hits) if (h.field !== 'stop') console.log(`label ${h.field}: ${h.labelWords.map((w) => w.text).join(' ')}`);
}
if (values.fields !== undefined) {
  for (const [field, v] of tagger.read(pages, sources, layout)) {
    if (field.includes(values.fields)) console.log(`value ${field} ${JSON.stringify(v.value)} ${v.confidence.toFixed(2)} (${v.words.map((w) => w.text).join(' ')})`);
  }
}
