import { describe, expect, it } from 'vitest';
import { emptyExtractedData } from '@ladingwise/shared';
import { readGoodsTable, readLayout } from '../src/fields/extract-fields.ts';
import { billTotals, type TableCell } from '../src/fields/goods-table.ts';
import { holdLineValues } from '../src/fields/learned/combine.ts';
import type { Segment } from '../src/layout.ts';
import type { Word } from '../src/types.ts';
import { line, page } from './helpers.ts';

/** A goods table: its headings, then a row per line of cells at the headings' columns. */
function table(rows: string[][], head = ['PIECES', 'DESCRIPTION', '', 'CLASS', 'WEIGHT']): Word[][] {
  const xs = [100, 300, 500, 1100, 1300];
  const out = head.map((h, i) => (h ? line(xs[i]!, 1000, h) : [])).filter((l) => l.length);
  rows.forEach((cells, r) => cells.forEach((c, i) => { if (c) out.push(line(xs[i]!, 1050 + 45 * r, c)); }));
  return out;
}

const totalsOf = (rows: string[][], ...more: Word[][]) => totalsIn(...table(rows), ...more);
const totalsIn = (...lines: Word[][]) => {
  const pages = page(...lines);
  const t = billTotals(readGoodsTable(pages, readLayout(pages)).lines);
  return { several: t.several, pieces: t.pieces?.value ?? null, weight: t.weight?.value ?? null, classes: t.classes };
};

describe('a bill of several lines of goods', () => {
  it('reads the lines and the total row\'s count and weight', () => {
    const t = totalsOf([
      ['12', 'CARTONS ONDULES', '', '92.5', '720 KG'],
      ['26', 'BOIS D\'OEUVRE', '', '85', '2531 KG'],
      ['38', 'TOTAL', '', '', '3251 KG'],
    ]);
    expect(t).toMatchObject({ several: true, pieces: 38, weight: 3251, classes: 2 });
  });

  it('takes an item that is the sum of the others for the total when the total row\'s word was not read', () => {
    const t = totalsOf([
      ['3', 'BICYCLE PARTS', '', '92.5', '2626 KGS'],
      ['5', 'PLASTIC RESIN PELLETS', '', '55', '3922 KGS'],
      ['8', '', '', '', '6548 KGS'],
    ]);
    expect(t).toMatchObject({ several: true, weight: 6548, pieces: 8 });
  });

  it('sees lines in two columns that each read values of their own on the same rows, with no total read', () => {
    const head = ['HANDLING UNITS', 'DESCRIPTION', '', '', 'WEIGHT'];
    expect(totalsIn(...table([['3', 'BICYCLE PARTS', '', '', '2626 KGS'], ['5', 'PLASTIC RESIN PELLETS', '', '', '3922 KGS']], head)).several).toBe(true);
    expect(totalsIn(...table([['3', 'BICYCLE PARTS', '', '', '2626 KGS'], ['3', '', '', '', '2628 KGS']], head)).several).toBe(false);
  });

  it('sees one line where the total row repeats it, or where a number further down the column is other text', () => {
    expect(totalsOf([['40', 'LUMBER', '', '70', '3204 KG'], ['40', '', '', '', '3204 KG']]).several).toBe(false);
    // A date under the pieces column, far below the table, is no line of goods.
    expect(totalsOf([['40', 'LUMBER', '', '70', '3204 KG']], line(100, 1400, '22-Feb-19')).several).toBe(false);
    // Two weights that differ with nothing else to show lines (one misread) are no lines either.
    expect(totalsOf([['64', 'GLASS BOTTLES', '', '125', '1120 KGS'], ['64', '', '', '', '4120 KGS']]).several).toBe(false);
  });

  it('takes the total read for the bill\'s count and weight, holding one the readers did not read, and the one class', () => {
    const cell = (value: number, y: number): TableCell => ({ value, cell: { page: 0, bbox: [1300, y, 1400, y + 20] } as Segment });
    const data = emptyExtractedData();
    data.ShipmentDetails = { Weight: 720, WeightUnit: 'K', Pieces: 38, HandlingUnits: 4, Commodity: 'CARTONS ONDULES', FreightClass: '92.5' };
    data.ConfidenceScores = { 'ShipmentDetails.Weight': 0.98, 'ShipmentDetails.Pieces': 0.98, 'ShipmentDetails.HandlingUnits': 0.95, 'ShipmentDetails.FreightClass': 0.97, 'ShipmentDetails.Commodity': 0.96 };
    holdLineValues(data, { several: true, weight: cell(3251, 1140), pieces: cell(38, 1140), classes: 2 });
    // The weight read was the first line's: the total takes its place, held for review, and is shown where it stands.
    expect(data.ShipmentDetails.Weight).toBe(3251);
    expect(data.ConfidenceScores['ShipmentDetails.Weight']).toBeLessThan(0.9);
    expect(data.FieldSources?.['ShipmentDetails.Weight']).toEqual({ page: 0, bbox: [1300, 1140, 1400, 1160] });
    // The count read is the total: kept as it was.
    expect(data.ConfidenceScores['ShipmentDetails.Pieces']).toBe(0.98);
    expect(data.ConfidenceScores['ShipmentDetails.FreightClass']).toBeLessThan(0.9);
    expect(data.ConfidenceScores['ShipmentDetails.HandlingUnits']).toBeLessThan(0.9);
    // The first line names the goods the bill carries.
    expect(data.ConfidenceScores['ShipmentDetails.Commodity']).toBe(0.96);
    // A bill of one line keeps its values and scores.
    const one = emptyExtractedData();
    one.ShipmentDetails = { ...data.ShipmentDetails, Weight: 720 };
    one.ConfidenceScores = { 'ShipmentDetails.Weight': 0.98, 'ShipmentDetails.FreightClass': 0.97 };
    holdLineValues(one, { several: false, weight: null, pieces: null, classes: 1 });
    expect(one.ShipmentDetails.Weight).toBe(720);
    expect(one.ConfidenceScores).toEqual({ 'ShipmentDetails.Weight': 0.98, 'ShipmentDetails.FreightClass': 0.97 });
  });
});
