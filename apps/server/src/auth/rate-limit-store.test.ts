import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';

// Two apps on one database, as two API processes behind a load balancer.
let a: TestApp;
let b: TestApp;
// A second pair with a 1-second window and one attempt allowed, to see the window end.
let shortA: TestApp;
let shortB: TestApp;
beforeAll(async () => {
  [a, shortA] = await Promise.all([
    startTestApp({ RATE_LIMIT_AUTH_MAX: '3' }),
    startTestApp({ RATE_LIMIT_AUTH_MAX: '1', RATE_LIMIT_WINDOW_SECONDS: '1' }),
  ]);
  [b, shortB] = await Promise.all([
    startTestApp({ RATE_LIMIT_AUTH_MAX: '3' }, {}, { sameDatabaseAs: a }),
    startTestApp({ RATE_LIMIT_AUTH_MAX: '1', RATE_LIMIT_WINDOW_SECONDS: '1' }, {}, { sameDatabaseAs: shortA }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([b?.close(), shortB?.close()]);
  await Promise.all([a?.close(), shortA?.close()]);
});

const login = (t: TestApp, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-password' } });

describe('rate limits shared through the database', () => {
  it('counts sign-in attempts over both apps together: the 4th is 429 on either', async () => {
    expect((await login(a, 'spread@example.com')).statusCode).toBe(401);
    expect((await login(b, 'spread@example.com')).statusCode).toBe(401);
    expect((await login(a, 'spread@example.com')).statusCode).toBe(401);
    const onB = await login(b, 'spread@example.com');
    expect(onB.statusCode).toBe(429);
    expect(onB.json().message).toBe('Too many requests. Please wait a minute and try again.');
    expect(Number(onB.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(a, 'Spread@Example.com')).statusCode).toBe(429);
    // Another e-mail is counted apart.
    expect((await login(b, 'apart@example.com')).statusCode).toBe(401);
    const { rows } = await a.ctx.db.query<{ count: number }>('SELECT count FROM rate_limit_counters WHERE key LIKE $1', ['login:%:spread@example.com']);
    expect(rows.map((r) => r.count)).toEqual([5]);
  });

  it('starts a new window once the old one has passed', async () => {
    expect((await login(shortA, 'window@example.com')).statusCode).toBe(401);
    expect((await login(shortB, 'window@example.com')).statusCode).toBe(429);
    // The window ends by the database clock (the store's only clock): move its end into the past rather than wait.
    await shortA.ctx.db.query("UPDATE rate_limit_counters SET expires_at = now() - interval '1 millisecond' WHERE key LIKE 'login:%:window@example.com'");
    expect((await login(shortB, 'window@example.com')).statusCode).toBe(401);
    expect((await login(shortA, 'window@example.com')).statusCode).toBe(429);
  });

  it('fails open with a warning when the database errors', async () => {
    const warn = vi.fn();
    const Store = databaseRateLimitStore({ query: () => Promise.reject(new Error('connection refused')) }, { warn } as never);
    const store = new Store({}).child({} as never);
    const res = await new Promise<{ current: number; ttl: number } | undefined>((resolve, reject) =>
      store.incr('k', (err, r) => (err ? reject(err) : resolve(r)), 1000, 1));
    expect(res).toEqual({ current: 0, ttl: 1000 });
    expect(warn).toHaveBeenCalledOnce();
  });
});
