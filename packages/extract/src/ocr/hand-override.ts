import { labelWordCount } from '../fields/find-labels.ts';
import { committedOnce } from '../fields/learned/tree-score.ts';
import { BinaryTrees, type TreeModelJson } from '../fields/learned/trees.ts';
import { agreement, knownShare, share } from './line-choice.ts';
import type { LineReading } from './reread.ts';

/**
 * A weak line has three readings: Tesseract's, the print recogniser's and the handwriting model's. The neural reader
 * votes between the last two on calibrations of their own confidence, and the line choice then weighs the winner
 * against Tesseract. Where the handwriting model's reading lost either way, this second look asks whether it is
 * nonetheless the closer to what the line says, from what all three read: a hand that neither calibration knows
 * is often read right by the model trained on hands alone while the others agree on letters that are not there.
 */
export const HAND_OVERRIDE_FEATURES = [
  'hand_conf', 'print_conf', 'tess_conf', 'pick_conf', 'pick_tess', 'neural_chance', 'missed', 'height',
  'hand_letters', 'pick_letters', 'hand_digits', 'pick_digits', 'hand_marks', 'pick_marks', 'hand_words', 'pick_words',
  'hand_pick', 'hand_print', 'hand_tess', 'print_tess', 'hand_known', 'pick_known', 'hand_label', 'pick_label',
  'hand_label_words', 'pick_label_words',
] as const;

/** One weak line's readings as the override sees them; `pick` is the reading the line choice kept. */
export interface ThreeReadings {
  first: LineReading;
  tesseract: LineReading;
  print: LineReading;
  hand: LineReading;
  pick: LineReading;
  pickedTesseract: boolean;
  /** The line choice's chance that the neural reading is the closer (line-choice.ts). */
  neuralChance: number;
  height: number;
}

/** The override's features; `known` says whether words read as one of the form's labels. */
export function handOverrideFeatures(r: ThreeReadings, known: (texts: string[]) => boolean): number[] {
  const words = (t: string): string[] => t.split(/\s+/).filter(Boolean);
  const bare = (t: string): string => t.normalize('NFD').toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');
  const missed = r.first.text.trim() ? 0 : 1;
  const { hand, pick } = r;
  return [
    hand.confidence, r.print.confidence, missed ? Number.NaN : r.tesseract.confidence, pick.confidence, r.pickedTesseract ? 1 : 0, r.neuralChance, missed, r.height,
    bare(hand.text).length, bare(pick.text).length, share(hand.text, /\p{N}/u), share(pick.text, /\p{N}/u),
    share(hand.text, /[^\p{L}\p{N}]/u), share(pick.text, /[^\p{L}\p{N}]/u), words(hand.text).length, words(pick.text).length,
    agreement(hand.text, pick.text), agreement(hand.text, r.print.text), agreement(hand.text, r.tesseract.text), agreement(r.print.text, r.tesseract.text),
    knownShare(hand.text), knownShare(pick.text), known(words(hand.text)) ? 1 : 0, known(words(pick.text)) ? 1 : 0,
    labelWordCount(words(hand.text)), labelWordCount(words(pick.text)),
  ];
}

/** The committed override (training/line-choice/fit_override.py): the chance the hand reading is the closer. */
export const HAND_OVERRIDE_PATH = new URL('../../models/hand-override.json', import.meta.url);

/** The committed model, read once; null where none is committed (the line choice's pick then stands). */
export const handOverrideModel = committedOnce(HAND_OVERRIDE_PATH, (json: TreeModelJson) => {
  const trees = new BinaryTrees(json, HAND_OVERRIDE_FEATURES, 'hand override');
  /** The chance the handwriting model's reading is closer to what the line says than the one the line choice kept. */
  return { handChance: (features: number[]): number => trees.chance(features) };
});
