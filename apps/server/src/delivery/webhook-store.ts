/** SQL for webhooks, their deliveries and delivery attempts; every query filters on tenant_id. */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

export const WEBHOOK_EVENTS = ['job.completed', 'job.failed', 'job.needs_review'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number] | 'webhook.test';

export interface WebhookDto { id: string; url: string; events: string[]; isActive: boolean; createdAt: string }
interface WebhookRow { id: string; tenant_id: string; url: string; secret: string; events: string; created_at: Date | string }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const toDto = (r: WebhookRow): WebhookDto => ({ id: r.id, url: r.url, events: r.events.split(','), isActive: true, createdAt: iso(r.created_at)! });

export async function createWebhook(db: Queryable, w: { tenantId: string; url: string; secret: string; createdBy: string | null }): Promise<WebhookDto> {
  const id = randomUUID();
  const { rows } = await db.query<WebhookRow>(
    `INSERT INTO webhooks (id, tenant_id, url, secret, created_by) VALUES ($1, $2, $3, $4, $5)
     RETURNING id, tenant_id, url, secret, events, created_at`,
    [id, w.tenantId, w.url, w.secret, w.createdBy],
  );
  return toDto(rows[0]!);
}

export async function listWebhooks(db: Queryable, tenantId: string): Promise<WebhookDto[]> {
  const { rows } = await db.query<WebhookRow>(
    'SELECT id, tenant_id, url, secret, events, created_at FROM webhooks WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY created_at, id',
    [tenantId],
  );
  return rows.map(toDto);
}

/** A live webhook with its secret (for signing), or null (unknown, deleted, another tenant's, or the account deleted). */
export async function getWebhookForSending(db: Queryable, tenantId: string, id: string): Promise<{ id: string; url: string; secret: string } | null> {
  if (!UUID.test(id)) return null;
  const { rows } = await db.query<WebhookRow>(
    `SELECT w.id, w.tenant_id, w.url, w.secret, w.events, w.created_at FROM webhooks w JOIN tenants t ON t.id = w.tenant_id
     WHERE w.id = $1 AND w.tenant_id = $2 AND w.deleted_at IS NULL AND t.deleted_at IS NULL`,
    [id, tenantId],
  );
  const r = rows[0];
  return r ? { id: r.id, url: r.url, secret: r.secret } : null;
}

/** Live webhooks subscribed to an event (none once the account is deleted). */
export async function webhooksFor(db: Queryable, tenantId: string, event: WebhookEvent): Promise<{ id: string }[]> {
  const { rows } = await db.query<{ id: string; events: string }>(
    `SELECT w.id, w.events FROM webhooks w JOIN tenants t ON t.id = w.tenant_id
     WHERE w.tenant_id = $1 AND w.deleted_at IS NULL AND t.deleted_at IS NULL`,
    [tenantId],
  );
  return rows.filter((r) => event === 'webhook.test' || r.events.split(',').includes(event)).map((r) => ({ id: r.id }));
}

export async function deleteWebhook(db: Queryable, tenantId: string, id: string, now: Date): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const { rowCount } = await db.query('UPDATE webhooks SET deleted_at = $3 WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [id, tenantId, now]);
  return rowCount === 1;
}

export async function countWebhooks(db: Queryable, tenantId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhooks WHERE tenant_id = $1 AND deleted_at IS NULL', [tenantId]);
  return rows[0]?.n ?? 0;
}

