import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, createTestUser, type TestApp } from '../../test/harness.ts';
import { getUserSettings } from './settings-store.ts';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t.close(); });

describe('user settings', () => {
  it('defaults to both document types on, X12 5010, and review when unsure under 0.9', async () => {
    const u = await createTestUser(t.ctx);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/user/settings', headers: u.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ediDocumentTypes: { edi204: true, edi211: true }, x12Version: '5010', timezone: null, reviewPolicy: 'when-unsure', reviewThreshold: 0.9 });
  });

  it('saves a PascalCase payload, scoped to the caller tenant', async () => {
    const u = await createTestUser(t.ctx);
    const other = await createTestUser(t.ctx);
    const res = await t.app.inject({ method: 'PUT', url: '/api/admin/user/settings', headers: u.auth,
      payload: { EdiDocumentTypes: { EDI204: true, EDI211: false }, X12Version: '4010', Timezone: 'America/Chicago', ReviewPolicy: 'always', ReviewThreshold: 0.95 } });
    expect(res.statusCode).toBe(200);
    expect(await getUserSettings(t.ctx.db, u.tenantId)).toEqual({
      ediDocumentTypes: { edi204: true, edi211: false }, x12Version: '4010', timezone: 'America/Chicago', reviewPolicy: 'always', reviewThreshold: 0.95,
    });
    // A later save of other settings keeps the policy.
    await t.app.inject({ method: 'PUT', url: '/api/admin/user/settings', headers: u.auth, payload: { timezone: 'UTC' } });
    expect((await getUserSettings(t.ctx.db, u.tenantId)).reviewPolicy).toBe('always');
    expect((await getUserSettings(t.ctx.db, other.tenantId)).x12Version).toBe('5010');
  });

  it('rejects wrong types and unsigned callers', async () => {
    const u = await createTestUser(t.ctx);
    const bad = await t.app.inject({ method: 'PUT', url: '/api/admin/user/settings', headers: u.auth, payload: { x12Version: 5010 } });
    expect(bad.statusCode).toBe(400);
    for (const payload of [{ reviewPolicy: 'sometimes' }, { reviewThreshold: 1.5 }]) {
      expect((await t.app.inject({ method: 'PUT', url: '/api/admin/user/settings', headers: u.auth, payload })).statusCode).toBe(400);
    }
    const anon = await t.app.inject({ method: 'GET', url: '/api/admin/user/settings' });
    expect(anon.statusCode).toBe(401);
  });
});
