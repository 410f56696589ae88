import { isBlank, type ExtractedData } from '@ladingwise/shared';
import type { ReadPage, Word } from '../../types.ts';
import { TRUSTED_SCORE } from '../confidence.ts';
import { dayMonthOpen } from '../parse-date.ts';
import { TAG_FIELDS } from './features.ts';
import type { TaggedField } from './tagger.ts';
import { readValue } from './values.ts';
import { endsAsName } from '../company-name.ts';
import { looksLikeStreet } from '../street-line.ts';

// What the confidence model knows of one value a reader offers for a field: both readers' own scores, whether they read
// the same, whether the field's parser and knowledge checks accept the value, the kind of field, and how well the page
// was captured. One module computes these rows for training (training/fields/oof-values.ts) and at run time.

/** A field's two readings: the rules' value with their score and the words of its source box, and the tagger's. */
export interface FieldCandidates {
  field: string;
  /** The rules' value, score and source words, with the tagger's probability of the field on those words. */
  rules: { value: unknown; score: number; words: Word[]; support: number[] } | null;
  tagger: TaggedField | null;
  /** Whether the two read the same printed value. */
  agree: boolean;
}

const alnum = (s: string): string => s.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * The words of a reader's value: the tagger's own words; of a rules' source box, those that print the value (a box may
 * take in a label or a neighbouring line). A word prints a value when its letters and digits are part of the value's
 * (a word of one or two characters: one of the value's own words);
 * a date or a number, which the parser rewrote, is printed by the box's words with digits in them.
 */
export function valueWords(c: FieldCandidates, reader: 'rules' | 'tagger'): Word[] {
  if (reader === 'tagger') return c.tagger?.words ?? [];
  if (!c.rules) return [];
  const { value, words } = c.rules;
  const text = alnum(String(value));
  const own = new Set(String(value).toUpperCase().split(/[^A-Z0-9]+/));
  const rewritten = typeof value === 'number' || /^\d{4}-\d{2}-\d{2}$/.test(String(value));
  // A short word is a value's only as a whole word of it: one or two letters are part of nearly any longer text.
  const prints = (t: string): boolean => (t.length < 3 ? own.has(t) : text.includes(t));
  return words.filter((w) => { const t = alnum(w.text); return t.length > 0 && (rewritten ? /\d/.test(t) : prints(t)); });
}

/**
 * How well a page was read, the same for every value on it: the OCR's certainty, and how far the two readers agree
 * over the whole page (two independent readers that agree on most fields have found the form's layout; where they
 * agree on few, even their agreed values stand on less).
 */
export interface PageQuality {
  words: number; ocrMean: number; ocrLow: number; agreeShare: number; rulesSure: number; both: number;
  /** The share of the page's words the neural line reader read: many weak lines (a hand, a poor capture). */
  neural: number;
  /** Whether the form's own numeric dates show which part is the day (one above 12); else its language decides. */
  orderShown: boolean;
  /**
   * Whether the goods table shows several lines (`billTotals`): a count, weight or class read there may be one line's
   * rather than the bill's, which nothing about the value itself shows.
   */
  severalLines: boolean;
}

const KINDS = ['Name', 'Address', 'City', 'State', 'Zip', 'Country', 'Carrier', 'Reference', 'Date', 'Amount', 'Text', 'Code'] as const;
/** The kind of a field: values of one kind fail alike (a street runs into a city; a date's digits are misread). */
export function fieldKind(field: string): (typeof KINDS)[number] {
  const [head, leaf] = field.split('.') as [string, string | undefined];
  if (['Shipper', 'Consignee', 'BillTo'].includes(head)) return leaf as (typeof KINDS)[number];
  if (head === 'Carrier') return leaf === 'Scac' ? 'Code' : 'Carrier';
  if (head === 'References') return 'Reference';
  if (head === 'Dates') return 'Date';
  if (leaf === 'Commodity') return 'Text';
  if (leaf === 'Weight' || leaf === 'Pieces' || leaf === 'HandlingUnits') return 'Amount';
  return 'Code';
}

export const VALUE_FEATURE_NAMES: readonly string[] = [
  'reader.tagger', 'agree', 'other.has',
  'rules.has', 'rules.score', 'rules.ocrMin', 'rules.ocrMean', 'rules.words', 'rules.taggerMean', 'rules.taggerMin', 'shared',
  'tagger.has', 'tagger.raw', 'tagger.conf', 'tagger.mean', 'tagger.min', 'tagger.margin', 'tagger.rival', 'tagger.words', 'tagger.ocrMin', 'tagger.ocrMean',
  // The share of a value's words the neural line reader read: on hands no model was fitted on, its misreadings are
  // the ones no OCR confidence shows.
  'rules.neural', 'tagger.neural',
  'value.parsed', 'value.checked', 'value.repaired', 'value.farYear', 'value.length', 'value.digitShare', 'value.letterShare', 'value.tokens',
  'value.orderOpen', 'value.endsAsName', 'value.street', 'value.lines',
  'page.words', 'page.ocrMean', 'page.ocrLow', 'page.agreeShare', 'page.rulesSure', 'page.both', 'page.orderShown', 'page.neural', 'page.severalLines',
  ...KINDS.map((k) => `kind.${k}`),
  ...TAG_FIELDS.map((f) => `field.${f}`),
];

export function pageQuality(pages: ReadPage[], candidates: readonly FieldCandidates[], orderShown: boolean, severalLines: boolean): PageQuality {
  const conf = pages.flatMap((p) => p.words.map((w) => w.confidence));
  const neural = pages.reduce((n, p) => n + p.words.filter((w) => w.by === 'neural').length, 0);
  const both = candidates.filter((c) => c.rules && c.tagger);
  const ruled = candidates.filter((c) => c.rules);
  return {
    agreeShare: both.length ? both.filter((c) => c.agree).length / both.length : Number.NaN,
    rulesSure: ruled.length ? ruled.filter((c) => c.rules!.score >= TRUSTED_SCORE).length / ruled.length : Number.NaN,
    both: both.length,
    words: conf.length,
    ocrMean: conf.length ? conf.reduce((a, b) => a + b, 0) / conf.length : 0,
    ocrLow: conf.length ? conf.filter((c) => c < 0.6).length / conf.length : 0,
    orderShown,
    neural: conf.length ? neural / conf.length : 0,
    severalLines,
  };
}

/** The words whose middle lies in a source box: the words a rule value was read from. */
export function wordsIn(pages: ReadPage[], page: number, box: readonly [number, number, number, number]): Word[] {
  return (pages.find((p) => p.index === page)?.words ?? []).filter((w) => {
    const x = (w.bbox[0] + w.bbox[2]) / 2, y = (w.bbox[1] + w.bbox[3]) / 2;
    return x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3];
  });
}

