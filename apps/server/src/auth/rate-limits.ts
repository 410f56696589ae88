/**
 * Rate limits (@fastify/rate-limit, counters in the database so all API processes count together):
 * sign-in, sign-up and password calls per IP + e-mail, and every API-key-authenticated call per key.
 * Over the limit: 429 in the envelope. Store: rate-limit-store.ts (fails open on database errors).
 */
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Config } from '../config.ts';
import { errors } from '../errors/catalogue.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';

const emailOf = (req: FastifyRequest): string => {
  const b = (req.body ?? {}) as Record<string, unknown>;
  const e = b.email ?? b.Email ?? b.userEmail ?? b.UserEmail;
  return typeof e === 'string' ? e.trim().toLowerCase() : '';
};

/** Registers the plugin (before any route) with the per-API-key limit as its global rule. */
export async function installRateLimits(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    // One store for the global rule and every route rule (they reuse it through child()).
    store: databaseRateLimitStore(ctx.db, ctx.logger),
    // After authentication (onRequest) so the key is known.
    hook: 'preHandler',
    max: ctx.config.RATE_LIMIT_API_KEY_MAX,
    timeWindow: ctx.config.RATE_LIMIT_WINDOW_SECONDS * 1000,
    allowList: (req) => req.principal?.via !== 'apikey',
    keyGenerator: (req) => `apikey:${req.principal?.apiKeyId ?? ''}`,
    errorResponseBuilder: () => errors.tooManyRequests(),
  });
}

/** Route config for sign-in, sign-up and password calls: per IP + e-mail (read from the parsed body). */
export function authRateLimit(config: Config, group: string): { rateLimit: RateLimitOptions } {
  return {
    rateLimit: {
      hook: 'preHandler',
      max: config.RATE_LIMIT_AUTH_MAX,
      timeWindow: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
      allowList: () => false,
      keyGenerator: (req) => `${group}:${req.ip}:${emailOf(req) || (req.principal?.userId ?? '')}`,
      errorResponseBuilder: () => errors.tooManyRequests(),
    },
  };
}
