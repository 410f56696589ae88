/** Display formatters shared by the pages: file sizes, timestamps, credits. */

// One definition with the server's messages ("... is larger than 25 MB").
export { formatBytes } from '@ladingwise/shared';

/** The one mark for a missing value, in every table, card and field list. */
export const MISSING = '—';

/** Shown for timestamps that are missing, unparseable or year 1 (.NET's default date). */
export const NO_TIMESTAMP = 'No timestamp';

/**
 * en-US short date and 12-hour time in the given IANA zone (the browser's when absent),
 * or "No timestamp" for invalid or year-1 values.
 */
export function formatTimestamp(value: string | null | undefined, timeZone?: string): string {
  if (!value) return NO_TIMESTAMP;
  const d = new Date(value);
  if (Number.isNaN(d.getTime()) || d.getUTCFullYear() <= 1) return NO_TIMESTAMP;
  const opts: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short', hour12: true };
  try {
    return d.toLocaleString('en-US', { ...opts, timeZone: timeZone || undefined });
  } catch {
    return d.toLocaleString('en-US', opts);
  }
}

/** Whole credits: the balance is floored, never rounded up. */
export function formatCredits(balance: number): string {
  return Math.floor(Number.isFinite(balance) ? balance : 0).toLocaleString('en-US');
}

/** "Page X of Y" for the documents list; an empty list still reads "Page 1 of 1". */
export function pageLabel(page: number, total: number, pageSize: number): string {
  return `Page ${page} of ${pageCount(total, pageSize)}`;
}

/** Number of pages, at least 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}
