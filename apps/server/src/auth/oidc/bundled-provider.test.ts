import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { CookieJar, browse, codeFlow, freePort, readForm } from './test-browser.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await startTestApp({ PUBLIC_URL: base, ADMIN_EMAILS: 'boss@example.com' });
  await t.app.listen({ host: '127.0.0.1', port });
});
afterAll(async () => { await t.close(); });

const api = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${base}/api${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string> | undefined) } });

describe('bundled OpenID Connect provider', () => {
  it('publishes itself through /api/auth/config and discovery', async () => {
    const cfg = (await (await fetch(`${base}/api/auth/config`)).json()) as { data: Record<string, unknown> };
    expect(cfg.data).toMatchObject({ issuer: `${base}/oidc`, clientId: 'ladingwise-web', audience: `${base}/api`, passwordLogin: true });
    const d = (await (await fetch(`${base}/oidc/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(d.issuer).toBe(`${base}/oidc`);
    expect(d.code_challenge_methods_supported).toEqual(['S256']);
    expect(d.scopes_supported).toEqual(expect.arrayContaining(['openid', 'offline_access', 'profile', 'email']));
    const jwks = (await (await fetch(d.jwks_uri as string)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d'); // public half only
  });

  it('signs up on the hosted page, then the access token works on the API, refreshes and logs out', async () => {
    // Exactly what the web app sends (apps/web/src/features/auth/oidc.ts): origin redirect, offline_access, `audience`.
    const { tokens, discovery, jar, pages } = await codeFlow({
      issuer: `${base}/oidc`, clientId: 'ladingwise-web', redirectUri: base, scope: 'openid profile email offline_access',
      params: { audience: `${base}/api`, screen_hint: 'signup' },
      fill: ({ fields }) => ({ ...fields, name: 'Olga Oidc', email: 'Olga@Example.com', password: 'a good password' }),
    });
    expect(pages[0]).toContain('Create your account');
    expect(tokens.refresh_token).toBeTruthy();
    const access = decodeJwt(tokens.access_token);
    expect(access).toMatchObject({ iss: `${base}/oidc`, aud: `${base}/api` });
    const id = decodeJwt(tokens.id_token!);
    expect(id).toMatchObject({ email: 'olga@example.com', name: 'Olga Oidc', role: 'User' });

    const profile = await api('/user/profile', tokens.access_token);
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { data: { email: string } }).data.email).toBe('olga@example.com');

    // Refresh: a new access token and a rotated refresh token; the old refresh token is spent.
    const refresh = async (rt: string) => fetch(discovery.token_endpoint, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: rt, client_id: 'ladingwise-web' }).toString(),
    });
    const r1 = await refresh(tokens.refresh_token!);
    const t1 = (await r1.json()) as { access_token: string; refresh_token: string };
    expect(r1.status).toBe(200);
    expect(t1.refresh_token).not.toBe(tokens.refresh_token);
    expect((await api('/auth/validate', t1.access_token)).status).toBe(200);
    expect((await refresh(tokens.refresh_token!)).status).toBe(400);

    // Logout: end_session with the ID token hint; the page's own form (sent by its script) signs out, no second question.
    const end = new URL(discovery.end_session_endpoint!);
    end.searchParams.set('id_token_hint', tokens.id_token!);
    end.searchParams.set('post_logout_redirect_uri', base);
    const out = await browse(end.href, base, jar, ({ fields }) => fields);
    expect(out.pages[0]).toContain('Signing you out');
    expect(out.pages[0]).not.toContain('Stay signed in');
    expect(out.pages[0]).toContain('<script src="/oidc/assets/sign-out.js" defer></script>');
    const script = await fetch(`${base}/oidc/assets/sign-out.js`);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(await script.text()).toContain("getElementById('op.logoutForm').submit()");
    expect(out.location.origin).toBe(base);
    // The browser session is gone: a new authorize shows the sign-in page again.
    const again = await fetch(`${discovery.authorization_endpoint}?${new URLSearchParams({ client_id: 'ladingwise-web', redirect_uri: base, response_type: 'code',
      scope: 'openid', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' })}`, { redirect: 'manual', headers: { cookie: jar.header() } });
    expect(again.headers.get('location')).toMatch(/\/oidc\/interaction\//);
  });

  it('signs in an existing password account, grants Admin to ADMIN_EMAILS, and rejects a wrong password on the page', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'boss@example.com', password: 'boss password', name: 'Boss' } });
    let tries = 0;
    const { tokens, pages } = await codeFlow({
      issuer: `${base}/oidc`, clientId: 'ladingwise-web', redirectUri: `${base}/`, scope: 'openid profile email offline_access',
      params: { audience: `${base}/api` },
      fill: ({ fields }) => ({ ...fields, email: 'boss@example.com', password: tries++ === 0 ? 'wrong password' : 'boss password' }),
    });
    expect(pages[1]).toContain('Invalid email or password.');
    const admin = await api('/admin/stats', tokens.access_token);
    expect(admin.status).toBe(200);
  });

  it('after account deletion its access and refresh tokens stop working at once', async () => {
    const { tokens, discovery } = await codeFlow({
      issuer: `${base}/oidc`, clientId: 'ladingwise-web', redirectUri: base, scope: 'openid profile email offline_access',
      params: { audience: `${base}/api`, screen_hint: 'signup' },
      fill: ({ fields }) => ({ ...fields, email: 'leaving@example.com', password: 'leaving password' }),
    });
    expect((await api('/user/account', tokens.access_token, { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: 'leaving password' }) })).status).toBe(200);
    expect((await api('/user/profile', tokens.access_token)).status).toBe(401);
    const refreshed = await fetch(discovery.token_endpoint, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: 'ladingwise-web' }).toString(),
    });
    expect(refreshed.status).toBe(400);
  });

  it('a password change ends the provider\'s access and refresh tokens; API logout ends the presented session\'s grant', async () => {
    const flow = (email: string, screen: 'signup' | 'login') => codeFlow({
      issuer: `${base}/oidc`, clientId: 'ladingwise-web', redirectUri: base, scope: 'openid profile email offline_access',
      params: { audience: `${base}/api`, ...(screen === 'signup' ? { screen_hint: 'signup' } : {}) },
      fill: ({ fields }) => ({ ...fields, email, password: 'first passphrase here' }),
    });
    const { tokens, discovery } = await flow('rotator@example.com', 'signup');
    const refresh = (rt: string) => fetch(discovery.token_endpoint, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: rt, client_id: 'ladingwise-web' }).toString(),
    });
    const changed = await api('/user/change-password', tokens.access_token, { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: 'first passphrase here', newPassword: 'second passphrase here' }) });
    expect(changed.status).toBe(200);
    expect((await api('/auth/validate', tokens.access_token)).status).toBe(401);
    expect((await refresh(tokens.refresh_token!)).status).toBe(400);

    // A new sign-in works; logging out through the API ends that token and its refresh token, not other sessions.
    const { tokens: one } = await codeFlow({
      issuer: `${base}/oidc`, clientId: 'ladingwise-web', redirectUri: base, scope: 'openid profile email offline_access',
      params: { audience: `${base}/api` }, fill: ({ fields }) => ({ ...fields, email: 'rotator@example.com', password: 'second passphrase here' }),
    });
    const { tokens: two } = await codeFlow({
      issuer: `${base}/oidc`, clientId: 'ladingwise-web', redirectUri: base, scope: 'openid profile email offline_access',
      params: { audience: `${base}/api` }, fill: ({ fields }) => ({ ...fields, email: 'rotator@example.com', password: 'second passphrase here' }),
    });
    expect((await api('/auth/logout', one.access_token, { method: 'POST' })).status).toBe(200);
    expect((await api('/auth/validate', one.access_token)).status).toBe(401);
    expect((await refresh(one.refresh_token!)).status).toBe(400);
    expect((await api('/auth/validate', two.access_token)).status).toBe(200);
  });

  it('refuses a redirect URI that is not the web app', async () => {
    const res = await fetch(`${base}/oidc/auth?${new URLSearchParams({ client_id: 'ladingwise-web', redirect_uri: 'https://evil.example/', response_type: 'code',
      scope: 'openid', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' })}`, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('redirect_uri');
  });

  it('the sign-in page form posts to its interaction', async () => {
    const jar = new CookieJar();
    const res = await fetch(`${base}/oidc/auth?${new URLSearchParams({ client_id: 'ladingwise-web', redirect_uri: base, response_type: 'code',
      scope: 'openid', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' })}`, { redirect: 'manual' });
    jar.store(res);
    const page = await fetch(new URL(res.headers.get('location')!, base), { headers: { cookie: jar.header() } });
    const form = readForm(await page.text(), base);
    expect(form.action).toMatch(/\/oidc\/interaction\/[^/]+\/login$/);
    expect(Object.keys(form.fields).sort()).toEqual(['email', 'password']);
  });
});
