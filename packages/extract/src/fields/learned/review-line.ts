/** The two readers of a field's value. */
export type Reader = 'rules' | 'tagger';

// The highest confidence a value may keep when the other reader read the field otherwise, or the page shows it in
// doubt: below the 0.9 trust line, so a person reviews it.
export const DISAGREED = 0.85;
