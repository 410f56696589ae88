import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, createTestUser, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t.close(); });

describe('first-time setup and profile', () => {
  it('initializes exactly once under 10 concurrent calls', async () => {
    const u = await createTestUser(t.ctx);
    const before = await t.app.inject({ method: 'GET', url: '/api/user/is-initialized', headers: u.auth });
    expect(before.json().data.isInitialized).toBe(false);
    const res = await Promise.all(Array.from({ length: 10 }, () => t.app.inject({ method: 'POST', url: '/api/user/initialize', headers: u.auth })));
    expect(res.every((r) => r.statusCode === 200)).toBe(true);
    expect(res.filter((r) => r.json().data.initializedNow).length).toBe(1);
    const { rows } = await t.ctx.db.query("SELECT 1 FROM audit_log WHERE tenant_id = $1 AND action = 'tenant.initialize'", [u.tenantId]);
    expect(rows.length).toBe(1);
  });

  it('reads and renames the profile (PascalCase body)', async () => {
    const u = await createTestUser(t.ctx);
    const put = await t.app.inject({ method: 'PUT', url: '/api/user/profile', headers: u.auth, payload: { Name: ' Dana ' } });
    expect(put.statusCode).toBe(200);
    const get = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: u.auth });
    expect(get.json().data.name).toBe('Dana');
  });

  it('records the last login: set by signing up, moved forward by each password login', async () => {
    const email = `last-login-${Date.now()}@example.com`;
    const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: 'a long password 1', name: 'Lee' } });
    const auth = { authorization: `Bearer ${signup.json().data.token}` };
    const profile = async () => (await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: auth })).json().data;
    const first = (await profile()).lastLoginAt as string;
    expect(Date.parse(first)).toBeGreaterThan(0);
    await t.ctx.db.query("UPDATE users SET last_login_at = now() - interval '1 day' WHERE lower(email) = $1", [email]);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'a long password 1' } })).statusCode).toBe(200);
    expect(Date.parse((await profile()).lastLoginAt)).toBeGreaterThan(Date.now() - 60_000);
  });
});
