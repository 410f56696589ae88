/** Starts card checkout: create the session, then go to the provider's hosted page (data.url). */
import { createCheckoutSession } from '../../api/billing.ts';
import { MARKETPLACE } from '../../config.ts';

/** A checkout start failure with the code checkoutErrorText maps to the spec's texts. */
export class CheckoutError extends Error {
  readonly code: 'checkout-not-configured' | 'no-session';
  constructor(code: CheckoutError['code']) {
    super(code);
    this.code = code;
  }
}

/** Creates the session and redirects; throws CheckoutError or the API error. */
export async function startCheckout(amount: number, go: (url: string) => void = (u) => window.location.assign(u)): Promise<void> {
  const session = await createCheckoutSession(amount);
  if (session.url) return go(session.url);
  // A session without a hosted URL needs a client-side payment SDK, which this build does not carry.
  throw new CheckoutError(session.sessionId ? 'checkout-not-configured' : 'no-session');
}

/** Whether a billingMode value means billing through the cloud marketplace. */
export function isMarketplaceBilling(mode: string | null | undefined): boolean {
  if (!mode) return false;
  const m = mode.toLowerCase();
  return m.includes('marketplace') || m === MARKETPLACE.provider;
}
