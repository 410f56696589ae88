import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, createTestUser, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t.close(); });

describe('saved interchange IDs', () => {
  it('adds (upper-cased, sorted by label), rejects blanks/duplicates/long IDs, deletes, isolates tenants', async () => {
    const u = await createTestUser(t.ctx);
    const other = await createTestUser(t.ctx);
    await t.app.inject({ method: 'POST', url: '/api/admin/user/sender-ids', headers: u.auth, payload: { Label: ' zeta ', InterchangeId: 'acme01' } });
    const r = await t.app.inject({ method: 'POST', url: '/api/admin/user/sender-ids', headers: u.auth, payload: { label: 'Alpha', interchangeId: 'B2' } });
    const ids = r.json().data.savedSenderIds;
    expect(ids.map((x: { label: string; interchangeId: string }) => [x.label, x.interchangeId])).toEqual([['Alpha', 'B2'], ['zeta', 'ACME01']]);
    expect(r.json().data.savedReceiverIds).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/user/sender-ids', headers: u.auth, payload: { Label: '', InterchangeId: 'X' } })).json().message).toBe('Label and ID are required');
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/user/sender-ids', headers: u.auth, payload: { Label: 'd', InterchangeId: 'Acme01' } })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/user/receiver-ids', headers: u.auth, payload: { Label: 'l', InterchangeId: '1234567890123456' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/user/sender-ids/${ids[0].id}`, headers: other.auth })).statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/user/sender-ids/${ids[0].id}`, headers: u.auth });
    expect(del.json().data.savedSenderIds).toHaveLength(1);
  });
});
