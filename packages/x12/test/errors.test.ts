import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ISSUE_CODES, WRITE_ERROR_CODES } from '../src/index.ts';

const srcDir = fileURLToPath(new URL('../src/', import.meta.url));
const source = readdirSync(srcDir).filter((f) => f.endsWith('.ts')).map((f) => readFileSync(srcDir + f, 'utf8')).join('\n');

describe('issue catalogue', () => {
  it('documents every issue code the sources emit', () => {
    const used = new Set([...source.matchAll(/issue\('([A-Z_]+)'/g)].map((m) => m[1]!));
    for (const m of source.matchAll(/X12ParseError\('([A-Z_]+)'/g)) used.add(m[1]!);
    expect([...used].filter((c) => !(c in ISSUE_CODES))).toEqual([]);
  });

  it('documents every write error code the sources throw', () => {
    const used = new Set([...source.matchAll(/X12WriteError\('([A-Z_]+)'/g)].map((m) => m[1]!));
    expect([...used].filter((c) => !(c in WRITE_ERROR_CODES))).toEqual([]);
  });
});
