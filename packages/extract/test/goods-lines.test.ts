import { describe, expect, it } from 'vitest';
import { emptyExtractedData } from '@ladingwise/shared';
import { readGoodsTable, readLayout } from '../src/fields/extract-fields.ts';
import { billTotals } from '../src/fields/goods-table.ts';
import { holdLineValues } from '../src/fields/learned/combine.ts';
import type { Word } from '../src/types.ts';
import { line, page } from './helpers.ts';

/** A goods table: its headings, then a row per line of cells at the headings' columns. */
function table(rows: string[][]): Word[][] {
  const xs = [100, 300, 500, 1100, 1300];
  const head = ['PIECES', 'DESCRIPTION', '', 'CLASS', 'WEIGHT'];
  const out = head.map((h, i) => (h ? line(xs[i]!, 1000, h) : [])).filter((l) => l.length);
  rows.forEach((cells, r) => cells.forEach((c, i) => { if (c) out.push(line(xs[i]!, 1050 + 45 * r, c)); }));
  return out;
}

const totalsOf = (rows: string[][], ...more: Word[][]) => {
  const pages = page(...table(rows), ...more);
  return billTotals(readGoodsTable(pages, readLayout(pages)).lines);
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

  it('sees one line where the total row repeats it, or where a number further down the column is other text', () => {
    expect(totalsOf([['40', 'LUMBER', '', '70', '3204 KG'], ['40', '', '', '', '3204 KG']]).several).toBe(false);
    // A date under the pieces column, far below the table, is no line of goods.
    expect(totalsOf([['40', 'LUMBER', '', '70', '3204 KG']], line(100, 1400, '22-Feb-19')).several).toBe(false);
    // Two weights that differ with nothing else to show lines (one misread) are no lines either.
    expect(totalsOf([['64', 'GLASS BOTTLES', '', '125', '1120 KGS'], ['64', '', '', '', '4120 KGS']]).several).toBe(false);
  });

  it('holds for review a count or weight that is not the bill\'s total, and the one class of several lines', () => {
    const data = emptyExtractedData();
    data.ShipmentDetails = { Weight: 720, WeightUnit: 'K', Pieces: 38, HandlingUnits: 4, Commodity: 'CARTONS ONDULES', FreightClass: '92.5' };
    data.ConfidenceScores = { 'ShipmentDetails.Weight': 0.98, 'ShipmentDetails.Pieces': 0.98, 'ShipmentDetails.HandlingUnits': 0.95, 'ShipmentDetails.FreightClass': 0.97, 'ShipmentDetails.Commodity': 0.96 };
    holdLineValues(data, { several: true, weight: 3251, pieces: 38, classes: 2 });
    // The weight is the first line's, not the total: held. The count is the total: kept.
    expect(data.ConfidenceScores['ShipmentDetails.Weight']).toBeLessThan(0.9);
    expect(data.ConfidenceScores['ShipmentDetails.Pieces']).toBe(0.98);
    expect(data.ConfidenceScores['ShipmentDetails.FreightClass']).toBeLessThan(0.9);
    expect(data.ConfidenceScores['ShipmentDetails.HandlingUnits']).toBeLessThan(0.9);
    // The first line names the goods the bill carries.
    expect(data.ConfidenceScores['ShipmentDetails.Commodity']).toBe(0.96);
    // A bill of one line keeps its scores.
    const one = emptyExtractedData();
    one.ShipmentDetails = { ...data.ShipmentDetails };
    one.ConfidenceScores = { 'ShipmentDetails.Weight': 0.98, 'ShipmentDetails.FreightClass': 0.97 };
    holdLineValues(one, { several: false, weight: null, pieces: null, classes: 1 });
    expect(one.ConfidenceScores).toEqual({ 'ShipmentDetails.Weight': 0.98, 'ShipmentDetails.FreightClass': 0.97 });
  });
});
