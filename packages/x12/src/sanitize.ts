/**
 * Cleans text for an X12 element. X12 has no escape character, so any delimiter inside data would
 * split the element or segment: those become spaces. Non-ASCII letters are transliterated (é -> e,
 * ß -> ss) so partners restricted to the basic character set still read the name.
 */

/** Delimiters this package writes; kept out of every value. */
export const WRITTEN_DELIMITERS = ['*', '~', '^', ':'] as const;

// Letters NFKD does not decompose into ASCII plus marks.
const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss', ẞ: 'SS', æ: 'ae', Æ: 'AE', œ: 'oe', Œ: 'OE', ø: 'o', Ø: 'O', đ: 'd', Đ: 'D', ð: 'd', Ð: 'D',
  þ: 'th', Þ: 'TH', ł: 'l', Ł: 'L', ı: 'i', ħ: 'h', Ħ: 'H', ŋ: 'n', Ŋ: 'N', ſ: 's',
  '‘': "'", '’': "'", '‚': "'", '“': '"', '”': '"', '„': '"', '–': '-', '—': '-', '…': '...', '€': 'EUR', '£': 'GBP',
};

export interface CleanResult {
  value: string;
  /** True when something other than surrounding whitespace was changed. */
  changed: boolean;
}

/**
 * Returns the value as printable ASCII without delimiters: separators and line breaks become
 * spaces, accents are stripped, other characters removed, runs of spaces collapsed and the ends trimmed.
 */
export function cleanText(raw: string, delimiters: readonly string[] = WRITTEN_DELIMITERS): CleanResult {
  let out = '';
  for (const ch of raw.normalize('NFKD')) {
    const code = ch.codePointAt(0)!;
    if (delimiters.includes(ch) || ch === '\n' || ch === '\r' || ch === '\t') out += ' ';
    else if (code >= 0x20 && code <= 0x7e) out += ch;
    else if (code >= 0x300 && code <= 0x36f) continue; // combining marks left by NFKD
    else if (SPECIAL_LETTERS[ch] !== undefined) out += SPECIAL_LETTERS[ch];
    else if (/\s/u.test(ch)) out += ' ';
    // anything else (controls, emoji, other scripts) is dropped
  }
  const value = out.replace(/ {2,}/g, ' ').trim();
  return { value, changed: value !== raw.replace(/\s+/g, ' ').trim() };
}

/** Cuts a value to `max` characters, not leaving a trailing space. */
export function truncate(value: string, max: number): string {
  return value.length <= max ? value : value.slice(0, max).trimEnd();
}
