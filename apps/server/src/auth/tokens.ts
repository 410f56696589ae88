/** Access tokens: HS256 JWTs signed with the server secret, carrying user, tenant and role. */
import { SignJWT, jwtVerify } from 'jose';
import type { Principal, Role } from './principal.ts';

const ISSUER = 'ladingwise';

export interface TokenKeys { secret: Uint8Array; ttlSeconds: number }

/** Issues an access token for a user. */
export async function issueAccessToken(keys: TokenKeys, user: { userId: string; tenantId: string; role: Role; email: string; name: string | null }): Promise<string> {
  return new SignJWT({ tid: user.tenantId, role: user.role, email: user.email, name: user.name })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${keys.ttlSeconds}s`)
    .sign(keys.secret);
}

/** Verifies a token and returns its principal, or null when invalid or expired. */
export async function verifyAccessToken(keys: TokenKeys, token: string): Promise<Principal | null> {
  try {
    const { payload } = await jwtVerify(token, keys.secret, { issuer: ISSUER, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.tid !== 'string') return null;
    return {
      userId: payload.sub,
      tenantId: payload.tid,
      role: payload.role === 'Admin' ? 'Admin' : 'User',
      email: typeof payload.email === 'string' ? payload.email : null,
      name: typeof payload.name === 'string' ? payload.name : null,
      via: 'token',
    };
  } catch {
    // Bad signature, expired or malformed: no principal, so the request is refused (401).
    return null;
  }
}
