/**
 * The job queue: pg-boss on the same database as everything else. Embedded it runs through
 * PGlite (one process); with DATABASE_URL every `serve` and `worker` process shares the queue
 * and pg-boss's SKIP LOCKED fetch hands each job to exactly one worker.
 */
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database, Queryable } from '../db/database.ts';
import { QUEUE_NAMES, type QueueName } from './registry.ts';

export interface SendOptions { retryLimit?: number; retryDelaySeconds?: number; retryBackoff?: boolean; singletonKey?: string; startAfterSeconds?: number; expireInSeconds?: number; deadLetter?: string }

/** The transport only: which queues exist, and what each carries and runs, is registry.ts. */
export interface Queue {
  /** With `tx`, the job is written in that transaction: it exists exactly when the transaction commits (an outbox). */
  send(name: QueueName, data: object, options?: SendOptions, tx?: Queryable): Promise<string | null>;
  /** Pushes a running job's expiry to `seconds` from now (a worker's heartbeat); false when the job is no longer active. */
  extend(name: QueueName, id: string, seconds: number): Promise<boolean>;
  /** Runs handler for each job; `concurrency` parallel fetch loops in this process. Throwing fails (and maybe retries) the job. */
  work(name: QueueName, options: { concurrency: number }, handler: (data: unknown, job: { id: string }) => Promise<void>): Promise<void>;
  /** Stops this process's fetch loops for the queue; jobs already in hand run on. */
  offWork(name: QueueName): Promise<void>;
  cancel(name: QueueName, id: string): Promise<void>;
  /** Schedules a cron job (every node may call it; pg-boss keeps one schedule). */
  schedule(name: QueueName, cron: string): Promise<void>;
  stop(): Promise<void>;
  readonly boss: PgBoss;
}

/** How often any live process looks for expired jobs (pg-boss maintenance; one process does it per interval). */
export const MAINTENANCE_INTERVAL_SECONDS = 5;

/** Starts pg-boss on the database and creates the queues. */
export async function startQueue(db: Database, opts: { pollingIntervalSeconds?: number; schedule?: boolean; logger?: Logger } = {}): Promise<Queue> {
  // Expired jobs (a worker that stopped sending heartbeats) are looked for every few seconds, so a dead
  // worker's job is handed out again within about EXPIRE + MAINTENANCE seconds rather than minutes.
  const timing = { supervise: true, maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS };
  const boss = db.pglite
    ? new PgBoss({ db: pgliteAdapter(db), schedule: opts.schedule ?? true, ...timing })
    : new PgBoss({ connectionString: db.connectionString!, max: 4, schedule: opts.schedule ?? true, ...timing });
  // pg-boss retries its own maintenance and records job errors on the job rows; its errors are logged, not thrown.
  boss.on('error', (err) => opts.logger?.warn({ err }, 'queue maintenance error (pg-boss retries it)'));
  await boss.start();
  for (const name of QUEUE_NAMES) {
    await boss.createQueue(name).catch((err: Error) => {
      if (!/already exists/i.test(err.message)) throw err;
    });
  }
  const localWorkers = new Map<string, string[]>();
  const pollingIntervalSeconds = opts.pollingIntervalSeconds ?? 0.5;

  return {
    boss,
    async send(name, data, o = {}, tx) {
      const id = await boss.send(name, data, {
        ...(tx ? { db: { executeSql: (text: string, values: unknown[]) => tx.query(text, values) } } : {}),
        retryLimit: o.retryLimit ?? 0,
        retryDelay: o.retryDelaySeconds ?? 0,
        retryBackoff: o.retryBackoff ?? false,
        ...(o.singletonKey ? { singletonKey: o.singletonKey } : {}),
        ...(o.startAfterSeconds ? { startAfter: o.startAfterSeconds } : {}),
        ...(o.expireInSeconds ? { expireInSeconds: o.expireInSeconds } : {}),
        ...(o.deadLetter ? { deadLetter: o.deadLetter } : {}),
      });
      // Wake this process's idle workers now instead of at their next poll.
      for (const w of localWorkers.get(name) ?? []) boss.notifyWorker(w);
      return id;
    },
    async work(name, { concurrency }, handler) {
      const ids = localWorkers.get(name) ?? [];
      for (let i = 0; i < concurrency; i++) {
        ids.push(
          await boss.work<unknown>(name, { batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
            if (!job) return;
            await handler(job.data, { id: job.id });
          }),
        );
      }
      localWorkers.set(name, ids);
    },
    async offWork(name) {
      await boss.offWork(name);
      localWorkers.delete(name);
    },
    async extend(name, id, seconds) {
      const { rowCount } = await db.query(
        `UPDATE pgboss.job SET expire_in = (now() - started_on) + $3 * interval '1 second' WHERE name = $1 AND id = $2 AND state = 'active'`,
        [name, id, seconds]);
      return rowCount > 0;
    },
    cancel: (name, id) => boss.cancel(name, id),
    schedule: (name, cron) => boss.schedule(name, cron),
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 30_000 }),
  };
}

/** PGlite refuses several statements in one prepared call, which pg-boss's schema batches send. */
function pgliteAdapter(db: Database): PgBoss.Db {
  const pglite = db.pglite!;
  return {
    async executeSql(text: string, values: unknown[]) {
      if (values && values.length > 0) return { rows: (await pglite.query(text, values)).rows };
      const results = await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}
