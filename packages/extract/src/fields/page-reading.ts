import type { ExtractedData } from '@ladingwise/shared';
import type { ReadPage } from '../types.ts';
import { extractFields, readLayout, type DocumentLayout } from './extract-fields.ts';

/** A page's field reading: its layout and what the rules make of it, with the page it was read from. */
export interface PageReading { page: ReadPage; layout: DocumentLayout; data: ExtractedData }

/** Reads a page's layout and fields by the rules. */
export function readPageFields(page: ReadPage): PageReading {
  const layout = readLayout([page]);
  return { page, layout, data: extractFields([page], layout) };
}

// Readings kept for the pages they still describe; held weakly so a page let go takes its reading with it.
const kept = new WeakMap<ReadPage, PageReading>();

/**
 * The page handed on with `reading` kept for it, when the words and rulings the layout is read from are those of the
 * reading (no line read again): the layout and the rules are deterministic, so the same input gives the same result.
 * The page then carries the reading's own word objects (equal in every value), so the kept layout points into its words.
 */
export function keepReading(page: ReadPage, reading: PageReading): ReadPage {
  if (layoutInput(page) !== layoutInput(reading.page)) return page;
  const out: ReadPage = { ...page, words: reading.page.words };
  kept.set(out, reading);
  return out;
}

/**
 * What was read before of a one-page document whose page still holds the words it was read from: the layout, and the
 * rules' fields where the rest of their input (page size, barcodes) is the same too; the fields come as a copy, since
 * callers amend them. Null when there is nothing to reuse.
 */
export function keptReading(pages: ReadPage[]): { layout: DocumentLayout; data: ExtractedData | null } | null {
  const page = pages.length === 1 ? pages[0]! : null;
  const reading = page ? kept.get(page) : undefined;
  if (!page || !reading || page.words !== reading.page.words || layoutInput(page) !== layoutInput(reading.page)) return null;
  return { layout: reading.layout, data: rulesInput(page) === rulesInput(reading.page) ? structuredClone(reading.data) : null };
}

/** What a page's layout is read from: its words and rulings. */
const layoutInput = (p: ReadPage): string => JSON.stringify([p.index, p.words, p.rules ?? []]);
/** What else the rules read of a page: its size and barcodes. */
const rulesInput = (p: ReadPage): string => JSON.stringify([p.width, p.height, p.barcodes]);
