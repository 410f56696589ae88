import { normalizeText } from '../layout.ts';
import { editDistance } from './geo.ts';
import { MONTHS } from './lexicon.ts';
import { DIGIT_FOR } from './look-alikes.ts';

/** Day-month order to assume for all-numeric dates when neither part is above 12. */
export type DateOrder = 'MDY' | 'DMY';

/** A date found in text: ISO form plus how sure the reading is (ambiguous numeric dates score lower). */
export interface ParsedDate { iso: string; certainty: number; index: number; length: number }

const pad = (n: number): string => String(n).padStart(2, '0');

function valid(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1990 || y > 2100) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days;
}

const year4 = (y: number): number => (y < 100 ? 2000 + y : y);

// OCR reads digits inside dates as look-alike letters now and then; only fix those inside digit groups.
function fixDigits(s: string): string {
  // A leading zero read as the letter O ("O6-ABR-2026") too.
  return s.replace(/(?<![\p{L}\p{N}])[Oo](?=\d[/.-])/gu, '0').replace(/(?<=\d)[OoQD](?=[\d/.-])|(?<=[\d/.-])[OoQD](?=\d)|(?<=\d)[Il|](?=[\d/.-])|(?<=[\d/.-])[Il|](?=\d)/g, (c) => (/[OoQD]/.test(c) ? '0' : '1'));
}

// A numeric date, its first two parts captured: which is the day and which the month depends on the form.
const DAY_MONTH = /\b(\d{1,2})\s?[/.-]\s?(\d{1,2})\s?[/.-]\s?(?:\d{4}|\d{2})\b/g;

/**
 * Whether `text` holds a numeric date whose day and month are open to either reading (3/5/2024: both parts 12 or
 * under, and different): its order is the form's convention, not something the date itself shows.
 */
export function dayMonthOpen(text: string): boolean {
  for (const m of text.matchAll(DAY_MONTH)) {
    const a = Number(m[1]), b = Number(m[2]);
    if (a >= 1 && b >= 1 && a <= 12 && b <= 12 && a !== b) return true;
  }
  return false;
}

/**
 * Finds the first date in `text`: ISO (2026-10-03), numeric (10/03/2026, 03.10.26), or written out in
 * English, Spanish or French ("Jul 23, 2026", "15 de julio de 2026", "1er mars 2026", "23-Jul-2026").
 */
export function parseDate(text: string, order: DateOrder = 'MDY'): ParsedDate | null {
  const all = findDates(text, order);
  return all[0] ?? null;
}

