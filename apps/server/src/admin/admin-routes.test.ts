import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, createTestUser, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t.close(); });

describe('admin calls', () => {
  it('refuse non-admins with the spec message', async () => {
    const u = await createTestUser(t.ctx);
    for (const url of ['/api/admin/tenants', '/api/admin/stats', '/api/admin/audit-logs', '/api/admin/debug/auth-context']) {
      const r = await t.app.inject({ method: 'GET', url, headers: u.auth });
      expect(r.statusCode).toBe(403);
      expect(r.json().message).toBe('Access denied. Admin privileges required.');
    }
  });

  it('list tenants, stats, filtered audit logs and the auth context for an admin', async () => {
    const admin = await createTestUser(t.ctx, { role: 'Admin' });
    const u = await createTestUser(t.ctx);
    await t.app.inject({ method: 'PUT', url: '/api/user/profile', headers: u.auth, payload: { name: 'X' } });
    const tenants = (await t.app.inject({ method: 'GET', url: '/api/admin/tenants', headers: admin.auth })).json().data;
    expect(tenants.map((x: { id: string }) => x.id)).toContain(u.tenantId);
    const logs = (await t.app.inject({ method: 'GET', url: `/api/admin/audit-logs?tenantId=${u.tenantId}&action=user.profile.update`, headers: admin.auth })).json().data;
    expect(logs.items).toHaveLength(1);
    const me = (await t.app.inject({ method: 'GET', url: '/api/admin/debug/auth-context', headers: admin.auth })).json().data;
    expect(me).toMatchObject({ userId: admin.userId, role: 'Admin' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: admin.auth })).json().data.users).toBeGreaterThanOrEqual(2);
  });
});
