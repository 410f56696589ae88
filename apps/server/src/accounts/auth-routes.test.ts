import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t.close(); });

describe('password sign-up and login', () => {
  it('signs up, logs in, and the token is accepted by the API', async () => {
    const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'Ann@Example.com', password: 'correct horse', name: 'Ann' } });
    expect(signup.statusCode).toBe(200);
    expect(signup.json().data.user.email).toBe('ann@example.com');
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: 'ann@example.com', Password: 'correct horse' } });
    expect(login.statusCode).toBe(200);
    const v = await t.app.inject({ method: 'GET', url: '/api/auth/validate', headers: { authorization: `Bearer ${login.json().data.token}` } });
    expect(v.json().data.email).toBe('ann@example.com');
    const { rows } = await t.ctx.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', ['ann@example.com']);
    expect(rows[0]!.password_hash).toMatch(/^scrypt\$/);
  });

  it('rejects a wrong password, a duplicate e-mail and a short password', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'bob@example.com', password: 'longenough' } });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'bob@example.com', password: 'nope-nope' } });
    expect(wrong.statusCode).toBe(401);
    const dup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'BOB@example.com', password: 'longenough' } });
    expect(dup.statusCode).toBe(409);
    const short = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'c@example.com', password: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 10 characters long');
  });

  it('changes the password (min 10) and serves the public auth config', async () => {
    const s = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'cp@example.com', password: 'first pass phrase' } });
    const auth = { authorization: `Bearer ${s.json().data.token}` };
    const short = await t.app.inject({ method: 'POST', url: '/api/user/change-password', headers: auth, payload: { currentPassword: 'first pass phrase', newPassword: 'x' } });
    expect(short.json().message).toBe('Password must be at least 10 characters long');
    const okRes = await t.app.inject({ method: 'POST', url: '/api/user/change-password', headers: auth, payload: { CurrentPassword: 'first pass phrase', NewPassword: 'secondpass' } });
    expect(okRes.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'cp@example.com', password: 'secondpass' } })).statusCode).toBe(200);
    const cfg = await t.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(cfg.json().data).toHaveProperty('clientId');
  });
});
