import type { Grey } from '../image/analyze.ts';
import type { EngineWord } from './engine.ts';
import type { LineRecogniser } from './line-recogniser.ts';
import { cropAround, NEURAL_CAP } from './reread.ts';

// A long number whose first digit could be a letter (5 S, 0 O, 8 B, 1 I, 2 Z, 6 G; a handwritten S read as 9).
const LETTER_LIKE_START = /^[0125689]\d{5,11}$/;
// The letters each such digit is read for.
const LETTERS_OF: Record<string, string> = { '0': 'OQD', '1': 'IL', '2': 'Z', '5': 'S', '6': 'G', '8': 'B', '9': 'S' };
/** Whether `read` is a look-alike letter of `digit`, or the digit itself. */
const sameShape = (digit: string, read: string): boolean => read === digit || (LETTERS_OF[digit] ?? '').includes(read);
// How sure (0-100) the line reader must be of a letter prefix it reads, and of a digit it reads otherwise.
const LETTERS_FLOOR = 70;
const DIGIT_FLOOR = 97;
// Numbers Tesseract reads at least this surely are not looked at again.
const SURE = 96;

/**
 * A second look at numbers by the neural line reader, which reads digits without Tesseract's leanings:
 * - Tesseract's language model leans to digits inside a run of digits, so a code with a letter prefix is often read as
 *   a number (`50937356` for SO937356 in a clean scan at 95, `838268592` for B38268592). Long numbers that start with
 *   a letter-like digit are read again; a reading with a look-alike letter first (and second, or the same digit) and
 *   every other character the same replaces the word.
 * - Typewriter and fax digits are read one for another (`71161` for 71101, `3563` for 3663, at 83-95). A number read
 *   less than surely is read again; a reading the reader is all but certain of, as long and one digit apart, replaces
 *   it.
 * Either way two readers disagreed on the word: its confidence is capped as a neural reading's is, so only a check
 * (a postal code's place) lifts such a field to trust.
 */
export async function secondLook(grey: Grey, words: EngineWord[], lines: LineRecogniser, soft?: Grey): Promise<EngineWord[]> {
  const out: EngineWord[] = [];
  for (const w of words) {
    const code = LETTER_LIKE_START.test(w.text);
    const digits = /^\d{3,12}$/.test(w.text) && w.confidence < SURE;
    if (!code && !digits) { out.push(w); continue; }
    // A narrow margin across: wider, the crop takes in a neighbour's letter ("LA 71161" read A71101).
    const crop = cropAround(grey, w.bbox, 0.25);
    const read = await lines.read(grey, crop, w.bbox, w.line, soft).catch(() => null);
    // Marks beside the word in the crop (a label's colon) are not part of it.
    const text = read ? read.words.map((r) => r.text).join('').toUpperCase().replace(/[^A-Z0-9]/g, '') : '';
    const same = !!read && text.length === w.text.length;
    const lettered = code && same && read.confidence >= LETTERS_FLOOR && /^[A-Z]/.test(text) && text.slice(2) === w.text.slice(2)
      && sameShape(w.text[0]!, text[0]!) && sameShape(w.text[1]!, text[1]!);
    const redigit = digits && same && read.confidence >= DIGIT_FLOOR && /^\d+$/.test(text) && [...text].filter((c, i) => c !== w.text[i]).length === 1;
    out.push(lettered || redigit ? { ...w, text, confidence: Math.min(w.confidence, NEURAL_CAP), by: 'neural' as const } : w);
  }
  // Nothing changed: the words handed in, so that callers can tell by identity that none was read differently.
  return out.every((w, i) => w === words[i]) ? words : out;
}
