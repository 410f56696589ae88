/** The marketplace landing flow (spec section 4): stash the URL data, then link directly or via the token. */
import { MARKETPLACE_STASH_KEY } from '../../config.ts';
import { linkSubscription, resolveToken, type Subscription } from '../../api/marketplace.ts';

export interface MarketplaceStash {
  token: string | null;
  subscriptionId: string | null;
  timestamp: number;
}

/** Saves token/subscriptionId from the URL into the browser session, with a timestamp. */
export function stashFromUrl(search: string, now = Date.now()): void {
  const q = new URLSearchParams(search);
  const token = q.get('token');
  const subscriptionId = q.get('subscriptionId');
  if (!token && !subscriptionId) return;
  sessionStorage.setItem(MARKETPLACE_STASH_KEY, JSON.stringify({ token, subscriptionId, timestamp: now } satisfies MarketplaceStash));
}

/** The stash, or null. */
export function readStash(): MarketplaceStash | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(MARKETPLACE_STASH_KEY) ?? 'null') as MarketplaceStash | null;
    return v && (v.token || v.subscriptionId) ? v : null;
  } catch {
    return null;
  }
}

/** Forgets the stash. */
export function clearStash(): void {
  sessionStorage.removeItem(MARKETPLACE_STASH_KEY);
}

export const MARKETPLACE_ERRORS = {
  noData: 'No Azure Marketplace subscription data found',
  linkFailed: 'Failed to link Azure subscription. Please try again.',
  resolveFailed: 'Failed to resolve marketplace token. Please contact support.',
  unexpected: 'An error occurred while linking your subscription.',
  noSubscriptionId: 'No subscription ID provided',
  detailsMissing: 'Could not load subscription details',
  loadFailed: 'Failed to load subscription information',
} as const;

export interface LinkDeps {
  link: (id: string) => Promise<boolean>;
  resolve: (token: string) => Promise<Subscription | null>;
}

/** Links the stashed subscription; returns its id or the spec's error text. */
export async function linkStashed(stash: MarketplaceStash | null, deps: LinkDeps = { link: linkSubscription, resolve: resolveToken }):
  Promise<{ ok: true; subscriptionId: string } | { ok: false; error: string }> {
  if (!stash) return { ok: false, error: MARKETPLACE_ERRORS.noData };
  try {
    let id = stash.subscriptionId;
    if (!id && stash.token) {
      const resolved = await deps.resolve(stash.token);
      if (!resolved?.id) return { ok: false, error: MARKETPLACE_ERRORS.resolveFailed };
      id = resolved.id;
    }
    if (!id) return { ok: false, error: MARKETPLACE_ERRORS.noData };
    if (!(await deps.link(id))) return { ok: false, error: MARKETPLACE_ERRORS.linkFailed };
    return { ok: true, subscriptionId: id };
  } catch {
    return { ok: false, error: MARKETPLACE_ERRORS.unexpected };
  }
}
