/**
 * The bundled OpenID Connect provider (oidc-provider) over the built-in accounts: authorization
 * code + PKCE for the web app (public client), refresh tokens (offline_access, rotated), RP-initiated
 * logout, JWKS, and JWT access tokens for the API audience.
 */
import { createHmac } from 'node:crypto';
import Provider, { errors as oidcErrors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { JWK } from 'jose';
import type { AppContext } from '../../context.ts';
import { findLiveUser } from '../../accounts/account-store.ts';
import { currentTokenVersion } from '../sessions.ts';
import { databaseAdapter } from './oidc-adapter.ts';
import { loadSigningKey, publicJwk } from './signing-key.ts';
import { errorPage, loggedOutPage, logoutPage } from './pages.ts';
import type { OidcSettings } from './oidc-settings.ts';

export const LOGIN_SCOPES = 'openid profile email offline_access';
/** The scope the API's resource server grants; tokens for the audience carry it. */
export const API_SCOPE = 'api';
const DAY = 24 * 3600;

export interface BundledProvider { provider: Provider; jwks: { keys: JWK[] }; settings: OidcSettings }

/** Builds the provider; keys come from the database, cookie keys are derived from the server secret. */
export async function createBundledProvider(ctx: AppContext, settings: OidcSettings): Promise<BundledProvider> {
  const { issuer, clientId, audience } = settings;
  if (settings.mode !== 'bundled' || !issuer || !clientId || !audience) throw new Error('The bundled OIDC provider is not enabled.');
  const signingKey = await loadSigningKey(ctx.db, ctx.tokenKeys);
  const cookieKey = createHmac('sha256', ctx.tokenKeys.secret).update('oidc-cookies').digest('base64url');

  const configuration: Configuration = {
    adapter: databaseAdapter(ctx.db, ctx.now),
    clients: [{
      client_id: clientId,
      client_name: 'Ladingwise',
      token_endpoint_auth_method: 'none',
      application_type: 'web',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: settings.redirectUris,
      post_logout_redirect_uris: settings.redirectUris,
    }],
    jwks: { keys: [signingKey as never] },
    cookies: { keys: [cookieKey] },
    pkce: { required: () => true },
    // Browsers may call the token endpoint cross-origin only from the web app's own origins (e.g. a Vite dev server).
    clientBasedCORS: (_kctx, origin, client) => origin !== 'null' && (client.redirectUris ?? []).some((u) => new URL(u).origin === origin),
    // oidc-provider drops offline_access unless prompt=consent is sent, which the web app does not do;
    // the spec wants refresh tokens for it, so the first-party client always gets one (rotated on use).
    issueRefreshToken: async (_kctx, client) => client.grantTypeAllowed('refresh_token'),
    // Access tokens carry the user's token version (revocation, see sessions.ts) and their grant, so that
    // signing out through the API can end the grant's refresh tokens too.
    extraTokenClaims: async (_kctx, token) => {
      const accountId = (token as { accountId?: string }).accountId;
      if (!accountId) return undefined;
      const grantId = (token as { grantId?: string }).grantId;
      return { tv: await currentTokenVersion(ctx.db, accountId), ...(grantId ? { gid: grantId } : {}) };
    },
    // The web app reads e-mail, name and role from the ID token (it does not call userinfo).
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'role', 'tenantId'] },
    scopes: ['openid', 'offline_access', 'profile', 'email', API_SCOPE],
    // The web app sends the API audience as `audience` (Auth0 style) unless told to use `resource`.
    extraParams: ['audience', 'screen_hint'],
    async findAccount(_ctx, sub) {
      const user = await findLiveUser(ctx.db, sub);
      if (!user) return undefined;
      return {
        accountId: user.id,
        claims: async () => ({ sub: user.id, email: user.email, email_verified: false, name: user.name ?? undefined, role: user.role, tenantId: user.tenant_id }),
      };
    },
    interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    // First-party client: no consent screen; the grant covers the sign-in scopes and the API.
    async loadExistingGrant(kctx: KoaContextWithOIDC) {
      const { oidc } = kctx;
      if (!oidc.session?.accountId || !oidc.client) return undefined;
      const grantId = (oidc.result?.consent as { grantId?: string } | undefined)?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      const grant = (grantId && (await oidc.provider.Grant.find(grantId))) || new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope(LOGIN_SCOPES);
      grant.addOIDCClaims(['email', 'email_verified', 'name', 'role', 'tenantId']);
      grant.addResourceScope(audience, API_SCOPE);
      await grant.save();
      return grant;
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (kctx, form) => { kctx.type = 'html'; kctx.body = logoutPage(form); },
        postLogoutSuccessSource: async (kctx) => { kctx.type = 'html'; kctx.body = loggedOutPage(); },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async (kctx) => {
          const asked = kctx.oidc.params?.audience;
          return typeof asked === 'string' && asked ? asked : audience;
        },
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_kctx, resource) => {
          if (resource !== audience) throw new oidcErrors.InvalidTarget();
          return { scope: API_SCOPE, audience, accessTokenFormat: 'jwt', accessTokenTTL: ctx.config.ACCESS_TOKEN_TTL_SECONDS, jwt: { sign: { alg: 'RS256' } } };
        },
      },
    },
    ttl: {
      AccessToken: ctx.config.ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: ctx.config.ACCESS_TOKEN_TTL_SECONDS,
      Interaction: 3600,
      Session: 14 * DAY,
      Grant: 30 * DAY,
      RefreshToken: 30 * DAY,
    },
    renderError: async (kctx, out) => { kctx.type = 'html'; kctx.body = errorPage({ ...out }); },
  };
  const provider = new Provider(issuer, configuration);
  provider.proxy = true;
  return { provider, jwks: { keys: [publicJwk(signingKey)] }, settings };
}
