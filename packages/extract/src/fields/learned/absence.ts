import { CORE_FIELDS, type ExtractedData } from '@ladingwise/shared';
import type { Word } from '../../types.ts';
import type { DocumentLayout } from '../extract-fields.ts';
import { LABELS_OF_FIELD, type LabelField, type LabelledField } from '../lexicon.ts';
import { committedOnce, TreeScore, type TreeScoreJson } from './tree-score.ts';
import type { FieldCandidates, PageQuality } from './value-features.ts';

// A core field the readers leave empty is a claim too: that the bill does not carry it. Many bills carry no order
// number or delivery date, and a foreign address no state; but a field left empty because its value went unread is bad
// EDI all the same. The absence model (models/field-absence.json, fitted by training/fields/fit-confidence.py --kind
// absence on out-of-fold pages) gives the chance an empty field is truly absent, on the confidence scale of values
// (0.9 = right at least 99.5 % of the time): an empty field scored under the review threshold holds the bill for a
// person, as a weak value does.

/** The sub-labels a party's field is printed under, beside the party's heading. */
const LEAF_LABELS: Record<string, readonly LabelField[]> = {
  Name: ['name'], Address: ['address'], City: ['city', 'cityStateZip'], State: ['state', 'cityStateZip'], Zip: ['zip', 'cityStateZip'],
};
const NORTH_AMERICA = new Set(['US', 'CA', 'MX']);

export const ABSENCE_FEATURE_NAMES: readonly string[] = [
  'field', 'tagger.max', 'tagger.words', 'tagger.read', 'tagger.conf', 'rules.read', 'rules.score', 'unread',
  'labels.field', 'labels.leaf', 'party.named', 'party.abroad',
  'page.words', 'page.ocrMean', 'page.ocrLow', 'page.agreeShare', 'page.neural',
];

/** What the readers left of a document, from which an empty field's absence is judged. */
export interface AbsenceEvidence {
  candidates: readonly FieldCandidates[];
  /** The tagger's class probabilities of every word, and its classes. */
  probs: Map<Word, Float64Array>;
  classes: readonly string[];
  /** Fields whose words the tagger found but no parser could read. */
  unread: ReadonlyMap<string, Word[]>;
  layout: DocumentLayout;
  quality: PageQuality;
}

/** The feature row of an empty core field (ABSENCE_FEATURE_NAMES). */
export function absenceFeatures(field: string, data: ExtractedData, ev: AbsenceEvidence): Float64Array {
  const c = ev.classes.indexOf(field);
  let max = 0, words = 0;
  for (const p of ev.probs.values()) {
    if (c < 0) break;
    max = Math.max(max, p[c]!);
    let best = 0;
    for (let i = 1; i < p.length; i++) if (p[i]! > p[best]!) best = i;
    if (best === c) words++;
  }
  const cand = ev.candidates.find((x) => x.field === field);
  const count = (kinds: readonly LabelField[]): number => ev.layout.hits.filter((h) => kinds.includes(h.field)).length;
  const [party, leaf] = field.split('.') as [string, string];
  const isParty = party === 'Shipper' || party === 'Consignee';
  const partyData = isParty ? data[party] : null;
  const country = partyData?.Country ?? null;
  const q = ev.quality;
  return Float64Array.from([
    (CORE_FIELDS as readonly string[]).indexOf(field), max, words, cand?.tagger ? 1 : 0, cand?.tagger?.confidence ?? Number.NaN,
    cand?.rules ? 1 : 0, cand?.rules?.score ?? Number.NaN, ev.unread.has(field) ? 1 : 0,
    field in LABELS_OF_FIELD ? count(LABELS_OF_FIELD[field as LabelledField]) : Number.NaN, isParty && LEAF_LABELS[leaf] ? count(LEAF_LABELS[leaf]!) : Number.NaN,
    isParty ? (partyData?.Name ? 1 : 0) : Number.NaN, isParty ? (country && !NORTH_AMERICA.has(country) ? 1 : 0) : Number.NaN,
    q.words, q.ocrMean, q.ocrLow, q.agreeShare, q.neural,
  ]);
}

export const ABSENCE_PATH = new URL('../../../models/field-absence.json', import.meta.url);

/** The absence model: trees giving an empty field's chance of being truly absent, and a table to the product's scale. */
export type AbsenceConfidence = TreeScore;
export const absenceModel = (json: TreeScoreJson): AbsenceConfidence => new TreeScore(json, ABSENCE_FEATURE_NAMES, 'absence model');

/** The committed absence model, loaded once (null where none is committed: empty fields carry no score). */
export const committedAbsence = committedOnce(ABSENCE_PATH, absenceModel);
