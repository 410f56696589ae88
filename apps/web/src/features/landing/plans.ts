/**
 * The two pricing plans and the welcome offer, shared by the landing, settings, docs and billing pages.
 * The advertised price is what the ledger charges: cents x 40 credits per USD (docs/pricing.md).
 */
export interface PlanInfo {
  id: 'good-as-a-human' | 'better-than-a-human';
  name: string;
  priceCents: number;
  /** Credits one completed bill costs (the server's /billing/info says the same). */
  credits: number;
  features: string[];
}

export const PLANS: readonly PlanInfo[] = [
  {
    id: 'good-as-a-human',
    name: 'Good as a Human',
    priceCents: 15,
    credits: 6,
    features: ['Manual upload UI', 'SFTP downloads', 'API downloads', 'Reporting of missing data'],
  },
  {
    id: 'better-than-a-human',
    name: 'Better than a Human',
    priceCents: 20,
    credits: 8,
    features: [
      'Everything in Good as a Human',
      'SFTP download logs',
      'Custom ISA sender IDs',
      'Custom PRO number extraction',
      'Advanced AI features',
      'Barcode and QR code extraction',
      'Optional cloud-marketplace billing',
    ],
  },
];

export const CREDITS_PER_USD = 40;
export const WELCOME_CREDIT_USD = 10;
/** The one welcome offer: the $10 credit pays for at least this many bills on either plan (50 at 8 credits, 66 at 6). */
const WELCOME_CREDITS = WELCOME_CREDIT_USD * CREDITS_PER_USD;
const billsPaid = (p: PlanInfo) => Math.floor(WELCOME_CREDITS / p.credits);
export const FREE_BILLS = Math.min(...PLANS.map(billsPaid));
/** The offer in one phrase, as every page states it. */
export const WELCOME_OFFER = `Your first ${FREE_BILLS} bills free`;
/** What pays for the offer, for the line under it. */
export const WELCOME_OFFER_DETAIL = `A one-time $${WELCOME_CREDIT_USD} welcome credit (${WELCOME_CREDITS} credits) pays for them: ${PLANS.map((p) => `${billsPaid(p)} bills on ${p.name}`).join(', ')}.`;
