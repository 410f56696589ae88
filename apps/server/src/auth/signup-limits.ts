/**
 * Sign-up limits: accounts created per client address per hour, and by the whole server per hour
 * (a farm of addresses is still capped). Counted in rate_limit_counters, so every API process shares
 * them. A refused sign-up is not counted; the check runs only once the form itself is valid.
 */
import type { Queryable } from '../db/database.ts';
import type { Config } from '../config.ts';
import { errors } from '../errors/catalogue.ts';

const HOUR_MS = 3_600_000;

// Counts the hit only when it fits under the limit (one statement, so concurrent sign-ups cannot slip past).
const TAKE_SQL = `
INSERT INTO rate_limit_counters AS c (key, count, expires_at)
VALUES ($1, 1, now() + $2::double precision * interval '1 millisecond')
ON CONFLICT (key) DO UPDATE SET
  count = CASE WHEN c.expires_at <= now() THEN 1 ELSE c.count + 1 END,
  expires_at = CASE WHEN c.expires_at <= now() THEN now() + $2::double precision * interval '1 millisecond' ELSE c.expires_at END
  WHERE c.expires_at <= now() OR c.count < $3
RETURNING count`;

async function take(db: Queryable, key: string, max: number): Promise<boolean> {
  const { rows } = await db.query(TAKE_SQL, [key, HOUR_MS, max]);
  return rows.length > 0;
}

/** Takes one sign-up from the address's and the server's hourly allowance; throws 429 when either is spent. */
export async function takeSignup(db: Queryable, config: Config, ip: string): Promise<void> {
  if (!(await take(db, `signup:address:${ip}`, config.SIGNUP_MAX_PER_ADDRESS))) throw errors.signupLimited();
  if (!(await take(db, 'signup:all', config.SIGNUP_MAX_PER_HOUR))) throw errors.signupLimited();
}
