import { readFileSync } from 'node:fs';
import type { ExtractedData } from '@ladingwise/shared';
import type { ReadPage, Word } from '../../types.ts';
import { documentDateOrder, readLayout, type DocumentLayout } from '../extract-fields.ts';
import type { LabelHit } from '../find-labels.ts';
import { calibrate, type Calibration } from './calibration.ts';
import { contextNames, contextRows } from './context.ts';
import { FEATURE_NAMES, readFeatures, type RuleSources } from './features.ts';
import { settleParties } from './party-blocks.ts';
import { brokenWords, CELL_REACH, groupWords, joinWrapped, labelBefore, lineNeighbours } from './word-runs.ts';
import { completeRuns } from './run-completion.ts';
import { checkPlaces } from './place-check.ts';
import { featureColumns, predictRows, TreeModel, type TreeModelJson } from './trees.ts';
import { readWordsValue, unmarkedOption, type ReadValue } from './values.ts';

/**
 * The committed model: the first stage's trees and classes, the second stage that reads each word again with its
 * neighbours' first-stage classes (context.ts), and the calibration fitted on pages kept out of the fit.
 */
export interface TaggerJson extends TreeModelJson { context?: TreeModelJson; calibration?: Calibration }

export const MODEL_PATH = new URL('../../../models/field-tagger.json', import.meta.url);

/**
 * A field the tagger read: its value, calibrated confidence, the score it was calibrated from and its words; how sure
 * the model was of its words (mean and least probability of the field, and its mean lead over the next class); and
 * the raw score of the best other group read for the same field (0 when none: the field was not in doubt).
 */
export interface TaggedField extends ReadValue {
  field: string; confidence: number; raw: number; words: Word[];
  mean: number; min: number; margin: number; rival: number;
}

/** The field tagger: a tree model over each OCR word's features, its words grouped into values, values parsed. */
export class FieldTagger {
  private readonly model: TreeModel;
  private readonly columns: number[];
  private readonly context: { model: TreeModel; columns: number[] } | null;
  readonly calibration: Calibration | undefined;

  constructor(json: TaggerJson) {
    this.model = new TreeModel(json);
    this.columns = featureColumns(json.features, FEATURE_NAMES, 'field model');
    if (json.context && JSON.stringify(json.context.classes) !== JSON.stringify(json.classes)) throw new Error('The field model\'s two stages have different classes');
    this.context = json.context
      ? { model: new TreeModel(json.context), columns: featureColumns(json.context.features, contextNames(json.classes), 'field context model') }
      : null;
    this.calibration = json.calibration;
  }

  /** Loads the committed model (about a second; keep one tagger for the life of the extractor). */
  static load(path: URL | string = MODEL_PATH): FieldTagger {
    return new FieldTagger(JSON.parse(readFileSync(path, 'utf8')) as TaggerJson);
  }

  get classes(): readonly string[] { return this.model.classes; }

  /** Class probabilities of every word of a page: the first stage's, read again with the neighbours' where the model has a second stage. */
  wordProbabilities(page: ReadPage, rules: RuleSources, layout: DocumentLayout): { probs: Float64Array[]; hits: LabelHit[] } {
    const { rows, hits, neighbours } = readFeatures(page, rules, layout);
    const first = predictRows(this.model, this.columns, rows);
    if (!this.context) return { probs: first, hits };
    return { probs: predictRows(this.context.model, this.context.columns, contextRows(first, rows, neighbours, page.words)), hits };
  }

  /** The fields of a document: per field, the best group of words marked for it that its parser reads. */
  read(pages: ReadPage[], rules: RuleSources, layout: DocumentLayout = readLayout(pages)): Map<string, TaggedField> {
    return this.readWords(pages, rules, layout).fields;
  }