/**
 * The rules' reading of a field as a candidate (null when they read nothing), with the tagger's say on the words it was
 * read from (`probs` of each word, `cls` the field's class): a second opinion on where the value stands.
 */
export function rulesCandidate(pages: ReadPage[], rules: ExtractedData, field: string, value: unknown, probs: Map<Word, Float64Array>, cls: number): FieldCandidates['rules'] {
  if (isBlank(value)) return null;
  const src = rules.FieldSources?.[field];
  const words = src ? wordsIn(pages, src.page, src.bbox) : [];
  return { value, score: rules.ConfidenceScores[field] ?? 0, words, support: words.map((w) => probs.get(w)?.[cls] ?? 0) };
}

/**
 * Whether a date value was printed with its day and month open to either reading. The value a reader gives is already
 * a normalised ISO date, so this is judged on the printed words it was read from.
 */
export function dateOrderOpen(field: string, words: readonly Word[] | undefined): boolean {
  return field.startsWith('Dates.') && !!words?.length && dayMonthOpen(words.map((w) => w.text).join(' '));
}

const neuralShare = (ws: readonly Word[] | undefined): number => (ws?.length ? ws.filter((w) => w.by === 'neural').length / ws.length : Number.NaN);
const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN);
const min = (xs: number[]): number => (xs.length ? Math.min(...xs) : Number.NaN);

/** The feature row of one reader's value for a field (NaN where a reader has nothing to say). */
export function valueFeatures(c: FieldCandidates, reader: 'rules' | 'tagger', page: PageQuality): Float64Array {
  const { rules: r, tagger: t } = c;
  const value = reader === 'rules' ? r?.value : t?.value;
  const text = String(value ?? '');
  const v = readValue(c.field, text, 'MDY');
  const kind = fieldKind(c.field);
  const row = [
    reader === 'tagger' ? 1 : 0, c.agree ? 1 : 0, (reader === 'rules' ? t : r) ? 1 : 0,
    r ? 1 : 0, r?.score ?? Number.NaN, min(r?.words.map((w) => w.confidence) ?? []), mean(r?.words.map((w) => w.confidence) ?? []), r ? r.words.length : Number.NaN,
    mean(r?.support ?? []), min(r?.support ?? []),
    // The share of the tagger's words that the rules read the value from: the two readers found it in the same place.
    r && t && t.words.length ? t.words.filter((w) => r.words.includes(w)).length / t.words.length : Number.NaN,
    t ? 1 : 0, t?.raw ?? Number.NaN, t?.confidence ?? Number.NaN, t?.mean ?? Number.NaN, t?.min ?? Number.NaN, t?.margin ?? Number.NaN, t ? t.rival : Number.NaN,
    t ? t.words.length : Number.NaN, min(t?.words.map((w) => w.confidence) ?? []), mean(t?.words.map((w) => w.confidence) ?? []),
    neuralShare(r?.words), neuralShare(t?.words),
    v ? 1 : 0, v?.checked ? 1 : 0, v?.repaired ? 1 : 0, v?.farYear ? 1 : 0, text.length,
    text.length ? (text.match(/\d/g)?.length ?? 0) / text.length : 0, text.length ? (text.match(/\p{L}/gu)?.length ?? 0) / text.length : 0,
    text.split(/\s+/).filter(Boolean).length,
    dateOrderOpen(c.field, reader === 'rules' ? r?.words : t?.words) ? 1 : 0,
    // How names and streets are written: a name cut short of its ending, a street without its number, are more often
    // a value read in part.
    kind === 'Name' || kind === 'Carrier' ? (endsAsName(text) ? 1 : 0) : Number.NaN, kind === 'Address' ? (looksLikeStreet(text) ? 1 : 0) : Number.NaN,
    new Set((reader === 'rules' ? r?.words : t?.words)?.map((w) => `${w.page} ${w.line}`) ?? []).size,
    page.words, page.ocrMean, page.ocrLow, page.agreeShare, page.rulesSure, page.both, page.orderShown ? 1 : 0, page.neural, page.severalLines ? 1 : 0,
    ...KINDS.map((k) => (k === kind ? 1 : 0)),
    ...TAG_FIELDS.map((f) => (f === c.field ? 1 : 0)),
  ];
  return Float64Array.from(row);
}
