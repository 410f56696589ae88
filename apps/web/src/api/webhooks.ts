/** Webhook endpoints that receive finished EDI (GET/POST/DELETE /api/webhooks). */
import { call } from './http.ts';
import { arr, bool, isObject, str, strings } from './read.ts';

export interface Webhook {
  id: string;
  url: string;
  events: string[];
  isActive: boolean;
  createdAt: string | null;
  secret: string | null;
}

function readHook(r: unknown): Webhook {
  return {
    id: str(r, 'id', ''), url: str(r, 'url', ''), events: strings(r, 'events'), isActive: bool(r, 'isActive', true),
    createdAt: str(r, 'createdAt') ?? null, secret: str(r, 'secret') ?? null,
  };
}

/** The tenant's webhooks. */
export async function listWebhooks(): Promise<Webhook[]> {
  const d = await call('GET', '/webhooks');
  return (Array.isArray(d) ? d : arr(d, 'webhooks')).filter(isObject).map(readHook);
}

/** Registers a webhook URL; the answer may carry the signing secret once. */
export async function createWebhook(url: string): Promise<Webhook> {
  const d = await call('POST', '/webhooks', { body: { url } });
  return readHook(isObject(d) && isObject(d.webhook) ? { ...d.webhook, secret: str(d, 'secret') ?? str(d.webhook, 'secret') } : d);
}

/** Removes a webhook. */
export async function deleteWebhook(id: string): Promise<void> {
  await call('DELETE', `/webhooks/${encodeURIComponent(id)}`);
}
