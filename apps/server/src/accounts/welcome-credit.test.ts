/**
 * Free-credit farming: the welcome credit comes once per mailbox ever (a deleted account, a +tag or
 * Gmail dots do not earn it again), and sign-ups are limited per address and for the whole server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true', SIGNUP_MAX_PER_ADDRESS: '3', SIGNUP_MAX_PER_HOUR: '12', RATE_LIMIT_AUTH_MAX: '1000' });
});
afterAll(async () => { await t.close(); });

const PASSWORD = 'welcome test passphrase';
let nextIp = 1;
const signup = (email: string, ip = `198.51.100.${nextIp++}`) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { 'x-forwarded-for': ip }, payload: { email, password: PASSWORD } });

/** Signs up from a fresh address, runs first-time setup and answers the starting balance. */
async function startingBalance(email: string): Promise<{ balance: number; token: string }> {
  const res = await signup(email);
  expect(res.statusCode, res.body).toBe(200);
  const auth = { authorization: `Bearer ${res.json().data.token}` };
  expect((await t.app.inject({ method: 'POST', url: '/api/user/initialize', headers: auth })).statusCode).toBe(200);
  const info = await t.app.inject({ method: 'GET', url: '/api/billing/info', headers: auth });
  return { balance: info.json().data.balance as number, token: res.json().data.token as string };
}

describe('welcome credit once per mailbox', () => {
  it('is not granted again after deleting the account, nor to a +tag or dotted Gmail spelling', async () => {
    const first = await startingBalance('Farmer.Joe@gmail.com');
    expect(first.balance).toBe(400);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/user/account', headers: { authorization: `Bearer ${first.token}` }, payload: { password: PASSWORD } });
    expect(del.statusCode).toBe(200);
    expect((await startingBalance('farmer.joe@gmail.com')).balance).toBe(0);
    expect((await startingBalance('farmerjoe+2@googlemail.com')).balance).toBe(0);
    // A different mailbox is welcomed as before.
    expect((await startingBalance('farmer.jill@gmail.com')).balance).toBe(400);
  });
});

describe('sign-up limits', () => {
  it('allows 3 sign-ups an hour from one address, then 429; the server-wide cap stops a spread of addresses', async () => {
    for (let i = 0; i < 3; i++) expect((await signup(`one-address-${i}@example.com`, '203.0.113.5')).statusCode).toBe(200);
    const fourth = await signup('one-address-3@example.com', '203.0.113.5');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(/Too many accounts/);
    // 4 accounts so far in the first test, 3 here: 5 more from fresh addresses reach the cap of 12.
    for (let i = 0; i < 5; i++) expect((await signup(`spread-${i}@example.com`)).statusCode).toBe(200);
    expect((await signup('spread-5@example.com')).statusCode).toBe(429);
  });
});
