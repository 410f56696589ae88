/**
 * A @fastify/rate-limit store kept in the app's database (table rate_limit_counters), so every API
 * process behind a load balancer counts against the same limit. One atomic upsert per counted request;
 * the database clock (now()) alone decides when a window starts and ends. Expired rows are pruned by
 * every PRUNE_EVERY-th call of each process. A database error fails open: the request is let through
 * and a warning logged, so the limiter never takes the API down.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Logger } from 'pino';
import type { Queryable } from '../db/database.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

const PRUNE_EVERY = 200;
const WARN_INTERVAL_MS = 30_000;

const INCR_SQL = `
INSERT INTO rate_limit_counters AS c (key, count, expires_at)
VALUES ($1, 1, now() + $2::double precision * interval '1 millisecond')
ON CONFLICT (key) DO UPDATE SET
  count = CASE WHEN c.expires_at <= now() THEN 1 ELSE c.count + 1 END,
  expires_at = CASE WHEN c.expires_at <= now() THEN now() + $2::double precision * interval '1 millisecond' ELSE c.expires_at END
RETURNING count, GREATEST(0, CEIL(EXTRACT(EPOCH FROM (expires_at - now())) * 1000))::bigint AS ttl_ms`;

const READ_SQL = `
SELECT count, GREATEST(0, CEIL(EXTRACT(EPOCH FROM (expires_at - now())) * 1000))::bigint AS ttl_ms
FROM rate_limit_counters WHERE key = $1 AND expires_at > now()`;

const PRUNE_SQL = 'DELETE FROM rate_limit_counters WHERE expires_at <= now()';

interface Shared {
  db: Queryable;
  logger: Pick<Logger, 'warn'>;
  calls: number;
  lastWarn: number;
}

type Row = { count: number | string; ttl_ms: number | string };

class DatabaseRateLimitStore implements FastifyRateLimitStore {
  constructor(private readonly shared: Shared) {}

  incr(key: string, callback: Callback, timeWindow: number): void {
    const s = this.shared;
    if (++s.calls % PRUNE_EVERY === 0) {
      s.db.query(PRUNE_SQL).catch((err: unknown) => this.warn(err, 'pruning expired rate-limit counters failed'));
    }
    s.db.query<Row>(INCR_SQL, [key, timeWindow]).then(
      ({ rows }) => {
        const row = rows[0];
        if (!row) return this.failOpen(new Error('rate-limit upsert returned no row'), callback, timeWindow);
        callback(null, { current: Number(row.count), ttl: Number(row.ttl_ms) });
      },
      (err: unknown) => this.failOpen(err, callback, timeWindow),
    );
  }

  /** Non-mutating peek (used by `{ increment: false }`); same fail-open rule. */
  read(key: string, callback: Callback): void {
    this.shared.db.query<Row>(READ_SQL, [key]).then(
      ({ rows }) => {
        const row = rows[0];
        callback(null, row ? { current: Number(row.count), ttl: Number(row.ttl_ms) } : { current: 0, ttl: 0 });
      },
      (err: unknown) => this.failOpen(err, callback, 0),
    );
  }

  /** Route-level limits share the table; their keys carry the route group, so one store serves all. */
  child(): FastifyRateLimitStore {
    return new DatabaseRateLimitStore(this.shared);
  }

  private failOpen(err: unknown, callback: Callback, timeWindow: number): void {
    this.warn(err, 'rate-limit store unavailable; request allowed');
    callback(null, { current: 0, ttl: timeWindow });
  }

  private warn(err: unknown, msg: string): void {
    const now = Date.now();
    if (now - this.shared.lastWarn < WARN_INTERVAL_MS) return;
    this.shared.lastWarn = now;
    this.shared.logger.warn({ err }, msg);
  }
}

/** The store class to hand @fastify/rate-limit's `store` option (the plugin constructs it itself). */
export function databaseRateLimitStore(db: Queryable, logger: Pick<Logger, 'warn'>): FastifyRateLimitStoreCtor {
  const shared: Shared = { db, logger, calls: 0, lastWarn: 0 };
  return class extends DatabaseRateLimitStore {
    constructor() {
      super(shared);
    }
  };
}
