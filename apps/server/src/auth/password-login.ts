/**
 * The e-mail + password check shared by the API login and the bundled provider's sign-in page,
 * behind the failed-login throttle: per account across addresses (exponential back-off) and per
 * address across accounts. A locked key is refused before the password is looked at, so a guess made
 * during a lock tells nothing, not even when it is right.
 */
import type { AppContext } from '../context.ts';
import type { Config } from '../config.ts';
import { findUserByEmail, type UserRow } from '../accounts/account-store.ts';
import { hashPassword, verifyPassword } from '../accounts/passwords.ts';
import { clearFailures, lockedForSeconds, recordFailure, type ThrottleRule } from './login-throttle.ts';

export type PasswordLogin = { user: UserRow } | { locked: number } | { wrong: true };

const DAY = 86_400;
export const accountRule = (c: Config): ThrottleRule => ({ free: c.LOGIN_FREE_FAILURES, baseSeconds: 1, maxSeconds: c.LOGIN_MAX_LOCK_SECONDS, forgetSeconds: DAY });
export const addressRule = (c: Config): ThrottleRule => ({ free: c.LOGIN_ADDRESS_FREE_FAILURES, baseSeconds: 60, maxSeconds: 3600, forgetSeconds: DAY });

let dummyHash: Promise<string> | null = null;

/** Checks a password sign-in from `ip`; a wrong password counts against both the account and the address. */
export async function checkPasswordLogin(ctx: AppContext, email: string, password: string, ip: string): Promise<PasswordLogin> {
  const accountKey = `login:account:${email.trim().toLowerCase()}`;
  const addressKey = `login:address:${ip}`;
  const locked = await lockedForSeconds(ctx.db, [accountKey, addressKey], ctx.now());
  if (locked > 0) return { locked };
  const user = await findUserByEmail(ctx.db, email);
  // Unknown e-mails cost the same time as known ones, so timing does not tell which accounts exist.
  const right = user ? await verifyPassword(password, user.password_hash) : await verifyPassword(password, await (dummyHash ??= hashPassword('not-a-real-password')));
  if (user && right) {
    await clearFailures(ctx.db, accountKey);
    return { user };
  }
  await recordFailure(ctx.db, accountKey, accountRule(ctx.config), ctx.now());
  await recordFailure(ctx.db, addressKey, addressRule(ctx.config), ctx.now());
  return { wrong: true };
}
