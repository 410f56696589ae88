/** The stored-token session of the e-mail/password login (localStorage). */
import { readAuthUser, type AuthUser } from './auth-user.ts';

const TOKEN_KEY = 'authToken';
const USER_KEY = 'authUser';

/** Seconds-since-epoch expiry from a JWT, or null when it has none or cannot be read. */
export function jwtExpiry(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/** The stored token if present and not expired. */
export function storedToken(now = Date.now()): string | null {
  try {
    const t = localStorage.getItem(TOKEN_KEY);
    if (!t) return null;
    const exp = jwtExpiry(t);
    if (exp !== null && exp * 1000 <= now) return null;
    return t;
  } catch {
    return null;
  }
}

/** The stored user, when a valid token is stored. */
export function storedUser(): AuthUser | null {
  if (!storedToken()) return null;
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? readAuthUser(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

/** Saves the login answer. */
export function saveSession(token: string, user: unknown): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user ?? {}));
}

/** Swaps a stored password session's token for a fresh one (after a password change); OIDC sessions store none. */
export function replaceStoredToken(token: string): void {
  if (storedToken()) localStorage.setItem(TOKEN_KEY, token);
}

/** Forgets the stored session. */
export function clearSession(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  } catch {
    /* nothing stored */
  }
}
