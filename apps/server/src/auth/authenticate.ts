/**
 * Resolves request.principal from the Authorization bearer token or the X-API-Key header.
 * Resolution order: our own JWT, then an API key (as X-API-Key or bearer), then an OIDC access
 * token (bundled or external provider). Deleted users and tenants, and revoked sessions, resolve to nobody. In development
 * only, X-Dev-Role overrides the role. It never rejects: the route guards decide.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Principal } from './principal.ts';
import { verifyAccessToken } from './tokens.ts';
import { findSessionUser } from './sessions.ts';

export type PrincipalResolver = (ctx: AppContext, credential: string, request: FastifyRequest) => Promise<Principal | null>;

/** Extra resolvers (API keys, OIDC) registered by their modules. */
export const extraResolvers: PrincipalResolver[] = [];

export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<void> {
  request.principal = await resolvePrincipal(ctx, request);
  const devRole = request.headers['x-dev-role'];
  if (ctx.config.isDev && request.principal && (devRole === 'Admin' || devRole === 'User')) {
    request.principal = { ...request.principal, role: devRole };
  }
}

async function resolvePrincipal(ctx: AppContext, request: FastifyRequest): Promise<Principal | null> {
  const header = request.headers.authorization;
  const bearer = typeof header === 'string' && /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, '').trim() : null;
  const apiKey = typeof request.headers['x-api-key'] === 'string' ? request.headers['x-api-key'].trim() : null;
  const credential = apiKey || bearer;
  if (!credential) return null;
  if (!apiKey) {
    const claims = await verifyAccessToken(ctx.tokenKeys, credential);
    if (claims) {
      // The live row decides: deleted accounts, signed-out tokens and tokens from before a password
      // change or logout-everywhere are refused at once; role changes apply.
      const user = await findSessionUser(ctx.db, claims.principal.userId ?? '', claims.principal.tenantId, claims.tokenId);
      if (!user || user.revoked || claims.tokenVersion !== Number(user.token_version)) return null;
      return { ...claims.principal, role: user.role, email: user.email, name: user.name };
    }
  }
  for (const resolve of extraResolvers) {
    const p = await resolve(ctx, credential, request);
    if (p) return p;
  }
  return null;
}
