import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FamilySelection, Split } from '../layouts/families.ts';
import { generateLayoutSet } from '../layouts/generate.ts';

/** A generated image set of one split, ready for the bench to read. */
export interface LayoutSet { name: string; slug: string; dir: string; split: Split }

/**
 * Generates fresh pages of the selected layout families into `outDir`, one set per split, so trained families and
 * held-out families are read and printed apart (`all` gives both, each with `count` pages).
 */
export async function generateLayoutSets(outDir: string, selection: FamilySelection, count: number, seed: number): Promise<LayoutSet[]> {
  const splits: Split[] = selection === 'all' ? ['heldout', 'train'] : [selection];
  const sets: LayoutSet[] = [];
  for (const split of splits) {
    const slug = `layouts-${split}-seed${seed}-n${count}`;
    const dir = join(outDir, slug);
    await rm(dir, { recursive: true, force: true });
    await generateLayoutSet({ out: dir, count, seed, families: split });
    sets.push({ name: `${split === 'heldout' ? 'held-out' : 'trained'} layout families, fresh pages (seed ${seed})`, slug, dir, split });
  }
  return sets;
}
