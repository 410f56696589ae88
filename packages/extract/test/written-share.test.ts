import { describe, expect, it } from 'vitest';
import { writtenShare } from '../src/index.ts';

const words = (...texts: string[]) => texts.map((text) => ({ text, confidence: 0.9, bbox: [0, 0, 1, 1] as [number, number, number, number] }));

describe('writtenShare', () => {
  it('counts words of English, Spanish or French of four letters or more, accents and case aside', () => {
    expect(writtenShare(words('SHIPPER', 'Consignee:', 'Remitente', 'expéditeur', '12345', 'TX'))).toBeCloseTo(4 / 6);
  });

  it('gives letters that spell no word, and an empty page, nothing', () => {
    expect(writtenShare(words('XQZR', 'PRNT', 'ERE', 'AE', 'KJHG'))).toBe(0);
    expect(writtenShare([])).toBe(0);
  });
});
