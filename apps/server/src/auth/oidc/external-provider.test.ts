import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { SignJWT, generateKeyPair } from 'jose';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { codeFlow, freePort } from './test-browser.ts';

const AUDIENCE = 'https://api.ladingwise.test';
const APP = 'http://app.ladingwise.test';

/** A separate oidc-provider on its own port: "the customer's identity provider". */
async function startExternalIdp(): Promise<{ issuer: string; server: Server }> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const idp = new Provider(issuer, {
    clients: [{ client_id: 'ext-web', token_endpoint_auth_method: 'none', redirect_uris: [`${APP}/`], grant_types: ['authorization_code'], response_types: ['code'] }],
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub, email: `${sub}@idp.test`, name: `External ${sub}` }) }),
    features: {
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => AUDIENCE,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resource) => ({ scope: 'api', audience: resource, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } }),
      },
    },
    // Auth0-style: the access token carries the e-mail and a roles claim.
    extraTokenClaims: async (_ctx, token) => {
      const sub = (token as { accountId?: string }).accountId ?? '';
      return { email: `${sub}@idp.test`, 'https://ladingwise/roles': sub.startsWith('admin') ? ['Admin'] : [] };
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid profile email');
      grant.addResourceScope(String(ctx.oidc.params?.resource ?? AUDIENCE), 'api');
      await grant.save();
      return grant;
    },
    jwks: { keys: [{ ...(await (await import('jose')).exportJWK((await generateKeyPair('RS256', { extractable: true })).privateKey)), kid: 'ext-1', alg: 'RS256', use: 'sig' } as never] },
  });
  const server = idp.listen(port);
  await new Promise((r) => server.once('listening', r));
  return { issuer, server };
}

let idp: { issuer: string; server: Server };
let t: TestApp;
beforeAll(async () => {
  idp = await startExternalIdp();
  t = await startTestApp({ OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: 'ext-web', OIDC_AUDIENCE: AUDIENCE, PUBLIC_URL: APP });
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => idp.server.close(r));
});

const tokenFor = async (login: string, resource = AUDIENCE) => (await codeFlow({
  issuer: idp.issuer, clientId: 'ext-web', redirectUri: `${APP}/`, scope: 'openid profile email', params: { resource },
  fill: ({ fields }) => ({ ...fields, login, password: 'any' }),
})).tokens.access_token;

const call = (token: string, url = '/api/user/profile') => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('external OpenID Connect provider', () => {
  it('points the web app at the external issuer and turns the bundled one off', async () => {
    const cfg = (await t.app.inject({ method: 'GET', url: '/api/auth/config' })).json();
    expect(cfg.data).toMatchObject({ issuer: idp.issuer, domain: idp.issuer, clientId: 'ext-web', audience: AUDIENCE, bundled: false });
    expect((await t.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' })).statusCode).toBe(404);
  });

  it('accepts its access token: the first call creates the user and tenant, later calls find them', async () => {
    const token = await tokenFor('carol');
    const first = await call(token);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ email: 'carol@idp.test', role: 'User' });
    const again = await call(await tokenFor('carol'));
    expect(again.json().data.tenantId).toBe(first.json().data.tenantId);
    const { rows } = await t.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE external_subject = $1', [`${idp.issuer}|carol`]);
    expect(rows[0]!.n).toBe(1);
    // Roles from the provider's token apply.
    expect((await call(await tokenFor('admin-dave'), '/api/admin/stats')).statusCode).toBe(200);
    expect((await call(token, '/api/admin/stats')).statusCode).toBe(403);
  });

  it('answers 401 to a token for another audience, from an unknown issuer, or signed by a stranger', async () => {
    expect((await call(await tokenFor('erin', 'https://other.example'))).statusCode).toBe(401);
    const { privateKey } = await generateKeyPair('RS256');
    const forge = (iss: string) => new SignJWT({ email: 'x@idp.test' }).setProtectedHeader({ alg: 'RS256', kid: 'ext-1' })
      .setIssuer(iss).setSubject('mallory').setAudience(AUDIENCE).setIssuedAt().setExpirationTime('5m').sign(privateKey);
    expect((await call(await forge('https://unknown-issuer.example'))).statusCode).toBe(401);
    expect((await call(await forge(idp.issuer))).statusCode).toBe(401);
    const { rows } = await t.ctx.db.query('SELECT 1 FROM users WHERE email = $1', ['erin@idp.test']);
    expect(rows).toHaveLength(0);
  });

  it('refuses tokens of a deleted account; a later sign-in of that identity starts a new, empty account', async () => {
    const token = await tokenFor('frank');
    const before = (await call(token)).json().data as { tenantId: string };
    expect((await t.app.inject({ method: 'DELETE', url: '/api/user/account', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    expect((await call(token)).statusCode).toBe(401);
    // Token times are whole seconds: move the clock (IdP and app share Date) a few seconds on instead of waiting.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5000 });
    try {
      const fresh = await call(await tokenFor('frank'));
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json().data.tenantId).not.toBe(before.tenantId);
    } finally {
      vi.useRealTimers();
    }
  });
});
