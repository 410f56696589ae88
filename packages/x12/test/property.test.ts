import fc from 'fast-check';
import { X12Parser } from 'node-x12';
import { describe, expect, it } from 'vitest';
import type { ExtractedData } from '@ladingwise/shared';
import { checkInterchange, writeInterchange } from '../src/index.ts';

// Strings a scanned BOL can produce, and worse: delimiters, line breaks, accents, emoji,
// other scripts, control characters, 500-character values, blanks.
const hostile = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('', '   ', '*~^:', 'A*B~C^D:E', 'line1\nline2\r\n', 'Café Müller Straße ñ', 'Łódź Øresund Æbeltoft', '東京 😀 ｆｕｌｌ', '\u0000\u0007\u001b[31m', 'x'.repeat(500), 'é'.repeat(300)),
);
const text = fc.option(hostile, { nil: null });
const num = fc.option(fc.oneof(fc.integer({ min: -5, max: 50_000 }), fc.double({ min: -1, max: 1e12 }), fc.constantFrom(Number.NaN, Infinity, 0, 1e21)), { nil: null });
const isoDate = fc.date({ min: new Date('1990-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const party = fc.option(fc.record({ Name: text, Address: text, City: text, State: text, Zip: text, Country: text }), { nil: null });
const lineItem = fc.record({ HandlingUnits: num, PackagingType: text, Pieces: num, Weight: num, Commodity: text, FreightClass: text });

const extracted: fc.Arbitrary<ExtractedData> = fc.record({
  Shipper: party,
  Consignee: party,
  BillTo: party,
  Carrier: fc.option(fc.record({ Name: text, Scac: fc.oneof(text, fc.stringMatching(/^[A-Z]{2,4}$/)) }), { nil: null }),
  ShipmentDetails: fc.record({
    Weight: num, WeightUnit: fc.constantFrom('L', 'K', null, 'lbs'), Pieces: num, HandlingUnits: num, PackagingType: text, Commodity: text, FreightClass: text,
  }),
  LineItems: fc.option(fc.array(lineItem, { maxLength: 4 }), { nil: undefined }),
  Dates: fc.record({ Pickup: fc.option(fc.oneof(isoDate, hostile), { nil: null }), Delivery: fc.option(fc.oneof(isoDate, hostile), { nil: null }) }),
  References: fc.record({ BolNumber: text, PoNumber: text, OrderNumber: text, ProNumber: text }),
  FreightTerms: fc.constantFrom('prepaid', 'collect', 'third party', null, 'PP', 'pay later'),
  Validation: fc.constant([]),
  Warnings: fc.constant([]),
  MissingFields: fc.constant([]),
  ConfidenceScores: fc.constant({}),
}) as fc.Arbitrary<ExtractedData>;

const input = fc.record({
  type: fc.constantFrom('204' as const, '211' as const),
  version: fc.constantFrom('4010' as const, '5010' as const, '7010' as const),
  data: extracted,
  senderId: fc.stringMatching(/^[A-Z0-9]{1,15}$/),
  receiverId: fc.stringMatching(/^[A-Z0-9 \-/]{0,14}[A-Z0-9]$/),
  controlNumber: fc.integer({ min: 1, max: 999_999_999 }),
  now: fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
  usage: fc.constantFrom('P' as const, 'T' as const),
});

describe('any ExtractedData', () => {
  it('gives an interchange our checker accepts and an independent parser (node-x12, strict) reads', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = writeInterchange(i);
        const check = checkInterchange(r.content);
        expect(check.issues).toEqual([]);
        expect(check).toMatchObject({ ok: true, type: i.type, controlNumber: String(i.controlNumber).padStart(9, '0') });
        // Where nothing required is missing, it also passes the strict check (mandatory elements filled).
        if (r.missingRequired.length === 0) expect(checkInterchange(r.content, { strict: true }).issues).toEqual([]);
        expect(r.content.indexOf('~')).toBe(105);
        expect(r.content).toMatch(/^[\x20-\x7e\n]*$/);

        const parsed = new X12Parser(true).parse(r.content) as import('node-x12').X12Interchange;
        const group = parsed.functionalGroups[0]!;
        const tx = group.transactions[0]!;
        const segmentLines = r.content.trimEnd().split('~\n');
        // node-x12 keeps ST and SE apart from the body segments.
        expect(tx.segments.length + 2 + 4).toBe(segmentLines.length);
        expect(tx.header.valueOf(1)).toBe(i.type);
        expect(group.header.valueOf(1)).toBe(i.type === '204' ? 'SM' : 'BL');
      }),
      { numRuns: 400, seed: 20261122 },
    );
  });

  it('never loses a field silently: each required field is written or listed as missing', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = writeInterchange(i);
        for (const path of ['Carrier.Scac', 'References.BolNumber', 'Shipper.Name', 'Consignee.Name']) {
          const listed = r.missingRequired.includes(path);
          const raw = path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | null)?.[k], i.data);
          if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) expect(listed).toBe(true);
        }
      }),
      { numRuns: 200, seed: 7 },
    );
  });
});
