/** Who is calling: set on every request by the authenticate hook, read by the guards. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../errors/catalogue.ts';

export type Role = 'User' | 'Admin';

export interface Principal {
  userId: string | null; // null for API-key calls
  tenantId: string;
  role: Role;
  email: string | null;
  name: string | null;
  via: 'token' | 'apikey' | 'oidc';
  apiKeyId?: string;
  /** The signed-in session's token (user tokens only): what logout revokes. */
  session?: { tokenId: string; expiresAt: Date; grantId?: string };
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** Guard: a signed-in user (token or OIDC), not an API key. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.principal || request.principal.via === 'apikey') throw errors.unauthorized();
}

/** Guard: a signed-in user or an API key of the tenant (processing, image and EDI-download calls). */
export async function requireTenant(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.principal) throw errors.unauthorized();
}

/** Guard: the Admin role. */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.principal || request.principal.via === 'apikey') throw errors.unauthorized();
  if (request.principal.role !== 'Admin') throw errors.forbiddenAdmin();
}

/** The caller's principal inside a guarded handler. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw errors.unauthorized();
  return request.principal;
}
