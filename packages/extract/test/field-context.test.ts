import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contextNames, contextRows } from '../src/fields/learned/context.ts';
import { FEATURE_NAMES, pageReading } from '../src/fields/learned/features.ts';
import { FieldTagger, type TaggerJson } from '../src/fields/learned/tagger.ts';
import type { Word } from '../src/types.ts';

const word = (text: string, x: number, y: number): Word => ({ text, confidence: 0.95, bbox: [x, y, x + 10 * text.length, y + 20], page: 0, line: String(y) });

describe("the tagger's second stage (a word read with its neighbours' first-stage classes)", () => {
  // A name line of three words over a street: the name's words are each other's line, the street is under the first.
  const words = [word('ACME', 100, 100), word('FOODS', 150, 100), word('INC', 210, 100), word('12', 100, 130), word('MAIN', 130, 130)];
  const page = { words, width: 1000, height: 1000 };
  const { rows, neighbours } = pageReading(page);
  const classes = ['none', 'Shipper.Name', 'Shipper.Address'];
  const probs = [[0.1, 0.9, 0], [0.3, 0.7, 0], [0.5, 0.5, 0], [0.2, 0, 0.8], [0.4, 0, 0.6]];
  const ctx = contextRows(probs, rows, neighbours, words);
  const names = contextNames(classes);
  const at = (i: number, name: string): number => ctx[i]![names.indexOf(name)]!;

  it('gives every word the classes of its neighbours on the line, above and below, and the means of the rest of its line and of its column', () => {
    expect(ctx).toHaveLength(words.length);
    for (const r of ctx) expect(r.length).toBe(names.length);
    expect(at(1, 'own.Shipper.Name')).toBeCloseTo(0.7);
    expect(at(1, 'prev.Shipper.Name')).toBeCloseTo(0.9);
    expect(at(1, 'next.Shipper.Name')).toBeCloseTo(0.5);
    expect(at(1, 'line.Shipper.Name')).toBeCloseTo(0.7); // (0.9 + 0.5) / 2, the word itself left out
    expect(at(0, 'down.Shipper.Address')).toBeCloseTo(0.8);
    expect(at(3, 'up.Shipper.Name')).toBeCloseTo(0.9);
    expect(at(0, 'column.Shipper.Address')).toBeCloseTo(0.7); // the street's two words under it
    expect(Number.isNaN(at(0, 'prev.none'))).toBe(true);
    expect(Number.isNaN(at(0, 'up.none'))).toBe(true);
  });

  it('carries where the word is from its first-stage features', () => {
    expect(at(3, 'word.y0')).toBeCloseTo(rows[3]![FEATURE_NAMES.indexOf('y0')]!);
  });

  it('is refused when its classes are not the first stage\'s, and the committed one uses only features the code computes', () => {
    const json = JSON.parse(readFileSync(new URL('../models/field-tagger.json', import.meta.url), 'utf8')) as TaggerJson;
    expect(() => new FieldTagger({ ...json, context: { ...json, features: [], trees: [], classes: json.classes.slice(1) } })).toThrow(/different classes/);
    if (json.context) for (const f of json.context.features) expect(contextNames(json.classes)).toContain(f);
  });
});
