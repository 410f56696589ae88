import { describe, expect, it } from 'vitest';
import type { Grey } from '../src/image/analyze.ts';
import { decodeCtc } from '../src/ocr/ctc.ts';
import type { FieldKind } from '../src/ocr/field-decode.ts';
import { HAND_WIDTHS } from '../src/ocr/hand-recogniser.ts';
import { blankColumns, recogniserFor, textBands, wordsFromEmitted, type BandDecoder, type LineModel } from '../src/ocr/line-recogniser.ts';

const emitted = (s: string, pitch = 2, start = 0): Array<{ ch: string; step: number; p: number }> => {
  let step = start;
  return [...s].map((ch) => { const e = { ch, step, p: 0.9 }; step += ch === '_' ? 2 * pitch : pitch; return e; }).filter((e) => e.ch !== '_');
};
const texts = (s: string, pitch?: number) => wordsFromEmitted(emitted(s, pitch)).map((w) => w.text);

describe('neural line reader: characters to words', () => {
  it('splits at the spaces the model emits and where it left a word gap without one', () => {
    expect(texts('NORTHGATE PAPER')).toEqual(['NORTHGATE', 'PAPER']);
    // `_` stands for a space the model did not emit: two letter pitches of blank steps.
    expect(texts('PAPER_MILLS_CORP')).toEqual(['PAPER', 'MILLS', 'CORP']);
    expect(texts('1538_STEELES')).toEqual(['1538', 'STEELES']);
  });

  it('keeps a word whole when a word beside it was read from a list with its letters closer together', () => {
    // The hand's letters four steps apart, D a little further from its u; the next word, put right from the word
    // list, sits on its alignment's steps one apart (joined). Its spacing is not the hand's letter pitch.
    const hand = [0, 7, 11, 15, 19, 23].map((step, i) => ({ ch: 'Dubois'[i]!, step, p: 0.9 }));
    const listed = [...'Transport'].map((ch, i) => ({ ch, step: 30 + i, p: 0.9, joined: i > 0 }));
    const words = wordsFromEmitted([...hand, { ch: ' ', step: 27, p: 0.9 }, ...listed]).map((w) => w.text);
    expect(words).toEqual(['Dubois', 'Transport']);
    // Without the listed word the same letters are one word too, and a true gap still parts two words.
    expect(wordsFromEmitted(hand).map((w) => w.text)).toEqual(['Dubois']);
    expect(wordsFromEmitted([...hand, ...[...'PAPER'].map((ch, i) => ({ ch, step: 40 + 4 * i, p: 0.9 }))]).map((w) => w.text)).toEqual(['Dubois', 'PAPER']);
  });

  it("ends a label at its colon but keeps a time or a ratio whole", () => {
    expect(texts('SID#:SO-013806')).toEqual(['SID#:', 'SO-013806']);
    expect(texts('Dock 7:30-15:00')).toEqual(['Dock', '7:30-15:00']);
  });

  it('decodes best-path CTC: blanks dropped, repeats joined, full-width signs folded, Han characters a doubt', () => {
    const dict = ['A', 'B', '：', '中'];
    // classes: 0 blank, 1 A, 2 B, 3 ：, 4 中
    const seq = [1, 1, 0, 1, 2, 3, 4, 0];
    const data = new Float32Array(seq.length * 5);
    seq.forEach((c, t) => { data[t * 5 + c] = 0.9; });
    const out = decodeCtc(data, seq.length, 5, dict);
    expect(out.map((c) => c.ch).join('')).toBe('AAB:?');
    expect(out.map((c) => c.step)).toEqual([0, 3, 4, 5, 6]);
    expect(out[4]!.p).toBe(0);
  });
});

/** A white image with black boxes drawn on it. */
function page(width: number, height: number, boxes: Array<[number, number, number, number]>): Grey {
  const data = new Uint8Array(width * height).fill(255);
  for (const [x0, y0, x1, y1] of boxes) for (let y = y0; y < y1; y++) data.fill(0, y * width + x0, y * width + x1);
  return { width, height, data };
}

