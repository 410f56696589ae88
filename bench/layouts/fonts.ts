import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { HAND_FONT_PACKAGES, HAND_FONTS, missingHandFonts } from '../synthetic/fonts.ts';
import type { Rng } from '../synthetic/random.ts';
import type { Split } from './families.ts';

/** Print faces installed with Debian's fonts-liberation and fonts-dejavu. */
export const PRINT_FONTS = ["'Liberation Sans'", "'Liberation Serif'", "'DejaVu Sans'", "'DejaVu Serif'", "'Liberation Sans Narrow'", "'DejaVu Sans Condensed'"] as const;
/** Monospace faces for typed-in values and typewritten forms. */
export const MONO_FONTS = ["'Liberation Mono'", "'DejaVu Sans Mono'"] as const;

/**
 * Handwriting faces for training pages: @fontsource packages (npm), never the Debian handwriting fonts, which are kept
 * for evaluation so a model is never measured on a hand it learnt from.
 */
export const TRAIN_HAND_FONTS = ['caveat', 'kalam', 'patrick-hand', 'indie-flower', 'shadows-into-light', 'gochi-hand', 'architects-daughter',
  'reenie-beanie', 'nothing-you-could-do', 'just-another-hand', 'handlee', 'gloria-hallelujah', 'nanum-pen-script'] as const;
/** Typewriter faces for values typed into training pages (the typewritten genre itself is held out and uses MONO_FONTS). */
export const TRAIN_TYPE_FONTS = ['special-elite', 'courier-prime'] as const;
/** Debian's handwriting faces (fonts-comic-neue, fonts-dkg-handwriting, fonts-breip, fonts-rufscript): evaluation only. */
export const EVAL_HAND_FONTS = HAND_FONTS;

/**
 * Stops a set with held-out handwritten pages from being built where Debian's hands are not installed: the browser
 * would draw them in another face (often a print one), and the set's handwriting figures would be false.
 */
export function assertEvalHandsInstalled(pages: ReadonlyArray<{ row: { split: Split; writing: string } }>): void {
  if (!pages.some((p) => p.row.split === 'heldout' && p.row.writing === 'handwritten')) return;
  const missing = missingHandFonts();
  if (missing.length) {
    throw new Error(`held-out handwritten pages need Debian's handwriting fonts, missing: ${missing.join(', ')}. `
      + `Install them: bash scripts/ensure-system-deps.sh ${HAND_FONT_PACKAGES.join(' ')}`);
  }
}

const require = createRequire(import.meta.url);
const faceCache = new Map<string, string>();

/** An @font-face rule embedding the latin 400 face of an @fontsource package, so the page needs no file access. */
function fontFace(pkg: string): string {
  let css = faceCache.get(pkg);
  if (css === undefined) {
    let dir: string;
    try {
      dir = dirname(require.resolve(`@fontsource/${pkg}/package.json`));
    } catch (e) {
      // No silent fallback: the browser's generic cursive may be one of the evaluation-only Debian hands.
      throw new Error(`handwriting font @fontsource/${pkg} is not installed (a devDependency of bench): run npm install`, { cause: e });
    }
    const woff2 = readFileSync(join(dir, 'files', `${pkg}-latin-400-normal.woff2`)).toString('base64');
    css = `@font-face{font-family:'fs-${pkg}';src:url(data:font/woff2;base64,${woff2}) format('woff2');font-weight:400;font-style:normal}`;
    faceCache.set(pkg, css);
  }
  return css;
}

/** A typewriter face for typed values of a training page: its CSS family and @font-face rule. */
export function typeFont(rng: Rng): { family: string; css: string } {
  const pkg = rng.pick(TRAIN_TYPE_FONTS);
  return { family: `'fs-${pkg}', monospace`, css: fontFace(pkg) };
}

/** A handwriting face for a page of `split`: its CSS family list and any @font-face rule it needs. */
export function handFont(rng: Rng, split: Split): { family: string; css: string } {
  if (split === 'heldout') {
    const first = rng.pick(EVAL_HAND_FONTS);
    return { family: [first, ...EVAL_HAND_FONTS.filter((f) => f !== first)].map((f) => `'${f}'`).join(', ') + ', cursive', css: '' };
  }
  const pkg = rng.pick(TRAIN_HAND_FONTS);
  return { family: `'fs-${pkg}', cursive`, css: fontFace(pkg) };
}
