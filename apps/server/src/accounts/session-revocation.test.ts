/**
 * Sessions end when the user says so: logout refuses the token it was called with, a password change
 * and logout-everywhere refuse every older token of the user (the password-login kind here; the bundled
 * provider's access and refresh tokens in bundled-provider.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t.close(); });

const PASSWORD = 'session test passphrase';
const login = async (email: string, password = PASSWORD): Promise<string> => {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token as string;
};
const validate = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/validate', headers: { authorization: `Bearer ${token}` } })).statusCode;
const post = (url: string, token: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

async function signup(email: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token as string;
}

describe('session revocation', () => {
  it('logout revokes the presented token and only that one', async () => {
    const first = await signup('logout-one@example.com');
    const second = await login('logout-one@example.com');
    expect((await post('/api/auth/logout', first)).statusCode).toBe(200);
    expect(await validate(first)).toBe(401);
    expect((await post('/api/auth/logout', first)).statusCode).toBe(401);
    expect(await validate(second)).toBe(200);
  });

  it('a password change refuses every older token; the answer carries a working one', async () => {
    const laptop = await signup('changer@example.com');
    const phone = await login('changer@example.com');
    const res = await post('/api/user/change-password', laptop, { currentPassword: PASSWORD, newPassword: 'a brand new passphrase' });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().data.token as string;
    expect(await validate(laptop)).toBe(401);
    expect(await validate(phone)).toBe(401);
    expect(await validate(fresh)).toBe(200);
    expect(await validate(await login('changer@example.com', 'a brand new passphrase'))).toBe(200);
  });

  it('logout-everywhere refuses every token of the user, and only of that user', async () => {
    const a1 = await signup('everywhere@example.com');
    const a2 = await login('everywhere@example.com');
    const other = await signup('bystander@example.com');
    expect((await post('/api/auth/logout-everywhere', a2)).statusCode).toBe(200);
    expect(await validate(a1)).toBe(401);
    expect(await validate(a2)).toBe(401);
    expect(await validate(other)).toBe(200);
    expect(await validate(await login('everywhere@example.com'))).toBe(200);
  });
});
