import { describe, expect, it } from 'vitest';
import { keptOutOfFit } from './field-pages.ts';

describe('keptOutOfFit', () => {
  // The bench scores trained families only on pages the tagger's fit never saw; training/fields/train.py picks those
  // pages by the same hash, so the two must agree page for page (values below computed by train.py's rule).
  it('picks the same training pages as train.py', () => {
    const ids = ['lay-1001-0001', 'lay-1001-0002', 'lay-1001-0003', 'lay-1001-0004', 'lay-1001-0005', 'lay-1001-0006', 'lay-1001-0007', 'lay-1001-0008'];
    expect(ids.filter(keptOutOfFit)).toEqual(['lay-1001-0002']);
  });
});
