import { emptyExtractedData } from '@ladingwise/shared';
import { describe, expect, it } from 'vitest';
import { checkInterchange, writeInterchange, X12WriteError, type WriteInterchangeInput } from '../src/index.ts';
import { FIXED, sampleData } from './sample-data.ts';

function write(over: Partial<WriteInterchangeInput> = {}) {
  return writeInterchange({ type: '204', version: '5010', data: sampleData(), ...FIXED, ...over });
}

function lines(content: string): string[] {
  return content.split('~\n').filter((l) => l !== '');
}

function segment(content: string, id: string, nth = 0): string | undefined {
  return lines(content).filter((l) => l.startsWith(`${id}*`))[nth];
}

describe('writeInterchange envelope', () => {
  it('writes a 106-character ISA with padded IDs, ZZ qualifiers, U in 4010 and ^ from 5010, and usage T on request', () => {
    const v4 = write({ version: '4010', senderId: 'ACME', receiverId: 'ODFL', controlNumber: 42, usage: 'T' }).content;
    const isa = lines(v4)[0]! + '~';
    expect(isa).toHaveLength(106);
    expect(isa).toBe('ISA*00*          *00*          *ZZ*ACME           *ZZ*ODFL           *261122*1405*U*00401*000000042*0*T*:~');
    expect(lines(write({ version: '7010' }).content)[0]).toContain('*^*00701*');
  });

  it('uses LADINGWISE when no sender ID is given and the ISA control number as group number by default', () => {
    const c = write({ senderId: '', controlNumber: 5 }).content;
    expect(lines(c)[0]).toContain('*ZZ*LADINGWISE     *');
    expect(segment(c, 'GS')).toBe('GS*SM*LADINGWISE*ODFLEDI*20261122*1405*5*X*005010');
    expect(segment(c, 'GE')).toBe('GE*1*5');
    expect(segment(c, 'IEA')).toBe('IEA*1*000000005');
    expect(segment(write({ controlNumber: 5, groupControlNumber: 77 }).content, 'GE')).toBe('GE*1*77');
  });

  it('puts a 211 in a BL group and a 204 in an SM group', () => {
    expect(segment(write({ type: '211' }).content, 'GS')).toMatch(/^GS\*BL\*/);
    expect(segment(write({ type: '204' }).content, 'GS')).toMatch(/^GS\*SM\*/);
  });

  it('throws a typed error for control numbers and IDs it cannot write', () => {
    for (const controlNumber of [0, -1, 1.5, 1_000_000_000, Number.NaN]) {
      expect(() => write({ controlNumber })).toThrow(expect.objectContaining({ name: 'X12WriteError', code: 'BAD_CONTROL_NUMBER' }));
    }
    expect(() => write({ receiverId: '' })).toThrow(X12WriteError);
    expect(() => write({ receiverId: 'A-RECEIVER-ID-TOO-LONG' })).toThrow(expect.objectContaining({ code: 'BAD_INTERCHANGE_ID' }));
    expect(() => write({ version: '6010' as never })).toThrow(expect.objectContaining({ code: 'BAD_VERSION' }));
  });

  it('keeps delimiters out of interchange IDs', () => {
    const c = write({ receiverId: 'AB*CD~EF' }).content;
    expect(lines(c)[0]).toContain('*ZZ*AB CD EF       *');
    expect(checkInterchange(c).ok).toBe(true);
  });
});

