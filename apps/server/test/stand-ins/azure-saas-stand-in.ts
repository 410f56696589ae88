/**
 * A small Azure Marketplace SaaS fulfillment API v2 + metering API stand-in for development and tests:
 * resolve, get subscription, activate, listAvailablePlans, get/patch operation, batchUsageEvent, and
 * an Entra-style client-credentials token endpoint. Webhook notifications are posted like the marketplace's.
 * Run alone: `npx tsx apps/server/test/stand-ins/azure-saas-stand-in.ts --port 12112`, then start the server
 * with MARKETPLACE_API_BASE=http://127.0.0.1:12112 MARKETPLACE_TOKEN=stand-in-token.
 */
import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { readBody, send } from './http-io.ts';

type Status = 'PendingFulfillmentStart' | 'Subscribed' | 'Suspended' | 'Unsubscribed';
export interface StandInSubscription {
  id: string; name: string; publisherId: string; offerId: string; planId: string; quantity?: number; saasSubscriptionStatus: Status;
  beneficiary: { emailId: string; objectId: string; tenantId: string }; purchaser: { emailId: string; objectId: string; tenantId: string };
  term: { termUnit: string; startDate?: string; endDate?: string };
}
export interface StandInOperation {
  id: string; activityId: string; subscriptionId: string; offerId: string; publisherId: string; planId: string; quantity?: number;
  action: string; timeStamp: string; status: 'NotStarted' | 'InProgress' | 'Failed' | 'Succeeded' | 'Conflict';
}
export interface StandInUsage { usageEventId: string; resourceId: string; quantity: number; dimension: string; effectiveStartTime: string; planId: string }

const PLANS = [
  { planId: 'good-as-a-human', displayName: 'Good as a Human', isPricePerSeat: false },
  { planId: 'better-than-a-human', displayName: 'Better than a Human', isPricePerSeat: false },
];


export interface AzureSaasStandIn {
  url: string;
  token: string;
  subscriptions: Map<string, StandInSubscription>;
  operations: Map<string, StandInOperation>;
  usage: StandInUsage[];
  patches: { operationId: string; status: string }[];
  /** Creates a purchase waiting for activation; returns the landing-page token for it. */
  addSubscription(s: { planId: string; purchaserEmail: string; beneficiaryEmail?: string; quantity?: number }): { id: string; marketplaceToken: string };
  /** Starts an operation as the marketplace does (ChangePlan etc. wait InProgress; Suspend/Unsubscribe are already done) and returns its webhook body. */
  startOperation(subscriptionId: string, action: string, change?: { planId?: string; quantity?: number }): StandInOperation;
  close(): Promise<void>;
}

