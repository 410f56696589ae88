import { labelWordCount } from '../fields/find-labels.ts';
import { editDistance } from '../fields/geo.ts';
import { isKnownWord } from '../fields/spelling.ts';
import { committedOnce } from '../fields/learned/tree-score.ts';
import { BinaryTrees, type TreeModelJson } from '../fields/learned/trees.ts';
import type { LineReading } from './reread.ts';

/**
 * What the choice between a weak line's Tesseract reading and the neural line reader's sees: each reader's own
 * confidence (on scales of their own, hence learned rather than compared), how much each read, what kind of
 * characters, whether they agree, whether each spells words of a language and the form's labels. Tools that learn the
 * choice and the product compute them here, the one way.
 */
export const LINE_CHOICE_FEATURES = [
  'neural_conf', 'tess_conf', 'first_conf', 'missed', 'tess_letters', 'neural_letters', 'tess_digits', 'neural_digits',
  'tess_marks', 'neural_marks', 'tess_words', 'neural_words', 'agreement', 'tess_label', 'neural_label', 'height',
  'tess_known', 'neural_known', 'tess_label_words', 'neural_label_words',
] as const;

const bare = (t: string): string => t.normalize('NFD').toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');
/** The share of a reading's characters (spaces aside) that `re` matches. */
export const share = (t: string, re: RegExp): number => {
  const chars = [...t.replace(/\s/g, '')];
  return chars.length ? chars.filter((c) => re.test(c)).length / chars.length : 0;
};

/** The share of a reading's longer words (four letters or more) that are words of the three languages; NaN with none. */
export function knownShare(t: string): number {
  const long = t.split(/\s+/).map(bare).filter((w) => w.length >= 4 && /^\p{L}+$/u.test(w));
  return long.length ? long.filter(isKnownWord).length / long.length : Number.NaN;
}

/** How alike two readings' letters and digits are: 1 the same, 0 nothing in common. */
export function agreement(a: string, b: string): number {
  const [x, y] = [bare(a), bare(b)];
  const n = Math.max(x.length, y.length);
  return n ? 1 - editDistance(x, y) / n : 1;
}

/**
 * The features of one choice. `tess` is the Tesseract reading the neural one competes with (the enlarged reading
 * where it won over the page pass's, else the page pass's); `known` says whether words read as one of the form's labels.
 */
export function lineChoiceFeatures(first: LineReading, tess: LineReading, neural: LineReading, height: number, known: (texts: string[]) => boolean): number[] {
  const words = (t: string): string[] => t.split(/\s+/).filter(Boolean);
  const missed = first.text.trim() ? 0 : 1;
  return [
    neural.confidence, missed ? Number.NaN : tess.confidence, missed ? Number.NaN : first.confidence, missed,
    bare(tess.text).length, bare(neural.text).length, share(tess.text, /\p{N}/u), share(neural.text, /\p{N}/u),
    share(tess.text, /[^\p{L}\p{N}]/u), share(neural.text, /[^\p{L}\p{N}]/u), words(tess.text).length, words(neural.text).length,
    agreement(tess.text, neural.text), known(words(tess.text)) ? 1 : 0, known(words(neural.text)) ? 1 : 0, height,
    knownShare(tess.text), knownShare(neural.text), labelWordCount(words(tess.text)), labelWordCount(words(neural.text)),
  ];
}

/** The committed choice (training/line-choice/fit.py): trees giving the chance the neural reading is the closer. */
export const LINE_CHOICE_PATH = new URL('../../models/line-choice.json', import.meta.url);

/** The committed model, read once; null where none is committed. */
export const lineChoiceModel = committedOnce(LINE_CHOICE_PATH, (json: TreeModelJson) => {
  const trees = new BinaryTrees(json, LINE_CHOICE_FEATURES, 'line choice');
  /** The chance the neural reading is closer to what the line says than Tesseract's. */
  return { neuralChance: (features: number[]): number => trees.chance(features) };
});
