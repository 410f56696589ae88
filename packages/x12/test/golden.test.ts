import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkInterchange, writeInterchange } from '../src/index.ts';
import { FIXED, sampleData } from './sample-data.ts';

// Set UPDATE_GOLDEN=1 to rewrite the files after an intended change; review the diff by eye.
const update = process.env.UPDATE_GOLDEN === '1';

describe('golden interchanges', () => {
  for (const type of ['204', '211'] as const) {
    for (const version of ['4010', '5010', '7010'] as const) {
      it(`writes the ${type} in ${version} exactly as reviewed`, () => {
        const file = fileURLToPath(new URL(`./golden/${type}-${version}.x12`, import.meta.url));
        const r = writeInterchange({ type, version, data: sampleData(), ...FIXED });
        expect(r.missingRequired).toEqual([]);
        expect(checkInterchange(r.content, { strict: true })).toMatchObject({ ok: true, issues: [] });
        if (update) writeFileSync(file, r.content);
        expect(r.content).toBe(readFileSync(file, 'utf8'));
      });
    }
  }
});