  /** The fields of a document, and every word's class probabilities (what the model thinks of another reader's words). */
  readWords(pages: ReadPage[], rules: RuleSources, layout: DocumentLayout = readLayout(pages)): { fields: Map<string, TaggedField>; probs: Map<Word, Float64Array>; unread: Map<string, Word[]> } {
    const marked: Array<{ word: Word; probs: Float64Array }> = [];
    const labelWords = new Set<Word>();
    const side = new Map<Word, [Word | null, Word | null]>();
    for (const page of pages) {
      const { probs, hits } = this.wordProbabilities(page, rules, layout);
      page.words.forEach((word, i) => marked.push({ word, probs: probs[i]! }));
      for (const h of hits) for (const w of h.labelWords) labelWords.add(w);
      for (const [w, n] of lineNeighbours(page.words)) side.set(w, n);
    }
    // One party a block, one block a party (party-blocks.ts): the words' party classes settled block by block. The
    // settling decides which words a field's runs are made of; how sure the model was of them (what the scores and the
    // confidence model read) stays the model's own, so a block the model was torn over is not reported as sure.
    const probsOf = new Map(marked.map((m) => [m.word, m.probs]));
    const settled = settleParties(marked.map((m) => m.word), probsOf, this.model.classes, labelWords);
    // A word broken by a hyphen at its line's end is one word: the piece starting the next line is the first piece's.
    for (const [head, rest] of brokenWords(marked.map((m) => m.word), side)) settled.set(rest, settled.get(head)!);
    const marks = marked.map((m) => ({ word: m.word, probs: settled.get(m.word)! }));
    const { order } = documentDateOrder(layout);
    // Every field's candidate groups, read by the field's parser; then, surest first, each field takes its best group
    // whose words no surer field has taken (a word is one field's, however the groups around it were cut).
    const candidates: TaggedField[] = [];
    const pageWords = marks.map((m) => m.word);
    // Per field, the run the model was surest of among those its parser could not read: where the value stands, read
    // wrongly (a date with a digit misread into an impossible day).
    const unreadRuns = new Map<string, { words: Word[]; mean: number }>();
    // Whether the model gives a word to a field whose parser cannot read it ("GARZA" as a country): a tag the world
    // refuses, so the word may complete a value the world knows (run-completion.ts).
    const unreadAs = (w: Word): boolean => {
      const k = argmax(settled.get(w)!);
      return k > 0 && !readWordsValue(this.model.classes[k]!, [w], order);
    };
    this.model.classes.forEach((field, c) => {
      if (c === 0) return;
      // A word the model gives the field as its likeliest class, or a fair chance of it: a value's weaker words (a
      // short word inside a city name) stay in its group, but a group needs one word the model is sure of — unless no
      // word of the page is the field's likeliest, where the runs it gives a fair chance are read (a field printed on
      // the form is more often under-marked than absent; their lower probabilities score them lower).
      // A label's word joins a value only where the model takes it for the field outright: a value does not run on
      // into the label that follows it.
      const mine = new Map(marks.filter((m) => argmax(m.probs) === c || (m.probs[c]! >= JOIN_SHARE && !labelWords.has(m.word))).map((m) => [m.word, m.probs[c]!]));
      const sure = new Set(marks.filter((m) => argmax(m.probs) === c).map((m) => m.word));
      const runs = groupWords([...mine.keys()]);
      // A run printed after a word on its line (its label) may wrap back to the cell's edge, under that label; a name's
      // or street's label may stand apart from it, in a column of labels.
      const reach = (run: Word[]): number => (side.get(run[0]!)?.[0] || (WRAPPING.has(field) && labelBefore(run[0]!, labelWords)) ? CELL_REACH : 1.5);
      const runsOf = WRAPPING.has(field) ? joinWrapped(runs, reach) : MAY_WRAP.has(field) ? withWrapped(runs, reach) : ONE_WORD.has(field) ? withSingles(runs) : runs;
      // A value is printed whole: words of it the model left unmarked are taken in (run-completion.ts), never one the
      // model reads as another field's.
      const groups = completeRuns(field, runsOf, { side, words: pageWords, free: (w) => [0, c].includes(argmax(settled.get(w)!)), labels: labelWords, unreadAs });
      for (const core of groups) {
        if (sure.size && !core.some((w) => sure.has(w))) continue;
        const ws = widen(core, c, side, settled, labelWords, mine, THROUGH_COMMAS.has(field));
        const v = readWordsValue(field, ws, order);
        // How sure the model is of the value: of the words it marked; words a value's kind completed it with
        // (run-completion.ts) were taken by principle, not by the model's say.
        const marked = core.filter((w) => mine.has(w));
        const p = (marked.length ? marked : core).map((w) => probsOf.get(w)![c]!);
        const mean = p.reduce((a, b) => a + b, 0) / p.length, min = Math.min(...p);
        if (!v) {
          if (sure.size && mean > (unreadRuns.get(field)?.mean ?? 0)) unreadRuns.set(field, { words: ws, mean });
          continue;
        }
        if (field === 'FreightTerms' && unmarkedOption(ws, pageWords)) continue;
        const margin = core.reduce((s, w) => s + lead(probsOf.get(w)!, c), 0) / core.length;
        // The value stands on the words it was read from, not the labels or other items its run was cut from.
        const { from, ...read } = v;
        const kept = from?.length ? from : ws;
        const raw = rawScore(mean, min, Math.min(...kept.map((w) => w.confidence)), read);
        candidates.push({ ...read, field, raw, confidence: calibrate(this.calibration, field, raw), words: kept, mean, min, margin, rival: 0 });
      }
    });
    const out = new Map<string, TaggedField>();
    const used = new Set<Word>();
    for (const t of withoutStatesInPlaces(candidates).sort((a, b) => b.raw - a.raw || b.words.length - a.words.length)) {
      const taken = out.get(t.field);
      if (taken) { if (!taken.rival) taken.rival = t.raw; continue; }
      if (t.words.some((w) => used.has(w))) continue;
      out.set(t.field, t);
      for (const w of t.words) used.add(w);
    }
    checkPlaces(out, (f) => {
      f.raw = rawScore(f.mean, f.min, Math.min(...f.words.map((w) => w.confidence)), f);
      f.confidence = calibrate(this.calibration, f.field, f.raw);
    });
    // A run whose words a field read took is that field's value, not another's unread one.
    const unread = new Map([...unreadRuns].filter(([field, r]) => !out.has(field) && !r.words.some((w) => used.has(w))).map(([field, r]) => [field, r.words]));
    return { fields: out, probs: probsOf, unread };
  }
}

