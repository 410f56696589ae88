/** The segment plans by transaction set. */
import { PLAN_204 } from './plan-204.ts';
import { PLAN_211 } from './plan-211.ts';
import type { TransactionPlan } from './segment-plan.ts';
import type { TransactionType } from './versions.ts';

/** Plans the writer and checker use, keyed by transaction set. */
export const PLANS: Record<TransactionType, TransactionPlan> = { '204': PLAN_204, '211': PLAN_211 };
