import { CORE_FIELDS } from '@ladingwise/shared';
import type { ReadPage } from '../types.ts';
import { TRUSTED_SCORE } from './confidence.ts';
import { LABELS_OF_FIELD, type LabelledField } from './lexicon.ts';
import { readPageFields, type PageReading } from './page-reading.ts';

type Box = [number, number, number, number];

// Core fields many bills do not have at all: an order number, a delivery date.
const OFTEN_ABSENT: ReadonlySet<string> = new Set(['References.OrderNumber', 'Dates.Delivery']);
// The fields judged: the core fields and those that go into the EDI beside them (carrier and PRO number).
const JUDGED = Object.keys(LABELS_OF_FIELD) as LabelledField[];
const isCore = (f: string): boolean => (CORE_FIELDS as readonly string[]).includes(f);

/** What the fields make of a page as first read: the fields not read surely, and where on the page they stand. */
export interface Doubts {
  /** Core and carrier fields read below TRUSTED_SCORE, or missing under a label the page shows. */
  fields: string[];
  /** Whether one of them was not read at all (its value may stand in a line the page pass returned nothing for). */
  missing: boolean;
  /** Where those fields' values stand (page coordinates of `ReadPage.words`): their words, or below and beside their label. */
  regions: Box[];
  /** How much the fields make of the reading: the confidence summed over the core fields found (to compare two). */
  found: number;
  /** The layout and fields read to judge the page, to be reused while the page's words stay as they were. */
  reading: PageReading;
}

/**
 * The core and carrier fields a page's first reading leaves in doubt. A field read surely needs nothing more; a weak
 * one is looked at where its words and its label are; a missing one where its label is (its value stands beside or
 * below it). A field missing with no label on the page cannot be placed: where bills often lack the field it is not
 * counted (the form may not have it); any other such field means a label was misread, and all the page is in doubt.
 */
export function fieldsInDoubt(page: ReadPage): Doubts {
  const reading = readPageFields(page);
  const { layout, data } = reading;
  const hs = page.words.map((w) => w.bbox[3] - w.bbox[1]).filter((h) => h > 2).sort((a, b) => a - b);
  const lh = hs[Math.floor(hs.length / 2)] ?? 20;
  const fields: string[] = [], regions: Box[] = [], unplaced: string[] = [];
  let found = 0, anyMissing = false;
  for (const f of JUDGED) {
    const conf = data.ConfidenceScores[f];
    const missing = conf === undefined || data.MissingFields.includes(f);
    if (!missing && isCore(f)) found += conf;
    if (!missing && conf >= TRUSTED_SCORE) continue; // trusted without a look: reading its lines again cannot help it
    const src = data.FieldSources?.[f];
    const labels = layout.hits.filter((h) => LABELS_OF_FIELD[f].includes(h.field));
    // A value stands right of its label or below it, in the label's cell or party block; a weak one may be the wrong
    // words, the right ones read weakly under the label.
    for (const h of labels) regions.push([h.bbox[0] - lh, h.bbox[1] - 0.5 * lh, Math.min(page.width, h.bbox[2] + 0.45 * page.width), h.bbox[3] + 7 * lh]);
    if (!missing && src) {
      const [x0, y0, x1, y1] = src.bbox;
      // The words read, a line above and below (a value read on the wrong line of an address block) and letters the
      // engine's box cut off either side.
      regions.push([x0 - 2 * lh, y0 - 1.5 * lh, x1 + 2 * lh, y1 + 1.5 * lh]);
      fields.push(f);
      continue;
    }
    if (!labels.length) { if (isCore(f) && !OFTEN_ABSENT.has(f)) unplaced.push(f); continue; }
    fields.push(f);
    anyMissing = true;
  }
  // Any other core field missing with no label read means its label was misread: the whole page is in doubt.
  if (unplaced.length) {
    fields.push(...unplaced);
    regions.push([0, 0, page.width, page.height]);
    anyMissing = true;
  }
  return { fields, missing: anyMissing, regions, found, reading };
}