/** Every date found in `text`, in reading order. */
export function findDates(text: string, order: DateOrder = 'MDY'): ParsedDate[] {
  const named = repairMonthNames(joinSplitMonths(fixDigits(normalizeText(text))));
  const { text: t, repaired } = lookAlikeDigits(named.text, named.repaired);
  const out: ParsedDate[] = [];
  const push = (y: number, m: number, d: number, certainty: number, index: number, length: number): void => {
    // A month name put back from a misreading ("JUI" -> JUL) is a guess: never certain.
    const guessed = repaired.some((r) => r >= index && r < index + length);
    if (valid(y, m, d)) out.push({ iso: `${y}-${pad(m)}-${pad(d)}`, certainty: guessed ? Math.min(certainty, 0.85) : certainty, index, length });
  };
  let m: RegExpExecArray | null;
  const iso = /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/g;
  while ((m = iso.exec(t))) push(+m[1]!, +m[2]!, +m[3]!, 1, m.index, m[0].length);
  // An ISO date whose dashes were lost, misread or read apart, each on its own ("2026 09 05", "2026:11-18",
  // "2022 -08-30"): thin marks are the first ink a scan loses, so the year-first digit groups carry the date. A guess.
  const marked = /\b((?:19|20)\d{2})(?: ?[-:;,.] ?| )(\d{2})(?: ?[-:;,.] ?| )(\d{2})\b/g;
  while ((m = marked.exec(t))) if (!out.some((o) => o.index === m!.index)) push(+m[1]!, +m[2]!, +m[3]!, 0.85, m.index, m[0].length);
  // A cell border read as a digit in front of an ISO date ("92026-08-24"): the date, as a guess.
  const bordered = /\b\d((?:19|20)\d{2})[-/.](\d{1,2})[-/.](\d{1,2})\b/g;
  while ((m = bordered.exec(t))) push(+m[1]!, +m[2]!, +m[3]!, 0.85, m.index + 1, m[0].length - 1);
  const num = /\b(\d{1,2})\s?[/.-]\s?(\d{1,2})\s?[/.-]\s?(\d{4}|\d{2})\b/g;
  while ((m = num.exec(t))) {
    if (out.some((o) => m!.index >= o.index && m!.index < o.index + o.length)) continue;
    const { month, day, sure } = monthAndDay(+m[1]!, +m[2]!, order, m[0]);
    push(year4(+m[3]!), month, day, sure ? 1 : 0.85, m.index, m[0].length);
  }
  // A numeric date with a separator lost or read as a space, each on its own ("25 12.2021", "02 03 2021"), as thin
  // marks are the first ink a scan loses: with a four-figure year only (two spaced short numbers are any numbers), and
  // a guess.
  const spaced = /\b(\d{1,2})(?: ?[/.-] ?| )(\d{1,2})(?: ?[/.-] ?| )((?:19|20)\d{2})\b/g;
  while ((m = spaced.exec(t))) {
    if (out.some((o) => m!.index >= o.index && m!.index < o.index + o.length)) continue;
    const { month, day } = monthAndDay(+m[1]!, +m[2]!, order, m[0]);
    push(+m[3]!, month, day, 0.85, m.index, m[0].length);
  }
  // Dots read as commas ("25,07,2021"): a scan thickens a dot's foot into a comma's tail. Two short numbers and a
  // four-figure year only (a number grouped in thousands has three figures a group), and a guess.
  const commas = /\b(\d{1,2}) ?, ?(\d{1,2}) ?, ?((?:19|20)\d{2})\b/g;
  while ((m = commas.exec(t))) {
    if (out.some((o) => m!.index >= o.index && m!.index < o.index + o.length)) continue;
    const { month, day } = monthAndDay(+m[1]!, +m[2]!, order, m[0]);
    push(+m[3]!, month, day, 0.85, m.index, m[0].length);
  }
  // ... or lost altogether, where the parts cannot be cut otherwise ("1118/2021", "25.092021"): two-figure day and
  // month, a four-figure year; a guess.
  const glued = /\b(\d{2})(\d{2})[/.-]((?:19|20)\d{2})\b|\b(\d{1,2})[/.-](\d{2})((?:19|20)\d{2})\b/g;
  while ((m = glued.exec(t))) {
    if (out.some((o) => m!.index >= o.index && m!.index < o.index + o.length)) continue;
    const [a, b, y] = m[1] ? [m[1], m[2]!, m[3]!] : [m[4]!, m[5]!, m[6]!];
    const { month, day } = monthAndDay(+a, +b, order, m[0]);
    push(+y, month, day, 0.7, m.index, m[0].length);
  }
  // The second slash of a short date read as a 7 or a 1 ("7/4726" for 7/4/26): the date, as a guess.
  const slashed = /\b(\d{1,2})\/(\d{1,2})[71](\d{2})\b/g;
  while ((m = slashed.exec(t))) {
    if (out.some((o) => m!.index >= o.index && m!.index < o.index + o.length)) continue;
    const a = +m[1]!, b = +m[2]!, y = year4(+m[3]!);
    if (order === 'MDY' || b > 12) push(y, a, b, 0.7, m.index, m[0].length); else push(y, b, a, 0.7, m.index, m[0].length);
  }
  // 23 JUL 2026 / 15 DE JULIO DE 2026 / 1ER MARS 2026 / 23-JUL-2026 / 27, MAY. 2023: the day closed by any mark forms use
  // The day may be read glued to the label word before it ("CARGA9 DE ABRIL"): a guess then, as a word's last
  // letters may be a code's. Any one mark may stand between the month and the year ("18 FEB: 2022").
  const dmy = new RegExp(`(?<![\\d])(\\d{1,2})(?:ER|ST|ND|RD|TH|O)?[.,]?\\s*(?:DE\\s+)?[-/ ]?\\s*(${MONTH_ALT})\\.?\\s*(?:DE(?:L)?\\s+)?[-/,:; ]?\\s*(\\d{4}|\\d{2})\\b`, 'g');
  while ((m = dmy.exec(t))) {
    const glued = m.index > 0 && /\p{L}/u.test(t[m.index - 1]!);
    push(year4(+m[3]!), MONTHS[m[2]!]!, +m[1]!, glued ? 0.85 : 1, m.index, m[0].length);
  }
  // JUL 23, 2026 / JULY 23RD 2026. A speck beside the comma ("SEP1.,2026") may be part of a digit: a guess.
  const mdy = new RegExp(`\\b(${MONTH_ALT})\\.?\\s*[-/ ]?\\s*(\\d{1,2})(?:ST|ND|RD|TH)?\\s*([,.]{0,2})\\s*[-/ ]?\\s*(\\d{4})\\b`, 'g');
  while ((m = mdy.exec(t))) push(+m[4]!, MONTHS[m[1]!]!, +m[2]!, m[3]!.length > 1 ? 0.85 : 1, m.index, m[0].length);
  // A numeric date is printed as one word: one read apart at a narrow gap ("6/2 8/19", "28/0 7/2023") is that date,
  // as a guess, where the text holds nothing but its figures and marks.
  if (!out.length && / /.test(t) && /^[\d/.\- ]+$/.test(t.trim())) {
    return findDates(t.replace(/ /g, ''), order).map((d) => ({ ...d, certainty: Math.min(d.certainty, 0.85), index: 0, length: t.length }));
  }
  out.sort((a, b) => a.index - b.index);
  // Drop overlaps (keep the first, then the more certain).
  const kept: ParsedDate[] = [];
  for (const d of out) {
    const prev = kept[kept.length - 1];
    if (prev && d.index < prev.index + prev.length) { if (d.certainty > prev.certainty) kept[kept.length - 1] = d; continue; }
    kept.push(d);
  }
  return kept;
}

