/** The bundled provider's RS256 signing key, created once and kept in the database (shared by every process). */
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Queryable } from '../../db/database.ts';

/** Loads the private JWK, creating it on first start; concurrent first starts agree on one row. */
export async function loadSigningKey(db: Queryable): Promise<JWK> {
  const read = async () => {
    const { rows } = await db.query<{ jwk: JWK | string }>('SELECT jwk FROM oidc_signing_keys WHERE id = 1');
    const jwk = rows[0]?.jwk;
    return typeof jwk === 'string' ? (JSON.parse(jwk) as JWK) : jwk;
  };
  const existing = await read();
  if (existing) return existing;
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
  await db.query('INSERT INTO oidc_signing_keys (id, jwk) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [JSON.stringify(jwk)]);
  return (await read())!;
}

/** The public half of a private RSA JWK (what JWKS publishes and the API verifies with). */
export function publicJwk(jwk: JWK): JWK {
  const { kty, n, e, kid, alg, use } = jwk;
  return { kty, n, e, kid, alg, use };
}