/** Letter-like marks: `n` strokes 6 px wide, 10 px apart, from y0 to y1. */
const letters = (x: number, y0: number, y1: number, n: number): Array<[number, number, number, number]> =>
  Array.from({ length: n }, (_, i) => [x + i * 16, y0, x + i * 16 + 6, y1] as [number, number, number, number]);

describe('neural line reader: text bands', () => {
  it('cuts a crop holding two lines into one band a line, each tight around its ink', () => {
    const g = page(300, 120, [...letters(20, 10, 40, 8), ...letters(40, 60, 90, 6)]);
    const bands = textBands(g, [0, 0, 300, 120]);
    expect(bands).toHaveLength(2);
    expect(bands[0]![1]).toBeGreaterThanOrEqual(0);
    expect(bands[0]![3]).toBeLessThan(60);
    expect(bands[1]![1]).toBeGreaterThan(40);
    // Tight on the left: the second line starts further in.
    expect(bands[1]![0]).toBeGreaterThan(bands[0]![0]);
  });

  it('leaves out a cell border beside the text but keeps a letter stem at its start', () => {
    // A ruling at x = 5 with a gap before the text at x = 30.
    const ruled = textBands(page(300, 60, [[5, 5, 7, 55], ...letters(30, 15, 45, 6)]), [0, 0, 300, 60]);
    expect(ruled).toHaveLength(1);
    expect(ruled[0]![0]).toBeGreaterThan(7);
    // An `I` as tall as the band, right beside the next letter, is text.
    const stem = textBands(page(300, 60, [[26, 15, 29, 45], ...letters(32, 15, 45, 6)]), [0, 0, 300, 60]);
    expect(stem[0]![0]).toBeLessThanOrEqual(26);
  });

  it('drops specks much shorter than the line', () => {
    const bands = textBands(page(300, 100, [...letters(20, 20, 60, 8), [100, 80, 104, 83]]), [0, 0, 300, 100]);
    expect(bands).toHaveLength(1);
  });
});

describe('neural line reader: word gaps seen in the image', () => {
  it('finds blank stretches wide enough to part words, not the narrow ones between letters', () => {
    // Two words of three 6-px strokes 4 px apart, 20 px between the words; text 30 px high.
    const g = page(200, 42, [[10, 6, 16, 36], [20, 6, 26, 36], [30, 6, 36, 36], [56, 6, 62, 36], [66, 6, 72, 36], [76, 6, 82, 36]]);
    expect(blankColumns(g, [0, 0, 200, 42])).toEqual([[36, 56]]);
  });

  it('does not part widely spaced letters (J U N I P E R) whose gaps are as wide as a small word gap', () => {
    // Letters 10 px wide and 8 px apart, one word gap of 14 px; a band 42 px high (gaps from 7.5 px counted alone).
    const strokes: Array<[number, number, number, number]> = [];
    for (const x of [10, 28, 46, 64, 82, 106, 124, 142]) strokes.push([x, 6, x + 10, 36]);
    expect(blankColumns(page(200, 42, strokes), [0, 0, 200, 42])).toEqual([[92, 106]]);
  });

  it('splits letters at such a stretch but never the digits of a number', () => {
    const e = emitted('STONEBRIDGESUPPLY');
    // A blank stretch between the E (step 20) and the S (step 22).
    expect(wordsFromEmitted(e, [[20.5, 21.5]]).map((w) => w.text)).toEqual(['STONEBRIDGE', 'SUPPLY']);
    expect(wordsFromEmitted(emitted('2290'), [[4.2, 5.8]]).map((w) => w.text)).toEqual(['2290']);
    expect(wordsFromEmitted(emitted('229_0')).map((w) => w.text)).toEqual(['2290']);
    expect(wordsFromEmitted(emitted('229 0')).map((w) => w.text)).toEqual(['229', '0']);
  });

  it('keeps a lone first or last character on its word unless the image or the model parts them', () => {
    // A wide capital's step stands off from narrow digits: S at step 0, the rest two steps apart from step 5.
    const code = [{ ch: 'S', step: 0, p: 0.9 }, ...emitted('O711686', 2, 5)];
    expect(wordsFromEmitted(code).map((w) => w.text)).toEqual(['SO711686']);
    expect(wordsFromEmitted([...emitted('BICYCL'), { ch: 'E', step: 15, p: 0.9 }]).map((w) => w.text)).toEqual(['BICYCLE']);
    // A thousands sign between digits is inside the number.
    expect(wordsFromEmitted([{ ch: '9', step: 0, p: 0.9 }, ...emitted(',143', 2, 6)]).map((w) => w.text)).toEqual(['9,143']);
    // A blank stretch of the image still parts a one-letter word, and steps alone still part two longer words.
    expect(wordsFromEmitted([{ ch: 'W', step: 0, p: 0.9 }, ...emitted('MAGNOLIA', 2, 5)], [[2, 4]]).map((w) => w.text)).toEqual(['W', 'MAGNOLIA']);
    expect(texts('PAPER_MILLS')).toEqual(['PAPER', 'MILLS']);
  });
});