/**
 * Which of a numeric date's first two parts is the month: the one a part above 12 leaves, else the form's order (dots
 * between the parts are the day-first writing of Europe and Latin America; month-first writers use slashes). `sure`
 * when the numbers alone decide.
 */
function monthAndDay(a: number, b: number, order: DateOrder, text: string): { month: number; day: number; sure: boolean } {
  if (a > 12 && b <= 12) return { month: b, day: a, sure: true };
  if ((b > 12 && a <= 12) || a === b) return { month: a, day: b, sure: true };
  const dayFirst = order !== 'MDY' || /^\d{1,2}\s?\.\s?\d{1,2}\s?\./.test(text);
  return dayFirst ? { month: b, day: a, sure: false } : { month: a, day: b, sure: false };
}

/**
 * A numeric date under a date label with one or both slashes read as 7 or 1 ("4727726" for 4/27/26, "4122/26" for
 * 4/22/26, "1110412025" for 11/04/2025): a guess, only where a label says a date stands (anywhere else it is any number).
 */
export function slashesReadAsDigits(text: string, order: DateOrder = 'MDY'): ParsedDate | null {
  const t = text.trim();
  if (!/^\d{1,2}[71/]\d{1,2}[71/](?:\d{2}|(?:19|20)\d{2})$/.test(t)) return null;
  // Every way the two separators can fall ("4122/26": only 4/22/26); one slash may have been read right. Taken only
  // when a single valid date comes out.
  const found = new Set<string>();
  for (let i = 1; i <= 2; i++) {
    for (let j = i + 2; j <= i + 3; j++) {
      const yearDigits = t.length - j - 1;
      if ((yearDigits !== 2 && !(yearDigits === 4 && /^(?:19|20)/.test(t.slice(j + 1)))) || !'71/'.includes(t[i]!) || !'71/'.includes(t[j]!)) continue;
      const parts = [t.slice(0, i), t.slice(i + 1, j), t.slice(j + 1)];
      if (parts.some((p) => !/^\d+$/.test(p)) || (t[i] === '/' && t[j] === '/')) continue;
      const a = +parts[0]!, b = +parts[1]!, y = year4(+parts[2]!);
      const [mo, d] = order === 'MDY' || b > 12 ? [a, b] : [b, a];
      if (valid(y, mo, d)) found.add(`${y}-${pad(mo)}-${pad(d)}`);
    }
  }
  if (found.size !== 1) return null;
  return { iso: [...found][0]!, certainty: 0.5, index: text.indexOf(t), length: t.length };
}

/**
 * A month name read in two pieces beside a day or a year ("16-EN E-2026", "JU LY 13, 2020", "21 - MA R - 23") is put
 * back together, where neither piece is a month and together they are one.
 */
export function joinSplitMonths(t: string): string {
  // Every pair of neighbouring words is tried, the second word of one pair being the first of the next: a label word
  // before the pieces ("FECHA DECEM BER 7") must not hide them.
  return t.replace(/\b([A-Z]{1,8}) (?=([A-Z]{1,8})\b)/g, (all, a: string, b: string, at: number) => {
    if (MONTHS[a + b] === undefined || MONTHS[a] !== undefined || MONTHS[b] !== undefined) return all;
    const end = at + all.length + b.length;
    return /^\W{0,3}\d/.test(t.slice(end)) || /\d\W{0,3}$/.test(t.slice(0, at)) ? a : all;
  });
}

