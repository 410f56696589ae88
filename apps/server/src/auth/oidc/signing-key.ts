/**
 * The bundled provider's RS256 signing key, created once and kept in the database (shared by every
 * process), sealed (sealing.ts) under the server secret: a copy of the database alone cannot sign
 * tokens. A key stored in the clear by an older version, or sealed under JWT_SECRET_PREVIOUS, is
 * sealed again under the current secret when it is loaded.
 */
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Queryable } from '../../db/database.ts';
import { seal, unseal, type SealingKeys } from '../../sealing.ts';

export const SIGNING_KEY_PURPOSE = 'ladingwise oidc signing key';

type Stored = JWK | { sealed: string };

/** Loads the private JWK, creating it on first start; concurrent first starts agree on one row. */
export async function loadSigningKey(db: Queryable, keys: SealingKeys): Promise<JWK> {
  const read = async (): Promise<Stored | undefined> => {
    const { rows } = await db.query<{ jwk: Stored | string }>('SELECT jwk FROM oidc_signing_keys WHERE id = 1');
    const jwk = rows[0]?.jwk;
    return typeof jwk === 'string' ? (JSON.parse(jwk) as Stored) : jwk;
  };
  let stored = await read();
  if (!stored) {
    const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
    await db.query('INSERT INTO oidc_signing_keys (id, jwk) VALUES (1, $1) ON CONFLICT (id) DO NOTHING',
      [JSON.stringify({ sealed: seal(keys, SIGNING_KEY_PURPOSE, JSON.stringify(jwk)) })]);
    stored = (await read())!;
  }
  const opened = 'sealed' in stored && typeof stored.sealed === 'string'
    ? unseal(keys, SIGNING_KEY_PURPOSE, stored.sealed)
    : { plain: JSON.stringify(stored), stale: true };
  if (!opened) {
    throw new Error('The OpenID signing key cannot be read: the server secret (JWT_SECRET) changed. Start once with JWT_SECRET_PREVIOUS set to the old value, '
      + 'or delete the row of oidc_signing_keys to create a new key (every hosted-login session then ends).');
  }
  if (opened.stale) {
    await db.query('UPDATE oidc_signing_keys SET jwk = $1 WHERE id = 1', [JSON.stringify({ sealed: seal(keys, SIGNING_KEY_PURPOSE, opened.plain) })]);
  }
  return JSON.parse(opened.plain) as JWK;
}

/** The public half of a private RSA JWK (what JWKS publishes and the API verifies with). */
export function publicJwk(jwk: JWK): JWK {
  const { kty, n, e, kid, alg, use } = jwk;
  return { kty, n, e, kid, alg, use };
}
