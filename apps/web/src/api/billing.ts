/** Billing calls: balance and pricing, plan, transactions, checkout. */
import { call } from './http.ts';
import { arr, isObject, num, pick, str } from './read.ts';

/** Shown when the server sends no pricing; the same as the plans' advertised prices (docs/pricing.md). */
export const DEFAULT_CREDITS = { goodAsHuman: 6, betterThanHuman: 8 } as const;

export interface BillingInfo {
  balance: number;
  goodAsHumanCredits: number;
  betterThanHumanCredits: number;
  billingMode: string | null;
}

/** Reads /billing/info, falling back to the default credits per document. */
export function readBillingInfo(d: unknown): BillingInfo {
  const pricing = pick(d, 'pricing');
  return {
    balance: num(d, 'balance', 0),
    goodAsHumanCredits: num(pricing, 'goodAsHumanCredits', DEFAULT_CREDITS.goodAsHuman),
    betterThanHumanCredits: num(pricing, 'betterThanHumanCredits', DEFAULT_CREDITS.betterThanHuman),
    billingMode: str(d, 'billingMode') ?? null,
  };
}

/** Balance, credits per document and billing mode. */
export async function getBillingInfo(): Promise<BillingInfo> {
  return readBillingInfo(await call('GET', '/billing/info'));
}

export type PricingPlan = 'good-as-a-human' | 'better-than-a-human';

/** The tenant's pricing plan. */
export async function getPricingPlan(): Promise<PricingPlan> {
  const d = await call('GET', '/billing/pricing-plan');
  const v = typeof d === 'string' ? d : str(d, 'pricingPlan');
  return v === 'better-than-a-human' ? 'better-than-a-human' : 'good-as-a-human';
}

/** Changes the pricing plan. */
export async function setPricingPlan(pricingPlan: PricingPlan): Promise<void> {
  await call('PUT', '/billing/pricing-plan', { body: { pricingPlan } });
}

export interface Transaction {
  id: string;
  description: string;
  createdAt: string | null;
  transactionType: string;
  amount: number;
  source: string | null;
  /** The document a charge or refund was for, with its file name when it still exists. */
  jobId: string | null;
  fileName: string | null;
}

/** The latest transactions (the billing page asks for 10 from 0). */
export async function getTransactions(limit = 50, skip = 0): Promise<Transaction[]> {
  const d = await call('GET', '/billing/transactions', { query: { limit, skip } });
  const list = Array.isArray(d) ? d : arr(d, 'transactions').length ? arr(d, 'transactions') : arr(d, 'items');
  return list.filter(isObject).map((t) => ({
    id: str(t, 'id', ''), description: str(t, 'description', ''), createdAt: str(t, 'createdAt') ?? null,
    transactionType: str(t, 'transactionType', 'Charge'), amount: num(t, 'amount', 0),
    source: str(pick(t, 'metadata'), 'source') ?? null,
    jobId: str(t, 'jobId') ?? null, fileName: str(t, 'fileName') ?? null,
  }));
}

export interface CheckoutSession {
  sessionId: string | null;
  url: string | null;
}

/** Creates a card checkout session for an amount in USD. */
export async function createCheckoutSession(amount: number): Promise<CheckoutSession> {
  const d = await call('POST', '/billing/create-checkout-session', { body: { amount } });
  return { sessionId: str(d, 'sessionId') ?? null, url: str(d, 'url') ?? null };
}

/** What confirming a checkout with the payment provider found. */
export type CheckoutCheck = 'credited' | 'already-credited';

/** Asks the server to confirm a checkout session of this account with the payment provider (adds its credits once). */
export async function verifyCheckout(sessionId: string): Promise<CheckoutCheck> {
  const d = await call('POST', '/billing/verify-checkout', { body: { sessionId } });
  return isObject(d) && d.credited === true ? 'credited' : 'already-credited';
}
