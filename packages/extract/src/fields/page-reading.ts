import type { ExtractedData } from '@ladingwise/shared';
import type { Barcode } from '../barcodes.ts';
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
 * The page, with `reading` kept for it when the words and rulings the layout is read from are those of the
 * reading: the same arrays, since a page's words are never changed in place (a line read again gives the page a new
 * array). The layout and the rules are deterministic, so the same input gives the same result.
 */
export function keepReading(page: ReadPage, reading: PageReading): ReadPage {
  if (sameLayoutInput(page, reading.page)) kept.set(page, reading);
  return page;
}

/**
 * What was read before of a one-page document whose page still holds the words it was read from: the layout, and the
 * rules' fields where the rest of their input (page size, barcodes) is the same too; the fields come as a copy, since
 * callers amend them. Null when there is nothing to reuse.
 */
export function keptReading(pages: ReadPage[]): { layout: DocumentLayout; data: ExtractedData | null } | null {
  const page = pages.length === 1 ? pages[0]! : null;
  const reading = page ? kept.get(page) : undefined;
  if (!page || !reading || !sameLayoutInput(page, reading.page)) return null;
  return { layout: reading.layout, data: sameRulesInput(page, reading.page) ? structuredClone(reading.data) : null };
}

/** Whether two pages give the layout the same input: the same words and rulings (by identity) at the same index. */
const sameLayoutInput = (a: ReadPage, b: ReadPage): boolean => a.index === b.index && a.words === b.words && (a.rules ?? NONE) === (b.rules ?? NONE);
const NONE: NonNullable<ReadPage['rules']> = [];

/** Whether the rest of what the rules read of two pages is the same: their size and barcodes. */
function sameRulesInput(a: ReadPage, b: ReadPage): boolean {
  return a.width === b.width && a.height === b.height && a.barcodes.length === b.barcodes.length
    && a.barcodes.every((x, i) => sameBarcode(x, b.barcodes[i]!));
}

const sameBarcode = (x: Barcode, y: Barcode): boolean =>
  x.format === y.format && x.text === y.text && (x.bbox === y.bbox || (!!x.bbox && !!y.bbox && x.bbox.every((v, i) => v === y.bbox![i])));
