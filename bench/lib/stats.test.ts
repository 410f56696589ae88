import { describe, expect, it } from 'vitest';
import { quantile } from './stats.ts';

describe('quantile (nearest rank), used for the median and p95 seconds per page', () => {
  it('takes the middle value as median and the slowest of 20 as p95 only when it is in the top 5 %', () => {
    expect(quantile([3, 1, 2], 0.5)).toBe(2);
    const twenty = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(quantile(twenty, 0.95)).toBe(19);
    expect(quantile([...twenty, 21], 0.95)).toBe(20);
  });

  it('is NaN for no pages rather than a made-up figure', () => {
    expect(quantile([], 0.5)).toBeNaN();
  });
});
