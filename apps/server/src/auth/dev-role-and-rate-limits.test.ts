import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, createTestUser, type TestApp } from '../../test/harness.ts';

let dev: TestApp;
let prod: TestApp;
beforeAll(async () => {
  [dev, prod] = await Promise.all([
    startTestApp({ NODE_ENV: 'development', RATE_LIMIT_AUTH_MAX: '3', RATE_LIMIT_API_KEY_MAX: '5' }),
    startTestApp({ NODE_ENV: 'production' }),
  ]);
});
afterAll(async () => { await Promise.all([dev?.close(), prod?.close()]); });

describe('X-Dev-Role', () => {
  it('makes a user Admin only when NODE_ENV=development', async () => {
    const d = await createTestUser(dev.ctx);
    expect((await dev.app.inject({ method: 'GET', url: '/api/admin/stats', headers: d.auth })).statusCode).toBe(403);
    const asAdmin = await dev.app.inject({ method: 'GET', url: '/api/admin/debug/auth-context', headers: { ...d.auth, 'x-dev-role': 'Admin' } });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().data.role).toBe('Admin');
    // Never without a signed-in user.
    expect((await dev.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { 'x-dev-role': 'Admin' } })).statusCode).toBe(401);

    // The password-login answer shows the development role too (the web app sends the header there).
    const signup = await dev.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { 'x-dev-role': 'Admin' }, payload: { email: 'devrole@example.com', password: 'dev password' } });
    expect(signup.json().data.user.role).toBe('Admin');
    const prodSignup = await prod.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { 'x-dev-role': 'Admin' }, payload: { email: 'devrole@example.com', password: 'dev password' } });
    expect(prodSignup.json().data.user.role).toBe('User');

    const p = await createTestUser(prod.ctx);
    const ignored = await prod.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { ...p.auth, 'x-dev-role': 'Admin' } });
    expect(ignored.statusCode).toBe(403);
    expect(ignored.json().message).toBe('Access denied. Admin privileges required.');
  });
});

describe('rate limits', () => {
  it('limits sign-in per IP + e-mail and answers 429 in the envelope', async () => {
    const login = (email: string) => dev.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-password' } });
    for (let i = 0; i < 3; i++) expect((await login('victim@example.com')).statusCode).toBe(401);
    const limited = await login('Victim@Example.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, data: null, message: 'Too many requests. Please wait a minute and try again.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another e-mail from the same address is counted apart.
    expect((await login('other@example.com')).statusCode).toBe(401);
  });

  it('ignores a forged X-Forwarded-For unless TRUST_PROXY says which proxy may set it', async () => {
    const login = (forwardedFor: string) => dev.app.inject({
      method: 'POST', url: '/api/auth/login', headers: { 'x-forwarded-for': forwardedFor }, payload: { email: 'spoof@example.com', password: 'wrong-password' },
    });
    for (let i = 0; i < 3; i++) expect((await login(`203.0.113.${i}`)).statusCode).toBe(401);
    expect((await login('203.0.113.99')).statusCode).toBe(429);
  });

  it('limits API-key calls per key', async () => {
    const u = await createTestUser(dev.ctx);
    const newKey = async () => (await dev.app.inject({ method: 'POST', url: '/api/apikeys', headers: u.auth, payload: { name: 'k' } })).json().data.apiKey.key as string;
    const [a, b] = [await newKey(), await newKey()];
    const call = (key: string) => dev.app.inject({ method: 'GET', url: '/api/processing/jobs', headers: { 'x-api-key': key } });
    for (let i = 0; i < 5; i++) expect((await call(a)).statusCode).toBe(200);
    const limited = await call(a);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().success).toBe(false);
    expect((await call(b)).statusCode).toBe(200);
    // Signed-in users are not counted against keys.
    for (let i = 0; i < 7; i++) expect((await dev.app.inject({ method: 'GET', url: '/api/processing/jobs', headers: u.auth })).statusCode).toBe(200);
  });
});
