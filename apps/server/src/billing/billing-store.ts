/** SQL for the billing pages: balance, plan, transaction history, card purchases, monthly usage. */
import type { PricingPlan } from '@ladingwise/shared';
import type { Queryable } from '../db/database.ts';

export interface AccountSummary { balance: number; owed: number; pricingPlan: PricingPlan; billingMode: 'credits' | 'marketplace' }

/** The tenant's balance, plan and billing mode (balance 0 before any credit). */
export async function getAccountSummary(db: Queryable, tenantId: string): Promise<AccountSummary | null> {
  const { rows } = await db.query<{ balance: number | null; owed: number | null; pricing_plan: PricingPlan; billing_mode: 'credits' | 'marketplace' }>(
    `SELECT a.balance, a.owed, t.pricing_plan, t.billing_mode
     FROM tenants t LEFT JOIN credit_accounts a ON a.tenant_id = t.id WHERE t.id = $1 AND t.deleted_at IS NULL`, [tenantId]);
  const r = rows[0];
  return r ? { balance: r.balance ?? 0, owed: r.owed ?? 0, pricingPlan: r.pricing_plan, billingMode: r.billing_mode } : null;
}

const TYPE_OF_KIND: Record<string, 'Deposit' | 'Charge' | 'Refund'> = {
  welcome: 'Deposit', deposit: 'Deposit', charge: 'Charge', settlement: 'Charge', refund: 'Refund',
};

export interface TransactionDto {
  id: string;
  description: string;
  createdAt: string;
  transactionType: 'Deposit' | 'Charge' | 'Refund';
  amount: number;
  jobId: string | null;
  /** The charged document's file name, so the history can name and link it. */
  fileName: string | null;
  metadata: Record<string, unknown>;
}

/** One page of the tenant's ledger, newest first, and the total count. */
export async function listTransactions(db: Queryable, tenantId: string, limit: number, skip: number): Promise<{ items: TransactionDto[]; total: number }> {
  const { rows } = await db.query<{ id: string; kind: string; amount: number; description: string; job_id: string | null; file_name: string | null; metadata: Record<string, unknown>; created_at: Date; total: number }>(
    `SELECT c.id, c.kind, c.amount, c.description, c.job_id, j.file_name, c.metadata, c.created_at, count(*) OVER ()::int AS total
     FROM credit_transactions c LEFT JOIN jobs j ON j.id = c.job_id AND j.tenant_id = c.tenant_id AND j.deleted_at IS NULL
     WHERE c.tenant_id = $1 ORDER BY c.created_at DESC, c.id LIMIT $2 OFFSET $3`, [tenantId, limit, skip]);
  let total = rows[0]?.total;
  if (total === undefined) {
    const c = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM credit_transactions WHERE tenant_id = $1', [tenantId]);
    total = c.rows[0]?.n ?? 0;
  }
  return {
    total,
    items: rows.map((r) => ({
      id: r.id, description: r.description, createdAt: new Date(r.created_at).toISOString(),
      transactionType: TYPE_OF_KIND[r.kind] ?? 'Charge', amount: r.amount, jobId: r.job_id, fileName: r.file_name, metadata: r.metadata ?? {},
    })),
  };
}

/** Card purchases (paid checkout sessions), newest first: the product's receipts. */
export async function listPaidCheckouts(db: Queryable, tenantId: string, limit = 100) {
  const { rows } = await db.query<{ id: string; amount_cents: number; credits: number; created_at: Date; credited_at: Date }>(
    `SELECT id, amount_cents, credits, created_at, credited_at FROM checkout_sessions
     WHERE tenant_id = $1 AND credited_at IS NOT NULL ORDER BY credited_at DESC LIMIT $2`, [tenantId, limit]);
  return rows.map((r) => ({
    id: r.id, amountUsd: r.amount_cents / 100, credits: r.credits, status: 'paid',
    createdAt: new Date(r.created_at).toISOString(), paidAt: new Date(r.credited_at).toISOString(),
  }));
}

/** Documents charged and credits spent since `since`. */
export async function usageSince(db: Queryable, tenantId: string, since: Date): Promise<{ documents: number; credits: number }> {
  const { rows } = await db.query<{ documents: number; credits: number }>(
    `SELECT count(*)::int AS documents, COALESCE(sum(COALESCE((metadata->>'credits')::int, -amount)), 0)::int AS credits
     FROM credit_transactions WHERE tenant_id = $1 AND kind = 'charge' AND created_at >= $2`, [tenantId, since]);
  return rows[0] ?? { documents: 0, credits: 0 };
}
