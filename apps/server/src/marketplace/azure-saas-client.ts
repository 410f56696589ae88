/**
 * The Azure Marketplace SaaS fulfillment API v2 and metering API calls this server makes
 * (https://learn.microsoft.com/partner-center/marketplace-offers/pc-saas-fulfillment-subscription-api):
 * resolve, activate, get subscription, list plans, get/patch operation, batch usage events.
 * Plain fetch against a configurable base URL; the bearer token is a fixed one or a Microsoft Entra
 * client-credentials token for the marketplace resource, fetched and cached here.
 */
import { randomUUID } from 'node:crypto';

const API_VERSION = '2018-08-31';
/** The Entra ID application id of the marketplace fulfillment/metering APIs. */
export const MARKETPLACE_RESOURCE_ID = '20e940b3-4c77-4b0b-9a53-9e16a1b010a7';

export interface AzureSaasOptions {
  apiBase: string;
  /** A fixed bearer token (stand-ins, short tests). */
  staticToken?: string;
  /** Entra client credentials (production). */
  entra?: { loginBase: string; tenantId: string; clientId: string; clientSecret: string };
  timeoutMs?: number;
}

export interface AzureParty { emailId?: string; objectId?: string; tenantId?: string }
export interface AzureSubscription {
  id: string;
  name?: string;
  offerId?: string;
  planId?: string;
  quantity?: number;
  saasSubscriptionStatus?: 'PendingFulfillmentStart' | 'Subscribed' | 'Suspended' | 'Unsubscribed';
  beneficiary?: AzureParty;
  purchaser?: AzureParty;
}
export interface AzureResolved { id: string; subscriptionName?: string; offerId?: string; planId?: string; quantity?: number; subscription?: AzureSubscription }
export interface AzureOperation {
  id: string; activityId?: string; subscriptionId: string; offerId?: string; planId?: string; quantity?: number;
  action: string; timeStamp?: string; status?: 'NotStarted' | 'InProgress' | 'Failed' | 'Succeeded' | 'Conflict';
}
export interface UsageEvent { resourceId: string; quantity: number; dimension: string; effectiveStartTime: string; planId: string }
export interface UsageResult { status: string; usageEventId?: string; resourceId?: string; effectiveStartTime?: string; dimension?: string; planId?: string; error?: unknown }

/** An API answer other than 2xx. */
export class AzureSaasError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'AzureSaasError';
  }
}

/** A client bound to one set of options; caches the Entra token until shortly before it expires. */
export function azureSaasClient(o: AzureSaasOptions) {
  let cached: { token: string; until: number } | null = null;

  async function bearer(): Promise<string> {
    if (o.staticToken) return o.staticToken;
    if (!o.entra) throw new AzureSaasError(0, 'No marketplace credentials are configured');
    if (cached && cached.until > Date.now()) return cached.token;
    const e = o.entra;
    const res = await fetch(new URL(`/${encodeURIComponent(e.tenantId)}/oauth2/token`, e.loginBase), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: e.clientId, client_secret: e.clientSecret, resource: MARKETPLACE_RESOURCE_ID }).toString(),
      signal: AbortSignal.timeout(o.timeoutMs ?? 15_000),
    });
    // A refusal may carry no JSON; no access_token then fails the request just below.
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: string | number };
    if (!res.ok || !body.access_token) throw new AzureSaasError(res.status, `Entra token request failed (${res.status})`);
    cached = { token: body.access_token, until: Date.now() + (Number(body.expires_in ?? 3600) - 120) * 1000 };
    return body.access_token;
  }

  async function call<T>(method: string, path: string, init: { body?: unknown; headers?: Record<string, string>; okStatuses?: number[] } = {}): Promise<{ status: number; body: T }> {
    const url = new URL(path, o.apiBase);
    url.searchParams.set('api-version', API_VERSION);
    const res = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${await bearer()}`,
        'content-type': 'application/json',
        'x-ms-requestid': randomUUID(),
        'x-ms-correlationid': randomUUID(),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(o.timeoutMs ?? 15_000),
    });
    const text = await res.text();
    const body = (text ? JSON.parse(text) : {}) as T;
    if (!res.ok && !(init.okStatuses ?? []).includes(res.status)) throw new AzureSaasError(res.status, `Marketplace API ${method} ${url.pathname} answered ${res.status}`);
    return { status: res.status, body };
  }

  const sub = (id: string) => `/api/saas/subscriptions/${encodeURIComponent(id)}`;
  return {
    /** Exchanges the landing page's token for the subscription it stands for. */
    resolve: async (marketplaceToken: string) =>
      (await call<AzureResolved>('POST', '/api/saas/subscriptions/resolve', { headers: { 'x-ms-marketplace-token': marketplaceToken } })).body,
    /** Starts billing for the subscription (PendingFulfillmentStart -> Subscribed). */
    activate: async (id: string, planId: string, quantity?: number) => {
      await call('POST', `${sub(id)}/activate`, { body: { planId, ...(quantity ? { quantity } : {}) } });
    },
    getSubscription: async (id: string) => (await call<AzureSubscription>('GET', sub(id))).body,
    listAvailablePlans: async (id: string) => (await call<{ plans?: unknown[] }>('GET', `${sub(id)}/listAvailablePlans`)).body.plans ?? [],
    getOperation: async (subscriptionId: string, operationId: string) =>
      (await call<AzureOperation>('GET', `${sub(subscriptionId)}/operations/${encodeURIComponent(operationId)}`)).body,
    /** Acknowledges an operation the webhook told us about (ChangePlan, ChangeQuantity, Reinstate). */
    patchOperation: async (subscriptionId: string, operationId: string, status: 'Success' | 'Failure') => {
      await call('PATCH', `${sub(subscriptionId)}/operations/${encodeURIComponent(operationId)}`, { body: { status } });
    },
    /** Posts up to 25 usage events; each result says Accepted, Duplicate, Expired, ... */
    batchUsage: async (events: UsageEvent[]) =>
      (await call<{ result?: UsageResult[] }>('POST', '/api/batchUsageEvent', { body: { request: events } })).body.result ?? [],
  };
}

export type AzureSaasClient = ReturnType<typeof azureSaasClient>;
