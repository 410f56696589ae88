// Where the field tagger loses core fields on the TRAINED families' pages kept out of its fit (never held-out families:
// those are scored, not studied). Each core field the tagger reads wrong is put in one class:
//   not in OCR   no OCR word of the page lies on the field's truth words (the value never reached the reader)
//   misread      the value's OCR words, read by the field's parser, never give the truth (OCR or parser, not tagger)
//   not tagged   the words could give the truth, but the tagger read no value for the field
//   wrong words  the tagger's value has none of the field's words (tagged the wrong words)
//   assembly     the tagger's value shares words with the truth's but is cut, run on or parsed wrong
//   spurious     the truth is empty and the tagger read a value
// and, apart, how 'combined' compares with the tagger alone.
// usage: npx tsx bench/tools/tagger-loss.ts [--model FILE] [--show FIELD[,FIELD...]|all] [--show-lost FIELD] [--fresh] [FILES...]
//   --fresh  every page of FILES is scored (seeds built after the tagger was trained), not only the fit's kept-out fifth
//   --show-lost FIELD  the pages where 'combined' took the rules' wrong value of FIELD over the tagger's right one  (default training/data/fields/train*.jsonl)
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CORE_FIELDS, isBlank } from '@ladingwise/shared';
import { readLayout, extractFields } from '../../packages/extract/src/fields/extract-fields.ts';
import { chooseFields, readCandidates } from '../../packages/extract/src/fields/learned/combine.ts';
import { sameValue, valueAt } from '../../packages/extract/src/fields/learned/field-truth.ts';
import { FieldTagger } from '../../packages/extract/src/fields/learned/tagger.ts';
import { groupWords } from '../../packages/extract/src/fields/learned/word-runs.ts';
import { readWordsValue } from '../../packages/extract/src/fields/learned/values.ts';
import type { Word } from '../../packages/extract/src/types.ts';
import { asReadPage, keptOutOfFit, readTruthPages } from '../lib/field-pages.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { model: { type: 'string' }, show: { type: 'string' }, 'show-lost': { type: 'string' }, fresh: { type: 'boolean', default: false } } });
const dataDir = resolve('training/data/fields');
const files = positionals.length ? positionals : readdirSync(dataDir).filter((f) => /^train.*\.jsonl$/.test(f)).sort().map((f) => join(dataDir, f));
const tagger = FieldTagger.load(values.model ? resolve(values.model) : undefined);
const CLASSES = ['right', 'not in OCR', 'misread', 'not tagged', 'wrong words', 'assembly', 'spurious'] as const;
type Loss = typeof CLASSES[number];
const table = new Map<string, Record<Loss | 'combined right' | 'comb lost' | 'comb won', number>>();
const row = (f: string) => table.get(f) ?? table.set(f, Object.fromEntries([...CLASSES, 'combined right', 'comb lost', 'comb won'].map((k) => [k, 0])) as never).get(f)!;
const seen = new Set<string>();
// --show takes one field, several joined by commas, or 'all'.
const showList = (values.show ?? '').split(',').filter(Boolean);
const shown = (field: string): boolean => showList.includes('all') || showList.includes(field);
const why = new Map<string, number>();
const bump = (k: string): void => void why.set(k, (why.get(k) ?? 0) + 1);
let pages = 0;

