import { execFileSync } from 'node:child_process';
import type { Rng } from './random.ts';

/**
 * Handwriting families from Debian fonts-comic-neue, fonts-dkg-handwriting, fonts-breip and fonts-rufscript.
 * fonts-femkeklaver is left out: its glyphs are hollow outlines, which no pen draws.
 */
export const HAND_FONTS = ['Comic Neue', 'DkgHandwriting', 'Breip', 'Rufscript'] as const;

/** Debian packages that provide HAND_FONTS. */
export const HAND_FONT_PACKAGES = ['fonts-comic-neue', 'fonts-dkg-handwriting', 'fonts-breip', 'fonts-rufscript'];

/**
 * A CSS font-family list led by a randomly picked handwriting font, followed by the others and `cursive`,
 * so a missing font falls back to another one. The pick never depends on what is installed, which keeps truth
 * files identical across machines.
 */
export function handFamily(rng: Rng): string {
  const first = rng.pick(HAND_FONTS);
  return [first, ...HAND_FONTS.filter((f) => f !== first)].map((f) => `'${f}'`).join(', ') + ', cursive';
}

/** Handwriting fonts that fontconfig does not know (empty when all are installed or fc-list is missing). */
export function missingHandFonts(): string[] {
  let list: string;
  try {
    list = execFileSync('fc-list', [':', 'family'], { encoding: 'utf8' }).toLowerCase();
  } catch {
    return [];
  }
  return HAND_FONTS.filter((f) => !list.includes(f.toLowerCase()));
}
