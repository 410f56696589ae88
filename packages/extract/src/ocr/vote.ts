import type { EngineWord } from './engine.ts';
import type { LineRecogniser } from './line-recogniser.ts';

/**
 * Two line readers voting on each crop: the print recogniser (PP-OCR) and the handwriting model. Their confidences
 * mean different things (PP-OCR's letter probabilities run high even on hands it misreads), so each is first mapped
 * to how often a line read at that confidence is right, measured on lines in the training fonts (never on the
 * held-out hands the figures are reported on). The likelier reading wins; readings that agree are surer than either.
 * The winner comes back on the print recogniser's confidence scale, which the callers' thresholds were set on.
 */

/** A reader's confidence (0-100) at `at` maps to the share of lines read right `right` (0-1), linear between. */
export interface Calibration { at: number[]; right: number[] }

// Measured with `npx tsx bench/tools/hand-lines.ts --set DIR --readers ppocr,hand --calibrate` on 1,120 lines in
// training fonts (training/calibration's 280 and `heldout.py --calibration --per-kind 60 --seed 4242`'s 840; model
// step 83,339), at the middle of each confidence band; bands whose share fell against the one below were pooled, so
// both maps rise.
export const PRINT_CALIBRATION: Calibration = { at: [0, 20, 57.5, 80, 87.5, 92.5, 96.5, 99.5, 100], right: [0, 0, 0.08, 0.23, 0.31, 0.51, 0.75, 0.93, 0.93] };
export const HAND_CALIBRATION: Calibration = { at: [0, 60, 75, 87.5, 92.5, 96.5, 99.5, 100], right: [0, 0, 0.22, 0.54, 0.56, 0.83, 0.98, 0.98] };

// A reading decoded under the field's kind (a ZIP, a date, a city from the list of places) is another reading: the
// decoder keeps only what the kind allows, so at the same confidence it is right far more often, and the handwriting
// model's kind readings gain most. Measured on the same lines with `--lexicon --readers ppocr+kind,kind --calibrate`
// (model step 83,339), pooled the same way. The choice between two kind readings is made on these; what the vote
// returns stays on the scale above, which its callers' floors were set on.
export const PRINT_KIND_CALIBRATION: Calibration = { at: [0, 20, 65, 92.5, 96.5, 99.5, 100], right: [0.42, 0.42, 0.68, 0.7, 0.85, 0.93, 0.93] };
export const HAND_KIND_CALIBRATION: Calibration = { at: [0, 30, 60, 75, 87.5, 95, 99.5, 100], right: [0.45, 0.45, 0.6, 0.72, 0.85, 0.91, 0.99, 0.99] };

/** Each reader's calibration, and under a field's kind the calibration its kind readings are chosen on. */
export interface VoteCalibrations { print: Calibration; hand: Calibration; printKind?: Calibration; handKind?: Calibration }
const SHIPPED: VoteCalibrations = { print: PRINT_CALIBRATION, hand: HAND_CALIBRATION, printKind: PRINT_KIND_CALIBRATION, handKind: HAND_KIND_CALIBRATION };

/** The share of lines right at confidence `c`. */
export function calibrated(c: number, cal: Calibration): number {
  const { at, right } = cal;
  if (c <= at[0]!) return right[0]!;
  for (let i = 1; i < at.length; i++) {
    if (c <= at[i]!) return right[i - 1]! + ((right[i]! - right[i - 1]!) * (c - at[i - 1]!)) / (at[i]! - at[i - 1]!);
  }
  return right[right.length - 1]!;
}

/** The confidence on `cal`'s scale at which a share `p` of lines is right (its inverse; the top where p is above). */
export function onScale(p: number, cal: Calibration): number {
  const { at, right } = cal;
  if (p <= right[0]!) return at[0]!;
  for (let i = 1; i < at.length; i++) {
    if (p <= right[i]! && right[i]! > right[i - 1]!) return at[i - 1]! + ((at[i]! - at[i - 1]!) * (p - right[i - 1]!)) / (right[i]! - right[i - 1]!);
  }
  return at[at.length - 1]!;
}

const bare = (ws: EngineWord[]): string => ws.map((w) => w.text).join('').normalize('NFC').toUpperCase().replace(/\s+/g, '');

/** The two readers as one line reader. */
export function votingRecogniser(print: LineRecogniser, hand: LineRecogniser, cals: VoteCalibrations = SHIPPED): LineRecogniser {
  return {
    async read(grey, crop, core, line, pixels, kind) {
      const a = await print.read(grey, crop, core, line, pixels, kind);
      const b = await hand.read(grey, crop, core, line, pixels, kind).catch(() => null);
      if (!b || !b.words.length) return a;
      const pa = a.words.length ? calibrated(a.confidence, cals.print) : 0;
      const pb = calibrated(b.confidence, cals.hand);
      // The choice: under a field's kind on the kind readings' calibrations, else on the free-text ones.
      const [printCal, handCal] = kind && cals.printKind && cals.handKind ? [cals.printKind, cals.handKind] : [cals.print, cals.hand];
      const printWins = (a.words.length ? calibrated(a.confidence, printCal) : 0) >= calibrated(b.confidence, handCal);
      const toPrint = (c: number): number => Math.round(onScale(calibrated(c, cals.hand), cals.print));
      const handWords = b.words.map((w) => ({ ...w, confidence: toPrint(w.confidence) }));
      const readers = { print: { words: a.words, confidence: a.confidence }, hand: { words: handWords, confidence: b.confidence } };
      if (a.words.length && bare(a.words) === bare(b.words)) {
        // Two readers trained on different letters agree: at least as sure as the surer one.
        const c = onScale(Math.max(pa, pb), cals.print);
        return { words: a.words.map((w) => ({ ...w, confidence: Math.max(w.confidence, Math.round(c)) })), confidence: Math.max(a.confidence, c), readers };
      }
      if (printWins) return { ...a, readers };
      return { words: handWords, confidence: onScale(pb, cals.print), readers };
    },
    async close() { await Promise.all([print.close(), hand.close()]); },
  };
}