for (const file of files) for await (const p of readTruthPages(file)) {
  if (p.split !== 'train' || (!values.fresh && !keptOutOfFit(p.id)) || seen.has(p.id)) continue;
  seen.add(p.id); pages++;
  const page = asReadPage(p);
  const layout = readLayout([page]);
  const rules = extractFields([page], layout);
  const { candidates } = readCandidates([page], rules, tagger, layout);
  const candidatesProbs = new Map([...tagger.readWords([page], rules.FieldSources ?? {}, layout).probs].map(([w, pr]) => [w, [...pr]]));
  const combined = chooseFields([page], structuredClone(rules), tagger, 'combined', { layout });
  const order = p.lang === 'en' ? 'MDY' : 'DMY';
  for (const field of CORE_FIELDS) {
    const truth = valueAt(p.truth, field);
    const t = candidates.find((c) => c.field === field)?.tagger ?? null;
    const learnedRight = sameValue(field, truth, t?.value ?? null);
    const combRight = sameValue(field, truth, valueAt(combined, field));
    const r = row(field);
    if (combRight) r['combined right']++;
    if (learnedRight && !combRight) {
      r['comb lost']++;
      const c = candidates.find((x) => x.field === field)!;
      if (values['show-lost'] === field) process.stdout.write(`${p.id} combined lost: want ${JSON.stringify(truth)} rules ${JSON.stringify(c.rules?.value ?? null)} @ ${c.rules?.score.toFixed(2)} tagger @ ${t?.confidence.toFixed(2)}\n`);
    }
    if (!learnedRight && combRight) r['comb won']++;
    const mine = new Set(page.words.filter((_, i) => p.words[i]!.role === 'value' && p.words[i]!.field === field));
    let loss: Loss;
    if (learnedRight) loss = 'right';
    else if (isBlank(truth)) loss = 'spurious';
    else if (!mine.size) loss = 'not in OCR';
    else if (!oracle(field, [...mine], truth, order)) loss = 'misread';
    else if (!t) loss = 'not tagged';
    else if (!t.words.some((w) => mine.has(w))) loss = 'wrong words';
    else loss = 'assembly';
    r[loss]++;
    if (loss !== 'right') bump(`${loss} by capture: ${p.writing ?? 'printed'} ${p.profile ?? '?'}`);
    // What the tagger's words were in truth (wrong words), and what the tagger took the truth's words for (not tagged).
    if (loss === 'wrong words') {
      const w = t!.words.map((x) => p.words[page.words.indexOf(x)]!);
      const other = w.find((x) => x.role === 'value')?.field;
      bump(other ? `wrong words: ${other.split('.')[0] === field.split('.')[0] ? 'same party, other field' : other.split('.')[1] === field.split('.')[1] ? 'same field of another party' : 'another field'}` : `wrong words: ${w.some((x) => x.role === 'label') ? 'a label' : 'no field (distractor, free text)'}`);
    }
    if (loss === 'not tagged') {
      const probs = candidatesProbs.get([...mine][0]!);
      const c = probs ? probs.indexOf(Math.max(...probs)) : -1;
      const cls = c >= 0 ? tagger.classes[c]! : '?';
      bump(`not tagged: words taken for ${cls === tagger.classes[0] ? 'none' : cls.split('.')[1] === field.split('.')[1] ? 'the same field of another party' : 'another field'}`);
    }
    if (shown(field) && loss !== 'right') {
      process.stdout.write(`${p.id} ${p.writing ?? 'printed'}/${p.profile ?? '?'} ${loss}: want ${JSON.stringify(truth)} got ${JSON.stringify(t?.value ?? null)} [${t?.words.map((w) => w.text).join(' ') ?? ''}] truth words [${[...mine].map((w) => w.text).join(' ')}]\n`);
    }
  }
}

/** Whether some run of the field's own OCR words (a line of them, or all of them) is read as the truth by its parser. */
function oracle(field: string, words: Word[], truth: unknown, order: 'MDY' | 'DMY'): boolean {
  const runs = [...groupWords(words), words];
  return runs.some((ws) => { const v = readWordsValue(field, ws, order); return !!v && sameValue(field, truth, v.value); });
}

const cols = [...CLASSES, 'combined right', 'comb lost', 'comb won'] as const;
const pad = (s: string | number, n: number): string => String(s).padStart(n);
process.stdout.write(`trained families, ${pages} pages kept out of the fit; counts of core fields (tagger alone, then 'combined')\n`);
process.stdout.write(`${'field'.padEnd(28)}${cols.map((c) => pad(c, 12)).join('')}\n`);
const total = Object.fromEntries(cols.map((c) => [c, 0])) as Record<typeof cols[number], number>;
for (const [f, r] of table) {
  process.stdout.write(`${f.padEnd(28)}${cols.map((c) => pad(r[c], 12)).join('')}\n`);
  for (const c of cols) total[c] += r[c];
}
process.stdout.write(`${'all'.padEnd(28)}${cols.map((c) => pad(total[c], 12)).join('')}\n`);
const n = pages * CORE_FIELDS.length;
process.stdout.write(`tagger alone ${(100 * total.right / n).toFixed(1)} %, combined ${(100 * total['combined right'] / n).toFixed(1)} % of ${n} core fields\n`);
for (const [k, v] of [...why].sort()) process.stdout.write(`  ${k.padEnd(60)} ${v}\n`);
