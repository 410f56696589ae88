import { describe, expect, it } from 'vitest';
import { checkInterchange, parseInterchange } from '../src/index.ts';

/** Builds an interchange the way another system might: its own delimiters, CRLF, extra segments. */
function interchange(isa: string, gs: string, body: string[], type: string, d = { el: '*', seg: '~' }): string {
  const st = [`ST${d.el}${type}${d.el}12345001`, ...body];
  const set = [...st, `SE${d.el}${st.length + 1}${d.el}12345001`];
  return [isa, gs, ...set, `GE${d.el}1${d.el}12345`, `IEA${d.el}1${d.el}000012345`].map((s) => s + d.seg + '\r\n').join('');
}

const ISA_4010 = 'ISA*00*          *00*          *02*ABCD           *ZZ*PARTNER        *250101*1200*U*00401*000012345*0*T*>';

describe('reading interchanges written elsewhere', () => {
  it('accepts a carrier-style 204 with segments Ladingwise does not write (G62 with time, MS3, NTE, N7, LAD, G61)', () => {
    const text = interchange(ISA_4010, 'GS*SM*ABCD*PARTNER*20250101*1200*12345*X*004010', [
      'B2**ABCD**SH123456**PP', 'B2A*00*LT', 'L11*REF1*SI', 'G62*64*20250101*1*1200', 'MS3*ABCD*B**M', 'NTE*LOI*Handle with care',
      'N1*BT*Broker Inc*93*123', 'N3*1 Main St', 'N4*Chicago*IL*60601*US', 'N7**TRAILER1*********TL',
      'S5*1*LD*10000*L*10*PCS', 'L11*PU123*PU', 'G62*37*20250102*G*0800', 'AT8*G*L*10000*10', 'LAD*PLT*10', 'NTE*GEN*Dock 5',
      'N1*SF*Shipper Co*93*SHP1', 'N3*5 Elm St', 'N4*Dayton*OH*45402*US', 'G61*IC*John*TE*5555555555',
      'S5*2*UL*10000*L*10*PCS', 'G62*53*20250103', 'N1*ST*Receiver Co', 'N4*Toledo*OH*43604', 'L3*10000*G',
    ], '204');
    expect(checkInterchange(text)).toEqual({ ok: true, issues: [], type: '204', version: '004010', controlNumber: '000012345' });
    const tx = parseInterchange(text).groups[0]!.transactions[0]!;
    expect(tx.loops.map((l) => l.id)).toEqual(['0100', '0200', '0300', '0300']);
    expect(tx.loops[2]!.loops[0]!.segments.map((s) => s.id)).toEqual(['N1', 'N3', 'N4', 'G61']);
  });

  it('accepts a 5010 211 with hazardous-material and marks loops, read with | and > delimiters', () => {
    const isa = ISA_4010.replace(/\*/g, '|').replace('|U|00401|', '|^|00501|');
    const d = { el: '|', seg: '~' };
    const text = interchange(isa, 'GS|BL|ABCD|PARTNER|20250101|1200|12345|X|005010', [
      'BOL|ABCD|CC|778812|20250102||PRO1', 'B2A|00', 'MS3|ABCD|B', 'L11|778812|BM', 'K1|Call before delivery',
      'N1|SH|Shipper Co', 'N3|5 Elm St', 'N4|Dayton|OH|45402',
      'AT1|1', 'AT4|Paint, flammable', 'AT2|2|PLT|G|L|900', 'MAN|GM|LABEL1', 'G61|HM|Emergency|TE|8005551212', 'LH1|DRM|4|UN1263',
    ], '211', d);
    const r = checkInterchange(text);
    expect(r.issues).toEqual([]);
    expect(parseInterchange(text).separators).toEqual({ element: '|', component: '>', repetition: '^', segment: '~' });
  });

  it('checks only the envelope of other transaction sets and says so', () => {
    const text = interchange(ISA_4010, 'GS*PO*ABCD*PARTNER*20250101*1200*12345*X*004010', ['BEG*00*SA*PO1**20250101', 'PO1*1*10*EA*9.5'], '850');
    expect(checkInterchange(text)).toMatchObject({ ok: false, type: '850', issues: [{ code: 'UNSUPPORTED_TRANSACTION' }] });
  });

  it('reports a known segment out of its place in the 204', () => {
    const text = interchange(ISA_4010, 'GS*SM*ABCD*PARTNER*20250101*1200*12345*X*004010', [
      'B2A*00*LT', 'B2**ABCD**SH1**PP', 'S5*1*CL',
    ], '204');
    const codes = checkInterchange(text).issues.map((i) => i.code);
    expect(codes).toContain('MISSING_SEGMENT');
    expect(codes).toContain('ORDER');
  });

  it('reports element problems: too long, bad date, bad number', () => {
    const text = interchange(ISA_4010, 'GS*SM*ABCD*PARTNER*20250101*1200*12345*X*004010', [
      `B2**ABCDE**${'X'.repeat(31)}**PP`, 'B2A*00*LT', 'S5*1*CL', 'G62*10*20250230', 'AT8*G*L*heavy',
    ], '204');
    const issues = checkInterchange(text).issues;
    expect(issues.map((i) => `${i.code} ${i.path}`)).toEqual([
      'ELEMENT_TOO_LONG B2[4].B202', 'ELEMENT_TOO_LONG B2[4].B204', 'BAD_DATE G62[7].G6202', 'BAD_NUMBER AT8[8].AT803',
    ]);
  });
});
