import { describe, expect, it } from 'vitest';
import { extractFields } from '../src/fields/extract-fields.ts';
import { readWordsValue } from '../src/fields/learned/values.ts';
import { line, page } from './helpers.ts';

// How parties are written: a block typed as running text marks its parts with commas; a contact's line names a person.
describe('party blocks as running text, and contact lines', () => {
  it('reads a party typed as running text, on one line or wrapped wherever its box ends', () => {
    for (const rows of [
      ['RED OAK MILLWORKS ULC, 839 DIXIE DR, EDMONTON, AB T5J 6A4'],
      ['RED OAK MILLWORKS ULC, 839', 'DIXIE DR, EDMONTON, AB T5J 6A4'],
      ['RED OAK MILLWORKS ULC', '839 DIXIE DR, EDMONTON, AB T5J 6A4, CANADA'],
      ['RED OAK MILLWORKS ULC, 839 DIXIE DR', 'EDMONTON, AB T5J 6A4'],
      ['RED OAK MILLWORKS ULC, 839 DIXIE DR, EDMONTON, AB', 'T5J 6A4, CANADA'],
    ]) {
      const d = extractFields(page(line(100, 100, 'SHIPPER'), ...rows.map((r, i) => line(100, 125 + 25 * i, r))));
      expect(d.Shipper, rows.join(' / ')).toMatchObject({ Name: 'RED OAK MILLWORKS ULC', Address: '839 DIXIE DR', City: 'EDMONTON', State: 'AB', Zip: 'T5J 6A4' });
    }
  });

  it('leaves a block whose lines are its parts as it is, commas in its name and city line', () => {
    const d = extractFields(page(line(100, 100, 'CONSIGNEE'), line(100, 125, 'ACME, LLC'), line(100, 150, '12 MAIN ST'), line(100, 175, 'DALLAS, TX 75201')));
    expect(d.Consignee).toMatchObject({ Name: 'ACME, LLC', Address: '12 MAIN ST', City: 'DALLAS', State: 'TX', Zip: '75201' });
  });

  it('takes a contact\'s line for no part of the party, and no tagged value that starts with one', () => {
    const d = extractFields(page(line(100, 100, 'SHIP TO'), line(100, 125, 'ATTN: MARIA LOPEZ'), line(100, 150, 'RED OAK PAPER MILLS LTD'),
      line(100, 175, '19759 GARFIELD WAY'), line(100, 200, 'EDISON, NJ 08817')));
    expect(d.Consignee).toMatchObject({ Name: 'RED OAK PAPER MILLS LTD', Address: '19759 GARFIELD WAY', City: 'EDISON' });
    expect(readWordsValue('Consignee.Name', line(100, 100, 'Contact: Rachel Brooks'), 'MDY')).toBeNull();
    expect(readWordsValue('Consignee.Name', line(100, 100, "L'ATT. DE SOFIA OKAFOR"), 'MDY')).toBeNull();
    expect(readWordsValue('Consignee.Name', line(100, 100, 'ATTWOOD FOODS INC'), 'MDY')?.value).toBe('ATTWOOD FOODS INC');
  });
});
