/**
 * Password policy on every way to set one, and sign-in throttling that a guesser cannot dodge by
 * switching address (per account, exponential back-off) or switching account (per address).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { passwordProblem } from './password-policy.ts';
import { LoginLimiter } from '../sftp/login-limiter.ts';

let t: TestApp;
let clock = new Date('2026-06-01T12:00:00Z');
beforeAll(async () => {
  // TRUST_PROXY lets each call claim its own client address, as many machines of one attacker would.
  t = await startTestApp({ TRUST_PROXY: 'true', RATE_LIMIT_AUTH_MAX: '1000', LOGIN_ADDRESS_FREE_FAILURES: '8' }, { now: () => clock });
});
afterAll(async () => { await t.close(); });

const signup = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password } });
const login = (email: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-forwarded-for': ip }, payload: { email, password } });

describe('password policy', () => {
  it('refuses short, blank, common and e-mail passwords at sign-up, with the reason', async () => {
    const refused: [string, RegExp][] = [
      ['password', /at least 10 characters/], ['12345678', /at least 10 characters/], ['        ', /at least 10 characters/],
      ['          ', /too simple/], ['1234567890', /too common/], ['qwertyuiop', /too common/], ['Password2024!', /too common/],
      ['iloveyou12', /too common/], ['policy-user@example.com', /e-mail/],
    ];
    for (const [password, reason] of refused) {
      const res = await signup('policy-user@example.com', password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json().message, password).toMatch(reason);
    }
    expect((await signup('policy-user@example.com', 'tractor lantern pebble')).statusCode).toBe(200);
  });

  it('applies the same rule to password changes', () => {
    expect(passwordProblem('letmein123', 'a@example.com')).toMatch(/too common/);
    expect(passwordProblem('Alice.Smith', 'alice.smith@example.com')).toMatch(/e-mail/);
    expect(passwordProblem('four words of mine', 'a@example.com')).toBeNull();
  });
});

describe('sign-in throttling', () => {
  it('locks one account after 5 failures from any mix of addresses, doubling the wait, even for the right password', async () => {
    expect((await signup('target@example.com', 'the right passphrase')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login('target@example.com', `guess number ${i}`, `198.51.100.${i}`)).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const guess = await login('target@example.com', `guess again ${i}`, `203.0.113.${i}`);
      if (guess.statusCode === 401) continue; // the failure that set the next lock
      expect(guess.statusCode).toBe(429);
      waits.push(Number(guess.headers['retry-after']));
      clock = new Date(clock.getTime() + waits.at(-1)! * 1000); // wait the lock out, then guess again
      expect((await login('target@example.com', `guess after wait ${i}`, `203.0.113.${i + 50}`)).statusCode).toBe(401);
    }
    expect(waits.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBe(waits[i - 1]! * 2);
    // Locked now: the right password from a fresh address is refused without being checked.
    const locked = await login('target@example.com', 'the right passphrase', '192.0.2.77');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many failed sign-ins/);
    clock = new Date(clock.getTime() + 3600_000);
    expect((await login('target@example.com', 'the right passphrase', '192.0.2.77')).statusCode).toBe(200);
  });

  it('locks one address spraying one guess each at many accounts', async () => {
    // 8 free failures, then the 9th earns the address its first lock.
    for (let i = 0; i < 9; i++) expect((await login(`spray-${i}@example.com`, 'Summer2026!x', '198.18.0.9')).statusCode).toBe(401);
    const blocked = await login('spray-99@example.com', 'Summer2026!x', '198.18.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(60);
    // Another address is not affected.
    expect((await login('spray-99@example.com', 'Summer2026!x', '198.18.0.10')).statusCode).toBe(401);
  });

  it('keeps SFTP lockouts in the database: a restarted server (a new limiter) still refuses', async () => {
    const first = new LoginLimiter(t.ctx.db, 3, 900, () => clock);
    for (let i = 0; i < 3; i++) await first.fail('192.0.2.1', 'sftp-target');
    expect(await first.blocked('192.0.2.9', 'sftp-target')).toBe(true);
    const afterRestart = new LoginLimiter(t.ctx.db, 3, 900, () => clock);
    expect(await afterRestart.blocked('192.0.2.9', 'sftp-target')).toBe(true);
    expect(await afterRestart.blocked('192.0.2.9', 'someone-else')).toBe(false);
    clock = new Date(clock.getTime() + 901_000);
    expect(await afterRestart.blocked('192.0.2.9', 'sftp-target')).toBe(false);
  });
});
