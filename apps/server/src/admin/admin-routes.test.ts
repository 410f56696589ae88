import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestApp, createTestUser, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t.close(); });

describe('admin calls', () => {
  it('refuse non-admins with the spec message', async () => {
    const u = await createTestUser(t.ctx);
    for (const url of ['/api/admin/tenants', '/api/admin/stats', '/api/admin/audit-logs', '/api/admin/debug/auth-context', '/api/admin/usage']) {
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

  it('reports documents per tenant for a period', async () => {
    const admin = await createTestUser(t.ctx, { role: 'Admin' });
    const u = await createTestUser(t.ctx);
    const job = (status: string, createdAt: string, deletedAt: string | null = null) => t.ctx.db.query(
      `INSERT INTO jobs (id, tenant_id, status, file_name, sender_id, receiver_id, source, created_at, deleted_at) VALUES ($1, $2, $3, 'b.png', 'S', 'R', 'api', $4, $5)`,
      [randomUUID(), u.tenantId, status, createdAt, deletedAt]);
    await job('Completed', '2026-02-03T10:00:00Z');
    await job('Completed', '2026-02-20T10:00:00Z', '2026-02-21T00:00:00Z'); // deleted later: still used
    await job('Failed', '2026-02-25T10:00:00Z');
    await job('Completed', '2026-03-02T10:00:00Z'); // next month
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/usage?from=2026-02-01T00:00:00Z&to=2026-03-01T00:00:00Z&tenantId=${u.tenantId}`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ totalDocuments: 3, tenants: [{ tenantId: u.tenantId, documents: 3, completed: 2, failed: 1, inProgress: 0 }] });
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/usage?from=2026-03-01T00:00:00Z&to=2026-02-01T00:00:00Z', headers: admin.auth });
    expect(bad.statusCode).toBe(400);
  });

  it("resets a user's sign-in password (admins only)", async () => {
    const admin = await createTestUser(t.ctx, { role: 'Admin' });
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'forgot@example.com', password: 'old password' } });
    const asUser = await createTestUser(t.ctx);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/reset-password', headers: asUser.auth, payload: { userEmail: 'forgot@example.com', newPassword: 'reset passphrase 7' } })).statusCode).toBe(403);
    const r = await t.app.inject({ method: 'POST', url: '/api/admin/reset-password', headers: admin.auth, payload: { UserEmail: 'Forgot@example.com', NewPassword: 'reset passphrase 7' } });
    expect(r.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'forgot@example.com', password: 'reset passphrase 7' } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/reset-password', headers: admin.auth, payload: { userEmail: 'nobody@example.com', newPassword: 'reset passphrase 7' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/reset-password', headers: admin.auth, payload: { userEmail: 'forgot@example.com', newPassword: 'short' } })).json().message).toBe('Password must be at least 10 characters long');
  });
});
