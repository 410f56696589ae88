import type { Word } from '../../types.ts';
import { legalFormEnd, onlyCompanyEnding } from '../company-name.ts';
import { NOI_AS_READ } from '../goods-table.ts';
import { isKnownPlace } from '../../ocr/place-decode.ts';
import { COMPASS, STREET_FIRST, SUFFIXES, SUFFIX_WORDS, UNIT_WORDS } from '../street-line.ts';
import { NUMBER_WORDS } from '../references.ts';
import { level, nextOf, spacedBefore, wrapsTo } from './word-runs.ts';

// A value is printed whole, but the tagger decides word by word and may leave some words of a value unmarked: a name's
// legal form, a place's other words, a postal code's other part. Where the world says what a whole value is (names
// end with their form, places are named whole, codes have their parts), a run takes in the words that complete it.

/** What completing a run may look at: each word's neighbours on its line, the page's words, and which words are free. */
export interface RunContext {
  side: Map<Word, [Word | null, Word | null]>;
  words: readonly Word[];
  /** Whether the model reads a word as no other field's (none, or this one): only such words are taken in. */
  free: (w: Word) => boolean;
  /** The words of the labels found on the page: never a value's. */
  labels?: ReadonlySet<Word>;
  /** Whether the model gives a word to a field that cannot read it: free for a value the world knows whole. */
  unreadAs?: (w: Word) => boolean;
}

/** The runs of `field`, each completed as values of its kind are printed whole. */
export function completeRuns(field: string, marked: Word[][], ctx: RunContext): Word[][] {
  // Words a run may take in on a value's own evidence: free, and no label's.
  const freeValue = (w: Word): boolean => ctx.free(w) && !ctx.labels?.has(w);
  const runs = marked.map((r) => withInnerWords(r, ctx.side, freeValue));
  const leaf = field.split('.')[1];
  if (leaf === 'Name') return runs.map((r) => withNameHead(withLegalForm(r, ctx.side, ctx.free, ctx.words), ctx.side, freeValue, ctx.words));
  if (leaf === 'City') return runs.map((r) => withPlaceName(r, ctx.side, (w) => ctx.free(w) || !!ctx.unreadAs?.(w), ctx.words));
  if (leaf === 'Zip') return runs.map((r) => withOtherPart(r, ctx.side, ctx.free, ctx.words));
  if (leaf === 'Address') {
    const unlabelled = (w: Word): boolean => !ctx.labels?.has(w);
    return runs.map((r) => beforePostalCode(withStreetEnd(withStreetNumber(r, ctx.side, ctx.free, ctx.words), ctx.side, ctx.free, unlabelled, ctx.words), ctx.side));
  }
  if (leaf === 'Commodity') return runs.map((r) => withNmfcQualifier(withDescriptionHead(r, ctx.side, ctx.free), ctx.side, ctx.free));
  if (field.startsWith('References.')) {
    return runs.map((r) => withHyphenTail(withCodeLetters(withKindPrefix(r, ctx.side, ctx.free, ctx.words), ctx.side, freeValue), ctx.side, freeValue, ctx.words));
  }
  return runs;
}

/**
 * A run with the words printed inside it that the model left unmarked: between two of its words on a line, and after
 * its last word on a line it goes on from to the next. A value is printed as one unbroken run, so a word inside it is
 * the value's, unless the model reads it as another field's or it is a label's (`free` says not; the run is then
 * left as marked).
 */
export function withInnerWords(run: Word[], side: Map<Word, [Word | null, Word | null]>, free: (w: Word) => boolean): Word[] {
  const out: Word[] = [run[0]!];
  for (let i = 1; i < run.length; i++) {
    const [a, b] = [run[i - 1]!, run[i]!];
    const inner: Word[] = [];
    let w = side.get(a)?.[1];
    for (; w && w !== b && !run.includes(w) && inner.length < 4; w = side.get(w)?.[1]) inner.push(w);
    // Reached the next word of the run on its line, or the end of the line the run goes on from.
    const closed = w === b || (!w && !level(a, b));
    if (closed && inner.every(free)) out.push(...inner);
    out.push(b);
  }
  return out;
}

/**
 * A name's run that reads as nothing but a company's ending ("HOLDINGS INC") with the line right above it that starts
 * at the run's margin: a name has words of its own, and where it wraps its cell they stand on the line before.
 * Words are taken from that line's start while free, no label's and holding no digit (a street or a code is not a name).
 */
