/**
 * Placeholder with the final signatures: the billing engineer implements the credits ledger here.
 * Credits are integers; 40 credits per USD; the welcome credit is $10 = 400 credits.
 */
import type { Queryable } from '../db/database.ts';

/** Adds the $10 welcome credit once per tenant (idempotent). */
export async function grantWelcomeCredit(_tx: Queryable, _tenantId: string): Promise<void> {}

/** Throws errors.insufficientCredits() when the tenant cannot pay for `documents` more documents. */
export async function assertCanAfford(_db: Queryable, _tenantId: string, _documents: number): Promise<void> {}

/** Charges a completed job exactly once (no-op when already charged); call inside the completion transaction. */
export async function chargeJob(_tx: Queryable, _job: { tenantId: string; jobId: string }): Promise<void> {}
