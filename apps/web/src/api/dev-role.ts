/** The development role kept in localStorage and sent as X-Dev-Role (spec section 6). */
export const DEV_ROLE_KEY = 'devRole';

/** The stored development role, if any. */
export function getDevRole(): string | null {
  try {
    return localStorage.getItem(DEV_ROLE_KEY);
  } catch {
    return null;
  }
}

/** Stores a development role (e.g. "Admin") for later requests. */
export function setDevRole(role: string): void {
  localStorage.setItem(DEV_ROLE_KEY, role);
}

/** Forgets the development role; done on every 401 and on logout. */
export function clearDevRole(): void {
  try {
    localStorage.removeItem(DEV_ROLE_KEY);
  } catch {
    /* storage unavailable: nothing to clear */
  }
}
