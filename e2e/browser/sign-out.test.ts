/**
 * Signing out ends the session on the server, not only in the browser: after Logout the old access
 * token and the provider's old session cookie are useless, and "Sign out everywhere" on the profile
 * page ends every session of the account (other devices too) and lands on sign-in.
 */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { authTokenOf, freshUser, signUp, type TestUser } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';

/** A port free right now: the issuer URL (PUBLIC_URL) must be known before the server listens. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    }).on('error', reject);
  });
}

const suite = browserSuite(async () => {
  const port = await freePort();
  return { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` };
});

/** What the API says of a bearer token: 200 while its session lives, 401 after. */
async function tokenStatus(token: string): Promise<number> {
  return (await fetch(`${suite.app.url}/api/auth/validate`, { headers: { authorization: `Bearer ${token}` } })).status;
}

/** Signs up on the bundled provider's hosted page and waits for the app, set up. */
async function hostedSignUp(page: Page, label: string): Promise<TestUser> {
  const user = freshUser(label);
  const origin = suite.app.url;
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await page.getByLabel('Name').fill(user.name);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((u) => u.origin === origin && u.pathname === '/app/upload', { timeout: 30_000 });
  await page.getByRole('button', { name: `My Account: ${user.name}` }).waitFor({ timeout: 30_000 });
  await page.locator('#setup-heading').waitFor({ state: 'detached', timeout: 30_000 });
  return user;
}

/** The hosted-login access token the page holds (oidc-client-ts keeps it in localStorage). */
async function oidcAccessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token : null;
  });
  if (!token) throw new Error('no hosted-login user in localStorage');
  return token;
}

describe('signing out', () => {
  it('Logout makes the old access token and the sign-in provider\'s old session cookie useless', async () => {
    const page = await suite.newPage();
    const user = await hostedSignUp(page, 'signout');
    const origin = suite.app.url;

    const accessToken = await oidcAccessToken(page);
    expect(await tokenStatus(accessToken)).toBe(200);
    const cookies = await page.context().cookies();
    expect(cookies.length).toBeGreaterThan(0);

    await page.getByRole('button', { name: `My Account: ${user.name}` }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.origin === origin && u.pathname === '/');
    expect(await tokenStatus(accessToken)).toBe(401);

    // Someone holding a copy of the old cookies: the provider asks for the password, it does not sign them in.
    const copy = await suite.newPage('old-cookies');
    await copy.context().addCookies(cookies);
    await copy.goto('/');
    await copy.getByRole('button', { name: 'Sign In', exact: true }).click();
    await copy.getByRole('heading', { name: 'Sign in to Ladingwise' }).waitFor();
    expect(await copy.getByRole('button', { name: `My Account: ${user.name}` }).count()).toBe(0);
  });

  it('Sign out everywhere (profile page, after the app\'s confirmation) ends this and every other session and lands on sign-in', async () => {
    const page = await suite.newPage();
    const user = await signUp(page);
    const here = await authTokenOf(page);
    // The same account signed in elsewhere, as another device would be.
    const login = await fetch(`${suite.app.url}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email, password: user.password }),
    });
    const elsewhere = ((await login.json()) as { data: { token: string } }).data.token;
    expect([await tokenStatus(here), await tokenStatus(elsewhere)]).toEqual([200, 200]);

    await page.goto('/app/profile');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('dialog', { name: 'Sign in with e-mail' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    expect([await tokenStatus(here), await tokenStatus(elsewhere)]).toEqual([401, 401]);
  });

  it('Sign out everywhere from a hosted-login session opens the provider\'s sign-in, which asks for the password again', async () => {
    const page = await suite.newPage();
    const user = await hostedSignUp(page, 'everywhere');
    const accessToken = await oidcAccessToken(page);
    await page.goto('/app/profile');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('dialog', { name: 'Sign out everywhere?' }).getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('heading', { name: 'Sign in to Ladingwise' }).waitFor();
    expect(await tokenStatus(accessToken)).toBe(401);
    expect(await page.getByRole('button', { name: `My Account: ${user.name}` }).count()).toBe(0);
  });
});