// Letters and digits OCR confuses inside month names ("JUI 21" for JUL 21, "0CT" for OCT, "5EP" for SEP, "MOY" for MAY).
const MONTH_SLIPS: Record<string, string[]> = { I: ['L'], L: ['I'], '1': ['L', 'I'], '0': ['O'], '5': ['S'], '8': ['B'], U: ['V'], V: ['U'], N: ['M'], M: ['N'], C: ['G'], G: ['C'], O: ['A'] };

const LONG_MONTHS = Object.keys(MONTHS).filter((k) => k.length >= 4);

/** Puts back month names misread by one look-alike character next to a day or year number; returns where it did. */
function repairMonthNames(t: string): { text: string; repaired: number[] } {
  const repaired: number[] = [];
  const fixed = t.replace(/\b([A-Z0-9]{3,10})\b/g, (word, _w: string, at: number) => {
    if (MONTHS[word] !== undefined || !/[A-Z]/.test(word)) return word;
    // Only beside a number, a date's mark between or not: "JUI 21, 2026", "21 JUI 2026", "14-AG0-2025".
    if (!/^[./-]?\s*\d/.test(t.slice(at + word.length)) && !/\d\s*[./-]?\s*(?:DE\s+)?$/.test(t.slice(0, at))) return word;
    const found = new Set<string>();
    for (let i = 0; i < word.length; i++) {
      for (const alt of MONTH_SLIPS[word[i]!] ?? []) {
        const w = word.slice(0, i) + alt + word.slice(i + 1);
        if (MONTHS[w] !== undefined) found.add(w);
      }
    }
    // A written-out name (four letters or more) may have any one letter misread or lost ("VECEMBER", "ULY"): the
    // one month that near, when only one is.
    if (!found.size) for (const name of LONG_MONTHS) if (editDistance(word, name, 1) === 1) found.add(name);
    if (found.size !== 1) return word;
    repaired.push(at);
    return [...found][0]!;
  });
  return { text: fixed, repaired };
}

const LOOK_ALIKE_CHARS = Object.keys(DIGIT_FOR).join('').replace('|', '\\|');
const LOOK_ALIKE = `[${LOOK_ALIKE_CHARS}]`;
const MONTH_ALT = Object.keys(MONTHS).sort((x, y) => y.length - x.length).join('|');
// A letter standing first in a numeric date ("S/24/20") or as the day before a month's name ("S-APR-27"), or among a
// written date's year figures ("JAN Z0Z0").
const LEADING_LETTER = new RegExp(`(?<![\\p{L}\\p{N}])${LOOK_ALIKE}(?=\\s?[/.-]\\s?(?:\\d{1,2}\\s?[/.-]\\s?\\d{2,4}|(?:${MONTH_ALT})[/.-]\\d{2,4})\\b)`, 'gu');
const YEAR_AFTER_MONTH = new RegExp(`(?<=\\b(?:${MONTH_ALT})\\.?[,.]?\\s{0,2})[\\d${LOOK_ALIKE_CHARS}]{4}\\b`, 'g');

/**
 * Letters read where a date's digits stand, each put back as the digit it looks like (the one confusion table): the
 * first character of a numeric date, and the figures of a year written after its month where two of the four are
 * digits and a year comes out. Each is a guess: its place is added to `repaired`.
 */
function lookAlikeDigits(t: string, repaired: number[]): { text: string; repaired: number[] } {
  const marks = [...repaired];
  let out = t.replace(LEADING_LETTER, (c: string, at: number) => { marks.push(at); return DIGIT_FOR[c]!; });
  out = out.replace(YEAR_AFTER_MONTH, (y: string, at: number) => {
    if (/^\d+$/.test(y) || (y.match(/\d/g) ?? []).length < 2) return y;
    const digits = [...y].map((c) => DIGIT_FOR[c] ?? c).join('');
    if (!/^(?:19|20)\d{2}$/.test(digits)) return y;
    marks.push(at);
    return digits;
  });
  return { text: out, repaired: marks };
}

/**
 * A year more than two from today's: a misread digit ("6/18/16", "2076") as often as an old form. Kept as printed and
 * scored as a doubt, never moved to a nearer year.
 */
export function isFarYear(iso: string, today = new Date()): boolean {
  return Math.abs(Number(iso.slice(0, 4)) - today.getUTCFullYear()) > 2;
}
