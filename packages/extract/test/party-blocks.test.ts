import { describe, expect, it } from 'vitest';
import { settleParties } from '../src/fields/learned/party-blocks.ts';
import type { Word } from '../src/types.ts';

const CLASSES = ['none', 'Shipper.Name', 'Shipper.City', 'Consignee.Name', 'Consignee.City'];
const word = (text: string, x: number, y: number): Word => ({ text, confidence: 0.9, bbox: [x, y, x + 20 * text.length, y + 24], page: 0, line: `${y}` });
const probs = (p: Partial<Record<string, number>>): Float64Array => {
  const out = new Float64Array(CLASSES.length);
  CLASSES.forEach((c, i) => { out[i] = p[c] ?? 0; });
  out[0] = 1 - out.reduce((a, b) => a + b, 0);
  return out;
};
const likeliest = (p: Float64Array): string => CLASSES[p.indexOf(Math.max(...p))]!;

describe('party blocks in the tagger\'s decoding', () => {
  // A shipper block (name over city) and, well below it, a second block of party words.
  const acme = word('ACME', 100, 100), dallas = word('DALLAS', 100, 130);
  const beta = word('BETA', 100, 400), reno = word('RENO', 100, 430);
  const note = word('FRAGILE', 100, 160);

  it('gives a block\'s words one party: a city the model split off to the other party joins its block\'s, its field kept', () => {
    const raw = new Map([[acme, probs({ 'Shipper.Name': 0.8 })], [dallas, probs({ 'Consignee.City': 0.5, 'Shipper.City': 0.3 })]]);
    const out = settleParties([acme, dallas], raw, CLASSES, new Set());
    expect(likeliest(out.get(dallas)!)).toBe('Shipper.City');
    expect(out.get(dallas)![CLASSES.indexOf('Shipper.City')]).toBeCloseTo(0.8);
    expect(likeliest(out.get(acme)!)).toBe('Shipper.Name');
  });

  it('never gives two blocks one party: the block less sure of it takes the next party', () => {
    const raw = new Map([
      [acme, probs({ 'Shipper.Name': 0.9 })], [dallas, probs({ 'Shipper.City': 0.9 })],
      [beta, probs({ 'Shipper.Name': 0.6, 'Consignee.Name': 0.2 })], [reno, probs({ 'Shipper.City': 0.55 })],
    ]);
    const out = settleParties([acme, dallas, beta, reno], raw, CLASSES, new Set());
    expect([acme, dallas].map((w) => likeliest(out.get(w)!))).toEqual(['Shipper.Name', 'Shipper.City']);
    expect([beta, reno].map((w) => likeliest(out.get(w)!))).toEqual(['Consignee.Name', 'Consignee.City']);
  });

  it('moves a block only to a party the model gives it some chance of: a name\'s line cut from its street\'s stays the shipper\'s', () => {
    // The shipper's name and street drawn as two blocks (a wrapped line between them); the model gives neither any
    // chance of the consignee, so the less sure one is not made the consignee.
    const raw = new Map([
      [acme, probs({ 'Shipper.Name': 0.9 })], [dallas, probs({ 'Shipper.City': 0.9 })],
      [beta, probs({ 'Shipper.Name': 0.6 })], [reno, probs({ 'Shipper.City': 0.55 })],
    ]);
    const out = settleParties([acme, dallas, beta, reno], raw, CLASSES, new Set());
    expect([beta, reno].map((w) => likeliest(out.get(w)!))).toEqual(['Shipper.Name', 'Shipper.City']);
  });

  it('leaves words the model gives no party, and label words, as they were', () => {
    const raw = new Map([[acme, probs({ 'Shipper.Name': 0.9 })], [note, probs({ 'Consignee.City': 0.2 })], [dallas, probs({ 'Consignee.City': 0.7 })]]);
    const out = settleParties([acme, note, dallas], raw, CLASSES, new Set([dallas]));
    expect(out.get(note)).toBe(raw.get(note));
    expect(out.get(dallas)).toBe(raw.get(dallas));
  });
  it('keeps a name\'s line wrapped back to its cell\'s edge (left of the name, under its label) in the name\'s block', () => {
    // "ACME" printed after its label; "HOLDINGS" wrapped onto the next line back at the cell's edge.
    const name = word('ACME', 300, 100), wrapped = word('HOLDINGS', 110, 128), city = word('RENO', 300, 400);
    const raw = new Map([[name, probs({ 'Shipper.Name': 0.9 })], [wrapped, probs({ 'Shipper.Name': 0.3, 'Consignee.Name': 0.4 })], [city, probs({ 'Consignee.City': 0.9 })]]);
    const out = settleParties([name, wrapped, city], raw, CLASSES, new Set());
    expect(likeliest(out.get(wrapped)!)).toBe('Shipper.Name');
    // A line further aside, or on the right of the line above, is not the same block.
    const aside = word('HOLDINGS', 600, 128);
    const apart = settleParties([name, aside, city], new Map([...raw, [aside, probs({ 'Shipper.Name': 0.3, 'Consignee.Name': 0.4 })]]), CLASSES, new Set());
    expect(likeliest(apart.get(aside)!)).toBe('Consignee.Name');
  });
});