export function withNameHead(run: Word[], side: Map<Word, [Word | null, Word | null]>, free: (w: Word) => boolean, words: readonly Word[]): Word[] {
  const first = run[0]!;
  if (!onlyCompanyEnding(run.map((w) => w.text).join(' '))) return run;
  const h = first.bbox[3] - first.bbox[1];
  const gap = (a: Word): number => first.bbox[1] - a.bbox[3];
  const start = words.filter((a) => a.page === first.page && !side.get(a)?.[0] && a.bbox[1] < first.bbox[1] && gap(a) > -0.3 * h && gap(a) < 1.2 * h
    && Math.abs(a.bbox[0] - first.bbox[0]) < 1.5 * h).sort((a, b) => Math.abs(a.bbox[0] - first.bbox[0]) - Math.abs(b.bbox[0] - first.bbox[0]))[0];
  const head: Word[] = [];
  for (let w: Word | null | undefined = start; w && head.length < 6 && free(w) && !/\d/.test(w.text) && !run.includes(w); w = side.get(w)?.[1]) head.push(w);
  return head.length ? [...head, ...run] : run;
}

/**
 * A name's run with the legal form printed right after it ("... CONTAINERS" "CORP,", "... SA DE" "CV"), on its line or
 * wrapped to the next, which the model may leave unmarked: a registered name ends with its form. Words the model reads
 * as another field's (`free` says they are not) are never taken.
 */
export function withLegalForm(run: Word[], side: Map<Word, [Word | null, Word | null]>, free: (w: Word) => boolean, words: readonly Word[] = []): Word[] {
  const after: Word[] = [];
  for (let w: Word | null | undefined = nextOf(run[run.length - 1]!, side, words); w && after.length < 4 && free(w) && !run.includes(w); w = side.get(w)?.[1]) after.push(w);
  for (let k = after.length; k >= 1; k--) {
    const longer = [...run, ...after.slice(0, k)];
    // Only the form's own words: a longer name that ends with a form of its own is another company. A name does not
    // stop before an ampersand, which joins two parts of one name ("WIRE" "& CABLE CORP").
    const form = legalFormEnd(longer.map((w) => w.text).join(' '));
    if (form >= k || (form > 0 && after[0]!.text === '&')) return longer;
  }
  return run;
}

/**
 * A city's run made the longest known place it is part of ("CITY" of KANSAS CITY, "SAN NICOLAS" of SAN NICOLAS DE LOS
 * GARZA): the model may mark some words of a place's name and not the others, but a place is named whole. Words
 * before it on its line, and after it on its line or wrapped to the next, are tried; never one the model reads as
 * another field's that field can read (a word tagged as a country that names none is the place's).
 */
export function withPlaceName(run: Word[], side: Map<Word, [Word | null, Word | null]>, free: (w: Word) => boolean, words: readonly Word[] = []): Word[] {
  // A word the model reads as another field's may stand inside a place's name ("DE" of SAN NICOLAS DE LOS GARZA read
  // as Delaware's code), never at its ends: the place's outer words are free ones.
  const before: Word[] = [];
  for (let w = side.get(run[0]!)?.[0]; w && before.length < 4; w = side.get(w)?.[0]) before.unshift(w);
  // A name that starts its line may go on from the line above, whose last word wraps to it ("... CT, CEDAR" "RAPIDS").
  const first = before[0] ?? run[0]!;
  const above = side.get(first)?.[0] ? undefined : words.find((x) => x !== first && !run.includes(x) && !before.includes(x) && wrapsTo(x, first, side, words));
  if (above) before.unshift(above);
  const after: Word[] = [];
  // A long name may wrap its cell at any of its words: each next word is on the line or begins the next one.
  for (let w: Word | null | undefined = nextOf(run[run.length - 1]!, side, words); w && after.length < 4 && !run.includes(w); w = nextOf(w, side, words)) after.push(w);
  const name = (ws: Word[]): string => ws.map((w) => w.text).join(' ').replace(/[,.;:]+$/, '');
  let best = run;
  // A word right after a comma begins an item of its own: the place's first word, though the run before the comma
  // (a street) was read on into it ("5416 CHESTNUT LN, SAINT" "PAUL").
  const opens = (w: Word): boolean => /,$/.test(side.get(w)?.[0]?.text ?? '');
  for (let b = 0; b <= before.length; b++) {
    if (b > 0 && !free(before[before.length - b]!) && !opens(before[before.length - b]!)) continue;
    for (let a = 0; a <= after.length; a++) {
      if (a > 0 && !free(after[a - 1]!)) continue;
      const longer = [...before.slice(before.length - b), ...run, ...after.slice(0, a)];
      // Inner words keep their commas out: a comma ends a place's name.
      if (longer.length > best.length && !longer.slice(0, -1).some((w) => /,$/.test(w.text)) && isKnownPlace(name(longer))) best = longer;
    }
  }
  return best;
}

