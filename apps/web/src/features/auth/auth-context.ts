/** The auth context shape and hook; the provider lives in AuthProvider.tsx. */
import { createContext, useContext } from 'react';
import type { AuthUser } from './auth-user.ts';

export type AuthSource = 'oidc' | 'password';

export interface AuthState {
  isLoading: boolean;
  isAuthenticated: boolean;
  user: AuthUser | null;
  isAdmin: boolean;
  /** Which source says the user is signed in. */
  source: AuthSource | null;
  /** Whether the e-mail/password login is offered. */
  passwordLogin: boolean;
  /** Whether the hosted (OIDC) login exists; without it loginWithRedirect opens the password dialog. */
  hostedLogin: boolean;
  /** Starts the hosted redirect login (or the password dialog when there is none); returns to returnTo (default /app/upload). */
  loginWithRedirect: (options?: { returnTo?: string; signup?: boolean }) => Promise<void>;
  loginWithPassword: (email: string, password: string, returnTo?: string) => Promise<void>;
  signupWithPassword: (name: string, email: string, password: string, returnTo?: string) => Promise<void>;
  /** Ends this session on the server (and the provider's), forgets it here and goes to the landing page. */
  logout: () => Promise<void>;
  /**
   * Ends every session of the account on the server (every browser, device and refresh token; API keys
   * stay), forgets this one and opens sign-in. Throws when the server refuses, leaving this session as it was.
   */
  logoutEverywhere: () => Promise<void>;
  /** An access token for the API audience, or null. Failures are logged, never thrown. */
  getAccessToken: () => Promise<string | null>;
}

export const AuthContext = createContext<AuthState | null>(null);

/** The current auth state; must be used inside AuthProvider. */
export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}
