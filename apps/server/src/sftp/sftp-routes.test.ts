/** SFTP account API: the settings page's calls (credentials, create, reset) with the spec's rules and texts, keys, admin calls, isolation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp } from '../../test/harness.ts';
import { ensureSftpAccount, findLoginAccount, checkSftpPassword } from './sftp-accounts.ts';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ SFTP_PUBLIC_HOST: 'sftp.example.com', SFTP_PUBLIC_PORT: '22' }); });
afterAll(async () => { await t.close(); });

const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB7b0b6t0b5w9Qn6a0Vg4h3bq4VwQ3w2F8y6dNq1s0aE laptop';

describe('SFTP account API', () => {
  it('answers 404 before an account exists, then creates one with the signed-in user\'s e-mail (empty userEmail)', async () => {
    const u = await createTestUser(t.ctx, { email: 'Dock.Office@acme.example' });
    const none = await t.app.inject({ method: 'GET', url: '/api/sftp/credentials', headers: u.auth });
    expect(none.statusCode).toBe(404);
    const made = await t.app.inject({ method: 'POST', url: '/api/sftp/create-user', headers: u.auth, payload: { userEmail: '' } });
    expect(made.json()).toMatchObject({ success: true, message: 'SFTP user created successfully' });
    const c = (await t.app.inject({ method: 'GET', url: '/api/sftp/credentials', headers: u.auth })).json().data;
    expect(c).toMatchObject({ username: `dockoffice-${u.tenantId.replace(/-/g, '').slice(0, 8)}`, server: 'sftp.example.com', port: 22, password: null, isActive: false, lastLogin: null });
    // Creating again (or first-time setup) keeps the same account.
    await t.app.inject({ method: 'POST', url: '/api/sftp/create-user', headers: u.auth, payload: { userEmail: '' } });
    expect(await ensureSftpAccount(t.ctx.db, { tenantId: u.tenantId, email: 'x@y.z' })).toBe(c.username);
    expect((await t.app.inject({ method: 'GET', url: '/api/sftp/user-creation-status', headers: u.auth })).json().data).toMatchObject({ exists: true, username: c.username });
  });

  it('sets a password through reset-password with the spec rules; errors are in data.errorMessage', async () => {
    const u = await createTestUser(t.ctx);
    const early = await t.app.inject({ method: 'POST', url: '/api/sftp/reset-password', headers: u.auth, payload: { userEmail: '', newPassword: 'Abcdefgh1234' } });
    expect(early.statusCode).toBe(404);
    expect(early.json().data.errorMessage).toBe('No SFTP account exists yet. Create one first.');
    const short = await t.app.inject({ method: 'POST', url: '/api/sftp/create-user', headers: u.auth, payload: { userEmail: '', customPassword: 'Abc12345' } });
    expect(short.json()).toMatchObject({ success: false, data: { errorMessage: 'Password must be at least 10 characters long' } });
    await t.app.inject({ method: 'POST', url: '/api/sftp/create-user', headers: u.auth, payload: { userEmail: '' } });
    for (const [pw, msg] of [['', 'Please enter a new password'], ['abcdefghij1', 'Password must contain uppercase and lowercase letters and numbers']] as const) {
      const r = await t.app.inject({ method: 'POST', url: '/api/sftp/reset-password', headers: u.auth, payload: { userEmail: '', newPassword: pw } });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ success: false, message: msg, data: { errorMessage: msg } });
    }
    const okRes = await t.app.inject({ method: 'POST', url: '/api/sftp/reset-password', headers: u.auth, payload: { UserEmail: '', NewPassword: 'Harbor-Crane-42' } });
    expect(okRes.json()).toMatchObject({ success: true, message: 'Password updated successfully' });
    const c = (await t.app.inject({ method: 'GET', url: '/api/sftp/credentials', headers: u.auth })).json().data;
    expect(c.isActive).toBe(true);
    const account = (await findLoginAccount(t.ctx.db, c.username))!;
    expect(account.password_hash).toMatch(/^scrypt\$/);
    expect(await checkSftpPassword(account, 'Harbor-Crane-42')).toBe(true);
    expect(await checkSftpPassword(account, 'Harbor-Crane-43')).toBe(false);
    const audit = await t.ctx.db.query<{ action: string }>('SELECT action FROM audit_log WHERE tenant_id = $1 ORDER BY id', [u.tenantId]);
    expect(audit.rows.map((r) => r.action)).toEqual(['sftp.account.create', 'sftp.password.set']);
  });

  it("keeps public keys per tenant: another tenant's key id answers 404", async () => {
    const a = await createTestUser(t.ctx);
    const b = await createTestUser(t.ctx);
    for (const u of [a, b]) await t.app.inject({ method: 'POST', url: '/api/sftp/create-user', headers: u.auth, payload: { userEmail: '' } });
    const bad = await t.app.inject({ method: 'POST', url: '/api/sftp/public-keys', headers: a.auth, payload: { publicKey: 'ssh-ed25519 AAAAnotakey' } });
    expect(bad.statusCode).toBe(400);
    const added = await t.app.inject({ method: 'POST', url: '/api/sftp/public-keys', headers: a.auth, payload: { publicKey: KEY } });
    expect(added.json().data).toMatchObject({ algo: 'ssh-ed25519', comment: 'laptop' });
    const id = added.json().data.id;
    expect((await t.app.inject({ method: 'GET', url: '/api/sftp/public-keys', headers: b.auth })).json().data).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/sftp/public-keys/${id}`, headers: b.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/sftp/credentials', headers: a.auth })).json().data.isActive).toBe(true);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/sftp/public-keys/${id}`, headers: a.auth })).statusCode).toBe(200);
  });

  it('admin calls list, reset and delete accounts; users get "Access denied"', async () => {
    const admin = await createTestUser(t.ctx, { role: 'Admin' });
    const u = await createTestUser(t.ctx);
    await t.app.inject({ method: 'POST', url: '/api/sftp/create-user', headers: u.auth, payload: { userEmail: '' } });
    const denied = await t.app.inject({ method: 'GET', url: '/api/sftp/admin/users', headers: u.auth });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Access denied. Admin privileges required.');
    const users = (await t.app.inject({ method: 'GET', url: '/api/sftp/admin/users', headers: admin.auth })).json().data;
    const mine = users.find((x: { tenantId: string }) => x.tenantId === u.tenantId);
    expect(mine).toMatchObject({ userEmail: u.email, passwordSet: false });
    const jobs = (await t.app.inject({ method: 'GET', url: `/api/sftp/admin/creation-jobs?tenantId=${u.tenantId}`, headers: admin.auth })).json().data;
    expect(jobs).toEqual([expect.objectContaining({ tenantId: u.tenantId, status: 'Completed' })]);
    const reset = await t.app.inject({ method: 'POST', url: '/api/sftp/admin/reset-password', headers: admin.auth, payload: { tenantId: u.tenantId, userEmail: '', newPassword: 'Admin-Set-Pass1' } });
    expect(reset.json().success).toBe(true);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/sftp/admin/users/${mine.id}`, headers: admin.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/sftp/credentials', headers: u.auth })).statusCode).toBe(404);
  });

  it('test-connection says so when no SFTP server runs in this process', async () => {
    const u = await createTestUser(t.ctx);
    const r = (await t.app.inject({ method: 'GET', url: '/api/sftp/test-connection', headers: u.auth })).json().data;
    expect(r).toMatchObject({ connected: false, server: 'sftp.example.com', port: 22 });
  });
});
