import { describe, expect, it } from 'vitest';
import type { Word } from '../../packages/extract/src/types.ts';
import { asReadPage, keptOutOfFit, storedWord, type TruthPage } from './field-pages.ts';

describe('keptOutOfFit', () => {
  // The bench scores trained families only on pages the tagger's fit never saw; training/fields/train.py picks those
  // pages by the same hash, so the two must agree page for page (values below computed by train.py's rule).
  it('picks the same training pages as train.py', () => {
    const ids = ['lay-1001-0001', 'lay-1001-0002', 'lay-1001-0003', 'lay-1001-0004', 'lay-1001-0005', 'lay-1001-0006', 'lay-1001-0007', 'lay-1001-0008'];
    expect(ids.filter(keptOutOfFit)).toEqual(['lay-1001-0002']);
  });
});

describe('stored words', () => {
  // The features a model is trained on are computed from stored words; whatever the run-time word knows (which reader
  // read it, the line reader's hint) must come back from the dataset, or training and run time see different pages.
  it('come back as the page reader gave them, with the reader and the hint', () => {
    const words: Word[] = [
      { text: 'KALAMAZOO', confidence: 0.88, bbox: [10, 20, 110, 40], page: 0, line: '3.1.1', by: 'neural' },
      { text: 'Quema', confidence: 0.45, bbox: [10, 60, 70, 80], page: 0, line: '4.1.1', alt: 'ORDER No.' },
      { text: 'MI', confidence: 0.93, bbox: [120, 20, 150, 40], page: 0, line: '3.1.1' },
    ];
    const stored = words.map((w, i) => storedWord(w, i === 0 ? 'Shipper.City' : null, i === 0 ? 'value' : 'other'));
    const page: TruthPage = JSON.parse(JSON.stringify({ id: 'p', family: 'vics', split: 'train', lang: 'en', profile: 'scan', writing: 'handwritten', width: 600, height: 800, truth: {}, align: 1, words: stored }));
    expect(asReadPage(page).words).toEqual(words);
  });
});
