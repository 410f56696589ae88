/**
 * Access tokens: HS256 JWTs signed with the server secret, carrying user, tenant, role, the user's
 * token version (tv) and an id (jti). Signature and expiry are checked here; whether the session is
 * still live (version unchanged, not signed out) is checked against the database on every request
 * (authenticate.ts), so logout and password changes take effect at once.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Principal, Role } from './principal.ts';

const ISSUER = 'ladingwise';

/** previous: the server secret before a rotation (JWT_SECRET_PREVIOUS), accepted only to open sealed values. */
export interface TokenKeys { secret: Uint8Array; previous?: Uint8Array | undefined; ttlSeconds: number }

/** What a verified token claims, before the database has had its say. */
export interface TokenClaims { principal: Principal; tokenVersion: number; tokenId: string | null; expiresAt: Date }

/** Issues an access token for a user at their current token version. */
export async function issueAccessToken(keys: TokenKeys, user: { userId: string; tenantId: string; role: Role; email: string; name: string | null; tokenVersion?: number }): Promise<string> {
  return new SignJWT({ tid: user.tenantId, role: user.role, email: user.email, name: user.name, tv: user.tokenVersion ?? 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.userId)
    .setIssuer(ISSUER)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${keys.ttlSeconds}s`)
    .sign(keys.secret);
}

/** Verifies a token's signature and expiry; null when invalid or expired. */
export async function verifyAccessToken(keys: TokenKeys, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keys.secret, { issuer: ISSUER, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.tid !== 'string') return null;
    const tokenId = typeof payload.jti === 'string' ? payload.jti : null;
    return {
      principal: {
        userId: payload.sub,
        tenantId: payload.tid,
        role: payload.role === 'Admin' ? 'Admin' : 'User',
        email: typeof payload.email === 'string' ? payload.email : null,
        name: typeof payload.name === 'string' ? payload.name : null,
        via: 'token',
        ...(tokenId ? { session: { tokenId, expiresAt: new Date((payload.exp ?? 0) * 1000) } } : {}),
      },
      tokenVersion: typeof payload.tv === 'number' ? payload.tv : 0,
      tokenId,
      expiresAt: new Date((payload.exp ?? 0) * 1000),
    };
  } catch {
    // Bad signature, expired or malformed: no principal, so the request is refused (401).
    return null;
  }
}
