/**
 * The hosted redirect login: authorization code + PKCE with oidc-client-ts, tokens cached in localStorage.
 * Loaded lazily (see AuthProvider) so visitors who never use it do not download the library.
 */
import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import type { AuthConfig } from './auth-config.ts';
import { redirectUri } from './oidc-url.ts';

/** Scopes from the spec; offline_access is how OIDC providers are asked for the refresh token. */
export const LOGIN_SCOPE = 'openid profile email';

/** A UserManager for the configured provider. */
export function createUserManager(config: AuthConfig): UserManager {
  return new UserManager({
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: redirectUri(),
    post_logout_redirect_uri: redirectUri(),
    response_type: 'code',
    scope: `${LOGIN_SCOPE} offline_access`,
    extraQueryParams: { [config.audienceParam]: config.audience },
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    stateStore: new WebStorageStateStore({ store: window.localStorage }),
    automaticSilentRenew: true,
    loadUserInfo: false,
  });
}

/** A usable access token from a user, or null. */
export function accessTokenOf(user: User | null): string | null {
  return user && !user.expired && user.access_token ? user.access_token : null;
}
