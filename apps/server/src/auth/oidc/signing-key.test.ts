/** Secrets at rest, part two: the OpenID provider's private key is stored sealed under the server secret. */
import { generateKeyPair, exportJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.ts';
import type { Database } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import { loadSigningKey } from './signing-key.ts';

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
  await migrate(db);
});
afterAll(async () => { await db.close(); await drop(); });

const enc = (s: string) => new TextEncoder().encode(s);
const oldSecret = enc('o'.repeat(40));
const newSecret = enc('n'.repeat(40));
const storedRow = async () => JSON.stringify((await db.query('SELECT jwk FROM oidc_signing_keys WHERE id = 1')).rows[0]);

describe('OIDC signing key at rest', () => {
  it('keeps no private key material in the database, and reads the same key back', async () => {
    const key = await loadSigningKey(db, { secret: oldSecret });
    for (const part of [key.d, key.p, key.q, key.dp, key.dq, key.qi]) {
      expect(typeof part).toBe('string');
      expect(await storedRow()).not.toContain(part);
    }
    expect(await storedRow()).toMatch(/"sealed":"v1:/);
    expect((await loadSigningKey(db, { secret: oldSecret })).d).toBe(key.d);
  });

  it('refuses to start on another server secret, and says how to rotate', async () => {
    await expect(loadSigningKey(db, { secret: newSecret })).rejects.toThrow(/JWT_SECRET_PREVIOUS/);
  });

  it('re-seals under the new secret during a rotation (JWT_SECRET_PREVIOUS), after which the old secret is not needed', async () => {
    const before = await loadSigningKey(db, { secret: oldSecret });
    const rotated = await loadSigningKey(db, { secret: newSecret, previous: oldSecret });
    expect(rotated.kid).toBe(before.kid);
    expect((await loadSigningKey(db, { secret: newSecret })).d).toBe(before.d);
    await expect(loadSigningKey(db, { secret: oldSecret })).rejects.toThrow(/cannot be read/);
  });

  it('seals a key an older version stored in the clear', async () => {
    const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const plain = { ...(await exportJWK(privateKey)), kid: 'legacy', alg: 'RS256', use: 'sig' };
    await db.query('UPDATE oidc_signing_keys SET jwk = $1 WHERE id = 1', [JSON.stringify(plain)]);
    expect((await loadSigningKey(db, { secret: newSecret })).kid).toBe('legacy');
    expect(await storedRow()).not.toContain(plain.d!);
  });
});
