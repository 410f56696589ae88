import { describe, expect, it } from 'vitest';
import type { EngineWord, OcrWorker } from '../src/ocr/engine.ts';
import type { LineRecogniser } from '../src/ocr/line-recogniser.ts';
import { joinFragments, rereadWeakLines, weakLines } from '../src/ocr/reread.ts';

const ew = (text: string, confidence: number, x0: number, x1: number, line: string): EngineWord => ({ text, confidence, bbox: [x0, 40, x1, 60], line });
// The page pass's engine finds nothing more in the enlarged strips: what changes comes from the line reader.
const silentEngine: OcrWorker = { recognize: async () => [], close: async () => {} };
// The choice between the two readings, fixed: what is tested here is what follows from it (line-choice.test.ts tests
// the committed choice itself).
const neuralWins = { neuralChance: (): number => 1 };
const tesseractWins = { neuralChance: (): number => 0 };
const readerSaying = (text: string, bbox: EngineWord['bbox']): LineRecogniser => ({
  read: async (_grey, _crop, _core, line) => ({ words: [{ text, confidence: 96, bbox, line }], confidence: 96 }),
  close: async () => {},
});

/** A 600 x 600 page with one run of twelve glyph-sized blocks of ink, x 100-316, y 40-60. */
function pageWithRun(): { width: number; height: number; data: Uint8Array } {
  const width = 600, height = 600;
  const data = new Uint8Array(width * height).fill(235);
  for (let k = 0; k < 12; k++) for (let y = 40; y < 60; y++) for (let x = 100 + k * 18; x < 110 + k * 18; x++) data[y * width + x] = 20;
  return { width, height, data };
}