// A postal code of two parts, as Canada ("K1P 9A4"), the United Kingdom ("IP11 3SY") and the Netherlands ("3011 AA")
// print them.
const TWO_PARTS = /^(?:[A-Z]\d[A-Z] \d[A-Z]\d|[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}|\d{4} [A-Z]{2})$/;
const twoParts = (a: Word, b: Word): boolean => TWO_PARTS.test(`${a.text} ${b.text}`.toUpperCase().replace(/[.,;:]+$/, ''));

/**
 * A postal code's run of one part taken whole: the model may mark one part of a two-part code and not the other, but
 * the code is one value, so the part printed right beside it on its line (or across a line's end, where the code
 * wrapped) is joined on, unless the model reads that word as another field's (`free` says it does not).
 */
export function withOtherPart(run: Word[], side: Map<Word, [Word | null, Word | null]>, free: (w: Word) => boolean, words: readonly Word[] = []): Word[] {
  const [w] = run as [Word];
  // Each part of such a code is four characters at most: a longer word (a US ZIP) looks for no other part.
  if (run.length !== 1 || w.text.replace(/[.,;:]+$/, '').length > 4) return run;
  // Beside it on its line, or across the end of a line where the code wrapped.
  const before = side.get(w)?.[0] ?? words.find((x) => wrapsTo(x, w, side, words)) ?? null;
  const after = nextOf(w, side, words);
  if (after && free(after) && twoParts(w, after)) return [w, after];
  // The part before it may be one the model ran a street on into ("EEMHAVENWEG 44, 3011" "AA"): the code's two parts
  // together are its shape, whatever the model made of the first.
  if (before && twoParts(before, w)) return [before, w];
  return run;
}

/**
 * A street's run without the first part of a two-part postal code it ran on into, the code's other part printed right
 * after it on its line ("EEMHAVENWEG 44, 3011" before "AA"): the code is the place's, not the street's.
 */
export function beforePostalCode(run: Word[], side: Map<Word, [Word | null, Word | null]>): Word[] {
  const last = run[run.length - 1]!;
  const after = side.get(last)?.[1];
  return run.length > 2 && after && !run.includes(after) && twoParts(last, after) ? run.slice(0, -1) : run;
}

const bare = (w: Word): string => w.text.toUpperCase().replace(/[.,;:]+$/, '');
// A unit's identifier: a number, or a letter with a number ("12", "B4", "#7").
const UNIT_ID = /^#?[A-Z]?\d{1,5}[A-Z]?$/;
const HOUSE_NUMBER = /^\d{1,6}$/;

/**
 * A street's run with the number it cannot do without, which the model may leave unmarked: a unit word (STE, BLDG,
 * DOCK) names its number or letter right after it, and a street is located by its house number, printed before the
 * name, or after it where the street's type leads ("AV DE LOS INSURGENTES" "4285"). The word is taken only where it is
 * printed against the run (on its line, or starting the line the run wrapped to) and the model reads it as no other
 * field's (`free`).
 */
