import type { ExtractedData, FieldSource } from '@ladingwise/shared';
import { validFor, type FieldKind } from '../ocr/field-decode.ts';
import { foldText } from '../ocr/lexicon-decode.ts';
import type { LineRecogniser } from '../ocr/line-recogniser.ts';
import { overlapShare } from '../ocr/reread.ts';
import { boxAround } from '../layout.ts';
import { TRUSTED_SCORE } from './confidence.ts';
import { DIGIT_FOR } from './look-alikes.ts';
import { ownScores } from './own-scores.ts';
import type { ReadPage, Word } from '../types.ts';

/**
 * Fields read again once their kind is known. The page's lines are read before anyone knows what they hold, so the
 * line reader picks each letter or digit by shape alone; once the fields are found, a value the form says is a ZIP, a
 * state, a city, a date, a weight, a count, a reference number, a SCAC or a freight class is read once more from its
 * own box, decoded under what that kind allows (ocr/field-decode.ts). So is a field left empty whose words the tagger
 * found but no parser could read ("43-DIC-2025"). A valid reading that differs replaces the value's words, and the
 * fields are then read again from the words.
 */

/** The kind of each field whose values have a shape a decoder can hold a reading to. */
export function kindOfField(path: string): FieldKind | null {
  if (/\.State$/.test(path)) return 'state';
  if (/\.Zip$/.test(path)) return 'zip';
  if (/\.City$/.test(path)) return 'city';
  if (path.startsWith('Dates.')) return 'date';
  if (path === 'ShipmentDetails.Weight') return 'weight';
  if (path === 'ShipmentDetails.Pieces') return 'count';
  if (path.startsWith('References.')) return 'reference';
  if (path === 'Carrier.Scac') return 'scac';
  if (path === 'ShipmentDetails.FreightClass') return 'class';
  return null;
}

// The line reader's sureness (mean letter probability, 0-100) a reading under the kind needs to replace a value.
export const KIND_FLOOR = 45;
// Words read so are trusted at most this much, as the line reader's are elsewhere (ocr/reread.ts).
const KIND_CAP = 88;
// A value read again is held for review: only its reading changed, not the evidence the fields were scored on.
export const REREAD_HELD = 0.85;
// Values read again a document, at most (each costs one line read).
const MAX_FIELDS = 16;

const bare = (t: string): string => t.normalize('NFC').toUpperCase().replace(/\s+/g, '');
/**
 * A value as compared with its reading again: a place's name read with other accents or signs ("Quebec," and
 * "Québec") is the same name, one read with other word breaks ("Q UERE TARO") is not.
 */
const placeKey = (t: string): string => foldText(t).replace(/[^A-Z0-9 ]/g, '').replace(/\s+/g, ' ').trim();
const sameValue = (kind: FieldKind, a: string, b: string): boolean => (kind === 'city' ? placeKey(a) === placeKey(b) : bare(a) === bare(b));

// Characters as compared for lost glyphs: letters and digits only, a look-alike letter as its digit.
const glyphs = (t: string): string => t.toUpperCase().replace(/[^A-Z0-9]/g, '').replace(/[A-Z]/g, (c) => DIGIT_FOR[c] ?? c);
/**
 * Whether a reading only loses characters from inside the words it reads again: "159" read "15", "120" read "20",
 * "331874" read "31874". The line model reads a few columns of ink a step, so a narrow glyph (a 1) or the second of
 * two alike is what it drops, and a reading with fewer of the same characters is that slip, not a correction. Dropping
 * whole words is not such a slip: a neighbour's stray word left out ("76 PO-615876" read "PO-615876").
 */
export function dropsGlyphs(before: string[], after: string): boolean {
  const now = glyphs(after), was = before.map(glyphs).filter(Boolean);
  const all = was.join('');
  // The reading less some of the old one's words, whole, is no slip: those words were not this value's.
  return now.length < all.length && leavesOut(now, all) && !wholeWordsOf(now, was);
}

