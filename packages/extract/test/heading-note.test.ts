import { describe, expect, it } from 'vitest';
import { extractFields } from '../src/fields/extract-fields.ts';
import { findLabels } from '../src/fields/find-labels.ts';
import { readWordsValue } from '../src/fields/learned/values.ts';
import { buildSegments } from '../src/layout.ts';
import { line, page } from './helpers.ts';

// Forms print a note in parentheses on a party heading to say what the box wants: part of the heading, never a value.
const labels = (text: string): string[] => findLabels(buildSegments(line(100, 100, text))).map((h) => `${h.field}${h.atStart ? '@' : ''}:${h.valueWords.map((w) => w.text).join(' ')}`);

describe('notes in parentheses on headings', () => {
  it('keeps a heading\'s note out of its label match and out of its value', () => {
    // CONSIGNOR is the shipper: its note's NAME does not make it CONSIGNEE NAME.
    expect(labels('CONSIGNOR (NAME AND FULL ADDRESS)')).toEqual(['shipper@:']);
    expect(labels('Carrier (complete name and address) COPPER STATE TRUCKING')).toEqual(['carrier@:COPPER STATE TRUCKING']);
    // The heading's second name after its note, with or without the dash between them, is the same label.
    expect(labels('TRANSPORTATION COMPANY (NAME AND ADDRESS) - LINEA')).toEqual(['carrier@:']);
    expect(labels('SHIP TO (FULL STYLE AND ADDRESS) DESTINATAIRE')).toEqual(['consignee@:']);
    // Words with figures in parentheses are a value.
    expect(labels('SHIPPER (555) 010-4477')).toEqual(['shipper@:(555) 010-4477']);
  });

  it('reads the block under a heading whose note stands on a line of its own', () => {
    const d = extractFields(page(
      line(100, 100, 'Remitente'), line(100, 125, '(nombre y dirección completa):'),
      line(100, 150, 'EMPAQUES REGIOMONTANA SA DE CV'), line(100, 175, 'AV. INDUSTRIAS 1714'), line(100, 200, 'MONTERREY, NL 64000'),
    ));
    expect(d.Shipper?.Name).toBe('EMPAQUES REGIOMONTANA SA DE CV');
    expect(d.Shipper?.Address).toBe('AV. INDUSTRIAS 1714');
  });

  it('reads the block under a heading whose note runs on to the next line, with or without the heading\'s second name there', () => {
    for (const rest of ['ADDRESS, COUNTRY) / DESTINATAIRE', 'ADDRESS, COUNTRY)']) {
      const d = extractFields(page(
        line(100, 100, 'CONSIGNEE (NAME,'), line(100, 125, rest),
        line(100, 150, 'GOLDEN VALLEY SUPPLY LTEE'), line(100, 175, '7195 DUNDAS BLVD S'), line(100, 200, 'HAMILTON, ON L8N 7B2'),
      ));
      expect(d.Consignee?.Name, rest).toBe('GOLDEN VALLEY SUPPLY LTEE');
      expect(d.Consignee?.Address, rest).toBe('7195 DUNDAS BLVD S');
    }
  });

  it('takes the freight terms a heading\'s note states when no option is marked, as a doubt', () => {
    const terms = (marks: string) => extractFields(page(line(100, 100, `FREIGHT CHARGE TERMS: (freight charges are prepaid unless marked otherwise) ${marks}`)));
    const unmarked = terms('Prepaid Collect 3rd Party');
    expect(unmarked.FreightTerms).toBe('prepaid');
    expect(unmarked.ConfidenceScores.FreightTerms).toBeLessThan(0.9);
    expect(terms('Prepaid Collect X 3rd Party').FreightTerms).toBe('collect');
  });

  it('reads a tagged name or street without the end of a note run on from the heading above it', () => {
    expect(readWordsValue('Shipper.Name', line(100, 100, 'ADDRESS): PINNACLE MILLWORKS LLC'), 'MDY')?.value).toBe('PINNACLE MILLWORKS LLC');
    expect(readWordsValue('Consignee.Address', line(100, 100, 'COUNTRY) 17011 WALNUT WAY'), 'MDY')?.value).toBe('17011 WALNUT WAY');
    // Figures in brackets are a value's own.
    expect(readWordsValue('Shipper.Name', line(100, 100, 'ACME (1998) LTD'), 'MDY')?.value).toBe('ACME (1998) LTD');
  });
});