/**
 * The candidates without a state read from a word within a place's name ("DE" of SAN NICOLAS DE LOS GARZA): a region's
 * code is printed after its place's name, never inside it, so the word is the name's.
 */
export function withoutStatesInPlaces<T extends { field: string; words: Word[] }>(candidates: T[]): T[] {
  const inPlace = (t: T): boolean => t.field.endsWith('.State') && t.words.length === 1
    && candidates.some((c) => c.field.endsWith('.City') && c.words.slice(0, -1).includes(t.words[0]!));
  return candidates.filter((c) => !inPlace(c));
}

/** The score calibrated into a confidence: how sure the model is of every word, the OCR's certainty, the parser's say. */
export function rawScore(mean: number, min: number, ocr: number, v: ReadValue): number {
  const s = (0.5 * mean + 0.5 * min) * (0.75 + 0.25 * ocr) * (v.repaired ? 0.8 : 1) * (v.farYear ? 0.5 : 1);
  return Math.round((v.checked ? 0.5 + 0.5 * s : 0.5 * s) * 1e6) / 1e6;
}

// Probability of a field at which a word joins that field's group beside a word of it the model is sure of.
const JOIN_SHARE = 0.25;
// Probability of a field at which a word printed right against a value's run, and given to no other field, is taken
// into it: a value is printed as one unbroken run, so its edge words need less evidence than a word on its own.
const EDGE_SHARE = 0.05;

/**
 * A run widened by the words printed right against its ends on the same line (no wider apart than a word space) that
 * the model gives no other field and some chance of this one; a label's word never joins.
 */
export function widen(core: Word[], c: number, side: Map<Word, [Word | null, Word | null]>, probsOf: Map<Word, Float64Array>, labels: Set<Word>, taken: Map<Word, number>,
  throughCommas = false): Word[] {
  const ws = [...core];
  const free = (w: Word | null | undefined): boolean => {
    if (!w || labels.has(w) || taken.has(w) || ws.includes(w)) return false;
    const p = probsOf.get(w);
    return !!p && argmax(p) === 0;
  };
  const fits = (w: Word | null | undefined): w is Word => !!w && free(w) && probsOf.get(w)![c]! >= EDGE_SHARE;
  const commaEnded = (w: Word): boolean => throughCommas && free(w) && /\p{L}{3},$/u.test(w.text);
  // A description runs on through its commas ("PAINT, WATER BASED"): the word before one, given no field, is its own.
  const before = (w: Word | null | undefined): w is Word => !!w && (fits(w) || commaEnded(w));
  for (let w = side.get(ws[0]!)?.[0]; before(w); w = side.get(w)?.[0]) ws.unshift(w);
  for (let w = side.get(ws[ws.length - 1]!)?.[1]; fits(w); w = side.get(w)?.[1]) ws.push(w);
  return ws;
}

