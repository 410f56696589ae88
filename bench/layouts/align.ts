import type { TruthWord } from './plan.ts';

type Box = [number, number, number, number];

/** Carries a box of the stored image onto the upright page (the image turned clockwise by `rotation` degrees). */
export function toUprightBox(b: Box, rotation: number, width: number, height: number): Box {
  switch (((rotation % 360) + 360) % 360) {
    case 90: return [height - b[3], b[0], height - b[1], b[2]];
    case 180: return [width - b[2], height - b[3], width - b[0], height - b[1]];
    case 270: return [b[1], width - b[2], b[3], width - b[0]];
    default: return b;
  }
}

const area = (b: Box): number => Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
const inter = (a: Box, b: Box): number => area([Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])]);

/** What role a tag gives a word. */
export function roleOf(tag: string): 'value' | 'label' | 'other' {
  return tag.startsWith('label:') ? 'label' : tag ? 'value' : 'other';
}

/** The field a tag names: the value's field, the field a label introduces, or null. */
export function fieldOf(tag: string): string | null {
  const f = tag.startsWith('label:') ? tag.slice(6) : tag;
  return f || null;
}

// An OCR word takes the tag of the truth word covering most of it, when that covers at least this share of its box
// (OCR boxes hug the ink; a comma or a merged neighbour makes them a little larger than the word's DOM box).
const MIN_COVER = 0.35;

/**
 * Gives each OCR word (boxes on the upright page) the truth word that covers most of it; returns for each OCR word the
 * index of that truth word or -1, and the share of the page's value words that some OCR word landed on.
 */
export function alignWords(ocr: Box[], truth: TruthWord[]): { match: number[]; valueRecall: number } {
  const match = ocr.map((o) => {
    const a = area(o);
    if (a <= 0) return -1;
    let best = -1;
    let bestCover = MIN_COVER;
    truth.forEach((t, i) => {
      const c = inter(o, t.box) / a;
      if (c > bestCover) { bestCover = c; best = i; }
    });
    return best;
  });
  const hit = new Set(match.filter((i) => i >= 0));
  const values = truth.map((t, i) => [t, i] as const).filter(([t]) => roleOf(t.tag) === 'value');
  return { match, valueRecall: values.length ? values.filter(([, i]) => hit.has(i)).length / values.length : 1 };
}
