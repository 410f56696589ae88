import { describe, expect, it } from 'vitest';
import { formatBytes, formatCredits, formatTimestamp, NO_TIMESTAMP, pageLabel } from './format.ts';

describe('formatBytes', () => {
  it('uses 1024-based units with at most 2 decimals', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(1000)).toBe('1000 Bytes');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1_234_567)).toBe('1.18 MB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GB');
    expect(formatBytes(1024 ** 8)).toBe('1 YB');
  });
});

describe('formatTimestamp', () => {
  it('shows "No timestamp" for missing, invalid and year-1 values', () => {
    expect(formatTimestamp(null)).toBe(NO_TIMESTAMP);
    expect(formatTimestamp('not a date')).toBe(NO_TIMESTAMP);
    expect(formatTimestamp('0001-01-01T00:00:00Z')).toBe(NO_TIMESTAMP);
  });

  it('writes en-US short date and 12-hour time in the chosen zone', () => {
    expect(formatTimestamp('2026-11-22T17:30:00Z', 'America/New_York')).toBe('11/22/26, 12:30 PM');
    expect(formatTimestamp('2026-11-22T17:30:00Z', 'Asia/Tokyo')).toBe('11/23/26, 2:30 AM');
  });
});

describe('pageLabel', () => {
  it('reads "Page X of Y" with 20 per page and at least one page', () => {
    expect(pageLabel(1, 0, 20)).toBe('Page 1 of 1');
    expect(pageLabel(1, 20, 20)).toBe('Page 1 of 1');
    expect(pageLabel(2, 21, 20)).toBe('Page 2 of 2');
    expect(pageLabel(3, 95, 20)).toBe('Page 3 of 5');
  });
});

it('floors the credit balance to whole credits', () => {
  expect(formatCredits(1234.99)).toBe('1,234');
  expect(formatCredits(Number.NaN)).toBe('0');
});