/** Whether `short` is `long` with some of its characters left out, the rest in their order. */
function leavesOut(short: string, long: string): boolean {
  let i = 0;
  for (const c of long) if (i < short.length && c === short[i]) i++;
  return i === short.length;
}

/** Whether `text` is some of `words`, each whole, in their order. */
function wholeWordsOf(text: string, words: string[]): boolean {
  const from = (k: number, at: number): boolean => at === text.length
    || (k < words.length && ((text.startsWith(words[k]!, at) && from(k + 1, at + words[k]!.length)) || from(k + 1, at)));
  return from(0, 0);
}

/** One value read again: the words it replaces and the words read under its kind. */
export interface KindReading { path: string; kind: FieldKind; page: number; before: Word[]; after: Word[] }

/**
 * Reads each untrusted field of a constrained kind again from its page's image under its kind; returns the readings
 * that are valid values of the kind and differ from the words they were read from.
 */
export async function readFieldsByKind(pages: ReadPage[], data: ExtractedData, lines: LineRecogniser, floor = KIND_FLOOR, unread: Record<string, FieldSource> = {}): Promise<KindReading[]> {
  const out: KindReading[] = [];
  const taken = new Set<Word>();
  // By the readers' own scores: a value they trust (read well or passed a check) is not read again, whatever its
  // reported chance. Fields left empty whose words were found but not read (`unread`) come first: nothing was read.
  const own = ownScores(data);
  const found = data.FieldSources ?? {};
  const fields = [
    // An unread run that lies on a value another field was read from is that value, not this field's.
    ...Object.entries(unread).filter(([path, src]) => kindOfField(path) && !found[path] && !Object.values(found).some((f) => f.page === src.page && overlapShare(src.bbox, f.bbox) > 0))
      .map(([path, src]): [string, FieldSource, number] => [path, src, -1]),
    ...Object.entries(found).filter(([path]) => kindOfField(path) && (own[path] ?? 0) < TRUSTED_SCORE).map(([path, src]): [string, FieldSource, number] => [path, src, own[path] ?? 0]),
  ].sort((a, b) => a[2] - b[2]).slice(0, MAX_FIELDS);
  for (const [path, src] of fields) {
    const kind = kindOfField(path)!;
    const page = pages.find((p) => p.index === src.page);
    if (!page?.image) continue;
    // The value's words: those its box was drawn around (a barcode's text is no reading to redo).
    const words = page.words.filter((w) => overlapShare(w.bbox, src.bbox) > 0.6 && !taken.has(w));
    if (!words.length || words.some((w) => w.line === 'barcode')) continue;
    const box = boxAround(words);
    const crop = cropFor(box, page.words.filter((w) => !words.includes(w)), page.image.scale, page.image.grey);
    if (!crop) continue;
    const s = page.image.scale;
    const core: Word['bbox'] = [box[0] * s, box[1] * s, box[2] * s, box[3] * s];
    const read = await lines.read(page.image.grey, crop, core, words[0]!.line, page.image.soft, kind).catch(() => null);
    if (!read || !read.words.length || read.confidence < floor) continue;
    // A reading of ink at the crop's edge (a neighbour's last letter) rather than of the value itself is no reading of it.
    const at = boxAround(read.words), mid = (at[0] + at[2]) / 2;
    if (mid < core[0] || mid > core[2]) continue;
    // The reader may split a value at a wide gap between two letters ("13118K G"): valid spaced or joined.
    const text = read.words.map((w) => w.text).join(' ');
    const joined = !validFor(kind, text) && validFor(kind, text.replace(/\s+/g, ''));
    if (!(validFor(kind, text) || joined) || sameValue(kind, text, words.map((w) => w.text).join(' '))) continue;
    if (dropsGlyphs(words.map((w) => w.text), text)) continue;
    const got = joined ? [{ text: text.replace(/\s+/g, ''), confidence: Math.min(...read.words.map((w) => w.confidence)), bbox: boxAround(read.words) }] : read.words;
    // The new words stand where the old ones stood, across as the reader placed them (its bands are cut taller than
    // the engine's words, which would set them apart from their line).
    const after = got.map((w, i): Word => ({
      text: w.text,
      confidence: Math.min(w.confidence, KIND_CAP) / 100,
      bbox: [i ? Math.round(w.bbox[0] / s) : box[0], box[1], i < got.length - 1 ? Math.round(w.bbox[2] / s) : box[2], box[3]],
      page: page.index,
      line: words[0]!.line,
      by: 'neural',
    }));
    for (const w of words) taken.add(w);
    out.push({ path, kind, page: page.index, before: words, after });
  }
  return out;
}

