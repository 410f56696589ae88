import { describe, expect, it } from 'vitest';
import { fieldsInDoubt } from '../src/fields/in-doubt.ts';
import type { ReadPage, Word } from '../src/types.ts';

/** A page read as these lines of words, each word read at `confidence` (0-1), 40 px a line. */
function pageOf(lines: string[], confidence = 0.96): ReadPage {
  const words: Word[] = lines.flatMap((line, row) => {
    let x = 60;
    return line.split(' ').filter(Boolean).map((text) => {
      const w: Word = { text, confidence, bbox: [x, 60 + row * 40, x + 14 * text.length, 84 + row * 40], page: 0, line: `l${row}` };
      x += 14 * text.length + 14;
      return w;
    });
  });
  return { index: 0, width: 1700, height: 2200, rotation: 0, turn: 0, words, barcodes: [], blank: false, toUpright: (b) => b };
}

const FORM = [
  'STRAIGHT BILL OF LADING', 'BOL NUMBER: 4471902', 'PO NUMBER: 5523817',
  'SHIP FROM:', 'ACME FREIGHT INC', '120 MAIN ST', 'DAYTON, OH 45402',
  'SHIP TO:', 'BETA FOODS LLC', '55 HARBOR DR', 'TOLEDO, OH 43604',
  'PICKUP DATE: 03/14/2026', 'CARRIER: OLD DOMINION', 'SCAC: ODFL', 'PRO NUMBER: 7781234',
  'PIECES: 10', 'WEIGHT: 1200 LBS', 'CLASS: 70', 'DESCRIPTION: CANNED FRUIT',
];

describe('fields in doubt after the page pass', () => {
  it('places a field missing under its label there, and leaves out an order number the form does not have', () => {
    const page = pageOf(FORM.map((l) => (l.startsWith('PO NUMBER') ? 'PO NUMBER:' : l)));
    const doubts = fieldsInDoubt(page);
    expect(doubts.fields).toContain('References.PoNumber');
    expect(doubts.fields).not.toContain('References.OrderNumber');
    expect(doubts.missing).toBe(true);
    // The label's row is in a region; the page as a whole is not.
    const label = page.words.find((w) => w.text === 'PO')!.bbox;
    expect(doubts.regions.some((r) => r[0] <= label[0] && r[2] >= label[2] && r[1] <= label[1] && r[3] >= label[3])).toBe(true);
    expect(doubts.regions.some((r) => r[0] <= 0 && r[1] <= 0 && r[2] >= page.width && r[3] >= page.height)).toBe(false);
  });

  it('puts the whole page in doubt when a core field is missing and no label for it was read', () => {
    // The weight's line not read at all: every bill states a weight, so a label was lost and nothing points to it.
    const page = pageOf(FORM.filter((l) => !l.startsWith('WEIGHT')));
    const doubts = fieldsInDoubt(page);
    expect(doubts.fields).toContain('ShipmentDetails.Weight');
    expect(doubts.regions).toContainEqual([0, 0, page.width, page.height]);
  });
});