export function withStreetNumber(run: Word[], side: Map<Word, [Word | null, Word | null]>, free: (w: Word) => boolean, words: readonly Word[] = []): Word[] {
  const last = run[run.length - 1]!;
  const after = nextOf(last, side, words);
  const fits = (w: Word | null | undefined, shape: RegExp): w is Word => !!w && !run.includes(w) && free(w) && shape.test(bare(w));
  // A unit word is never printed without its number: the word after it is that number whatever else the model
  // guessed it to be.
  if (UNIT_WORDS.has(bare(last))) return after && UNIT_ID.test(bare(after)) && !run.includes(after) ? [...run, after] : run;
  const before = side.get(run[0]!)?.[0];
  // Nor is a unit's number without its word: a street led by a short number, its only one, with a unit word printed
  // right before it ("UNIT" "13 DOCK ROAD", as British addresses write it) begins with that word.
  const unitLed = /^\d{1,3}$/.test(bare(run[0]!)) && run.filter((w) => /\d/.test(w.text)).length === 1;
  if (unitLed && before && free(before) && UNIT_WORDS.has(bare(before)) && spacedBefore(before, run[0]!)) return [before, ...run];
  if (run.some((w) => /\d/.test(w.text))) return run;
  const typeFirst = STREET_FIRST.has(bare(run[0]!));
  if (!typeFirst && fits(before, HOUSE_NUMBER)) return [before, ...run];
  if (fits(after, HOUSE_NUMBER)) return [...run, after];
  return run;
}

// Words that join a street's name to its type or to more of its name (French and Spanish): never its last word.
const NAME_JOINS = new Set(['DE', 'DU', 'DES', 'LA', 'LE', 'LES', 'DEL', 'LOS', 'LAS', 'EL']);

/**
 * A street's run with the end of the street, which the model may leave unmarked, on its line or starting the line the
 * run wrapped to (a cell's edge breaks a line anywhere):
 * - a street numbered first ("6746 INDUSTRIAL") ends with its type where one follows ("RD"), taken where the model
 *   reads it as no other field's;
 * - a street is more than its number and type ("27 AVENUE"), and its name does not end on a word that joins it ("RUE
 *   DU"): the words after it up to the comma that closes the street in running text, or its line's end, are its name
 *   (at most three, none a number or a label's), whatever field the model guessed them to be.
 */
export function withStreetEnd(run: Word[], side: Map<Word, [Word | null, Word | null]>, free: (w: Word) => boolean,
  unlabelled: (w: Word) => boolean, words: readonly Word[] = []): Word[] {
  const last = run[run.length - 1]!;
  if (/,$/.test(last.text)) return run;
  const next = nextOf(last, side, words);
  if (!next || run.includes(next) || !unlabelled(next)) return run;
  const numbered = HOUSE_NUMBER.test(bare(run[0]!));
  const isType = (w: Word): boolean => SUFFIXES.has(bare(w)) || SUFFIX_WORDS.has(bare(w));
  if (numbered && run.length >= 2 && !isType(last) && !COMPASS.has(bare(last)) && isType(next) && free(next)) return [...run, next];
  const unnamed = (numbered && run.length === 2 && (SUFFIX_WORDS.has(bare(last)) || STREET_FIRST.has(bare(last)))) || NAME_JOINS.has(bare(last));
  if (!unnamed) return run;
  const name: Word[] = [];
  for (let w: Word | null = next; w && name.length < 3 && !run.includes(w) && unlabelled(w) && !/\d/.test(w.text); w = side.get(w)?.[1] ?? null) {
    name.push(w);
    if (/,$/.test(w.text)) break;
  }
  return name.length ? [...run, ...name] : run;
}

// The qualifiers a description of goods carries in the NMFC's own wording: "NOI" (not otherwise indicated), "KD"
// (knocked down), "KD FLAT", "SU" (set up).
const QUALIFIERS: ReadonlyArray<readonly string[]> = [['KD', 'FLAT'], ['NOI'], ['KD'], ['SU']];

/**
 * A description's run with the NMFC qualifier printed right after it on its line ("VINYL FLOORING," "NOI"), which
 * the model may leave unmarked: the qualifier is part of the description, as the classification names the goods.
 */
export function withNmfcQualifier(run: Word[], side: Map<Word, [Word | null, Word | null]>, free: (w: Word) => boolean): Word[] {
  const after: Word[] = [];
  for (let w = side.get(run[run.length - 1]!)?.[1]; w && after.length < 2 && free(w) && !run.includes(w); w = side.get(w)?.[1]) after.push(w);
  const texts = after.map((w) => w.text.replace(/^[,;]+|[.,;:]+$/g, '')).map((t) => (NOI_AS_READ.test(t) ? 'NOI' : t.toUpperCase()));
  const q = QUALIFIERS.find((qs) => qs.every((t, i) => texts[i] === t));
  return q ? [...run, ...after.slice(0, q.length)] : run;
}

