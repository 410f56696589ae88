import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { randomBol, type BolDoc, type BolTruth } from './data.ts';
import { degrade, type Profile } from './degrade.ts';
import { handFamily, HAND_FONT_PACKAGES, missingHandFonts } from './fonts.ts';
import { handFont } from '../layouts/fonts.ts';
import { Rng } from './random.ts';
import { PageRenderer } from './render.ts';
import { TEMPLATES, type Template } from './templates/index.ts';

/** One row of a truth file, in the format of /work/shared/bol-dev/truth.json plus `writing`. */
export interface TruthRow {
  file: string;
  layout: string;
  lang: BolDoc['lang'];
  profile: Profile;
  writing: 'printed' | 'handwritten';
  truth: BolTruth;
}

/** A document decided but not yet drawn. */
export interface PlannedDoc { row: Omit<TruthRow, 'file'>; name: string; doc: BolDoc; template: Template; hand: string | null; ink: string; seed: number }

// Capture profiles in a fixed cycle, weighted toward scans and phone photos. Each round of templates starts three
// places further on, so every layout meets every profile and a set's figures do not hinge on lucky draws.
const PROFILE_CYCLE: Profile[] = ['scan', 'photo', 'clean', 'fax', 'photo', 'scan', 'lowres'];

/** Decides every document of a set (data, layout, capture) without rendering; the same seed gives the same plan. */
export function planSet(count: number, seed: number): PlannedDoc[] {
  return Array.from({ length: count }, (_, i) => {
    const docSeed = (Math.imul(seed, 1_000_003) + i * 7919) >>> 0;
    const rng = new Rng(docSeed);
    const template = TEMPLATES[(i + seed) % TEMPLATES.length]!;
    const doc = randomBol(rng.fork('data'), template.lang);
    const look = rng.fork('look');
    const hand = look.chance(template.handChance) ? handFamily(look) : null;
    const ink = look.pick(['#0b2a8a', '#1a1a1a', '#12306b', '#222c55']);
    const profile = PROFILE_CYCLE[(i + seed + 3 * Math.floor(i / TEMPLATES.length)) % PROFILE_CYCLE.length]!;
    return {
      row: { layout: template.id, lang: template.lang, profile, writing: hand ? 'handwritten' : 'printed', truth: doc.truth },
      name: `syn-${seed}-${String(i + 1).padStart(3, '0')}`,
      doc, template, hand, ink, seed: docSeed,
    };
  });
}

/**
 * Which hands fill handwritten documents: Debian's (`eval`, the default: never trained on, so figures on them are
 * held-out figures) or the npm training hands (`train`: a set to study losses on without looking at the evaluation hands).
 */
export type Hands = 'eval' | 'train';

/** Renders and degrades one planned document; returns its file name and bytes. */
export async function drawDoc(planned: PlannedDoc, renderer: PageRenderer, hands: Hands = 'eval'): Promise<{ file: string; bytes: Buffer; width: number; height: number }> {
  const rng = new Rng(planned.seed);
  const face = hands === 'train' && planned.hand ? handFont(rng.fork('train-hand'), 'train') : null;
  const page = planned.template.render(planned.doc, { rng: rng.fork('template'), hand: face?.family ?? planned.hand, ink: planned.ink });
  const html = face ? page.replace('<style>', `<style>${face.css}`) : page;
  const dpi = 240;
  const png = await renderer.render(html, dpi);
  const out = await degrade(png, dpi, planned.row.profile, rng.fork('degrade'));
  return { file: `${planned.name}.${out.ext}`, bytes: out.bytes, width: out.width, height: out.height };
}

/**
 * The first `count` planned documents written as `writing` says (all: every one). A set of one writing is cut from a
 * longer plan of the same seed, so its documents are those the mixed set of that seed would hold, and more of them.
 */
export function planWriting(count: number, seed: number, writing: TruthRow['writing'] | 'all' = 'all'): PlannedDoc[] {
  if (writing === 'all') return planSet(count, seed);
  // Handwriting is the rarer writing: a few in ten documents of a mixed plan.
  return planSet(count * 12, seed).filter((p) => p.row.writing === writing).slice(0, count);
}

/** Generates `count` synthetic BOL images and their truth.json into `out`; returns the truth rows. */
export async function generateSet(opts: { out: string; count: number; seed: number; writing?: TruthRow['writing'] | 'all'; hands?: Hands; renderer?: PageRenderer }): Promise<TruthRow[]> {
  await mkdir(opts.out, { recursive: true });
  const renderer = opts.renderer ?? (await PageRenderer.launch());
  const rows: TruthRow[] = [];
  try {
    for (const planned of planWriting(opts.count, opts.seed, opts.writing)) {
      const drawn = await drawDoc(planned, renderer, opts.hands);
      await writeFile(join(opts.out, drawn.file), drawn.bytes);
      rows.push({ file: drawn.file, ...planned.row });
    }
  } finally {
    if (!opts.renderer) await renderer.close();
  }
  await writeFile(join(opts.out, 'truth.json'), `${JSON.stringify(rows, null, 1)}\n`);
  return rows;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' }, count: { type: 'string', default: '24' }, seed: { type: 'string', default: '1' }, writing: { type: 'string', default: 'all' }, hands: { type: 'string', default: 'eval' } } });
  const count = Number(values.count);
  const seed = Number(values.seed);
  const writing = values.writing as TruthRow['writing'] | 'all';
  if (!values.out || !Number.isInteger(count) || count < 1 || !Number.isInteger(seed) || seed < 0 || !['all', 'printed', 'handwritten'].includes(writing) || !['eval', 'train'].includes(values.hands)) {
    process.stderr.write('usage: npx tsx bench/synthetic/generate.ts --out DIR [--count N] [--seed S] [--writing all|printed|handwritten] [--hands eval|train]\n');
    process.exit(2);
  }
  const missing = missingHandFonts();
  if (missing.length) process.stderr.write(`warning: handwriting fonts missing (${missing.join(', ')}); other fonts stand in. Install: apt-get install ${HAND_FONT_PACKAGES.join(' ')}\n`);
  const t = Date.now();
  const rows = await generateSet({ out: resolve(values.out), count, seed, writing, hands: values.hands as Hands });
  process.stdout.write(`${rows.length} documents written to ${resolve(values.out)} in ${((Date.now() - t) / 1000).toFixed(1)} s\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
