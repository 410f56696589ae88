/** Credit purchase rules: quick amounts, credit estimates and the custom-amount checks. */

/** Credits shown per US dollar ("about amount x 40 credits"). */
export const CREDITS_PER_DOLLAR = 40;
export const QUICK_AMOUNTS = [50, 250, 1000] as const;
export const MIN_PURCHASE = 5;

/** "~2,000 credits" for $50. */
export function approxCredits(amountUsd: number): string {
  return `~${Math.round(amountUsd * CREDITS_PER_DOLLAR).toLocaleString('en-US')} credits`;
}

export type AmountCheck = { ok: true; amount: number } | { ok: false; title: string; description: string };

/** Validates the custom amount field in the spec's order. */
export function checkCustomAmount(raw: string): AmountCheck {
  const amount = Number.parseFloat(raw);
  if (raw.trim() === '' || Number.isNaN(amount) || amount <= 0) {
    return { ok: false, title: 'Invalid Amount', description: 'Please enter a valid amount greater than 0' };
  }
  if (amount < MIN_PURCHASE) return { ok: false, title: 'Minimum Amount', description: 'Minimum purchase amount is $5.00' };
  return { ok: true, amount: Math.round(amount * 100) / 100 };
}

/** The 'Payment Error' text for a failed checkout start (spec section 8). */
export function checkoutErrorText(err: unknown): string {
  const e = err as { network?: boolean; message?: string; code?: string } | null;
  if (e?.code === 'checkout-not-configured') return 'Stripe is not properly configured. Please check your environment variables.';
  if (e?.code === 'no-session') return 'Unable to create payment session. Please try again or contact support.';
  if (e?.network || (err instanceof TypeError && /fetch|network/i.test(err.message))) {
    return 'Network error. Please check your internet connection and try again.';
  }
  return e?.message || 'Failed to start checkout process';
}
