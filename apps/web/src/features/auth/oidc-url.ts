/** Redirect-login helpers that need no OIDC library (kept out of the lazy oidc chunk). */

/** Where the provider sends the browser back: the site origin. */
export function redirectUri(): string {
  return window.location.origin;
}

/** True when the current URL is the provider's redirect back (code or error, with state). */
export function isRedirectCallback(search: string = window.location.search): boolean {
  const q = new URLSearchParams(search);
  return q.has('state') && (q.has('code') || q.has('error'));
}

/** Whether oidc-client-ts has a user cached for this provider and client (its localStorage key). */
export function hasCachedOidcUser(authority: string, clientId: string): boolean {
  try {
    return localStorage.getItem(`oidc.user:${authority}:${clientId}`) !== null;
  } catch {
    return false;
  }
}

/** State carried through the redirect: where to go after login. */
export interface LoginState {
  returnTo?: string;
}
