/**
 * Resolves request.principal from the Authorization bearer token or the X-API-Key header.
 * Resolution order: our own JWT, then an API key (as X-API-Key or bearer), then an external
 * OIDC access token when configured. It never rejects: the route guards decide.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Principal } from './principal.ts';
import { verifyAccessToken } from './tokens.ts';

export type PrincipalResolver = (ctx: AppContext, credential: string, request: FastifyRequest) => Promise<Principal | null>;

/** Extra resolvers (API keys, external OIDC) registered by their modules. */
export const extraResolvers: PrincipalResolver[] = [];

export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<void> {
  request.principal = null;
  const header = request.headers.authorization;
  const bearer = typeof header === 'string' && /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, '').trim() : null;
  const apiKey = typeof request.headers['x-api-key'] === 'string' ? request.headers['x-api-key'].trim() : null;
  const credential = apiKey || bearer;
  if (!credential) return;
  if (!apiKey) {
    const fromJwt = await verifyAccessToken(ctx.tokenKeys, credential);
    if (fromJwt) {
      request.principal = fromJwt;
      return;
    }
  }
  for (const resolve of extraResolvers) {
    const p = await resolve(ctx, credential, request);
    if (p) {
      request.principal = p;
      return;
    }
  }
}