/** Starts the stand-in on 127.0.0.1 (port 0 = any free port); requests must carry `Bearer <token>`. */
export async function startAzureSaasStandIn(opts: { port?: number; token?: string } = {}): Promise<AzureSaasStandIn> {
  const token = opts.token ?? 'stand-in-token';
  const subscriptions = new Map<string, StandInSubscription>();
  const tokens = new Map<string, string>();
  const operations = new Map<string, StandInOperation>();
  const usage: StandInUsage[] = [];
  const patches: AzureSaasStandIn['patches'] = [];

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const raw = await readBody(req);
      // Entra client-credentials token endpoint.
      if (req.method === 'POST' && /^\/[^/]+\/oauth2\/token$/.test(url.pathname)) {
        const f = new URLSearchParams(raw);
        if (f.get('grant_type') !== 'client_credentials' || !f.get('client_id') || !f.get('client_secret')) return send(res, 400, { error: 'invalid_request' });
        return send(res, 200, { token_type: 'Bearer', expires_in: '3599', access_token: token });
      }
      if (req.headers.authorization !== `Bearer ${token}`) return send(res, 401, { error: { code: 'Unauthorized' } });
      if (url.searchParams.get('api-version') !== '2018-08-31') return send(res, 400, { error: { code: 'BadRequest', message: 'api-version' } });
      const body = raw ? (JSON.parse(raw) as Record<string, any>) : {};
      const p = url.pathname;

      if (req.method === 'POST' && p === '/api/saas/subscriptions/resolve') {
        const id = tokens.get(String(req.headers['x-ms-marketplace-token'] ?? ''));
        const s = id ? subscriptions.get(id) : undefined;
        if (!s) return send(res, 400, { error: { code: 'BadRequest', message: 'Token is invalid' } });
        return send(res, 200, { id: s.id, subscriptionName: s.name, offerId: s.offerId, planId: s.planId, quantity: s.quantity, subscription: s });
      }
      if (req.method === 'POST' && p === '/api/batchUsageEvent') {
        const result = (body.request as StandInUsage[] ?? []).map((e) => {
          const sub = subscriptions.get(e.resourceId);
          if (!sub || sub.saasSubscriptionStatus !== 'Subscribed') return { status: 'ResourceNotFound', ...e };
          if (sub.planId !== e.planId) return { status: 'InvalidDimension', ...e };
          // The real API refuses events more than 24 hours old.
          if (Date.parse(e.effectiveStartTime) < Date.now() - 24 * 3600_000) return { status: 'Expired', ...e };
          const dup = usage.find((u) => u.resourceId === e.resourceId && u.dimension === e.dimension && u.effectiveStartTime === e.effectiveStartTime);
          if (dup) return { status: 'Duplicate', ...dup };
          const accepted: StandInUsage = { resourceId: e.resourceId, quantity: e.quantity, dimension: e.dimension, effectiveStartTime: e.effectiveStartTime, planId: e.planId, usageEventId: randomUUID() };
          usage.push(accepted);
          return { status: 'Accepted', messageTime: new Date().toISOString(), ...accepted };
        });
        return send(res, 200, { count: result.length, result });
      }
      const m = /^\/api\/saas\/subscriptions\/([^/]+)(?:\/([^/]+)(?:\/([^/]+))?)?$/.exec(p);
      const sub = m ? subscriptions.get(decodeURIComponent(m[1]!)) : undefined;
      if (!m || !sub) return send(res, 404, { error: { code: 'EntityNotFound' } });
      const [, , verb, opId] = m;
      if (req.method === 'GET' && !verb) return send(res, 200, sub);
      if (req.method === 'POST' && verb === 'activate') {
        if (body.planId !== sub.planId) return send(res, 400, { error: { code: 'BadRequest', message: 'planId does not match' } });
        if (sub.saasSubscriptionStatus === 'Unsubscribed') return send(res, 400, { error: { code: 'BadRequest' } });
        sub.saasSubscriptionStatus = 'Subscribed';
        return send(res, 200);
      }
      if (req.method === 'GET' && verb === 'listAvailablePlans') return send(res, 200, { plans: PLANS });
      if (verb === 'operations' && opId) {
        const op = operations.get(decodeURIComponent(opId));
        if (!op || op.subscriptionId !== sub.id) return send(res, 404, { error: { code: 'EntityNotFound' } });
        if (req.method === 'GET') return send(res, 200, op);
        if (req.method === 'PATCH') {
          if (op.status !== 'InProgress') return send(res, 409, { error: { code: 'Conflict' } });
          op.status = body.status === 'Success' ? 'Succeeded' : 'Failed';
          patches.push({ operationId: op.id, status: String(body.status) });
          if (op.status === 'Succeeded') {
            if (op.action === 'ChangePlan') sub.planId = op.planId;
            if (op.action === 'ChangeQuantity' && op.quantity !== undefined) sub.quantity = op.quantity;
            if (op.action === 'Reinstate') sub.saasSubscriptionStatus = 'Subscribed';
          }
          return send(res, 200);
        }
      }
      send(res, 404, { error: { code: 'NotFound' } });
    })().catch((err: Error) => send(res, 500, { error: { message: err.message } }));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url, token, subscriptions, operations, usage, patches,
    addSubscription(s) {
      const id = randomUUID();
      const party = (emailId: string) => ({ emailId, objectId: randomUUID(), tenantId: randomUUID() });
      subscriptions.set(id, {
        id, name: `Ladingwise ${id.slice(0, 8)}`, publisherId: 'ladingwise', offerId: 'ladingwise-bol-to-edi', planId: s.planId,
        ...(s.quantity !== undefined ? { quantity: s.quantity } : {}), saasSubscriptionStatus: 'PendingFulfillmentStart',
        beneficiary: party(s.beneficiaryEmail ?? s.purchaserEmail), purchaser: party(s.purchaserEmail), term: { termUnit: 'P1M' },
      });
      const marketplaceToken = Buffer.from(randomUUID()).toString('base64');
      tokens.set(marketplaceToken, id);
      return { id, marketplaceToken };
    },
    startOperation(subscriptionId, action, change = {}) {
      const sub = subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`no subscription ${subscriptionId}`);
      const waits = action === 'ChangePlan' || action === 'ChangeQuantity' || action === 'Reinstate';
      if (action === 'Suspend') sub.saasSubscriptionStatus = 'Suspended';
      if (action === 'Unsubscribe') sub.saasSubscriptionStatus = 'Unsubscribed';
      const op: StandInOperation = {
        id: randomUUID(), activityId: randomUUID(), subscriptionId, offerId: sub.offerId, publisherId: sub.publisherId,
        planId: change.planId ?? sub.planId, ...(change.quantity !== undefined ? { quantity: change.quantity } : {}),
        action, timeStamp: new Date().toISOString(), status: waits ? 'InProgress' : 'Succeeded',
      };
      operations.set(op.id, op);
      return op;
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const i = process.argv.indexOf('--port');
  const s = await startAzureSaasStandIn({ port: Number(i > 0 ? process.argv[i + 1] : 12112) });
  console.log(`Azure SaaS fulfillment stand-in on ${s.url} (bearer token: ${s.token})`);
}
