/** Which OpenID Connect provider the web app and API use, derived from config: external, bundled, or none. */
import type { Config } from '../../config.ts';

export interface OidcSettings {
  mode: 'external' | 'bundled' | 'none';
  /** Issuer URL (no trailing slash for the bundled one; as configured for an external one). */
  issuer: string | null;
  clientId: string | null;
  /** The API's audience: the `aud` access tokens must carry (bundled: also the resource indicator). */
  audience: string | null;
  /** The site's public origin, where the web app runs and receives the redirect. */
  publicUrl: string;
  /** Redirect (and post-logout) URIs the bundled provider accepts. */
  redirectUris: string[];
}

export const BUNDLED_PATH = '/oidc';
export const DEFAULT_CLIENT_ID = 'ladingwise-web';

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

/**
 * The same origin under every loopback name (localhost, 127.0.0.1, [::1]) when it is a loopback
 * origin: a browser on this machine may use any of them, and none is a different site. Real host
 * names get nothing extra (PUBLIC_URL names them).
 */
export function loopbackAliases(origin: string): string[] {
  const u = new URL(origin);
  if (!(LOOPBACK_HOSTS as readonly string[]).includes(u.hostname)) return [];
  return LOOPBACK_HOSTS.map((h) => `${u.protocol}//${h}${u.port ? `:${u.port}` : ''}`);
}

/** Public base URL without trailing slash: PUBLIC_URL, else http://localhost:PORT. */
export function publicUrlOf(config: Config): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

/** Resolves the provider settings once per context. */
export function oidcSettings(config: Config): OidcSettings {
  const publicUrl = publicUrlOf(config);
  if (config.OIDC_ISSUER) {
    return { mode: 'external', issuer: config.OIDC_ISSUER, clientId: config.OIDC_CLIENT_ID ?? null, audience: config.OIDC_AUDIENCE ?? null, publicUrl, redirectUris: [] };
  }
  if (!config.OIDC_BUNDLED) return { mode: 'none', issuer: null, clientId: null, audience: null, publicUrl, redirectUris: [] };
  const extra = config.OIDC_EXTRA_REDIRECT_URIS.split(',').map((s) => s.trim().replace(/\/+$/, '')).filter(Boolean);
  // oidc-client-ts sends window.location.origin (no slash); accept the slash form too.
  const redirectUris = [...new Set([publicUrl, ...loopbackAliases(publicUrl), ...extra].flatMap((u) => [u, `${u}/`]))];
  return {
    mode: 'bundled',
    issuer: `${publicUrl}${BUNDLED_PATH}`,
    clientId: config.OIDC_CLIENT_ID ?? DEFAULT_CLIENT_ID,
    audience: config.OIDC_AUDIENCE ?? `${publicUrl}/api`,
    publicUrl,
    redirectUris,
  };
}
