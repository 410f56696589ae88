/**
 * Failed sign-ins, counted in the database (table login_throttle) so every API process, the SFTP
 * server and restarts all see the same lockouts. One row per key: an account (its e-mail or SFTP
 * username, whatever address the guesses come from) or a client address (whatever account it tries).
 * After `free` failures each further failure locks the key for base x 2^n seconds, capped at `max`:
 * a person who mistypes is never slowed, a guesser gets a few dozen tries a day per account.
 * A key with no failure for `forget` seconds starts again from zero; a success clears the account key.
 */
import type { Queryable } from '../db/database.ts';

export interface ThrottleRule { free: number; baseSeconds: number; maxSeconds: number; forgetSeconds: number }

const FAIL_SQL = `
INSERT INTO login_throttle AS t (key, failures, locked_until, updated_at) VALUES ($1, 1, NULL, $2)
ON CONFLICT (key) DO UPDATE SET
  failures = CASE WHEN t.updated_at < $3 THEN 1 ELSE t.failures + 1 END,
  updated_at = $2
RETURNING failures`;

/** Seconds the longest lock among these keys still runs (0 = none). */
export async function lockedForSeconds(db: Queryable, keys: string[], now: Date): Promise<number> {
  const { rows } = await db.query<{ until: Date | string | null }>(
    'SELECT max(locked_until) AS until FROM login_throttle WHERE key = ANY($1::text[]) AND locked_until > $2', [keys, now]);
  const until = rows[0]?.until;
  return until ? Math.max(1, Math.ceil((new Date(until).getTime() - now.getTime()) / 1000)) : 0;
}

/** The lock a key's nth failure earns under a rule, in seconds (0 while failures are free). */
export function lockSeconds(rule: ThrottleRule, failures: number): number {
  if (failures <= rule.free) return 0;
  return Math.min(rule.maxSeconds, rule.baseSeconds * 2 ** Math.min(30, failures - rule.free - 1));
}

/** Counts one failure against a key; returns the lock it earned in seconds. */
export async function recordFailure(db: Queryable, key: string, rule: ThrottleRule, now: Date): Promise<number> {
  const forgetBefore = new Date(now.getTime() - rule.forgetSeconds * 1000);
  const { rows } = await db.query<{ failures: number }>(FAIL_SQL, [key, now, forgetBefore]);
  const seconds = lockSeconds(rule, Number(rows[0]?.failures ?? 1));
  if (seconds > 0) await db.query('UPDATE login_throttle SET locked_until = $2 WHERE key = $1', [key, new Date(now.getTime() + seconds * 1000)]);
  if (Math.random() < 0.01) await db.query('DELETE FROM login_throttle WHERE updated_at < $1 AND (locked_until IS NULL OR locked_until < $2)', [new Date(now.getTime() - 7 * 86400_000), now]);
  return seconds;
}

/** Forgets a key's failures (a successful sign-in to that account). */
export async function clearFailures(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM login_throttle WHERE key = $1', [key]);
}
