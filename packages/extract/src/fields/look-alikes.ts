// The characters OCR takes for one another across letters and digits: where only one kind can stand (a digit inside a
// run of digits, a letter inside a word, a SCAC, a freight class), a character of the other kind is read as its
// look-alike. One table for every field; a field with its own shapes (postal codes) extends it, never contradicts it.

/**
 * The digit a letter or mark read in a digit's place stands for. A seven crossed with a bar, as continental hands and
 * some faces draw it, reads as a plus.
 */
export const DIGIT_FOR: Readonly<Record<string, string>> = { O: '0', Q: '0', D: '0', I: '1', L: '1', '|': '1', '+': '7', S: '5', B: '8', Z: '2', G: '6' };

/**
 * Digits a hand's strokes turn into others, likeliest first: a 1 drawn with a flag or a hook reads as 7 or 4, a 3
 * closed on the left as 8, a 0 with a tail as 6. Used only where a digit as read cannot stand (a day of 47).
 */
export const HAND_DIGIT_SLIPS: Readonly<Record<string, readonly string[]>> = { '7': ['1', '2'], '4': ['1'], '8': ['3'], '6': ['0'] };

/** The letter a digit read in a letter's place stands for. */
export const LETTER_FOR: Readonly<Record<string, string>> = { '0': 'O', '1': 'I', '5': 'S', '8': 'B', '2': 'Z', '6': 'G' };

/**
 * Letter groups OCR reads as one another inside a word: two bars for an H, an R and N run together into an M's humps
 * (and an M's humps parted into RN), two Vs for a W, a C and L closing into a D, and an L read as an I (its foot is
 * the first ink a scan loses).
 */
export const LETTER_GROUPS_FOR: ReadonlyArray<readonly [string, string]> = [['II', 'H'], ['RN', 'M'], ['M', 'RN'], ['VV', 'W'], ['CL', 'D'], ['I', 'L']];