/**
 * The step as the extractor runs it: untrusted values of a constrained kind read again, and where any reading
 * changed, the fields read again (`fieldsOf`) from the pages with those readings in place, each such value held
 * for review. Returns the pages and fields to keep.
 */
export async function rereadFieldsByKind(pages: ReadPage[], data: ExtractedData, lines: LineRecogniser, fieldsOf: (pages: ReadPage[]) => ExtractedData,
  { floor = KIND_FLOOR, unread = {} }: { floor?: number; unread?: Record<string, FieldSource> } = {}): Promise<{ pages: ReadPage[]; data: ExtractedData; readings: KindReading[] }> {
  const readings = await readFieldsByKind(pages, data, lines, floor, unread);
  if (!readings.length) return { pages, data, readings };
  const read = withReadings(pages, readings);
  const again = fieldsOf(read);
  holdReread(again, readings);
  return { pages: read, data: again, readings };
}

/** The pages with each reading's words in place of those it was read from. */
export function withReadings(pages: ReadPage[], readings: KindReading[]): ReadPage[] {
  return pages.map((p) => {
    const mine = readings.filter((r) => r.page === p.index);
    if (!mine.length) return p;
    const replaced = new Map<Word, KindReading>();
    for (const r of mine) for (const w of r.before) replaced.set(w, r);
    const words: Word[] = [];
    const done = new Set<KindReading>();
    for (const w of p.words) {
      const r = replaced.get(w);
      if (!r) { words.push(w); continue; }
      if (!done.has(r)) { words.push(...r.after); done.add(r); }
    }
    return { ...p, words };
  });
}

/**
 * Confidence of the fields read again: at most REREAD_HELD, so a reviewer sees each (the rest of the evidence was
 * weighed on the other reading).
 */
export function holdReread(data: ExtractedData, readings: KindReading[]): void {
  for (const r of readings) {
    if (data.ConfidenceScores[r.path] !== undefined) data.ConfidenceScores[r.path] = Math.min(data.ConfidenceScores[r.path]!, REREAD_HELD);
  }
}

/**
 * The box to read, in the OCR image's pixels: the value's words with a margin for letters' ends the engine's boxes
 * cut off, but short of the next word on the line (a state's crop taking in the ZIP's first digit reads as neither).
 */
function cropFor(box: Word['bbox'], others: Word[], scale: number, grey: { width: number; height: number }): Word['bbox'] | null {
  const h = box[3] - box[1];
  const level = others.filter((w) => Math.min(w.bbox[3], box[3]) - Math.max(w.bbox[1], box[1]) > 0.4 * Math.min(h, w.bbox[3] - w.bbox[1]));
  const leftWall = Math.max(box[0] - 0.6 * h, ...level.filter((w) => w.bbox[2] <= box[0] + 0.2 * h).map((w) => (w.bbox[2] + box[0]) / 2));
  const rightWall = Math.min(box[2] + 0.6 * h, ...level.filter((w) => w.bbox[0] >= box[2] - 0.2 * h).map((w) => (w.bbox[0] + box[2]) / 2));
  const x0 = Math.max(0, Math.floor(leftWall * scale)), x1 = Math.min(grey.width, Math.ceil(rightWall * scale));
  const y0 = Math.max(0, Math.floor((box[1] - 0.3 * h) * scale)), y1 = Math.min(grey.height, Math.ceil((box[3] + 0.3 * h) * scale));
  return x1 - x0 >= 4 && y1 - y0 >= 4 ? [x0, y0, x1, y1] : null;
}
