/** Loads and checks the sign-in settings the server publishes at GET /api/auth/config. */
import { call } from '../../api/http.ts';
import { bool, str } from '../../api/read.ts';

export interface AuthConfig {
  /** OIDC issuer URL (authority). */
  authority: string;
  clientId: string;
  audience: string;
  /** Query parameter that carries the audience on the authorize request ("audience" or "resource"). */
  audienceParam: string;
  passwordLogin: boolean;
  /** Whether an OIDC provider is configured; without one the sign-in buttons open the password dialog. */
  hostedLogin: boolean;
}

/** Startup cannot continue: the message lists the missing names. */
export class ConfigurationError extends Error {
  readonly missing: string[];
  constructor(message: string, missing: string[] = []) {
    super(message);
    this.name = 'ConfigurationError';
    this.missing = missing;
  }
}

/** Turns the raw answer into an AuthConfig, or throws listing what is missing. */
export function parseAuthConfig(data: unknown): AuthConfig {
  const domain = (str(data, 'issuer') || str(data, 'domain') || '').trim();
  const clientId = (str(data, 'clientId') || '').trim();
  const audience = (str(data, 'audience') || '').trim();
  const missing = [
    !domain && 'domain (OIDC_ISSUER)',
    !clientId && 'clientId (OIDC_CLIENT_ID)',
    !audience && 'audience (OIDC_AUDIENCE)',
  ].filter((x): x is string => Boolean(x));
  // A self-hosted server with no OIDC provider at all, saying so by offering password login, is
  // complete (the README's `npm start`); only a partial OIDC setup is a configuration error.
  if (missing.length === 3 && bool(data, 'passwordLogin', false)) {
    return { authority: '', clientId: '', audience: '', audienceParam: 'audience', passwordLogin: true, hostedLogin: false };
  }
  if (missing.length) throw new ConfigurationError(`Missing required environment variables: ${missing.join(', ')}`, missing);
  return {
    authority: /^https?:\/\//i.test(domain) ? domain.replace(/\/+$/, '') : `https://${domain}`,
    clientId,
    audience,
    audienceParam: str(data, 'audienceParam') || 'audience',
    passwordLogin: bool(data, 'passwordLogin', true),
    hostedLogin: true,
  };
}

/** Fetches the settings from the server. */
export async function loadAuthConfig(): Promise<AuthConfig> {
  let data: unknown;
  try {
    data = await call('GET', '/auth/config', { anonymous: true, keep401: true });
  } catch (err) {
    throw new ConfigurationError(`Could not load the sign-in configuration from the server (${err instanceof Error ? err.message : 'unknown error'}).`);
  }
  return parseAuthConfig(data);
}
