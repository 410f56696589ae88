import enDictionary from 'dictionary-en';
import esDictionary from 'dictionary-es';
import frDictionary from 'dictionary-fr';
import { LETTER_GROUPS_FOR } from './look-alikes.ts';
import { normalizeText } from '../layout.ts';

/**
 * Words of English, Spanish and French (the Hunspell dictionaries of LibreOffice, packaged by wooorm), upper case
 * without accents, with the inflections names and goods use most: plurals, -ING, -ED, -ER(S). Names of companies and
 * goods are mostly made of such words ("HOUSEHOLD CLEANING SUPPLIES"); a handwritten letter read wrongly
 * ("HOUSEHOUD") makes a word no dictionary has, one edit from the word meant.
 */
// Dictionary stems and regular English inflections; the Spanish and French endings added by rule are `formed`: a
// fit there counts for less, as the rule makes words no one writes ("CROCES").
let lexicon: { stems: Set<string>; formed: Set<string> } | null = null;

function addEnglish(out: Set<string>, stem: string, flags: string): void {
  out.add(stem);
  const e = stem.endsWith('E'), y = /[^AEIOU]Y$/.test(stem);
  if (flags.includes('S')) out.add(y ? `${stem.slice(0, -1)}IES` : /(S|X|Z|CH|SH)$/.test(stem) ? `${stem}ES` : `${stem}S`);
  if (flags.includes('G') || flags.includes('J')) out.add(`${e ? stem.slice(0, -1) : stem}ING`).add(`${e ? stem.slice(0, -1) : stem}INGS`);
  if (flags.includes('D')) out.add(e ? `${stem}D` : y ? `${stem.slice(0, -1)}IED` : `${stem}ED`);
  if (flags.includes('R') || flags.includes('Z')) out.add(e ? `${stem}R` : `${stem}ER`).add(e ? `${stem}RS` : `${stem}ERS`);
}

/** Spanish and French: plural, feminine and participle endings (more words than exist does no harm to telling a word known). */
function addRomance(out: Set<string>, stem: string): void {
  out.add(`${stem}S`);
  if (/[^AEIOUS]$/.test(stem)) out.add(`${stem}ES`).add(`${stem}E`);
  if (stem.endsWith('Z')) out.add(`${stem.slice(0, -1)}CES`);
  if (stem.endsWith('O')) out.add(`${stem.slice(0, -1)}A`).add(`${stem.slice(0, -1)}AS`);
  if (stem.endsWith('AL')) out.add(`${stem.slice(0, -1)}UX`);
  if (stem.endsWith('OR')) out.add(`${stem}A`).add(`${stem}AS`);
  // A verb's past participle, which goods are named with ("EAU EMBOUTEILLEE", "CARTONS ONDULES", "ACERO LAMINADO").
  const root = stem.slice(0, -2);
  if (stem.endsWith('ER')) for (const end of ['E', 'EE', 'ES', 'EES', 'IDO', 'IDA', 'IDOS', 'IDAS']) out.add(root + end);
  if (stem.endsWith('AR')) for (const end of ['ADO', 'ADA', 'ADOS', 'ADAS']) out.add(root + end);
  if (stem.endsWith('IR')) for (const end of ['I', 'IE', 'IS', 'IES', 'IDO', 'IDA', 'IDOS', 'IDAS']) out.add(root + end);
}

function words(): { stems: Set<string>; formed: Set<string> } {
  if (lexicon) return lexicon;
  const stems = new Set<string>(), formed = new Set<string>();
  for (const [dict, english] of [[enDictionary, true], [esDictionary, false], [frDictionary, false]] as const) {
    const lines = new TextDecoder().decode(dict.dic).split('\n');
    // The first line is the entry count.
    for (let i = 1; i < lines.length; i++) {
      const slash = lines[i]!.indexOf('/');
      const stem = normalizeText(slash < 0 ? lines[i]! : lines[i]!.slice(0, slash));
      if (stem.length < 3 || !/^[A-Z]+$/.test(stem)) continue;
      if (english) addEnglish(stems, stem, slash < 0 ? '' : lines[i]!.slice(slash + 1));
      else { stems.add(stem); addRomance(formed, stem); }
    }
  }
  lexicon = { stems, formed };
  return lexicon;
}

