import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, createTestUser, type TestApp } from '../../test/harness.ts';
import { purgeDeleted } from './purge.ts';
import { startWorkers } from '../queue/workers.ts';
import { PURGE_CRON } from './purge.ts';

const DAY = 24 * 3600 * 1000;
let clock = new Date('2026-03-01T12:00:00Z');
let t: TestApp;
beforeAll(async () => { t = await startTestApp({}, { now: () => clock }); });
afterAll(async () => { await t.close(); });

/** A job row with one page image and its file in storage (what an upload leaves behind). */
async function addJob(tenantId: string, deletedAt: Date | null = null): Promise<{ jobId: string; key: string }> {
  const jobId = randomUUID();
  const key = `tenants/${tenantId}/jobs/${jobId}/pages/0.png`;
  await t.ctx.db.query(`INSERT INTO jobs (id, tenant_id, file_name, sender_id, receiver_id, source, deleted_at) VALUES ($1, $2, 'bol.png', 'S', 'R', 'web', $3)`, [jobId, tenantId, deletedAt]);
  await t.ctx.db.query(`INSERT INTO job_pages (job_id, tenant_id, page, file_name, image_type, byte_size, storage_key) VALUES ($1, $2, 0, 'bol.png', 'png', 3, $3)`, [jobId, tenantId, key]);
  await t.ctx.storage.put(key, new Uint8Array([1, 2, 3]), 'image/png');
  return { jobId, key };
}

const count = async (sql: string, params: unknown[]) => (await t.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0]!.n;

describe('account deletion', () => {
  it('hides the account on every channel at once, then the purge erases it after 90 days', async () => {
    const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'gone@example.com', password: 'password one', name: 'Gone' } });
    const { token, user } = signup.json().data as { token: string; user: { tenantId: string } };
    const auth = { authorization: `Bearer ${token}` };
    const key = (await t.app.inject({ method: 'POST', url: '/api/apikeys', headers: auth, payload: { name: 'ci' } })).json().data.apiKey.key as string;
    const job = await addJob(user.tenantId);
    await t.ctx.storage.put(`tenants/${user.tenantId}/edi/x.x12`, new Uint8Array([1]), 'text/plain');
    expect((await t.app.inject({ method: 'GET', url: '/api/processing/jobs', headers: { 'x-api-key': key } })).statusCode).toBe(200);

    // The password confirms it: missing or wrong → 400 and nothing happens.
    for (const payload of [undefined, { password: 'not it at all' }]) {
      const refused = await t.app.inject({ method: 'DELETE', url: '/api/user/account', headers: auth, ...(payload ? { payload } : {}) });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('Enter your current password to delete your account.');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: auth })).statusCode).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/user/account', headers: auth, payload: { password: 'password one' } });
    expect(del.statusCode).toBe(200);
    expect(del.json().data.purgeAfter).toBe(new Date(clock.getTime() + 90 * DAY).toISOString());

    // Every credential of the account is refused at once.
    for (const [url, headers] of [['/api/user/profile', auth], ['/api/auth/validate', auth], ['/api/processing/jobs', { 'x-api-key': key }],
      ['/api/processing/jobs', { authorization: `Bearer ${key}` }], [`/api/image/${job.jobId}/0`, auth], [`/api/image/${job.jobId}/0`, { 'x-api-key': key }]] as const) {
      expect((await t.app.inject({ method: 'GET', url, headers })).statusCode, url).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'gone@example.com', password: 'password one' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/user/account', headers: auth })).statusCode).toBe(401);
    // The e-mail is free for a new, empty account.
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'gone@example.com', password: 'password two' } });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.user.tenantId).not.toBe(user.tenantId);

    // Day 89: still there (hidden). Day 91: gone, rows and files.
    clock = new Date(clock.getTime() + 89 * DAY);
    expect((await purgeDeleted(t.ctx)).tenants).toBe(0);
    expect(await count('tenants WHERE id = $1', [user.tenantId])).toBe(1);
    clock = new Date(clock.getTime() + 2 * DAY);
    expect((await purgeDeleted(t.ctx)).tenants).toBeGreaterThanOrEqual(1);
    for (const table of ['tenants WHERE id = $1', 'users WHERE tenant_id = $1', 'jobs WHERE tenant_id = $1', 'job_pages WHERE tenant_id = $1', 'api_keys WHERE tenant_id = $1', 'audit_log WHERE tenant_id = $1']) {
      expect(await count(table, [user.tenantId]), table).toBe(0);
    }
    expect(await t.ctx.storage.get(job.key)).toBeNull();
    expect(await t.ctx.storage.get(`tenants/${user.tenantId}/edi/x.x12`)).toBeNull();
    // The new account with the same e-mail is untouched.
    expect(await count('users WHERE lower(email) = $1', ['gone@example.com'])).toBe(1);
  });

  it('purges jobs soft-deleted more than 90 days ago and keeps newer and live ones', async () => {
    const u = await createTestUser(t.ctx);
    const old = await addJob(u.tenantId, new Date(clock.getTime() - 91 * DAY));
    const recent = await addJob(u.tenantId, new Date(clock.getTime() - 10 * DAY));
    const live = await addJob(u.tenantId);
    const r = await purgeDeleted(t.ctx);
    expect(r.jobs).toBe(1);
    expect(await count('jobs WHERE id = $1', [old.jobId])).toBe(0);
    expect(await count('job_pages WHERE job_id = $1', [old.jobId])).toBe(0);
    expect(await t.ctx.storage.get(old.key)).toBeNull();
    for (const j of [recent, live]) {
      expect(await count('jobs WHERE id = $1', [j.jobId])).toBe(1);
      expect(await t.ctx.storage.get(j.key)).not.toBeNull();
    }
    expect(await count('tenants WHERE id = $1', [u.tenantId])).toBe(1);
  });

  it('schedules the purge daily on the purge queue', async () => {
    await startWorkers(t.ctx, ['purge-deleted']);
    const schedules = await t.ctx.queue.boss.getSchedules();
    expect(schedules.find((s) => s.name === 'purge-deleted')?.cron).toBe(PURGE_CRON);
  });
});
