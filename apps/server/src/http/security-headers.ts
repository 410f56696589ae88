/**
 * Security headers on every answer: the web app, the API and the bundled sign-in pages (/oidc,
 * whose responses bypass Fastify's reply, hence headers set on the raw response at onRequest).
 * - Content-Security-Policy: scripts, styles, images and connections from this origin only (plus
 *   the OpenID provider's origin, which the browser calls for tokens); nothing may frame
 *   the app (frame-ancestors 'none', with X-Frame-Options for old browsers). Inline styles stay
 *   allowed: the sign-in pages carry one <style> and UI libraries set style attributes.
 * - X-Content-Type-Options: nosniff; Referrer-Policy: same-origin (job ids in URLs stay home).
 * - Strict-Transport-Security when PUBLIC_URL is https (the only case where the server knows
 *   browsers reach it over TLS).
 */
import type { FastifyInstance } from 'fastify';
import { oidcSettings } from '../auth/oidc/oidc-settings.ts';
import type { Config } from '../config.ts';

export function securityHeaders(config: Config): Record<string, string> {
  // The sign-in provider may answer at another origin than the one the page was loaded from: an external
  // provider, or the bundled one, which names itself by PUBLIC_URL while the browser may be at another
  // loopback name of the same port.
  const connect = ["'self'"];
  const { issuer } = oidcSettings(config);
  if (issuer) connect.push(new URL(issuer).origin);
  const csp = [
    "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:",
    "font-src 'self' data:", `connect-src ${connect.join(' ')}`, "object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
    ...(config.PUBLIC_URL?.startsWith('https://') ? { 'strict-transport-security': 'max-age=31536000' } : {}),
  };
}

export function installSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = Object.entries(securityHeaders(config));
  app.addHook('onRequest', async (_request, reply) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
  });
}