// Words that join a noun to what it is of or for, in the three languages: a description starts with its noun.
const JOINING_WORDS = new Set(['OF', 'FOR', 'DE', 'DEL', 'DU', 'DES', 'PARA', 'POUR']);

/**
 * A description's run that starts with a joining word ("DE QUINCAILLERIE") with the word right before it on its line,
 * which the model left unmarked (taking it for the package's kind, as "PIECES" often is): the goods are named by that
 * noun and what follows, so it is taken where the model reads it as no other field's and it holds no digit.
 */
export function withDescriptionHead(run: Word[], side: Map<Word, [Word | null, Word | null]>, free: (w: Word) => boolean): Word[] {
  if (!JOINING_WORDS.has(run[0]!.text.toUpperCase())) return run;
  const head = side.get(run[0]!)?.[0];
  return head && free(head) && /^\p{L}{3,}$/u.test(head.text) && !run.includes(head) ? [head, ...run] : run;
}

// A reference's kind printed as its first letters ("PO", "SO", "BOL") and joined to the number by a hyphen.
const KIND_PREFIX = /^[A-Z]{1,4}$/;
const DASH = /^[-–—]$/;

/**
 * A reference number's run with the kind prefix joined to it by a hyphen ("PO-" "550305", "PO" "-" "050923"), on its
 * line or ending the line the number wrapped from, which the model may leave unmarked: the prefix is part of the
 * number as it was issued. A prefix standing apart with no hyphen is the number's label, and stays out.
 */
export function withKindPrefix(run: Word[], side: Map<Word, [Word | null, Word | null]>, free: (w: Word) => boolean, words: readonly Word[] = []): Word[] {
  const first = run[0]!;
  const before = side.get(first)?.[0] ?? words.find((x) => wrapsTo(x, first, side, words)) ?? null;
  if (!before || run.includes(before) || !free(before)) return run;
  const t = before.text.toUpperCase();
  if (/^[A-Z]{1,4}[-–—]$/.test(t) && !NUMBER_WORDS.has(t.slice(0, -1)) && /^\d/.test(first.text)) return [before, ...run];
  const head = side.get(before)?.[0];
  const kind = head?.text.toUpperCase() ?? '';
  if (DASH.test(t) && head && free(head) && KIND_PREFIX.test(kind) && !NUMBER_WORDS.has(kind) && /^\d/.test(first.text)) return [head, before, ...run];
  return run;
}

/**
 * A code broken at its hyphen at a line's end ("608953-" / "41"): the digits starting the line it wraps to are its
 * suffix, as a code is one string and its hyphen joins two parts of it. Only free digits, no label's.
 */
export function withHyphenTail(run: Word[], side: Map<Word, [Word | null, Word | null]>, free: (w: Word) => boolean, words: readonly Word[] = []): Word[] {
  const last = run[run.length - 1]!;
  if (!/[A-Z0-9]-$/i.test(last.text) || side.get(last)?.[1]) return run;
  const tail = nextOf(last, side, words);
  return tail && !run.includes(tail) && free(tail) && /^\d{1,4}[.,]?$/.test(tail.text) ? [...run, tail] : run;
}

/**
 * A code that starts with letters, with its first letters read as a word of their own before it ("SG" "D570785", "S"
 * "O511207"): a code is printed as one unbroken string, and letter-spaced print or a photo spreads it into pieces.
 * The piece is taken in where it is free, no label's, no word that says "number" nor one after a joining word, and only beside the code: a word
 * read over it or far before it is something else printed there.
 */
export function withCodeLetters(run: Word[], side: Map<Word, [Word | null, Word | null]>, free: (w: Word) => boolean): Word[] {
  const first = run[0]!;
  const before = side.get(first)?.[0];
  if (!before || run.includes(before) || !free(before) || !LETTER_LED_CODE.test(first.text) || !spacedBefore(before, first)) return run;
  // Letters after a joining word end the label before the code ("N° DE LV" of lettre de voiture), whatever the OCR
  // made of the label's other words.
  const joined = JOINING_WORDS.has((side.get(before)?.[0]?.text ?? '').toUpperCase());
  return CODE_LETTERS.test(before.text) && !NUMBER_WORDS.has(before.text) && !joined ? [before, ...run] : run;
}
const CODE_LETTERS = /^[A-Z]{1,2}$/;
const LETTER_LED_CODE = /^[A-Z]{1,2}\d{4,}$/;
