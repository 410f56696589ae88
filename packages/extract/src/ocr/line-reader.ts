import { createHandRecogniser } from './hand-recogniser.ts';
import { createLineRecogniser, type LineRecogniser } from './line-recogniser.ts';
import { votingRecogniser } from './vote.ts';
import { wordDecoder } from './word-decode.ts';

/**
 * The neural line reader the extractor hands to the re-reading of weak lines: the print recogniser, voting with the
 * handwriting model when `handwriting` is on, which reads free text under the word lexicon (word-decode.ts). Should
 * the handwriting model not load, the print recogniser reads alone.
 */
export async function createLineReader(handwriting = true): Promise<LineRecogniser> {
  const print = await createLineRecogniser();
  if (!handwriting) return print;
  const hand = await createHandRecogniser(wordDecoder()).catch(() => null);
  return hand ? votingRecogniser(print, hand) : print;
}
