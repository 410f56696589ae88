import { wordsNear } from '../fields/spelling.ts';
import { decodeCtc, type Emitted } from './ctc.ts';
import type { BandDecoder } from './line-recogniser.ts';
import { choose, emitChosen, fold, foldText, slice } from './lexicon-decode.ts';

/**
 * Reading free text (names, streets, remarks) with a word lexicon: each word of the model's free reading that is no
 * word of English, Spanish or French is compared with the dictionary words near it (fields/spelling.ts), each scored
 * under the model's output over the steps between the word's neighbours (lexicon-decode.ts). A dictionary word
 * replaces the reading only when the frames support it nearly as well; names and codes no dictionary holds stay as read.
 */

// How much less probable than the free reading (nats) a dictionary word may be and still be read: chosen on lines in
// the training fonts (`bench/tools/hand-lines.ts --set training/calibration --lexicon`), never on the held-out hands.
export const WORD_MARGIN = 5;
// Shorter words have too many dictionary neighbours to choose among, and four capitals are as often a code (a SCAC,
// a state, a unit) as a word.
const MIN_LETTERS = 5;

/** A band decoder for free text: the free reading with its misread words put right where the frames allow. */
export function wordDecoder(margin = WORD_MARGIN): BandDecoder {
  return (data, steps, classes, dict): Emitted[] | null => {
    const free = decodeCtc(data, steps, classes, dict);
    let f: ReturnType<typeof fold> | null = null;
    const out: Emitted[] = [];
    let changed = false;
    for (let i = 0; i < free.length;) {
      if (!/\p{L}/u.test(free[i]!.ch)) { out.push(free[i++]!); continue; }
      let j = i;
      while (j + 1 < free.length && /\p{L}/u.test(free[j + 1]!.ch)) j++;
      const token = free.slice(i, j + 1);
      const text = foldText(token.map((c) => c.ch).join(''));
      const near = text.length >= MIN_LETTERS ? wordsNear(text) : [];
      if (near.length && !near.includes(text)) {
        f ??= fold(data, steps, classes, dict);
        // The word's steps: from just after the character before it to just before the one after it.
        const from = i > 0 ? free[i - 1]!.step + 1 : 0, to = j + 1 < free.length ? free[j + 1]!.step : steps;
        const span = slice(f, from, to);
        const pick = choose(span, near.map((value) => ({ value })), margin, text);
        if (pick) {
          out.push(...emitChosen(span, data, classes, dict, pick.form, pick.value, pick.share, false, from));
          changed = true;
          i = j + 1;
          continue;
        }
      }
      out.push(...token);
      i = j + 1;
    }
    return changed ? out : null;
  };
}

