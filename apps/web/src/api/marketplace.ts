/** Cloud-marketplace calls; each swallows errors into the spec's null/false/empty answers. */
import { MARKETPLACE } from '../config.ts';
import { call } from './http.ts';
import { isObject, pick } from './read.ts';

const base = `/marketplace/${MARKETPLACE.provider}`;

/** The inner record from data.data (or Data), else data itself. */
function inner(d: unknown): unknown {
  const x = pick(d, 'data');
  return x === undefined ? d : x;
}

export interface Subscription {
  id: string;
  [key: string]: unknown;
}

function readSub(d: unknown): Subscription | null {
  const x = inner(d);
  if (!isObject(x)) return null;
  const id = pick(x, 'id') ?? pick(x, 'subscriptionId');
  return typeof id === 'string' && id ? { ...x, id } : null;
}

/** The linked subscription, or null on error. */
export async function getSubscription(): Promise<Subscription | null> {
  try {
    return readSub(await call('GET', `${base}/subscription`));
  } catch (err) {
    console.warn('marketplace subscription', err);
    return null;
  }
}

/** Links a subscription to the signed-in account; false on error. */
export async function linkSubscription(subscriptionId: string): Promise<boolean> {
  try {
    const d = await call('POST', `${base}/link`, { body: { subscriptionId } });
    const ok = pick(d, 'success');
    return ok === undefined ? true : ok === true;
  } catch (err) {
    console.warn('marketplace link', err);
    return false;
  }
}

/** Resolves a marketplace landing token to its subscription; null on error. */
export async function resolveToken(marketplaceToken: string): Promise<Subscription | null> {
  try {
    return readSub(await call('POST', `${base}/resolve`, { body: { marketplaceToken } }));
  } catch (err) {
    console.warn('marketplace resolve', err);
    return null;
  }
}
