import { describe, expect, it } from 'vitest';
import type { EngineWord } from '../src/ocr/engine.ts';
import type { LineRecogniser } from '../src/ocr/line-recogniser.ts';
import { calibrated, onScale, votingRecogniser, type Calibration } from '../src/ocr/vote.ts';

const PRINT: Calibration = { at: [0, 50, 90, 100], right: [0, 0.1, 0.4, 0.6] };
const HAND: Calibration = { at: [0, 50, 90, 100], right: [0, 0.2, 0.7, 0.9] };

/** A reader that always gives one reading: the vote's inputs, fixed so its choice can be checked. */
const fixed = (text: string, confidence: number): LineRecogniser => ({
  read: async () => ({ words: text.split(' ').map((t, i): EngineWord => ({ text: t, confidence, bbox: [i * 50, 0, i * 50 + 40, 20], line: 'l' })), confidence }),
  close: async () => {},
});
const box: [number, number, number, number] = [0, 0, 100, 20];
const grey = { width: 100, height: 20, data: new Uint8Array(2000).fill(255) };
const read = (a: LineRecogniser, b: LineRecogniser) => votingRecogniser(a, b, { print: PRINT, hand: HAND }).read(grey, box, box, 'l');

describe('the vote between the print and handwriting readers', () => {
  it('maps confidence to the share of lines read right and back', () => {
    expect(calibrated(90, HAND)).toBeCloseTo(0.7);
    expect(calibrated(70, HAND)).toBeCloseTo(0.45);
    for (const c of [10, 50, 75, 95]) expect(onScale(calibrated(c, PRINT), PRINT)).toBeCloseTo(c);
    // Past the print reader's best, a hand reading sits at the top of its scale.
    expect(onScale(0.9, PRINT)).toBe(100);
  });

  it('keeps the reading likelier right, not the one with the higher raw confidence', async () => {
    // Print at 92 is right 42 % of the time; hand at 85 is right 64 % of the time.
    const hand = await read(fixed('LAREDO TX', 92), fixed('LAREDO TX 78045', 85));
    expect(hand.words.map((w) => w.text).join(' ')).toBe('LAREDO TX 78045');
    // Reported on the print reader's scale: 64 % right is past its 60 % at 100.
    expect(hand.confidence).toBe(100);
    const print = await read(fixed('LAREDO TX', 92), fixed('LAR3DO', 40));
    expect(print.words.map((w) => w.text).join(' ')).toBe('LAREDO TX');
  });

  it('is surer when both read the same, and keeps the print reading when the hand reader reads nothing', async () => {
    const both = await read(fixed('PO 4512', 60), fixed('PO 4512', 70));
    expect(both.confidence).toBeGreaterThan(60);
    expect(both.words.every((w) => w.confidence >= 60)).toBe(true);
    const alone = await read(fixed('PO 4512', 60), { read: async () => ({ words: [], confidence: 0 }), close: async () => {} });
    expect(alone).toMatchObject({ confidence: 60 });
  });

  it('chooses between two readings under a field kind by how often kind readings at those confidences are right', async () => {
    // Free text: print at 92 (42 %) loses to hand at 85 (64 %). Under a kind the same confidences mean 80 % and 50 %.
    const kinds = { print: PRINT, hand: HAND, printKind: { at: [0, 100], right: [0.8, 0.8] }, handKind: { at: [0, 100], right: [0.5, 0.5] } };
    const underKind = await votingRecogniser(fixed('78045', 92), fixed('78046', 85), kinds).read(grey, box, box, 'l', undefined, 'zip');
    expect(underKind.words.map((w) => w.text).join(' ')).toBe('78045');
    const free = await votingRecogniser(fixed('78045', 92), fixed('78046', 85), kinds).read(grey, box, box, 'l');
    expect(free.words.map((w) => w.text).join(' ')).toBe('78046');
  });
});
