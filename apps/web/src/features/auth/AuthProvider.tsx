/**
 * Combines the two sign-in sources (hosted OIDC redirect, stored-token password login), wires the
 * API client to them and shows "Loading..." or the Configuration Error screen during startup.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { User, UserManager } from 'oidc-client-ts';
import { configureApi, request } from '../../api/http.ts';
import { clearDevRole } from '../../api/dev-role.ts';
import { str } from '../../api/read.ts';
import { LoadingScreen } from '../../components/ui/Spinner.tsx';
import { AuthContext, type AuthState } from './auth-context.ts';
import { ConfigurationError, loadAuthConfig, type AuthConfig } from './auth-config.ts';
import { isAdminUser, readAuthUser, type AuthUser } from './auth-user.ts';
import { hasCachedOidcUser, isRedirectCallback, type LoginState } from './oidc-url.ts';
import { clearSession, saveSession, storedToken, storedUser } from './password-session.ts';
import { ConfigErrorScreen } from './ConfigErrorScreen.tsx';
import { PasswordSignInDialog } from './PasswordSignInDialog.tsx';

const AFTER_LOGIN = '/app/upload';

// The redirect answer can be redeemed once; StrictMode runs effects twice in development.
let redirectResult: Promise<User> | null = null;

export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [config, setConfig] = useState<AuthConfig | null>(null);
  const [configError, setConfigError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [oidcUser, setOidcUser] = useState<User | null>(null);
  const [passwordUser, setPasswordUser] = useState<AuthUser | null>(() => storedUser());
  const umRef = useRef<UserManager | null>(null);
  // Password-only servers: the sign-in buttons open this dialog instead of a redirect.
  const [pwDialog, setPwDialog] = useState<{ mode: 'signin' | 'signup'; returnTo?: string; n: number } | null>(null);

  // oidc-client-ts loads only when needed: a redirect answer, a cached OIDC user, or a login click.
  const ensureUserManager = useCallback(async (cfg: AuthConfig): Promise<UserManager> => {
    if (umRef.current) return umRef.current;
    const { createUserManager } = await import('./oidc.ts');
    const um = umRef.current ?? createUserManager(cfg);
    if (!umRef.current) {
      umRef.current = um;
      um.events.addUserLoaded((u) => setOidcUser(u));
      um.events.addUserUnloaded(() => setOidcUser(null));
      um.events.addSilentRenewError((e) => console.warn('Token renewal failed', e));
    }
    return um;
  }, []);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      let cfg: AuthConfig;
      try {
        cfg = await loadAuthConfig();
      } catch (err) {
        if (!cancelled) setConfigError(err instanceof ConfigurationError ? err.message : String(err));
        return;
      }
      if (cancelled) return;
      setConfig(cfg);
      if (cfg.hostedLogin && isRedirectCallback()) {
        const um = await ensureUserManager(cfg);
        try {
          redirectResult ??= um.signinRedirectCallback();
          const u = await redirectResult;
          setOidcUser(u);
          const target = (u.state as LoginState | undefined)?.returnTo || AFTER_LOGIN;
          navigate(target, { replace: true });
        } catch (err) {
          // Spec: sign-in failures (login_required, state mismatch, missing transaction) are only logged.
          console.error('Sign-in did not complete', err);
          navigate(window.location.pathname, { replace: true });
        }
      } else if (cfg.hostedLogin && hasCachedOidcUser(cfg.authority, cfg.clientId)) {
        const um = await ensureUserManager(cfg);
        let u = await um.getUser().catch(() => null);
        if (u?.expired && u.refresh_token) u = await um.signinSilent().catch((e: unknown) => { console.warn('Refresh failed', e); return null; });
        setOidcUser(u && !u.expired ? u : null);
      } else if (storedToken()) {
        // Refresh the stored user's details; a 401 here runs the client's sign-out rule.
        request('GET', '/auth/validate').then((env) => {
          if (!cancelled && env.data && storedToken()) setPasswordUser(readAuthUser(env.data));
        }, () => undefined);
      }
      if (!cancelled) setLoading(false);
    })();
    return () => { cancelled = true; };
  }, [navigate, ensureUserManager]);

  const getAccessToken = useCallback(async (): Promise<string | null> => {
    const um = umRef.current;
    try {
      if (um) {
        const u = await um.getUser();
        if (u && !u.expired) return u.access_token;
        if (u?.refresh_token) {
          const r = await um.signinSilent();
          return r && !r.expired ? r.access_token : null;
        }
      }
    } catch (err) {
      console.warn('Could not get an access token', err);
    }
    return storedToken();
  }, []);

  const signOutLocally = useCallback(async () => {
    clearDevRole();
    clearSession();
    setPasswordUser(null);
    await umRef.current?.removeUser().catch(() => undefined);
    setOidcUser(null);
  }, []);

  useEffect(() => {
    configureApi({
      getToken: getAccessToken,
      onUnauthorized: () => {
        void signOutLocally().then(() => {
          if (window.location.pathname !== '/') window.location.assign('/');
        });
      },
    });
  }, [getAccessToken, signOutLocally]);

  const oidcAuthUser = useMemo(() => (oidcUser ? readAuthUser(oidcUser.profile) : null), [oidcUser]);
  const source = oidcAuthUser ? 'oidc' : passwordUser ? 'password' : null;
  const user = oidcAuthUser ?? passwordUser;

  const finishPasswordLogin = useCallback((data: unknown, returnTo?: string) => {
    const token = str(data, 'token');
    if (!token) throw new Error('The server did not return a token.');
    const u = (data as Record<string, unknown>).user ?? (data as Record<string, unknown>).User;
    saveSession(token, u);
    setPasswordUser(readAuthUser(u));
    navigate(returnTo || AFTER_LOGIN, { replace: true });
  }, [navigate]);

  const value = useMemo<AuthState>(() => ({
    isLoading: loading,
    isAuthenticated: Boolean(user),
    user,
    isAdmin: isAdminUser(user),
    source,
    passwordLogin: config?.passwordLogin ?? true,
    hostedLogin: config?.hostedLogin ?? true,
    loginWithRedirect: async (opts) => {
      if (!config) return;
      if (!config.hostedLogin) {
        setPwDialog((d) => ({ mode: opts?.signup ? 'signup' : 'signin', returnTo: opts?.returnTo, n: (d?.n ?? 0) + 1 }));
        return;
      }
      try {
        const um = await ensureUserManager(config);
        await um.signinRedirect({
          state: { returnTo: opts?.returnTo ?? AFTER_LOGIN } satisfies LoginState,
          extraQueryParams: opts?.signup ? { screen_hint: 'signup' } : undefined,
        });
      } catch (err) {
        console.error('Could not start sign-in', err);
      }
    },
    loginWithPassword: async (email, password, returnTo) => {
      const env = await request('POST', '/auth/login', { body: { email, password }, anonymous: true, keep401: true });
      finishPasswordLogin(env.data, returnTo);
    },
    signupWithPassword: async (name, email, password, returnTo) => {
      const env = await request('POST', '/auth/signup', { body: { name, email, password }, anonymous: true, keep401: true });
      finishPasswordLogin(env.data, returnTo);
    },
    logout: async () => {
      const wasOidc = source === 'oidc';
      await request('POST', '/auth/logout', { keep401: true }).catch(() => undefined);
      const um = umRef.current;
      await signOutLocally();
      if (wasOidc && um) {
        try {
          await um.signoutRedirect({ post_logout_redirect_uri: window.location.origin });
          return;
        } catch {
          // Providers without an end-session endpoint: the local sign-out above is enough.
        }
      }
      navigate('/', { replace: true });
    },
    logoutEverywhere: async () => {
      await request('POST', '/auth/logout-everywhere');
      const wasOidc = source === 'oidc';
      await signOutLocally();
      if (wasOidc && config?.hostedLogin) {
        // The provider's sessions ended with the rest, so its sign-in page asks for the password again.
        try {
          const um = await ensureUserManager(config);
          await um.signinRedirect({ state: { returnTo: AFTER_LOGIN } satisfies LoginState });
          return;
        } catch (err) {
          console.error('Could not start sign-in', err);
        }
      }
      navigate('/', { replace: true });
      setPwDialog((d) => ({ mode: 'signin', n: (d?.n ?? 0) + 1 }));
    },
    getAccessToken,
  }), [loading, user, source, config, finishPasswordLogin, getAccessToken, signOutLocally, navigate, ensureUserManager]);

  if (configError) return <ConfigErrorScreen message={configError} />;
  if (loading) return <LoadingScreen />;
  return (
    <AuthContext.Provider value={value}>
      {children}
      {pwDialog && (
        <PasswordSignInDialog key={pwDialog.n} open initialMode={pwDialog.mode} returnTo={pwDialog.returnTo}
          onOpenChange={(o) => { if (!o) setPwDialog(null); }} />
      )}
    </AuthContext.Provider>
  );
}
