import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runEdiCli } from '../src/cli.ts';
import { writeInterchange } from '../src/index.ts';
import { FIXED, sampleData } from './sample-data.ts';

function sink(): Writable & { text: string } {
  const w = new Writable({
    write(chunk, _enc, cb) {
      w.text += String(chunk);
      cb();
    },
  }) as Writable & { text: string };
  w.text = '';
  return w;
}

async function run(argv: string[], files: Record<string, string> = {}) {
  const stdout = sink();
  const stderr = sink();
  const code = await runEdiCli(argv, {
    readFile: async (p) => {
      const f = files[p];
      if (f === undefined) throw new Error('ENOENT: no such file');
      return f;
    },
    stdout,
    stderr,
    now: () => FIXED.now,
  });
  return { code, out: stdout.text, err: stderr.text };
}

function camel(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(camel);
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k.charAt(0).toLowerCase() + k.slice(1), camel(x)]));
}

describe('ladingwise edi', () => {
  it('prints a 211 in 7010 from camelCase {extractedData} input with the given IDs and control number', async () => {
    const json = JSON.stringify({ extractedData: camel(sampleData()) });
    const r = await run(['--type', '211', '--x12', '7010', '--sender', 'ACME', '--receiver', 'ODFLEDI', '--control', '77', 'x.json'], { 'x.json': json });
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[0]).toBe('ISA*00*          *00*          *ZZ*ACME           *ZZ*ODFLEDI        *261122*1405*^*00701*000000077*0*P*:~');
    expect(r.out).toBe(writeInterchange({ type: '211', version: '7010', data: sampleData(), ...FIXED, senderId: 'ACME', controlNumber: 77 }).content);
    expect(r.out).toContain('BOL*ODFL*PP*778812*20261120**0123456789~');
    expect(r.err).toBe('');
  });

  it('writes a change (B2A*04) with --change', async () => {
    const json = JSON.stringify(sampleData());
    const r = await run(['--type', '204', '--x12', '5010', '--change', 'x.json'], { 'x.json': json });
    expect(r.code).toBe(0);
    expect(r.out).toContain('B2A*04*LT~');
  });

  it('lists missing required fields on stderr and still prints the interchange', async () => {
    const r = await run(['--type', '204', '--x12', '4010', 'x.json'], { 'x.json': JSON.stringify({ References: { BolNumber: 'B1' } }) });
    expect(r.code).toBe(0);
    expect(r.out).toContain('ST*204*0001~');
    expect(r.err).toContain('Carrier.Scac');
    expect(r.err).toContain('Shipper.Name');
  });

  it('checks a file: OK line for a valid one, reasons and exit 1 for a tampered one', async () => {
    const good = writeInterchange({ type: '204', version: '5010', data: sampleData(), ...FIXED }).content;
    const ok = await run(['--check', 'a.x12'], { 'a.x12': good });
    expect(ok).toMatchObject({ code: 0, out: 'OK 204 005010 ISA 000000001\n' });
    const bad = await run(['--check', 'b.x12'], { 'b.x12': good.replace('IEA*1*000000001', 'IEA*1*000000009') });
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('CONTROL_MISMATCH');
    expect(bad.out).toContain('IEA02 000000009 does not match ISA13 000000001');
  });

  it('exits 2 with a clear message on bad arguments', async () => {
    expect(await run(['--type', '210', '--x12', '5010', 'x.json'])).toMatchObject({ code: 2, err: expect.stringContaining('--type must be 204 or 211') });
    expect(await run(['--type', '204', '--x12', '6010', 'x.json'])).toMatchObject({ code: 2, err: expect.stringContaining('--x12 must be 4010, 5010 or 7010') });
    expect(await run(['--type', '204', '--x12', '5010'])).toMatchObject({ code: 2, err: expect.stringContaining('exactly one') });
    expect(await run(['--type', '204', '--x12', '5010', '--control', 'abc', 'x.json'])).toMatchObject({ code: 2, err: expect.stringContaining('--control') });
    expect(await run(['--type', '204', '--x12', '5010', '--receiver', 'WAY-TOO-LONG-RECEIVER-ID', 'x.json'], { 'x.json': '{}' })).toMatchObject({ code: 2, err: expect.stringContaining('receiverId') });
    expect(await run(['--bogus'])).toMatchObject({ code: 2, err: expect.stringContaining('Unknown option --bogus') });
    expect(await run(['--type', '204', '--x12', '5010', 'missing.json'])).toMatchObject({ code: 2, err: expect.stringContaining('Cannot read missing.json') });
    expect(await run(['--type', '204', '--x12', '5010', 'x.json'], { 'x.json': 'not json' })).toMatchObject({ code: 2, err: expect.stringContaining('not JSON') });
  });

  it('prints help', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('ladingwise edi --check FILE.x12');
  });
});
