/** The two pricing plans (spec section 1), shared by the landing, settings and billing pages. */
export interface PlanInfo {
  id: 'good-as-a-human' | 'better-than-a-human';
  name: string;
  priceCents: number;
  features: string[];
}

export const PLANS: readonly PlanInfo[] = [
  {
    id: 'good-as-a-human',
    name: 'Good as a Human',
    priceCents: 15,
    features: ['Manual upload UI', 'SFTP downloads', 'API downloads', 'Reporting of missing data'],
  },
  {
    id: 'better-than-a-human',
    name: 'Better than a Human',
    priceCents: 20,
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

export const FREE_BILLS = 50;
export const WELCOME_CREDIT_USD = 10;