describe('writeInterchange content', () => {
  it('maps freight terms to the payment method: prepaid PP, collect CC, third party TP, empty PP with a note', () => {
    const d = sampleData();
    expect(segment(write({ data: { ...d, FreightTerms: 'collect' } }).content, 'B2')).toBe('B2**ODFL**778812**CC');
    expect(segment(write({ type: '211', data: { ...d, FreightTerms: 'third party' } }).content, 'BOL')).toMatch(/^BOL\*ODFL\*TP\*/);
    const none = write({ data: { ...d, FreightTerms: null } });
    expect(segment(none.content, 'B2')).toBe('B2**ODFL**778812**PP');
    expect(none.issues).toContainEqual(expect.objectContaining({ code: 'DEFAULTED', path: 'FreightTerms' }));
  });

  it('lists every required field of empty data and still writes a valid interchange with B2, B2A and two stops', () => {
    const r = write({ data: emptyExtractedData() });
    expect(r.missingRequired).toEqual(expect.arrayContaining([
      'Carrier.Scac', 'References.BolNumber', 'Shipper.Name', 'Shipper.Address', 'Shipper.City', 'Shipper.State', 'Shipper.Zip',
      'Consignee.Name', 'Consignee.Zip', 'ShipmentDetails.Weight',
    ]));
    expect(r.missingRequired).not.toContain('BillTo.Name');
    expect(lines(r.content).slice(2, -2)).toEqual(['ST*204*0001', 'B2******PP', 'B2A*00*LT', 'S5*1*CL', 'S5*2*CU', 'SE*6*0001']);
    expect(checkInterchange(r.content).ok).toBe(true);
    expect(checkInterchange(r.content, { strict: true }).issues).toEqual([expect.objectContaining({ code: 'ELEMENT_MISSING', path: 'B2[4].B202' })]);
  });

  it('lists the 211 requirements: SCAC, BOL number and pickup date in BOL, and the parties', () => {
    const d = sampleData();
    const r = write({ type: '211', data: { ...d, Carrier: null, Dates: { Pickup: 'next tuesday', Delivery: null } } });
    expect(r.missingRequired.sort()).toEqual(['Carrier.Scac', 'Dates.Pickup']);
    expect(segment(r.content, 'BOL')).toBe('BOL**PP*778812***0123456789');
    expect(r.issues).toContainEqual(expect.objectContaining({ code: 'INVALID_VALUE', path: 'Dates.Pickup' }));
  });

  it('replaces delimiters and line breaks with spaces and transliterates accents', () => {
    const d = sampleData();
    d.Consignee = { Name: 'Café*Müller~Großhandel^Ñandú:SA', Address: 'Rue de l’Église\n2e étage', City: 'Montréal', State: 'qc', Zip: 'H2X 3K8', Country: 'ca' };
    const r = write({ data: d });
    expect(segment(r.content, 'N1', 1)).toBe('N1*CN*Cafe Muller Grosshandel Nandu SA');
    expect(segment(r.content, 'N3', 1)).toBe("N3*Rue de l'Eglise 2e etage");
    expect(segment(r.content, 'N4', 1)).toBe('N4*Montreal*QC*H2X3K8*CA');
    expect(r.issues).toContainEqual(expect.objectContaining({ code: 'CLEANED', path: 'Consignee.Name' }));
  });

  it('cuts over-long text to the element maximum (N102 60; L1101 30 in 4010, 50 in 5010, 80 in 7010) and says so', () => {
    const d = sampleData();
    d.Shipper = { ...d.Shipper!, Name: 'N'.repeat(80) };
    d.References.PoNumber = 'P'.repeat(70);
    const r4 = write({ version: '4010', data: d });
    expect(segment(r4.content, 'N1')).toBe(`N1*SH*${'N'.repeat(60)}`);
    expect(segment(r4.content, 'L11', 1)).toBe(`L11*${'P'.repeat(30)}*PO`);
    expect(r4.issues).toContainEqual(expect.objectContaining({ code: 'TRUNCATED', path: 'Shipper.Name' }));
    expect(segment(write({ version: '5010', data: d }).content, 'L11', 1)).toBe(`L11*${'P'.repeat(50)}*PO`);
    expect(segment(write({ version: '7010', data: d }).content, 'L11', 1)).toBe(`L11*${'P'.repeat(70)}*PO`);
  });

  it('writes kilograms as K and rounds weights to two decimals', () => {
    const d = sampleData();
    d.ShipmentDetails = { ...d.ShipmentDetails, Weight: 567.126, WeightUnit: 'K' };
    expect(segment(write({ data: d }).content, 'AT8')).toBe('AT8*G*K*567.13*40*2');
    expect(segment(write({ data: d }).content, 'L3')).toBe('L3*567.13*G*********40*K');
  });

  it('writes one AT1 loop per line item, and one from the totals when there are none', () => {
    const d = sampleData();
    expect(lines(write({ type: '211', data: d }).content).filter((l) => l.startsWith('AT1*'))).toEqual(['AT1*1', 'AT1*2']);
    delete d.LineItems;
    const one = write({ type: '211', data: d }).content;
    expect(lines(one).filter((l) => /^AT[124]\*/.test(l))).toEqual(['AT1*1', 'AT4*Plastic resin pellets', 'AT2*2*PLT*G*L*1250.5']);
  });

  it('writes the AT2 from the piece count (PCS) when the packaging is unknown, so the weight still travels', () => {
    const d = sampleData();
    d.LineItems = [{ HandlingUnits: 1, PackagingType: null, Pieces: 3, Weight: 100, Commodity: 'Boxes of bolts', FreightClass: '55' }];
    const r = write({ type: '211', data: d });
    expect(segment(r.content, 'AT2')).toBe('AT2*3*PCS*G*L*100');
    expect(r.issues).toContainEqual(expect.objectContaining({ code: 'DEFAULTED', path: 'LineItems.0.PackagingType' }));
    expect(checkInterchange(r.content, { strict: true }).ok).toBe(true);
  });

  it('leaves out an AT2 it cannot complete (no weight) instead of writing a partial one', () => {
    const d = sampleData();
    d.LineItems = [{ HandlingUnits: 3, PackagingType: 'PLT', Pieces: 3, Weight: null, Commodity: 'Boxes of bolts', FreightClass: '55' }];
    const r = write({ type: '211', data: d });
    expect(segment(r.content, 'AT2')).toBeUndefined();
    expect(segment(r.content, 'AT4')).toBe('AT4*Boxes of bolts');
    expect(checkInterchange(r.content, { strict: true }).ok).toBe(true);
  });

  it('maps packaging words to X12 packaging codes', () => {
    const d = sampleData();
    d.LineItems = [{ HandlingUnits: 4, PackagingType: 'Cartons', Pieces: 4, Weight: 80, Commodity: 'Gloves', FreightClass: '60' }];
    expect(segment(write({ type: '211', data: d }).content, 'AT2')).toBe('AT2*4*CTN*G*L*80');
  });
});

