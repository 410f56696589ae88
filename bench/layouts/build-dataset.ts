import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { appendFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createPageReader } from '@ladingwise/extract';
import { storedWord } from '../lib/field-pages.ts';
import { PageRenderer } from '../synthetic/render.ts';
import { alignWords, fieldOf, roleOf, toUprightBox } from './align.ts';
import type { FamilySelection } from './families.ts';
import { composePlanned, drawLayoutPage, planLayoutSet } from './plan.ts';
import { assertEvalHandsInstalled } from './fonts.ts';

/**
 * The field tagger's training data: generated pages read by the product's own page reader (native Tesseract and the
 * line reader, as at run time), each OCR word labelled with the field of the truth word under it. One page a line:
 * {id, family, split, lang, profile, writing, width, height, truth, align, words: [{text, conf, box, line, page, field, role}]}.
 * Word boxes are in the reader's deskewed page coordinates, as the extractor's field step sees them.
 * Appends to --out and skips the pages already there, so an interrupted run resumes where it stopped. Each row
 * records a fingerprint of its composed page (`composed`); a row whose page the generator now composes otherwise is
 * built again, as are rows without one that --stale FILE lists (ids, one a line: pages built before rows carried it).
 */
const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({
  options: {
    out: { type: 'string', default: join(REPO, 'training/data/fields/train.jsonl') },
    count: { type: 'string', default: '20' },
    seed: { type: 'string', default: '1' },
    families: { type: 'string', default: 'train' },
    images: { type: 'string' },
    stale: { type: 'string' },
    probe: { type: 'string' },
  },
});
const count = Number(values.count);
const seed = Number(values.seed);
const families = values.families as FamilySelection;
// A probe forces one generator feature on or off on every page: `--probe box-numbers=on`.
const PROBES = { 'box-numbers': 'boxNumbers', 'described-labels': 'describedLabels', 'run-on-parties': 'runOnParties', contacts: 'contacts', 'fax-header': 'faxHeader', 'hand-filled': 'handFilled', 'several-items': 'severalItems', 'international-labels': 'internationalLabels' } as const;
const probeMatch = values.probe === undefined ? null : new RegExp(`^(${Object.keys(PROBES).join('|')})=(on|off)$`).exec(values.probe);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seed) || seed < 0 || !['train', 'heldout', 'all'].includes(families) || (values.probe !== undefined && !probeMatch)) {
  process.stderr.write(`usage: tsx bench/layouts/build-dataset.ts [--out FILE] [--count N] [--seed S] [--families train|heldout|all] [--images DIR] [--stale IDS] [--probe ${Object.keys(PROBES).join('|')}=on|off]\n`);
  process.exit(2);
}
const out = resolve(values.out);
await mkdir(dirname(out), { recursive: true });
if (values.images) await mkdir(resolve(values.images), { recursive: true });
const probe = probeMatch ? { [PROBES[probeMatch[1] as keyof typeof PROBES]]: probeMatch[2] === 'on' } : null;
const plan = planLayoutSet(count, seed, families).map((p) => (probe ? { ...p, probe } : p));
const composed = (p: (typeof plan)[number]): string => createHash('sha1').update(composePlanned(p).html).digest('hex').slice(0, 12);
const listed = new Set(values.stale ? readFileSync(values.stale, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean) : []);
const current = new Map(plan.map((p) => [p.name, composed(p)]));
// Each stored row parsed once: its line, id and fingerprint.
const rows = await readFile(out, 'utf8').then((t) => t.split('\n').filter(Boolean), () => [])
  .then((lines) => lines.map((line) => ({ line, ...(JSON.parse(line) as { id: string; composed?: string }) })));
const kept = rows.filter((r) => (r.composed === undefined ? !listed.has(r.id) : r.composed === current.get(r.id)));
if (kept.length < rows.length) {
  await writeFile(`${out}.tmp`, kept.map((r) => `${r.line}\n`).join(''));
  await rename(`${out}.tmp`, out);
}
const have = new Set(kept.map((r) => r.id));
const todo = plan.filter((p) => !have.has(p.name));
const done = count - todo.length;
assertEvalHandsInstalled(plan);
const renderer = await PageRenderer.launch();
const reader = await createPageReader({ engine: 'native' });
const log = (s: string): void => void process.stdout.write(`${s}\n`);
log(`${out}: ${done} pages there, ${todo.length} to build (${rows.length - kept.length} built again: composed otherwise now) (seed ${seed}, families ${families})`);
// CPU seconds of this process and its finished children (the Tesseract runs), from /proc; 0 where there is no /proc.
const cpuSeconds = (): number => readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ').slice(11, 15).reduce((s, v) => s + Number(v), 0) / 100;
const cpu = ((): (() => number) => { try { cpuSeconds(); return cpuSeconds; } catch { return () => 0; } })();
const started = Date.now();
const cpuStart = cpu();
let recallSum = 0;
try {
  for (const planned of todo) {
    const t0 = Date.now();
    const c0 = cpu();
    const drawn = await drawLayoutPage(planned, renderer);
    if (values.images) await writeFile(join(resolve(values.images), drawn.file), drawn.bytes);
    const [page] = await reader.read(drawn.bytes, drawn.file);
    if (!page) throw new Error(`${drawn.file}: no page read`);
    const truthUpright = drawn.words.map((w) => ({ ...w, box: toUprightBox(w.box, page.rotation, drawn.width, drawn.height) }));
    const { match, valueRecall } = alignWords(page.words.map((w) => page.toUpright(w.bbox)), truthUpright);
    recallSum += valueRecall;
    const words = page.words.map((w, i) => {
      const tag = match[i]! >= 0 ? truthUpright[match[i]!]!.tag : '';
      return storedWord(w, fieldOf(tag), roleOf(tag));
    });
    const row = {
      id: planned.name, family: planned.family.id, split: planned.row.split, lang: planned.row.lang, profile: planned.row.profile,
      writing: planned.row.writing, width: page.width, height: page.height, truth: planned.row.truth, align: Math.round(valueRecall * 1000) / 1000,
      composed: current.get(planned.name), words,
    };
    await appendFile(out, `${JSON.stringify(row)}\n`);
    const i = plan.indexOf(planned) + 1;
    log(`${i}/${count} ${planned.name} ${planned.family.id} ${planned.row.profile} ${planned.row.writing} words ${words.length} value-recall ${valueRecall.toFixed(2)} ${((Date.now() - t0) / 1000).toFixed(1)} s (${(cpu() - c0).toFixed(1)} CPU-s)`);
  }
} finally {
  await renderer.close();
  await reader.close();
}
const n = Math.max(0, count - done);
const per = (x: number): string => (n ? (x / n).toFixed(1) : '0');
log(`built ${n} pages in ${((Date.now() - started) / 1000).toFixed(0)} s (${per((Date.now() - started) / 1000)} s and ${per(cpu() - cpuStart)} CPU-s a page, Chromium not counted), mean value-word recall ${n ? (recallSum / n).toFixed(3) : '-'}`);
