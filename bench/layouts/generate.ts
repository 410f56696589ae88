import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { PageRenderer } from '../synthetic/render.ts';
import type { FamilySelection } from './families.ts';
import { drawLayoutPage, planLayoutSet, type LayoutTruthRow } from './plan.ts';
import { assertEvalHandsInstalled } from './fonts.ts';

/**
 * Generates `count` pages of randomly composed layouts into `out`: the images, truth.json (scored by score.mjs) and
 * words.jsonl (every word's box on the image and its field). Returns the truth rows.
 */
export async function generateLayoutSet(opts: { out: string; count: number; seed: number; families?: FamilySelection; renderer?: PageRenderer }): Promise<LayoutTruthRow[]> {
  const plan = planLayoutSet(opts.count, opts.seed, opts.families ?? 'all');
  assertEvalHandsInstalled(plan);
  await mkdir(opts.out, { recursive: true });
  const renderer = opts.renderer ?? (await PageRenderer.launch());
  const rows: LayoutTruthRow[] = [];
  const wordLines: string[] = [];
  try {
    for (const planned of plan) {
      const drawn = await drawLayoutPage(planned, renderer);
      await writeFile(join(opts.out, drawn.file), drawn.bytes);
      rows.push({ file: drawn.file, ...planned.row });
      wordLines.push(JSON.stringify({ file: drawn.file, width: drawn.width, height: drawn.height, words: drawn.words }));
    }
  } finally {
    if (!opts.renderer) await renderer.close();
  }
  await writeFile(join(opts.out, 'truth.json'), `${JSON.stringify(rows, null, 1)}\n`);
  await writeFile(join(opts.out, 'words.jsonl'), `${wordLines.join('\n')}\n`);
  return rows;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' }, count: { type: 'string', default: '20' }, seed: { type: 'string', default: '1' }, families: { type: 'string', default: 'all' } } });
  const count = Number(values.count);
  const seed = Number(values.seed);
  const families = values.families as FamilySelection;
  if (!values.out || !Number.isInteger(count) || count < 1 || !Number.isInteger(seed) || seed < 0 || !['train', 'heldout', 'all'].includes(families)) {
    process.stderr.write('usage: npx tsx bench/layouts/generate.ts --out DIR [--count N] [--seed S] [--families train|heldout|all]\n');
    process.exit(2);
  }
  const t = Date.now();
  const rows = await generateLayoutSet({ out: resolve(values.out), count, seed, families });
  process.stdout.write(`${rows.length} pages written to ${resolve(values.out)} in ${((Date.now() - t) / 1000).toFixed(1)} s\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