// Fields whose value may wrap onto a second line: a company name, the carrier's as well ("... SA DE" / "CV"), a street
// ("... WAY" / "UNIT 114").
const WRAPPING = new Set(['Shipper.Name', 'Consignee.Name', 'BillTo.Name', 'Carrier.Name', 'Shipper.Address', 'Consignee.Address', 'BillTo.Address']);
// A date written out ("7 de / julio de 2027", "03. / NOV. 2021") wraps in a narrow cell too, but a date read whole on
// each of two lines is two dates: both the runs and the runs with their wrapped tail are read, and the parser decides.
const MAY_WRAP = new Set(['Dates.Pickup', 'Dates.Delivery']);
// Fields printed as a description, a noun and its qualifiers parted by commas ("PET FOOD, DRY").
const THROUGH_COMMAS = new Set(['ShipmentDetails.Commodity']);

// Fields whose value is one printed word (a carrier's code): a run of several such words marked for the field holds at
// most one value, and each word is read on its own as well, so the word the model is surest of can stand.
const ONE_WORD = new Set(['Carrier.Scac']);

/** The runs, and each word of a longer run as a run of its own. */
const withSingles = (runs: Word[][]): Word[][] => runs.flatMap((r) => (r.length > 1 ? [r, ...r.map((w) => [w])] : [r]));

/** The runs, and each run with its wrapped tail joined on as one more candidate: the date's parser decides. */
const withWrapped = (runs: Word[][], reach: (run: Word[]) => number): Word[][] => [...runs, ...joinWrapped(runs, reach).filter((g) => !runs.includes(g))];

/** How far a class's probability stands above the likeliest other class (negative where another is likelier). */
const lead = (p: Float64Array, c: number): number => {
  let other = 0;
  for (let i = 0; i < p.length; i++) if (i !== c) other = Math.max(other, p[i]!);
  return p[c]! - other;
};

const argmax = (p: Float64Array): number => {
  let best = 0;
  for (let i = 1; i < p.length; i++) if (p[i]! > p[best]!) best = i;
  return best;
};

/** The data a tagger read, written into an ExtractedData: fields set, confidences and sources given. */
export function writeTagged(data: ExtractedData, f: TaggedField): void {
  const [group, leaf] = f.field.includes('.') ? f.field.split('.') as [string, string] : [f.field, ''];
  const box = f.words.reduce<[number, number, number, number]>((b, w) => [Math.min(b[0], w.bbox[0]), Math.min(b[1], w.bbox[1]), Math.max(b[2], w.bbox[2]), Math.max(b[3], w.bbox[3])], [Infinity, Infinity, -Infinity, -Infinity]);
  data.ConfidenceScores[f.field] = Math.round(f.confidence * 1000) / 1000;
  (data.FieldSources ??= {})[f.field] = { page: f.words[0]!.page, bbox: box };
  if (f.field === 'FreightTerms') { data.FreightTerms = f.value as ExtractedData['FreightTerms']; return; }
  if (group === 'Shipper' || group === 'Consignee' || group === 'BillTo') {
    const p = data[group] ?? (data[group] = { Name: null, Address: null, City: null, State: null, Zip: null });
    (p as unknown as Record<string, unknown>)[leaf] = f.value;
    return;
  }
  if (group === 'Carrier') {
    const c = data.Carrier ?? (data.Carrier = { Name: null, Scac: null });
    (c as unknown as Record<string, unknown>)[leaf] = f.value;
    return;
  }
  const obj = data[group as 'References' | 'Dates' | 'ShipmentDetails'] as unknown as Record<string, unknown>;
  obj[leaf] = f.value;
  if (f.field === 'ShipmentDetails.Weight' && f.unit) data.ShipmentDetails.WeightUnit = f.unit;
}