describe('second OCR pass with the line reader', () => {
  it('reads a lost run of text once, without the letter the page pass read at its start', async () => {
    const { width, height, data } = pageWithRun();
    // "4567 Progress Lane": the page pass read the number and the P; the rest of the ink is a lost run.
    for (let x = 20; x < 60; x += 12) for (let y = 40; y < 60; y++) for (let dx = 0; dx < 8; dx++) data[y * width + x + dx] = 20;
    const words = [ew('4567', 93, 20, 60, 'a'), ew('P', 87, 100, 110, 'a')];
    const out = await rereadWeakLines({ width, height, data }, words, silentEngine, { choice: neuralWins, lines: readerSaying('PROGRESS LANE', [98, 38, 316, 62]) });
    expect(out.words.map((w) => w.text).sort()).toEqual(['4567', 'PROGRESS LANE']);
    // On the row of the number it continues: one street line, not a number alone.
    expect(new Set(out.words.map((w) => w.line))).toEqual(new Set(['a']));
  });

  it('mends the seam between a lost run and the weak line beside it when both are read again (2283 + 352-28)', async () => {
    const { width, height, data } = pageWithRun();
    // "228352-28": the page pass lost its first glyphs and read the rest weakly; both pieces are read again, and the
    // lost run's reading takes in the glyph the weak line's reading starts with.
    const words = [ew('a52-2b', 30, 208, 316, 'a')];
    const reader: LineRecogniser = {
      read: async (_g, _crop, core, line) => core[0] < 190
        ? { words: [{ text: '2283', confidence: 96, bbox: [98, 38, 216, 62], line }], confidence: 96 }
        : { words: [{ text: '352-28', confidence: 96, bbox: [208, 38, 316, 62], line }], confidence: 96 },
      close: async () => {},
    };
    const out = await rereadWeakLines({ width, height, data }, words, silentEngine, { choice: neuralWins, lines: reader });
    expect(out.words.map((w) => w.text)).toEqual(['228352-28']);
  });

  const word = (text: string, confidence: number, bbox: EngineWord['bbox'], line: string): EngineWord => ({ text, confidence, bbox, line });
  it.each([
    // The last word of a lost run completed by the piece of it the page pass read.
    ['completes the last word with the piece the page pass read (Aeropuer + rto)', word('Aeropuer', 88, [175, 366, 276, 400], 'missed#1'),
      word('rto', 90, [270, 372, 302, 391], '2.0.2'), word('3223', 96, [311, 371, 368, 391], '2.0.2'), 'Aeropuerto'],
    // A fragment the page pass read inside a word of the reading: the ink is not read twice.
    ['drops a fragment the page pass read inside a word of the reading', word('EXPRESS', 88, [988, 358, 1071, 380], 'missed#0'),
      word('ESS', 93, [1034, 371, 1046, 377], '9.1.1'), word('LINES', 96, [1080, 361, 1137, 377], '9.1.1'), 'EXPRESS'],
  ] as const)('%s', (_name, reading, piece, next, text) => {
    const out = joinFragments([reading], [piece, next]);
    expect(out.words.map((w) => w.text)).toEqual([text]);
    expect(out.absorbed).toEqual([piece]);
  });

  it('leaves a neighbouring word that only shares a letter but does not overlap the reading', () => {
    const reading: EngineWord = { text: 'MAIN', confidence: 88, bbox: [100, 40, 160, 60], line: 'missed#0' };
    const out = joinFragments([reading], [{ text: 'NORTH', confidence: 95, bbox: [172, 40, 240, 60], line: 'a' }]);
    expect(out.words.map((w) => w.text)).toEqual(['MAIN']);
    expect(out.absorbed).toEqual([]);
  });

  it('still gives the line reader the weak lines that do not fit in the stacked image', async () => {
    const width = 2400, height = 800;
    const data = new Uint8Array(width * height).fill(235);
    // Five long weakly read lines: enlarged, only the first few fit the one stacked image Tesseract reads again.
    const words: EngineWord[] = [0, 1, 2, 3, 4].map((i) => ({ text: `w${i}`, confidence: 30, bbox: [100, 100 + 120 * i, 2300, 120 + 120 * i], line: `l${i}` }));
    const reader: LineRecogniser = {
      read: async (_g, _crop, core, line) => ({ words: [{ text: `READ${core[1]}`, confidence: 95, bbox: core, line }], confidence: 95 }),
      close: async () => {},
    };
    const out = await rereadWeakLines({ width, height, data }, words, silentEngine, { choice: neuralWins, lines: reader, missed: false });
    expect(out.words.map((w) => w.text)).toEqual(['READ100', 'READ220', 'READ340', 'READ460', 'READ580']);
  });

  it('reads again only the weak lines where a field in doubt stands, when told where those are', async () => {
    const width = 1200, height = 800;
    const data = new Uint8Array(width * height).fill(235);
    // Three weak lines; the fields read off the first reading doubt only what stands around the middle one.
    const words: EngineWord[] = [0, 1, 2].map((i) => ({ text: `w${i}`, confidence: 30, bbox: [100, 100 + 200 * i, 1100, 130 + 200 * i], line: `l${i}` }));
    const read: number[] = [];
    const reader: LineRecogniser = {
      read: async (_g, _crop, core, line) => { read.push(core[1]); return { words: [{ text: `READ${core[1]}`, confidence: 95, bbox: core, line }], confidence: 95 }; },
      close: async () => {},
    };
    const out = await rereadWeakLines({ width, height, data }, words, silentEngine, { choice: neuralWins, lines: reader, within: [[0, 280, 1200, 360]] });
    expect(read).toEqual([300]);
    expect(out.words.map((w) => w.text)).toEqual(['w0', 'READ300', 'w2']);
    // Told nothing, every weak line is read again.
    read.length = 0;
    await rereadWeakLines({ width, height, data }, words, silentEngine, { choice: neuralWins, lines: reader });
    expect(read.sort()).toEqual([100, 300, 500]);
  });

  it('keeps a neural reading not chosen beside the page pass\'s words as a hint, and none when it is unsure', async () => {
    const width = 600, height = 200;
    const data = new Uint8Array(width * height).fill(235);
    const words = [ew('Focas', 40, 100, 160, 'h'), ew('(sara)', 20, 170, 240, 'h')];
    const saying = (confidence: number): LineRecogniser => ({
      read: async (_g, _crop, core, line) => ({ words: [{ text: 'FRoM (somR)', confidence, bbox: core, line }], confidence }),
      close: async () => {},
    });
    const hinted = await rereadWeakLines({ width, height, data }, words, silentEngine, { choice: tesseractWins, lines: saying(64), missed: false });
    expect(hinted.words.map((w) => [w.text, w.alt])).toEqual([['Focas', 'FRoM (somR)'], ['(sara)', 'FRoM (somR)']]);
    const unsure = await rereadWeakLines({ width, height, data }, words, silentEngine, { choice: tesseractWins, lines: saying(40), missed: false });
    expect(unsure.words.map((w) => w.alt)).toEqual([undefined, undefined]);
  });

  it('reads again a line of text the page pass garbled into marks, not a short mark or a ruling', () => {
    const words: EngineWord[] = [
      { text: '==', confidence: 38, bbox: [74, 234, 460, 255], line: 'a' },
      { text: '—', confidence: 40, bbox: [600, 234, 640, 255], line: 'b' },
      { text: '____', confidence: 30, bbox: [74, 300, 900, 304], line: 'c' },
    ];
    expect(weakLines(words).map((l) => l.words.map((w) => w.text))).toEqual([['==']]);
  });

  it('keeps a label standing alone that Tesseract read as one of the form\'s labels against a reading that is none', async () => {
    const width = 600, height = 200;
    const data = new Uint8Array(width * height).fill(235);
    const known = (texts: string[]): boolean => /^ORDER NO\.?$/i.test(texts.join(' '));
    const saying = (text: string): LineRecogniser => ({
      read: async (_g, _crop, core, line) => ({ words: [{ text, confidence: 90, bbox: core, line }], confidence: 90 }),
      close: async () => {},
    });
    const label = [ew('ORDER', 45, 100, 170, 'h'), ew('No.', 60, 180, 220, 'h')];
    const kept = await rereadWeakLines({ width, height, data }, label, silentEngine, { choice: neuralWins, lines: saying('OTHER No.'), missed: false, known });
    expect(kept.words.map((w) => w.text)).toEqual(['ORDER', 'No.']);
    // A reading that is the label too, or words that were no label, go by the choice.
    const misread = [ew('Quema', 45, 100, 170, 'h'), ew('No.', 87, 180, 220, 'h')];
    const found = await rereadWeakLines({ width, height, data }, misread, silentEngine, { choice: neuralWins, lines: saying('ORDER No.'), missed: false, known });
    expect(found.words.map((w) => w.text)).toEqual(['ORDER No.']);
  });

  it('reads again a lone digit read weakly (a count whose other digit the page pass lost), and takes a surer digit', async () => {
    const width = 600, height = 200;
    const data = new Uint8Array(width * height).fill(235);
    const words = [ew('0', 41, 100, 112, 'n'), ew('CRATE', 95, 300, 360, 'n')];
    expect(weakLines(words).map((l) => l.words.map((w) => w.text))).toEqual([['0']]);
    const out = await rereadWeakLines({ width, height, data }, words, silentEngine, { choice: neuralWins, lines: readerSaying('4', [100, 40, 112, 60]), missed: false });
    expect(out.words.map((w) => w.text)).toEqual(['4', 'CRATE']);
    // Which reader read each word goes with it: what is learned about values tells the line reader's words apart.
    expect(out.words.map((w) => w.by ?? 'page pass')).toEqual(['neural', 'page pass']);
  });
  it('takes the handwriting model\'s reading where the override finds it closer than the reading the choice kept', async () => {
    const width = 1200, height = 400;
    const data = new Uint8Array(width * height).fill(235);
    const words: EngineWord[] = [{ text: 'LAPEDO', confidence: 40, bbox: [100, 100, 400, 130], line: 'l0' }];
    // The vote's two readers: print read LAREDD, the handwriting model LAREDO.
    const reader: LineRecogniser = {
      read: async (_g, _crop, _core, line) => {
        const print = [{ text: 'LAREDD', confidence: 95, bbox: [100, 100, 400, 130] as EngineWord['bbox'], line }];
        const hand = [{ text: 'LAREDO', confidence: 80, bbox: [100, 100, 400, 130] as EngineWord['bbox'], line }];
        return { words: print, confidence: 95, readers: { print: { words: print, confidence: 95 }, hand: { words: hand, confidence: 70 } } };
      },
      close: async () => {},
    };
    const handWins = { handChance: (): number => 1 };
    const taken = await rereadWeakLines({ width, height, data }, words, silentEngine, { choice: tesseractWins, override: handWins, lines: reader, missed: false });
    expect(taken.words.map((w) => w.text)).toEqual(['LAREDO']);
    // Its probabilities run high: capped like any neural reading, so the value is still checked.
    expect(taken.words[0]!.confidence).toBeLessThanOrEqual(88);
    const kept = await rereadWeakLines({ width, height, data }, words, silentEngine, { choice: tesseractWins, override: null, lines: reader, missed: false });
    expect(kept.words.map((w) => w.text)).toEqual(['LAPEDO']);
  });
});