/** Whether a word (upper case, no accents) is a word of one of the three languages. */
export function isKnownWord(word: string): boolean {
  const { stems, formed } = words();
  return stems.has(word) || formed.has(word);
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
// Company forms and address abbreviations no dictionary holds ("LTEE" for Limitée would become LITEE).
const BUSINESS_WORDS = new Set('LTEE LTDA CORP INCORPORATED LLC LLP GMBH SARL SRL SAPI BLVD PKWY HWY BLDG STE AVDA PROL CALZ CARR PRIV'.split(' '));
// Handwritten letters read as others (an L's foot lost reads U, IN run together reads W, M and N lose or gain a hump).
const HAND_ALIKE: Record<string, string> = { U: 'LO', L: 'UIT', W: 'NM', N: 'MWR', M: 'NW', I: 'LTY', T: 'IL', C: 'GEO', G: 'C', E: 'CF', O: 'ADUC', A: 'O', D: 'O', R: 'N', V: 'NY', Y: 'VI', F: 'T' };
// Narrow letters the readers drop.
const NARROW = 'ILTRJ';

/**
 * Every string one edit from `w` with what the edit costs: a look-alike or a narrow letter restored costs half.
 * `cheapOnly` makes only those half-cost edits (a tenth as many strings).
 */
function oneEdit(w: string, cheapOnly = false): Map<string, number> {
  const out = new Map<string, number>();
  const put = (s: string, cost: number): void => { if (cost < (out.get(s) ?? Infinity)) out.set(s, cost); };
  for (let i = 0; i <= w.length; i++) {
    const a = w.slice(0, i), b = w.slice(i);
    if (cheapOnly) {
      if (b) for (const c of HAND_ALIKE[b[0]!] ?? '') put(a + c + b.slice(1), 0.5);
      for (const c of new Set([...NARROW, ...(a ? [a[a.length - 1]!] : []), ...(b ? [b[0]!] : [])])) put(a + c + b, 0.5);
      continue;
    }
    if (b) put(a + b.slice(1), i === 0 ? 1.2 : 1);
    if (b.length > 1) put(a + b[1] + b[0] + b.slice(2), 1);
    for (const c of LETTERS) {
      if (b && c !== b[0]) put(a + c + b.slice(1), (HAND_ALIKE[b[0]!] ?? '').includes(c) ? 0.5 : 1);
      put(a + c + b, NARROW.includes(c) || c === a[a.length - 1] || c === b[0] ? 0.5 : 1);
    }
  }
  return out;
}

/**
 * The dictionary word a misread word stands for: of the words one edit away, the one cheapest to reach (look-alikes
 * and narrow letters cost less, a word formed by rule a little more); for words of seven letters or more with none,
 * the one word two such cheap edits away. Null when the word is known, too short, holds other than letters, or two
 * words fit equally.
 */
export function correctWord(word: string): string | null {
  if (word.length < 4 || !/^[A-Z]+$/.test(word)) return null;
  const { stems, formed } = words();
  if (stems.has(word) || formed.has(word) || BUSINESS_WORDS.has(word)) return null;
  const near = oneEdit(word);
  const best = (cands: Map<string, number>): string | null => {
    let top: string | null = null, low = Infinity, tie = false;
    for (const [c, cost] of cands) {
      if (c.length < 4) continue;
      const k = stems.has(c) ? cost : formed.has(c) ? cost + 0.25 : Infinity;
      if (k < low) { top = c; low = k; tie = false; } else if (k === low) tie = true;
    }
    return tie ? null : top;
  };
  const first = best(near);
  if (first || word.length < 7) return first;
  const two = new Map<string, number>();
  for (const [c, cost] of near) {
    if (cost > 0.5) continue;
    for (const [d, more] of oneEdit(c, true)) if (d.length >= 5 && cost + more < (two.get(d) ?? Infinity)) two.set(d, cost + more);
  }
  return best(two);
}

/**
 * Dictionary words (and the business words) one edit from a word read with slips: candidates for a line model's
 * output to choose among (ocr/word-decode.ts); the word itself when it is one. (Two edits found no more words the
 * frames support, on training-font lines, at ten times the cost.)
 */
export function wordsNear(word: string): string[] {
  if (word.length < 4 || !/^[A-Z]+$/.test(word)) return [];
  const { stems, formed } = words();
  const isWord = (w: string): boolean => w.length >= 4 && (stems.has(w) || formed.has(w) || BUSINESS_WORDS.has(w));
  const out = new Set<string>();
  if (isWord(word)) out.add(word);
  for (const c of oneEdit(word).keys()) if (isWord(c)) out.add(c);
  return [...out];
}

/**
 * A value's misread words put right from the dictionaries, each only where the OCR was unsure of it (`confidence`
 * gives a word's, undefined when unknown). `repaired` says a word was changed: a guess for review.
 */
export function repairSpelling(value: string, confidence: (word: string) => number | undefined, below = 0.85): { value: string; repaired: boolean } {
  let repaired = false;
  const out = value.split(' ').map((tok) => {
    // An elided article is the word's own ("D'OEUVRE", "L'ERABLE"): the word after it is spelt.
    const m = /^([^A-Z]*(?:[A-Z]['’])?)([A-Z]+)([^A-Z]*)$/.exec(tok);
    if (!m) return tok;
    const conf = confidence(m[2]!);
    if (conf === undefined || conf >= below) return tok;
    const fixed = correctWord(m[2]!);
    if (!fixed) return tok;
    repaired = true;
    return `${m[1]}${fixed}${m[3]}`;
  });
  return { value: out.join(' '), repaired };
}

/** A value token's OCR confidence: that of the least sure word holding it (undefined when no word does). */
export function confidenceIn(words: Array<{ text: string; confidence: number }>): (token: string) => number | undefined {
  return (token) => {
    const holding = words.filter((w) => normalizeText(w.text).replace(/[^A-Z]/g, '').includes(token));
    return holding.length ? Math.min(...holding.map((w) => w.confidence)) : undefined;
  };
}

// Words of two letters that stand alone in names, streets and goods: articles and prepositions of the three languages,
// compass points, abbreviations and legal forms. Never the end of a word read apart.
const TWO_LETTER_WORDS = new Set(('DE DA DO DI LA LE EL LO DU AU EN ET OF IN ON TO AT BY OR AN AS NO NE NW SE SW '
  + 'AV ST RD DR LN CT PL CO SA AG BV NV SL LP KM CP').split(' '));
const COMPASS = new Set(['N', 'S', 'E', 'W']);
// Endings that are words of their own only in a dictionary's corners ("INGS", meadows): after a piece they end its word.
const WORD_ENDINGS = new Set(['ING', 'INGS', 'TION', 'MENT', 'NESS', 'IONS']);

/** The known words a word becomes with one group of its letters read as its look-alike (or every such group). */
function groupLookAlikes(tok: string): Set<string> {
  const out = new Set<string>();
  for (const [read, meant] of LETTER_GROUPS_FOR) {
    const all = tok.split(read).join(meant);
    if (all !== tok && isKnownWord(all)) out.add(all);
    for (let at = tok.indexOf(read); at >= 0; at = tok.indexOf(read, at + 1)) {
      const one = tok.slice(0, at) + meant + tok.slice(at + read.length);
      if (isKnownWord(one)) out.add(one);
    }
  }
  return out;
}

/**
 * Words read with a look-alike the dictionary tells apart: a group of letters read as another ("IIOUSEIIOLD",
 * "COMERSTONE"), and a French article's apostrophe lost before a vowel ("DOEUVRE", "DENTRETIEN" for D'OEUVRE,
 * D'ENTRETIEN), where the word read is none and one word so put right is one.
 */
export function repairLookAlikeWords(text: string): { value: string; repaired: boolean } {
  let repaired = false;
  const value = text.split(' ').map((tok) => {
    if (!/^[A-Z]{4,}$/.test(tok) || isKnownWord(tok)) return tok;
    const grouped = groupLookAlikes(tok);
    if (grouped.size === 1) { repaired = true; return [...grouped][0]!; }
    if (/^[DL][AEIOUH]/.test(tok) && tok.length >= 6 && isKnownWord(tok.slice(1))) { repaired = true; return `${tok[0]}'${tok.slice(1)}`; }
    return tok;
  }).join(' ');
  return { value, repaired };
}

/**
 * A word the reader split at a narrow gap, its pieces set apart ("FOU N DRY", "CENTR AL", "COAT INGS", "HOLDING S"): a
 * lone letter between two pieces, or a piece of up to four letters that is no word of its own after one of three or
 * more, or a first letter before a piece that is no word, is joined to them where together they make a word (or one `alsoWhole` accepts). Pieces that are words of their own stay
 * apart, and so do a name's initials ("J B HUNT"); on a street (`street`), a compass point's letter after a word.
 */
export function joinSplitWords(text: string, opts: { alsoWhole?: (w: string) => boolean; street?: boolean } = {}): { value: string; repaired: boolean } {
  const toks = text.split(' ');
  const whole = (w: string): boolean => w.length >= 4 && (isKnownWord(w) || !!opts.alsoWhole?.(w));
  const apart = (t: string): boolean => TWO_LETTER_WORDS.has(t) || (!!opts.street && COMPASS.has(t));
  const out: string[] = [];
  let repaired = false;
  for (let i = 0; i < toks.length; i++) {
    const prev = out[out.length - 1] ?? '', tok = toks[i]!, next = toks[i + 1] ?? '';
    if (/^[A-Z]{2,}$/.test(prev) && /^[A-Z]$/.test(tok) && /^[A-Z]{2,}$/.test(next) && whole(prev + tok + next)) {
      out[out.length - 1] = prev + tok + next; i++; repaired = true; continue;
    }
    // A word's first letter read apart ("I NDUSTRIAS"): the rest no word of its own, and no initial before it.
    if (/^[A-Z]$/.test(tok) && !/^[A-Z]\.?$/.test(prev) && /^[A-Z]{3,}$/.test(next) && !isKnownWord(next) && !apart(tok) && whole(tok + next)) {
      out.push(tok + next); i++; repaired = true; continue;
    }
    // A long word read in pieces, each too short to stand for much or no word at all ("TER MINAL", "BE ARIN GS"):
    // joined where together they make a word of seven letters or more. Two whole words stay apart.
    const letters = (t: string): boolean => /^[A-Z]{2,}$/.test(t) && !apart(t) && !BUSINESS_WORDS.has(t);
    const weak = (t: string): boolean => t.length <= 3 || !isKnownWord(t);
    const long = (w: string): boolean => w.length >= 7 && isKnownWord(w);
    if (letters(prev) && letters(tok) && letters(next) && [prev, tok, next].filter(weak).length >= 2 && long(prev + tok + next)) {
      out[out.length - 1] = prev + tok + next; i++; repaired = true; continue;
    }
    if (letters(prev) && letters(tok) && (weak(prev) || weak(tok)) && !long(prev) && long(prev + tok)) {
      out[out.length - 1] = prev + tok; repaired = true; continue;
    }
    if (/^[A-Z]{3,}$/.test(prev) && (/^[A-Z]{1,2}$/.test(tok) || (/^[A-Z]{3,4}$/.test(tok) && (!isKnownWord(tok) || WORD_ENDINGS.has(tok)))) && !apart(tok) && whole(prev + tok)) {
      out[out.length - 1] = prev + tok; repaired = true; continue;
    }
    out.push(tok);
  }
  return { value: out.join(' '), repaired };
}