/** Creates a delivery unless this (webhook, dedupe key) already has one; returns the new id or null. */
export async function createDelivery(
  db: Queryable,
  d: { tenantId: string; webhookId: string; jobId: string | null; event: WebhookEvent; dedupeKey: string; body: string; id?: string },
): Promise<string | null> {
  const id = d.id ?? randomUUID();
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO webhook_deliveries (id, tenant_id, webhook_id, job_id, event, dedupe_key, body) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (webhook_id, dedupe_key) DO NOTHING RETURNING id`,
    [id, d.tenantId, d.webhookId, d.jobId, d.event, d.dedupeKey, d.body],
  );
  return rows[0]?.id ?? null;
}

export interface DeliveryRow { id: string; tenant_id: string; webhook_id: string; job_id: string | null; event: string; body: string; status: string; attempts: number }

export async function getDelivery(db: Queryable, tenantId: string, id: string): Promise<DeliveryRow | null> {
  if (!UUID.test(id)) return null;
  const { rows } = await db.query<DeliveryRow>(
    'SELECT id, tenant_id, webhook_id, job_id, event, body, status, attempts FROM webhook_deliveries WHERE id = $1 AND tenant_id = $2',
    [id, tenantId],
  );
  return rows[0] ?? null;
}

/** Records one attempt and moves the delivery to its new status. */
export async function recordAttempt(
  tx: Queryable,
  a: { tenantId: string; deliveryId: string; statusCode: number | null; error: string | null; durationMs: number; status: 'pending' | 'succeeded' | 'failed'; now: Date },
): Promise<void> {
  const { rows } = await tx.query<{ attempts: number }>(
    `UPDATE webhook_deliveries SET attempts = attempts + 1, last_status_code = $3, last_error = $4, last_attempt_at = $5, status = $6,
       delivered_at = CASE WHEN $6 = 'succeeded' THEN $5 ELSE delivered_at END
     WHERE id = $1 AND tenant_id = $2 RETURNING attempts`,
    [a.deliveryId, a.tenantId, a.statusCode, a.error, a.now, a.status],
  );
  const attempt = rows[0]?.attempts;
  if (attempt === undefined) return;
  await tx.query(
    `INSERT INTO webhook_delivery_attempts (delivery_id, tenant_id, attempt, status_code, error, duration_ms, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [a.deliveryId, a.tenantId, attempt, a.statusCode, a.error, a.durationMs, a.now],
  );
}

/** Gives up on a delivery without a further attempt (webhook deleted meanwhile). */
export async function abandonDelivery(db: Queryable, tenantId: string, id: string, reason: string): Promise<void> {
  await db.query(`UPDATE webhook_deliveries SET status = 'failed', last_error = $3 WHERE id = $1 AND tenant_id = $2 AND status = 'pending'`, [id, tenantId, reason]);
}

export interface DeliveryDto {
  id: string; webhookId: string; jobId: string | null; event: string; status: string; attempts: number;
  lastStatusCode: number | null; lastError: string | null; createdAt: string; lastAttemptAt: string | null; deliveredAt: string | null;
  attemptLog: { attempt: number; statusCode: number | null; error: string | null; durationMs: number; at: string }[];
}

/** The newest deliveries of a tenant (optionally of one webhook), with every attempt. */
export async function listDeliveries(db: Queryable, tenantId: string, o: { webhookId?: string; limit: number }): Promise<DeliveryDto[]> {
  const params: unknown[] = [tenantId, o.limit];
  if (o.webhookId) params.push(o.webhookId);
  const { rows } = await db.query<{
    id: string; webhook_id: string; job_id: string | null; event: string; status: string; attempts: number; last_status_code: number | null;
    last_error: string | null; created_at: Date | string; last_attempt_at: Date | string | null; delivered_at: Date | string | null;
  }>(
    `SELECT id, webhook_id, job_id, event, status, attempts, last_status_code, last_error, created_at, last_attempt_at, delivered_at
     FROM webhook_deliveries WHERE tenant_id = $1 ${o.webhookId ? 'AND webhook_id = $3' : ''} ORDER BY created_at DESC, id LIMIT $2`,
    params,
  );
  if (!rows.length) return [];
  const { rows: attempts } = await db.query<{ delivery_id: string; attempt: number; status_code: number | null; error: string | null; duration_ms: number; created_at: Date | string }>(
    `SELECT delivery_id, attempt, status_code, error, duration_ms, created_at FROM webhook_delivery_attempts
     WHERE tenant_id = $1 AND delivery_id = ANY($2::uuid[]) ORDER BY delivery_id, attempt`,
    [tenantId, rows.map((r) => r.id)],
  );
  return rows.map((r) => ({
    id: r.id, webhookId: r.webhook_id, jobId: r.job_id, event: r.event, status: r.status, attempts: r.attempts,
    lastStatusCode: r.last_status_code, lastError: r.last_error, createdAt: iso(r.created_at)!, lastAttemptAt: iso(r.last_attempt_at), deliveredAt: iso(r.delivered_at),
    attemptLog: attempts.filter((a) => a.delivery_id === r.id).map((a) => ({ attempt: a.attempt, statusCode: a.status_code, error: a.error, durationMs: a.duration_ms, at: iso(a.created_at)! })),
  }));
}
