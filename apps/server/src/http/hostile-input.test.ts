/**
 * Hostile input gets a 400, never a 500: NUL and other control characters in JSON, query strings and
 * paths, numbers past any real range, JSON nested 10,000 deep. A 500 that does happen is logged with
 * the request id the answer carries.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp } from '../../test/harness.ts';
import { buildApp } from '../app.ts';

let t: TestApp;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await startTestApp();
  auth = (await createTestUser(t.ctx)).auth;
});
afterAll(async () => { await t.close(); });

const NUL = 'a\u0000b';

describe('hostile input', () => {
  it('answers 400 to a NUL byte in any JSON string or key', async () => {
    const calls: [string, string, Record<string, unknown>][] = [
      ['PUT', '/api/user/profile', { name: NUL }],
      ['POST', '/api/apikeys', { name: NUL }],
      ['POST', '/api/admin/user/sender-ids', { label: NUL, id: 'SENDER1' }],
      ['PUT', '/api/admin/user/settings', { defaultSenderId: NUL }],
      ['POST', '/api/webhooks', { url: `https://example.com/${NUL}` }],
      ['POST', '/api/auth/login', { email: `x${NUL}@example.com`, password: 'whatever-it-is' }],
      ['POST', '/api/auth/signup', { email: 'nul@example.com', password: `long enough ${NUL}` }],
      ['PUT', '/api/user/profile', { [`na${NUL}me`]: 'Key with NUL' }],
      ['PUT', '/api/user/profile', { name: 'bell \u0007 and escape \u001b' }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({ method: method as 'PUT', url, headers: auth, payload });
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json().message).toMatch(/control characters/);
    }
    // Tabs and line breaks are ordinary text.
    expect((await t.app.inject({ method: 'PUT', url: '/api/user/profile', headers: auth, payload: { name: 'Ann\tLee' } })).statusCode).toBe(200);
  });

  it('answers 400 to control characters in query strings and path parameters', async () => {
    for (const url of ['/api/processing/jobs?search=a%00b', '/api/processing/jobs?jobId=%01', '/api/processing/job/abc%00def', '/api/webhooks/deliveries?webhookId=%00']) {
      const res = await t.app.inject({ method: 'GET', url, headers: auth });
      expect(res.statusCode, url).toBe(400);
    }
  });

  it('range-checks numbers in query strings', async () => {
    for (const url of ['/api/processing/jobs?page=99999999999999999999', '/api/processing/jobs?page=100001', '/api/billing/transactions?skip=99999999999999999999',
      '/api/processing/jobs?pageSize=1e400']) {
      const res = await t.app.inject({ method: 'GET', url, headers: auth });
      expect(res.statusCode, url).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/processing/jobs?page=100000', headers: auth })).statusCode).toBe(200);
  });

  it('refuses JSON nested 10,000 deep (and 33 deep) without parsing it', async () => {
    for (const depth of [10_000, 33]) {
      const body = `{"email":${'['.repeat(depth)}${']'.repeat(depth)}}`;
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: body });
      expect(res.statusCode, String(depth)).toBe(400);
      expect(res.json().message).toMatch(/nested more than 32 levels/);
    }
    // Brackets inside strings are text, not nesting.
    const text = await t.app.inject({ method: 'PUT', url: '/api/user/profile', headers: { ...auth, 'content-type': 'application/json' }, payload: JSON.stringify({ name: '['.repeat(100) }) });
    expect(text.statusCode).toBe(200);
  });
});

describe('server errors', () => {
  let app: FastifyInstance;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const sink = new Writable({ write(chunk, _enc, cb) { lines.push(JSON.parse(String(chunk))); cb(); } });
    app = await buildApp({ ...t.ctx, logger: pino({ level: 'info' }, sink) });
    app.get('/api/test-only/boom', async () => { throw new Error('disk on fire'); });
    await app.ready();
  });
  afterAll(async () => { await app.close(); });

  it('logs every 500 with the request id the answer and its header carry', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test-only/boom' });
    expect(res.statusCode).toBe(500);
    const requestId = res.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json()).toEqual({ success: false, data: { requestId }, message: 'Something went wrong on our side. Please try again.' });
    const logged = lines.find((l) => l.level === 50 && l.reqId === requestId);
    expect(logged).toMatchObject({ msg: 'request failed', err: { message: 'disk on fire' } });
  });
});
