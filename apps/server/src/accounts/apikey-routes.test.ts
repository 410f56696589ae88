import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, createTestUser, type TestApp } from '../../test/harness.ts';
import { authenticate } from '../auth/authenticate.ts';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t.close(); });

describe('API keys', () => {
  it('creates (shown once), lists by prefix, authenticates, rotates and revokes', async () => {
    const u = await createTestUser(t.ctx);
    const noName = await t.app.inject({ method: 'POST', url: '/api/apikeys', headers: u.auth, payload: { name: '  ' } });
    expect(noName.json().message).toBe('Key name is required');
    const made = await t.app.inject({ method: 'POST', url: '/api/apikeys', headers: u.auth, payload: { Name: 'ci', Description: 'build' } });
    const key = made.json().data.apiKey;
    expect(key.key).toMatch(/^lw_live_[0-9A-Za-z]{32}$/);
    const list = (await t.app.inject({ method: 'GET', url: '/api/apikeys', headers: u.auth })).json().data;
    expect(list).toEqual([expect.objectContaining({ id: key.id, prefix: key.key.slice(0, 12), isActive: true })]);
    expect(JSON.stringify(list)).not.toContain(key.key);

    const req = { headers: { 'x-api-key': key.key } } as never as Parameters<typeof authenticate>[1];
    await authenticate(t.ctx, req);
    expect(req.principal).toMatchObject({ via: 'apikey', apiKeyId: key.id, userId: null, tenantId: u.tenantId });

    const rotated = (await t.app.inject({ method: 'POST', url: `/api/apikeys/${key.id}/rotate`, headers: u.auth })).json().data.apiKey;
    expect(rotated.key).not.toBe(key.key);
    await authenticate(t.ctx, req);
    expect(req.principal).toBeNull();
    const again = await t.app.inject({ method: 'POST', url: `/api/apikeys/${key.id}/rotate`, headers: u.auth });
    expect(again.statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/apikeys/${rotated.id}`, headers: u.auth });
    expect(del.statusCode).toBe(200);
  });

  it("answers 404 for another tenant's key", async () => {
    const a = await createTestUser(t.ctx);
    const b = await createTestUser(t.ctx);
    const key = (await t.app.inject({ method: 'POST', url: '/api/apikeys', headers: a.auth, payload: { name: 'a' } })).json().data.apiKey;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/apikeys/${key.id}`, headers: b.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/apikeys/${key.id}/rotate`, headers: b.auth })).statusCode).toBe(404);
  });
});
