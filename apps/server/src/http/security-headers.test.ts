/**
 * Anti-framing and content-security headers on every kind of page: the web app (or its fallback),
 * the API, the bundled provider's own pages (rendered outside Fastify's reply) and its sign-in pages,
 * each of which also shows the app's icon.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

let https: TestApp;
let plain: TestApp;
beforeAll(async () => {
  [https, plain] = await Promise.all([startTestApp({ PUBLIC_URL: 'https://ladingwise.example' }), startTestApp({ PUBLIC_URL: 'http://127.0.0.1:3999' })]);
});
afterAll(async () => { await Promise.all([https?.close(), plain?.close()]); });

const PAGES = [
  { url: '/', accept: 'text/html' },
  { url: '/app/documents', accept: 'text/html' },
  { url: '/api/health', accept: 'application/json' },
  { url: '/oidc/.well-known/openid-configuration', accept: 'application/json' },
  { url: '/oidc/auth?client_id=unknown-client&response_type=code&scope=openid', accept: 'text/html' },
  { url: '/oidc/interaction/expired-or-made-up', accept: 'text/html' },
];

describe('security headers', () => {
  it('forbid framing, sniffing and cross-site referrers on every page, and pin HTTPS when PUBLIC_URL is https', async () => {
    for (const { url, accept } of PAGES) {
      const res = await https.app.inject({ method: 'GET', url, headers: { accept } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
    }
    const overHttp = await plain.app.inject({ method: 'GET', url: '/api/health' });
    // A browser at another loopback name of the port still reaches the bundled provider, which names itself by PUBLIC_URL.
    expect(overHttp.headers['content-security-policy']).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:3999(;|$)/);
    expect(overHttp.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
  });

  it('serves an icon and links it from the sign-in pages, the provider\'s own error pages included', async () => {
    for (const url of ['/favicon.svg', '/favicon.ico']) {
      const icon = await https.app.inject({ method: 'GET', url });
      expect(icon.statusCode, url).toBe(200);
      expect(icon.headers['content-type'], url).toMatch(/^image\/svg\+xml/);
      expect(icon.body, url).toContain('<svg');
    }
    for (const url of ['/oidc/auth?client_id=unknown-client&response_type=code&scope=openid', '/oidc/interaction/expired-or-made-up']) {
      const page = await https.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.body, url).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    }
  });
});
