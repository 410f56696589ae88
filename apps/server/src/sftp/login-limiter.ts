/**
 * Failed-login throttle for the SFTP server: after `max` failures against one username, or 4 x `max`
 * from one IP (offices share an address behind NAT), further attempts are refused for the lock time.
 * Kept in the database (login_throttle, shared with HTTP sign-in) so a restart or another process
 * does not hand a guesser a fresh allowance.
 */
import type { Queryable } from '../db/database.ts';
import { lockedForSeconds, recordFailure, type ThrottleRule } from '../auth/login-throttle.ts';

export class LoginLimiter {
  private readonly userRule: ThrottleRule;
  private readonly ipRule: ThrottleRule;

  constructor(private readonly db: Queryable, max: number, lockSeconds: number, private readonly now: () => Date = () => new Date()) {
    this.userRule = { free: max - 1, baseSeconds: lockSeconds, maxSeconds: lockSeconds, forgetSeconds: lockSeconds };
    this.ipRule = { free: max * 4 - 1, baseSeconds: lockSeconds, maxSeconds: lockSeconds, forgetSeconds: lockSeconds };
  }

  /** True when this IP or username has used up its failures for now. */
  async blocked(ip: string, username: string): Promise<boolean> {
    return (await lockedForSeconds(this.db, [`sftp:address:${ip}`, `sftp:user:${username}`], this.now())) > 0;
  }

  async fail(ip: string, username: string): Promise<void> {
    await recordFailure(this.db, `sftp:address:${ip}`, this.ipRule, this.now());
    await recordFailure(this.db, `sftp:user:${username}`, this.userRule, this.now());
  }
}
