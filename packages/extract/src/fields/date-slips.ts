import { normalizeText } from '../layout.ts';
import { MONTHS } from './lexicon.ts';
import { DIGIT_FOR, HAND_DIGIT_SLIPS } from './look-alikes.ts';
import { findDates, joinSplitMonths, type DateOrder, type ParsedDate } from './parse-date.ts';

// Where a label (or the field model) says a date stands, a date-shaped reading that parses as none is a date read with
// slips: letters in its figures' places, or a figure no day or month can have. Anywhere else such text is any code, so
// these repairs are never tried on running text.

// Letters and marks read for figures, escaped for a character class.
const LOOK_ALIKES = Object.keys(DIGIT_FOR).map((c) => (/[A-Z]/.test(c) ? c : `\\${c}`)).join('');
const FIGURE = `[0-9${LOOK_ALIKES}]`;
const MONTH_ALT = Object.keys(MONTHS).sort((x, y) => y.length - x.length).join('|');
// A numeric date's three parts, each of figures or their look-alike letters.
const NUMERIC_SHAPE = new RegExp(`(?<![A-Z0-9])${FIGURE}{1,2}\\s?[/.-]\\s?${FIGURE}{1,2}\\s?[/.-]\\s?(?:${FIGURE}{4}|${FIGURE}{2})(?![A-Z0-9])`, 'g');
// A day or a year beside a month's name: "IL-MAR-2S", "NOV IL, 2020".
const BESIDE_MONTH = new RegExp(`(?<![A-Z0-9])${FIGURE}{1,2}(?=\\s?(?:[-/.]|DE)?\\s?(?:${MONTH_ALT})\\b)|(?<=\\b(?:${MONTH_ALT})\\.?\\s?[-/ ]\\s?)${FIGURE}{1,2}(?=,?\\s?[-/ ]?\\s?${FIGURE}{2,4}(?![A-Z0-9]|${FIGURE}))|(?<=\\b(?:${MONTH_ALT})\\.?\\s?[-/ ]\\s?${FIGURE}{1,2},?\\s?[-/ ]?\\s?)${FIGURE}{2}(?:${FIGURE}{2})?(?![A-Z0-9])|(?<=(?<![A-Z0-9])${FIGURE}{1,2}\\s?[-/ ]\\s?(?:${MONTH_ALT})\\s?[-/ ]\\s?)${FIGURE}{2}(?:${FIGURE}{2})?(?![A-Z0-9])`, 'g');

/** Look-alike letters in a date's figures read as the digits they look like, where most of the group is digits. */
function figuresOf(t: string): string {
  const asDigits = (s: string): string => s.replace(new RegExp(`[${LOOK_ALIKES}]`, 'g'), (c) => DIGIT_FOR[c]!);
  const mostlyDigits = (s: string): boolean => { const figures = s.replace(new RegExp(`[^0-9${LOOK_ALIKES}]`, 'g'), ''); return (figures.match(/\d/g) ?? []).length * 2 >= figures.length; };
  return t
    .replace(NUMERIC_SHAPE, (s) => (mostlyDigits(s) ? asDigits(s) : s))
    .replace(BESIDE_MONTH, asDigits);
}

/** Every two-figure number of `t` no day or month can be ("47", "72"), each with where it stands. */
function impossibleParts(t: string): Array<{ at: number; digits: string }> {
  return [...t.matchAll(/(?<!\d)([4-9]\d)(?!\d)/g)].map((m) => ({ at: m.index!, digits: m[1]! }));
}

/**
 * The date a labelled value holds when it parses as none as read: look-alike letters in its figures put back as
 * digits, then a day or month no calendar has read again through a hand's likeliest slip of its first figure, the
 * first that gives a date. A guess each (certainty 0.7 and 0.5): the review gate weighs it.
 */
export function dateWithSlips(text: string, order: DateOrder = 'MDY'): ParsedDate | null {
  const t = joinSplitMonths(normalizeText(text));
  const figures = figuresOf(t);
  if (figures !== t) {
    const d = findDates(figures, order)[0];
    if (d) return { ...d, certainty: Math.min(d.certainty, 0.7) };
  }
  for (const part of impossibleParts(figures)) {
    for (const slip of HAND_DIGIT_SLIPS[part.digits[0]!] ?? []) {
      const read = figures.slice(0, part.at) + slip + figures.slice(part.at + 1);
      const d = findDates(read, order).find((x) => x.index <= part.at && part.at < x.index + x.length);
      if (d) return { ...d, certainty: 0.5 };
    }
  }
  return null;
}
