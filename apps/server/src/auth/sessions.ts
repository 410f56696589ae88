/**
 * Session revocation. Each user has a token version; every access token we or the bundled provider
 * issue carries it, and a request whose token carries an older version is refused. Bumping it (logout
 * everywhere, password change or reset, account deletion) ends every session of the user at once,
 * and deletes the bundled provider's sessions, grants and refresh tokens with it. Signing out one
 * session puts that token's id on a deny list until the token would have expired anyway.
 */
import type { Queryable } from '../db/database.ts';
import { endOidcSessions, type UserRow } from '../accounts/account-store.ts';

export interface SessionUser extends UserRow { token_version: number; tokens_revoked_at: Date | null; revoked: boolean }

/** The live user behind a token, its token version, and whether this token id was signed out. */
export async function findSessionUser(db: Queryable, userId: string, tenantId: string | null, tokenId: string | null): Promise<SessionUser | null> {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return null;
  const { rows } = await db.query<SessionUser>(
    `SELECT u.id, u.tenant_id, u.email, u.name, u.role, u.password_hash, u.token_version, u.tokens_revoked_at,
       ($3::text IS NOT NULL AND EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = $3::text)) AS revoked
     FROM users u JOIN tenants t ON t.id = u.tenant_id
     WHERE u.id = $1 AND ($2::uuid IS NULL OR u.tenant_id = $2::uuid) AND u.deleted_at IS NULL AND t.deleted_at IS NULL`,
    [userId, tenantId, tokenId]);
  return rows[0] ?? null;
}

/** Ends every session of these users: older tokens are refused from now on, provider refresh tokens deleted. */
export async function revokeAllSessions(tx: Queryable, userIds: string[], at: Date): Promise<void> {
  if (userIds.length === 0) return;
  await tx.query('UPDATE users SET token_version = token_version + 1, tokens_revoked_at = $2 WHERE id = ANY($1::uuid[])', [userIds, at]);
  await endOidcSessions(tx, userIds);
}

/** Signs out one token (by its id) until it expires. */
export async function revokeToken(db: Queryable, tokenId: string, expiresAt: Date, now: Date): Promise<void> {
  await db.query('INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, $2) ON CONFLICT (jti) DO NOTHING', [tokenId, expiresAt]);
  await db.query('DELETE FROM revoked_tokens WHERE expires_at < $1', [now]);
}

/** The token version a user's new tokens carry. */
export async function currentTokenVersion(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ token_version: number }>('SELECT token_version FROM users WHERE id = $1', [userId]);
  return Number(rows[0]?.token_version ?? 0);
}
