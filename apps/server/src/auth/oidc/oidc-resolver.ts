/**
 * Accepts OIDC access tokens (JWT) on the API: from the bundled provider (its in-process public key)
 * or from an external issuer (discovery + remote JWKS). External identities are mapped by issuer +
 * subject; the first sight of one creates its user and tenant.
 */
import { createLocalJWKSet, createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { AppContext } from '../../context.ts';
import type { Principal } from '../principal.ts';
import { extraResolvers, type PrincipalResolver } from '../authenticate.ts';
import { createAccount, findByExternalSubject, findUserByEmail, releaseExternalSubject, type UserRow } from '../../accounts/account-store.ts';
import { findSessionUser } from '../sessions.ts';
import { DomainError } from '../../errors/domain-error.ts';
import type { BundledProvider } from './bundled-provider.ts';
import { oidcSettings } from './oidc-settings.ts';

interface Verifier { issuer: string; audience: string; keys: JWTVerifyGetKey; external: boolean }

const verifiers = new WeakMap<AppContext, Promise<Verifier | null>>();

/** Lets the API accept the bundled provider's tokens (called when the provider is built). */
export function useBundledVerifier(ctx: AppContext, bundled: BundledProvider): void {
  verifiers.set(ctx, Promise.resolve({ issuer: bundled.settings.issuer!, audience: bundled.settings.audience!, keys: createLocalJWKSet(bundled.jwks), external: false }));
}

/** The external issuer's verifier, from its discovery document (fetched once per process; retried after a failure). */
async function externalVerifier(ctx: AppContext): Promise<Verifier | null> {
  const s = oidcSettings(ctx.config);
  if (s.mode !== 'external' || !s.issuer) return null;
  const res = await fetch(`${s.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`OIDC discovery failed: HTTP ${res.status}`);
  const doc = (await res.json()) as { issuer?: string; jwks_uri?: string };
  if (!doc.issuer || !doc.jwks_uri) throw new Error('OIDC discovery document lacks issuer or jwks_uri');
  return { issuer: doc.issuer, audience: s.audience ?? s.clientId ?? '', keys: createRemoteJWKSet(new URL(doc.jwks_uri)), external: true };
}

function verifierFor(ctx: AppContext): Promise<Verifier | null> {
  let v = verifiers.get(ctx);
  if (!v) {
    v = externalVerifier(ctx).catch((err: unknown) => {
      ctx.logger.warn({ err }, 'OIDC discovery failed; will retry on the next token');
      verifiers.delete(ctx);
      return null;
    });
    verifiers.set(ctx, v);
  }
  return v;
}

const adminFromClaims = (p: JWTPayload): boolean =>
  Object.entries(p).some(([k, v]) => (/roles$/i.test(k) ? (Array.isArray(v) ? v : [v]).some((r) => typeof r === 'string' && r.toLowerCase() === 'admin') : k === 'role' && v === 'Admin'));

const claimEmail = (p: JWTPayload): string | null => {
  for (const [k, v] of Object.entries(p)) if ((k === 'email' || k.endsWith('/email')) && typeof v === 'string' && v.includes('@')) return v.trim().toLowerCase();
  return null;
};

const claimName = (p: JWTPayload): string | null => {
  for (const [k, v] of Object.entries(p)) if ((k === 'name' || k.endsWith('/name')) && typeof v === 'string' && v.trim()) return v.trim().slice(0, 200);
  return null;
};

/** Finds or creates the user for an external identity; null when that identity's account was deleted after the token was issued. */
async function userForExternal(ctx: AppContext, issuer: string, p: JWTPayload & { sub: string }): Promise<UserRow | null> {
  const subject = `${issuer}|${p.sub}`;
  const known = await findByExternalSubject(ctx.db, subject);
  if (known && !known.deleted_at) return known;
  if (known?.deleted_at) {
    // A token from before the deletion stays refused; a later sign-in starts a fresh account.
    if (!p.iat || p.iat * 1000 <= new Date(known.deleted_at).getTime()) return null;
    await releaseExternalSubject(ctx.db, known.id);
  }
  const host = new URL(issuer).hostname;
  const email = claimEmail(p) ?? `${p.sub.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 64)}@${host}`;
  try {
    return await ctx.db.transaction(async (tx) => {
      // Same e-mail as a built-in account that has no external identity yet: link it (the operator trusts this issuer).
      const existing = await findUserByEmail(tx, email);
      if (existing) {
        const { rows } = await tx.query('UPDATE users SET external_subject = $2 WHERE id = $1 AND external_subject IS NULL RETURNING id', [existing.id, subject]);
        if (rows.length) return existing;
      }
      return createAccount(tx, { email, name: claimName(p), passwordHash: null, externalSubject: subject, adminEmails: ctx.config.ADMIN_EMAILS, via: 'oidc-external' });
    });
  } catch (err) {
    // A concurrent first request created it, or the e-mail belongs to another external identity.
    const again = await findByExternalSubject(ctx.db, subject);
    if (again && !again.deleted_at) return again;
    if (err instanceof DomainError) return null;
    throw err;
  }
}

const oidcResolver: PrincipalResolver = async (ctx, credential) => {
  if (credential.split('.').length !== 3) return null;
  let alg: string | undefined;
  try {
    alg = decodeProtectedHeader(credential).alg;
  } catch {
    // Not a JWT header at all: not a credential of this issuer.
    return null;
  }
  if (!alg || alg === 'HS256' || alg === 'none') return null;
  const v = await verifierFor(ctx);
  if (!v) return null;
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(credential, v.keys, { issuer: v.issuer, audience: v.audience, currentDate: ctx.now() }));
  } catch {
    // Bad signature, wrong issuer or audience, expired: no principal, so the request is refused (401).
    return null;
  }
  if (typeof payload.sub !== 'string' || !payload.sub) return null;
  const found = v.external ? await userForExternal(ctx, v.issuer, payload as JWTPayload & { sub: string }) : null;
  if (v.external && !found) return null;
  const tokenId = typeof payload.jti === 'string' ? payload.jti : null;
  const user = await findSessionUser(ctx.db, found?.id ?? payload.sub, null, tokenId);
  if (!user || user.revoked) return null;
  // Our provider stamps the user's token version (tv); an external issuer's tokens are judged by when
  // they were issued against the last revocation (logout everywhere, password change, deletion).
  if (!v.external && payload.tv !== Number(user.token_version)) return null;
  if (v.external && user.tokens_revoked_at && (payload.iat ?? 0) * 1000 <= new Date(user.tokens_revoked_at).getTime()) return null;
  const principal: Principal = {
    userId: user.id, tenantId: user.tenant_id, email: user.email, name: user.name, via: 'oidc',
    role: user.role === 'Admin' || (v.external && adminFromClaims(payload)) ? 'Admin' : 'User',
    ...(tokenId ? { session: { tokenId, expiresAt: new Date((payload.exp ?? 0) * 1000), ...(typeof payload.gid === 'string' ? { grantId: payload.gid } : {}) } } : {}),
  };
  return principal;
};
if (!extraResolvers.includes(oidcResolver)) extraResolvers.push(oidcResolver);