describe('partner profiles', () => {
  it('lists fields a partner plan requires beyond the standard one', async () => {
    const { PLAN_204, requireElements } = await import('../src/index.ts');
    const d = sampleData();
    d.Shipper = { ...d.Shipper!, Country: null };
    expect(write({ data: d }).missingRequired).toEqual([]);
    const r = write({ data: d, plan: requireElements(PLAN_204, ['N404']) });
    expect(r.missingRequired).toEqual(['Shipper.Country', 'BillTo.Country']);
    expect(() => write({ type: '211', plan: PLAN_204 })).toThrow(expect.objectContaining({ code: 'BAD_TYPE' }));
  });

  it('does not fail on malformed data (strings where objects belong, LineItems not a list)', () => {
    const bad = { ...emptyExtractedData(), Shipper: 'ACME' as never, LineItems: 'none' as never, Dates: null as never };
    const r = write({ type: '211', data: bad });
    expect(checkInterchange(r.content).ok).toBe(true);
    expect(r.missingRequired).toContain('Shipper.Name');
  });
});

describe('writeInterchange purpose (B2A01)', () => {
  it('marks the first tender as original (00) and a correction as a change (04) with the same shipment id, in the 204 and the 211', () => {
    for (const type of ['204', '211'] as const) {
      const first = write({ type, controlNumber: 7 }).content;
      const change = write({ type, controlNumber: 8, purpose: 'change' }).content;
      expect(segment(first, 'B2A')).toMatch(/^B2A\*00(\*LT)?$/);
      expect(segment(change, 'B2A')).toMatch(/^B2A\*04(\*LT)?$/);
      // The partner matches a change to its original by the shipment identification (B204 / BOL03).
      const head = type === '204' ? 'B2' : 'BOL';
      expect(segment(change, head)).toBe(segment(first, head));
      expect(lines(change)[0]).toContain('*000000008*');
      expect(checkInterchange(change, { strict: true }).ok).toBe(true);
    }
  });

  it('refuses a purpose it cannot write', () => {
    expect(() => write({ purpose: 'cancel' as never })).toThrow(expect.objectContaining({ code: 'BAD_PURPOSE' }));
  });
});
