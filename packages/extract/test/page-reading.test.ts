import { describe, expect, it } from 'vitest';
import { extractFields } from '../src/fields/extract-fields.ts';
import { keepReading, keptReading, readPageFields } from '../src/fields/page-reading.ts';
import type { ReadPage, Word } from '../src/types.ts';

/** A page read as these lines of words, 40 px a line; each call builds new word objects. */
function pageOf(lines: string[]): ReadPage {
  const words: Word[] = lines.flatMap((line, row) => {
    let x = 60;
    return line.split(' ').map((text) => {
      const w: Word = { text, confidence: 0.95, bbox: [x, 60 + row * 40, x + 14 * text.length, 84 + row * 40], page: 0, line: `l${row}` };
      x += 14 * text.length + 14;
      return w;
    });
  });
  return { index: 0, width: 1700, height: 2200, rotation: 0, turn: 0, words, barcodes: [], blank: false, toUpright: (b) => b };
}

const FORM = [
  'STRAIGHT BILL OF LADING', 'BOL NUMBER: 4471902', 'SHIP FROM:', 'ACME FREIGHT INC', '120 MAIN ST', 'DAYTON, OH 45402',
  'SHIP TO:', 'BETA FOODS LLC', '55 HARBOR DR', 'TOLEDO, OH 43604', 'PICKUP DATE: 03/14/2026', 'SCAC: ODFL', 'WEIGHT: 1200 LBS',
];

describe('the field reading made to judge a page, reused', () => {
  it('gives the fields of a page whose words did not change without reading them again, equal to a fresh reading', () => {
    const reading = readPageFields(pageOf(FORM));
    // The page as finished: the words and rulings the check read, with what later steps add.
    const finished = keepReading({ ...reading.page, cutShort: ['second look'] }, reading);
    const kept = keptReading([finished]);
    expect(kept).not.toBeNull();
    // The layout is the one already read (not laid out again) and the fields are those already read, as a copy.
    expect(kept!.layout).toBe(reading.layout);
    expect(kept!.data).not.toBe(reading.data);
    expect(JSON.stringify(kept!.data)).toBe(JSON.stringify(extractFields([pageOf(FORM)])));
    expect(kept!.data?.References.BolNumber).toBe('4471902');
  });

  it('reads the page again when a line was read again after the check', () => {
    const reading = readPageFields(pageOf(FORM));
    const reread = pageOf(FORM.map((l) => (l.startsWith('BOL') ? 'BOL NUMBER: 4471962' : l)));
    const finished = keepReading(reread, reading);
    expect(finished).toBe(reread);
    expect(keptReading([finished])).toBeNull();
  });

  it('reads the page again when its words were read anew, even to the same values (only the same words are trusted)', () => {
    const reading = readPageFields(pageOf(FORM));
    expect(keptReading([keepReading(pageOf(FORM), reading)])).toBeNull();
  });

  it('keeps the layout but reads the fields again when a barcode was found after the check', () => {
    const reading = readPageFields(pageOf(FORM));
    const finished = keepReading({ ...reading.page, barcodes: [{ format: 'Code128', text: '4471902', bbox: [900, 60, 1300, 120] }] }, reading);
    const kept = keptReading([finished]);
    expect(kept?.layout).toBe(reading.layout);
    expect(kept?.data).toBeNull();
  });

  it('reads a document of several pages afresh', () => {
    const reading = readPageFields(pageOf(FORM));
    const finished = keepReading(reading.page, reading);
    expect(keptReading([finished])).not.toBeNull();
    expect(keptReading([finished, { ...pageOf(['PAGE 2']), index: 1 }])).toBeNull();
  });
});
