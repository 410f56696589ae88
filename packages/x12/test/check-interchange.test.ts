import { describe, expect, it } from 'vitest';
import { checkInterchange, parseInterchange, writeInterchange } from '../src/index.ts';
import { FIXED, sampleData } from './sample-data.ts';

function written(type: '204' | '211' = '204', version: '4010' | '5010' | '7010' = '5010'): string {
  return writeInterchange({ type, version, data: sampleData(), ...FIXED, controlNumber: 4711 }).content;
}

function codes(text: string): string[] {
  return checkInterchange(text).issues.map((i) => i.code);
}

describe('checkInterchange', () => {
  it('accepts what the writer writes and reports type, version and ISA13', () => {
    expect(checkInterchange(written('211', '4010'))).toEqual({ ok: true, issues: [], type: '211', version: '004010', controlNumber: '000004711' });
  });

  it('rejects a wrong SE01 segment count with the numbers involved', () => {
    const r = checkInterchange(written().replace('SE*30*0001', 'SE*29*0001'));
    expect(r.ok).toBe(false);
    expect(r.issues).toContainEqual(expect.objectContaining({ code: 'COUNT_MISMATCH', message: expect.stringContaining('SE01 says 29 segments') }));
  });

  it('rejects an IEA02 that does not repeat ISA13', () => {
    expect(codes(written().replace('IEA*1*000004711', 'IEA*1*000004712'))).toContain('CONTROL_MISMATCH');
  });

  it('rejects a GE02 that does not repeat GS06 and a GE01 with the wrong set count', () => {
    expect(codes(written().replace('GE*1*4711', 'GE*1*4710'))).toContain('CONTROL_MISMATCH');
    expect(codes(written().replace('GE*1*4711', 'GE*2*4711'))).toContain('COUNT_MISMATCH');
  });

  it('rejects an SE02 that does not repeat ST02 and an IEA01 with the wrong group count', () => {
    expect(codes(written().replace('SE*30*0001', 'SE*30*0002'))).toContain('CONTROL_MISMATCH');
    expect(codes(written().replace('IEA*1*', 'IEA*3*'))).toContain('COUNT_MISMATCH');
  });

  it('rejects an ISA whose fixed widths were trimmed', () => {
    const r = checkInterchange(written().replace('LADINGWISE     *', 'LADINGWISE*'));
    expect(r.ok).toBe(false);
    expect(r.issues.map((i) => i.code)).toContain('ISA_LENGTH');
  });

  it('rejects a 204 without its mandatory B2 and a group with the wrong functional id', () => {
    const noB2 = written().replace(/B2\*\*ODFL[^~]*~\n/, '').replace('SE*30*', 'SE*29*');
    expect(checkInterchange(noB2).issues).toContainEqual(expect.objectContaining({ code: 'MISSING_SEGMENT', message: expect.stringContaining('B2') }));
    expect(codes(written().replace('GS*SM*', 'GS*BL*'))).toContain('FUNCTIONAL_ID_MISMATCH');
  });

  it('rejects text that is not X12', () => {
    expect(checkInterchange('')).toMatchObject({ ok: false, issues: [{ code: 'EMPTY' }] });
    expect(checkInterchange('hello world')).toMatchObject({ ok: false, issues: [{ code: 'NO_ISA' }] });
  });

  it('reads separators from the ISA and groups the 204 into loops', () => {
    const text = written('204', '5010').replace(/\*/g, '|').replace(/~\n/g, '\r\n').replace(/\|:\r\n/, '|>\r\n');
    const p = parseInterchange(text);
    expect(p.separators).toEqual({ element: '|', component: '>', repetition: '^', segment: '\r' });
    const r = checkInterchange(text);
    expect(r.issues).toEqual([]);
    const tx = parseInterchange(written()).groups[0]!.transactions[0]!;
    expect(tx.type).toBe('204');
    expect(tx.segments[0]!.elements).toEqual(['204', '0001']);
    expect(tx.loops.map((l) => `${l.id}:${l.segments.map((s) => s.id).join(',')}`)).toEqual([
      '0100:N1,N3,N4', '0100:N1,N3,N4', '0100:N1,N3,N4', '0300:S5,G62,AT8', '0300:S5,G62,AT8',
    ]);
    expect(tx.loops[3]!.loops.map((l) => l.segments.map((s) => s.elements.join('|')))).toEqual([['SH|Orion Plastics Inc', '1200 Industrial Pkwy', 'Dayton|OH|45404|US']]);
  });

  it('rejects envelope values that break the rules: GS08 vs ISA12, ISA11 in 00401, non-ASCII, usage indicator', () => {
    expect(codes(written('204', '5010').replace('*X*005010~', '*X*004010~'))).toContain('VERSION_MISMATCH');
    expect(codes(written('204', '4010').replace('*U*00401*', '*^*00401*'))).toContain('ISA_ELEMENT');
    expect(codes(written().replace('Orion Plastics Inc', 'Orión Plastics Inc'))).toContain('BAD_CHARACTER');
    expect(codes(written().replace('*0*P*:~', '*0*X*:~'))).toContain('ISA_ELEMENT');
  });

  it('rejects two transaction sets with the same ST02 in one group', () => {
    const text = written();
    const lines = text.split('~\n');
    const st = lines.findIndex((l) => l.startsWith('ST*'));
    const se = lines.findIndex((l) => l.startsWith('SE*'));
    const set = lines.slice(st, se + 1);
    const doubled = [...lines.slice(0, se + 1), ...set, ...lines.slice(se + 1)].join('~\n').replace('GE*1*', 'GE*2*');
    expect(codes(doubled)).toEqual(['DUPLICATE_CONTROL_NUMBER']);
  });
});