describe('neural line reader: letter widths', () => {
  // A stand-in line model over the alphabet A, B (classes 1, 2; 0 the blank): it reads "AB" surely when the band is
  // resized to at least `sure` columns and "BA" unsurely below, so which width a band is read at decides the reading.
  const fakeModel = (sure: number, widthsSeen: number[] = []): LineModel => ({
    height: 16,
    dict: ['A', 'B'],
    async run(_px, W) {
      widthsSeen.push(W);
      const steps = 4, classes = 3, data = new Float32Array(steps * classes);
      const [first, second, p] = W >= sure ? [1, 2, 0.95] : [2, 1, 0.6];
      [first, 0, second, 0].forEach((c, t) => { data[t * classes + c] = c ? p : 0.99; });
      return { data, steps, classes };
    },
    async close() {},
  });
  const band = page(120, 24, letters(10, 4, 20, 5));
  const box: [number, number, number, number] = [0, 0, 120, 24];
  const read = async (model: LineModel, widths?: number[], decode?: BandDecoder, kind?: FieldKind) =>
    (await recogniserFor(model, decode, () => decode!, widths).read(band, box, box, 'l', undefined, kind)).words.map((w) => w.text).join(' ');

  it('reads a band at each width given and keeps the reading the model is surest of', async () => {
    const seen: number[] = [];
    // As drawn the band comes to about 60 columns at the model's height: short of the 70 that read surely.
    expect(await read(fakeModel(70, seen), [1])).toBe('BA');
    expect(await read(fakeModel(70, seen), [...HAND_WIDTHS])).toBe('AB');
    expect(seen.length).toBe(4);
    // Stretching is not preferred for itself: when every width reads as surely, the band as drawn is kept.
    const asDrawn: number[] = [];
    expect(await read(fakeModel(10, asDrawn), [...HAND_WIDTHS])).toBe('AB');
    expect(asDrawn[0]).toBe(seen[0]);
  });

  it("judges the width on the model's own best path, not on a reading held to a field's kind", async () => {
    // A kind decoder surest where the model itself is least sure: it answers the model's path reversed, at one and a
    // half less the model's certainty. Were widths judged on its readings, the narrow one would win and give "AB".
    const reversed: BandDecoder = (data, steps, classes) => {
      const path = [0, 2].map((t) => { const c = data[t * classes + 1]! > 0 ? 1 : 2; return { c, p: data[t * classes + c]! }; });
      return path.reverse().map(({ c, p }, i) => ({ ch: c === 1 ? 'A' : 'B', step: 2 * i, p: 1.5 - p }));
    };
    expect(await read(fakeModel(70), [1, 1.33], reversed, 'state')).toBe('BA');
  });
});
