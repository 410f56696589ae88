/**
 * Build-time settings and product constants. The only module that reads import.meta.env;
 * sign-in settings come from the server at startup (GET /api/auth/config), not from here.
 */
const env = import.meta.env;

/** Base path of the HTTP API. */
export const API_BASE: string = env.VITE_API_BASE || '/api';

/** Every API call gives up after this long (spec section 9). */
export const API_TIMEOUT_MS = 30_000;

/** Optional demo video shown by "Watch Demo"; without one the modal plays an animated walkthrough. */
/** The demo video: a screen recording of the product (e2e/support/record-demo.ts), or another URL set at build time. */
export const DEMO_VIDEO_URL: string = env.VITE_DEMO_VIDEO_URL || '/demo/ladingwise-demo.webm';

/** Company details used in the footer, contact, careers and legal pages. */
export const COMPANY = {
  product: 'Ladingwise',
  legalName: env.VITE_COMPANY_NAME || 'Ladingwise Inc.',
  jurisdiction: 'Ontario, Canada',
  domain: env.VITE_COMPANY_DOMAIN || 'ladingwise.com',
  phone: env.VITE_COMPANY_PHONE || '+1 (416) 555-0142',
  tagline: 'AI agent bill of lading processing for modern logistics.',
} as const;

/** Mailbox on the company domain, e.g. mailbox('support'). */
export function mailbox(local: string): string {
  return `${local}@${COMPANY.domain}`;
}

/**
 * The cloud marketplace the product is sold through. Routes are /{provider}marketplace/...,
 * API paths /api/marketplace/{provider}/..., and the session stash key is named after it.
 */
export const MARKETPLACE = {
  provider: (env.VITE_MARKETPLACE_PROVIDER || 'azure').toLowerCase(),
  /** Where a marketplace-billed customer manages their subscription. */
  billingPortalUrl: env.VITE_MARKETPLACE_PORTAL_URL || 'https://portal.azure.com/#view/Microsoft_Azure_Billing/SubscriptionsBladeV2',
} as const;

/** Route prefix of the marketplace pages, e.g. "/azuremarketplace". */
export const MARKETPLACE_ROUTE = `/${MARKETPLACE.provider}marketplace`;

/** sessionStorage key holding the marketplace token/subscription between redirects. */
export const MARKETPLACE_STASH_KEY = `${MARKETPLACE.provider}Marketplace`;

/** Whether this copy is deployed on the marketplace's cloud (hostname names the provider). */
export function isCloudDeployment(hostname: string = globalThis.location?.hostname ?? ''): boolean {
  return hostname.toLowerCase().includes(MARKETPLACE.provider);
}

/** Whether the dev-only tools (role switcher hint) are visible. */
export const IS_DEV = Boolean(env.DEV);
