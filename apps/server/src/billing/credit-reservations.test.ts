/**
 * Credit over-commit: 40 uploads at once with credit for 15 accept exactly 15; each accepted
 * document holds its price until it completes (charged from the hold, never "owed"), fails or is
 * cancelled (the hold is given back). No workers run here, so accepted documents stay queued.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp } from '../../test/harness.ts';
import { textImage, upload } from '../../test/pipeline-helpers.ts';
import { chargeJob, grantWelcomeCredit, planCredits } from './ledger.ts';
import { fail } from '../pipeline/process-document.ts';

let t: TestApp;
let image: Buffer;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_API_KEY_MAX: '1000' });
  image = await textImage(['BILL OF LADING', 'BOL 123456'], 'png', 400);
});
afterAll(async () => { await t.close(); });

const PRICE = planCredits('good-as-a-human');

async function account(tenantId: string) {
  const { rows } = await t.ctx.db.query<{ balance: number; reserved: number; owed: number }>('SELECT balance, reserved, owed FROM credit_accounts WHERE tenant_id = $1', [tenantId]);
  return rows[0]!;
}
async function ledgerSum(tenantId: string): Promise<number> {
  const { rows } = await t.ctx.db.query<{ s: number }>('SELECT COALESCE(sum(amount), 0)::int AS s FROM credit_transactions WHERE tenant_id = $1', [tenantId]);
  return rows[0]!.s;
}
/** A tenant whose balance pays for exactly `documents` documents. */
async function tenantWithCreditFor(documents: number) {
  const u = await createTestUser(t.ctx);
  await t.ctx.db.transaction((tx) => grantWelcomeCredit(tx, u.tenantId));
  await t.ctx.db.query("UPDATE credit_transactions SET amount = $2 WHERE tenant_id = $1 AND kind = 'welcome'", [u.tenantId, documents * PRICE]);
  await t.ctx.db.query('UPDATE credit_accounts SET balance = $2 WHERE tenant_id = $1', [u.tenantId, documents * PRICE]);
  return u;
}

describe('credit reservations', () => {
  it('40 concurrent uploads with credit for 15 accept exactly 15 and hold their price', async () => {
    const u = await tenantWithCreditFor(15);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => upload(t.app, u.auth, [{ filename: `bol-${i}.png`, data: image, contentType: 'image/png' }])));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(15);
    expect(codes.filter((c) => c === 402)).toHaveLength(25);
    expect(await account(u.tenantId)).toEqual({ balance: 15 * PRICE, reserved: 15 * PRICE, owed: 0 });
    const { rows } = await t.ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM jobs WHERE tenant_id = $1 AND status = 'InProgress'", [u.tenantId]);
    expect(rows[0]!.n).toBe(15);
  });

  it('settles a completed document from its hold once, and gives the hold back on failure and cancel', async () => {
    const u = await tenantWithCreditFor(3);
    const jobIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await upload(t.app, u.auth, [{ filename: `doc-${i}.png`, data: image, contentType: 'image/png' }]);
      expect(res.statusCode).toBe(200);
      jobIds.push(res.json().data.jobId as string);
    }
    expect((await upload(t.app, u.auth, [{ filename: 'one-too-many.png', data: image, contentType: 'image/png' }])).statusCode).toBe(402);

    // Completed: the hold becomes the charge; a replayed completion changes nothing.
    for (let i = 0; i < 2; i++) await t.ctx.db.transaction((tx) => chargeJob(tx, { tenantId: u.tenantId, jobId: jobIds[0]! }));
    expect(await account(u.tenantId)).toEqual({ balance: 2 * PRICE, reserved: 2 * PRICE, owed: 0 });

    // Failed: the hold is free again, nothing charged.
    expect(await fail(t.ctx, { id: jobIds[1]!, tenant_id: u.tenantId }, 'PROCESSING_ERROR', 'test failure')).toBe('failed');
    expect(await account(u.tenantId)).toEqual({ balance: 2 * PRICE, reserved: PRICE, owed: 0 });

    // Cancelled while queued: the same.
    expect((await t.app.inject({ method: 'POST', url: `/api/processing/job/${jobIds[2]}/cancel`, headers: u.auth })).statusCode).toBe(200);
    expect(await account(u.tenantId)).toEqual({ balance: 2 * PRICE, reserved: 0, owed: 0 });

    // What was given back pays for new uploads; a reprocessed job holds its price again.
    expect((await upload(t.app, u.auth, [{ filename: 'again.png', data: image, contentType: 'image/png' }])).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/processing/job/${jobIds[1]}/reprocess`, headers: u.auth })).statusCode).toBe(200);
    expect(await account(u.tenantId)).toEqual({ balance: 2 * PRICE, reserved: 2 * PRICE, owed: 0 });
    expect((await t.app.inject({ method: 'POST', url: `/api/processing/job/${jobIds[2]}/reprocess`, headers: u.auth })).statusCode).toBe(402);
    expect(await ledgerSum(u.tenantId)).toBe(2 * PRICE);
  });
});
