import type { Word } from '../types.ts';
import { parseCityStateZip } from './city-line.ts';
import type { PartyLine } from './party.ts';
import { looksLikeStreet } from './street-line.ts';

/**
 * A party block typed as running text ("ACME CORP, 1234 MAIN ST, DALLAS, TX 75201", wrapped wherever its box ends)
 * marks the end of its parts with commas as well as line breaks. It is laid out again as the lines forms print: the
 * name, the street, the city line, then what follows (a country, a phone). A block is running text when its street
 * stands on one line with its city line or its name, a comma between them; a block whose lines are its parts is left
 * as it is, and so is a block of keyed rows ("Name:", "Address:").
 */
export function unfoldRunningText(lines: PartyLine[]): PartyLine[] {
  if (lines.some((l) => l.sub !== null || l.keyedRow)) return lines;
  const lineOf = new Map(lines.flatMap((l, i) => l.words.map((w) => [w, i] as const)));
  const words = lines.flatMap((l) => l.words);
  const parts = splitAfter(words, (w, next) => COMMA.test(w.text) || (!!next && lineOf.get(next) !== lineOf.get(w)));
  // Two parts joined on one line by a comma: running text, where a form's block would break the line.
  const joined = (a: number): boolean => {
    const end = parts[a - 1]?.at(-1), next = parts[a]?.[0];
    return !!end && !!next && COMMA.test(end.text) && lineOf.get(end) === lineOf.get(next);
  };
  // A street that reads as one first; else a part with its house number after the name ("UBERSEETOR 22").
  for (const numberOnly of [false, true]) for (let c = 2; c < parts.length; c++) {
    // The city line: the longest run of parts from here that reads as one with its city ("EDMONTON," "AB T5J 6A4"),
    // ending at its postal code where it has one (a country after it is a part of its own: "..., IA 52404, USA").
    const runs = [3, 2, 1].filter((n) => c + n <= parts.length && cityLine(parts.slice(c, c + n).flat()));
    const k = runs.find((n) => /\d/.test(textOf(parts[c + n - 1]!))) ?? runs[0] ?? 0;
    // A block with a second city line after it is two blocks run together, or a jumble: not one party's text.
    if (!k || parts.slice(c + k).some((_, j) => cityLine(parts.slice(c + k + j, c + k + j + 2).flat()))) continue;
    // The street: the fewest parts before the city line that read as a street (a house number wrapped away from its
    // street's name: "839" / "DIXIE DR,"), or the one part there when it holds a number.
    const streetText = (s: number): string => textOf(parts.slice(s, c).flat());
    const from = numberOnly ? (/\d/.test(streetText(c - 1)) ? c - 1 : -1) : [1, 2, 3].map((n) => c - n).find((s) => s >= 1 && looksLikeStreet(streetText(s))) ?? -1;
    // The street joined to the city line or to the name on one line by a comma.
    if (from < 1 || !(joined(c) || joined(from))) continue;
    return [
      { words: parts.slice(0, from).flat(), sub: null },
      { words: parts.slice(from, c).flat(), sub: null },
      { words: parts.slice(c, c + k).flat(), sub: null },
      ...parts.slice(c + k).map((p) => ({ words: p, sub: null })),
    ];
  }
  return lines;
}

const COMMA = /[,;]$/;
const textOf = (words: Word[]): string => words.map((w) => w.text).join(' ');

/** Whether words read as a city line that starts with its city's name (words, no figures: no street or code before it). */
function cityLine(words: Word[]): boolean {
  const city = parseCityStateZip(words)?.cityText.trim() ?? '';
  return /\p{L}{2}/u.test(city) && !/\d/.test(city) && city.split(/\s+/).length <= 5;
}

/** The words cut after each word that `ends` a part. */
function splitAfter(words: Word[], ends: (w: Word, next: Word | undefined) => boolean): Word[][] {
  const out: Word[][] = [[]];
  words.forEach((w, i) => {
    out[out.length - 1]!.push(w);
    if (ends(w, words[i + 1])) out.push([]);
  });
  return out.filter((p) => p.length);
}
