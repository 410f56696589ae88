/**
 * The landing page's Sign Up / Sign In on a fresh install started with no PUBLIC_URL and browsed at
 * http://127.0.0.1:PORT rather than localhost: the hosted (bundled OpenID Connect) pages work out of the box
 * (every loopback name of the port is an accepted redirect) and wear the app's brand; code + PKCE back to the web
 * app, first-time setup, and a logout that ends the session on the server, not only in the browser (the old
 * access token and the provider's old session cookie are useless), then signing in again.
 */
import { describe, expect, it } from 'vitest';
import { docShot, hostedSignUp, oidcAccessToken, tokenStatus } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { freePort } from '../../apps/server/test/ladingwise-process.ts';

const suite = browserSuite(async () => ({ PORT: String(await freePort()), HOST: '127.0.0.1' }));

describe('hosted sign-in (bundled OpenID Connect provider) from a loopback address', () => {
  it('signs up on the hosted page, lands in the app after setup, logs out, and signs in again', async () => {
    const page = await suite.newPage();
    const origin = suite.app.url;
    expect(new URL(origin).hostname).toBe('127.0.0.1');
    const user = await hostedSignUp(page, origin, 'hosted', async () => {
      expect(await page.getByText('invalid_redirect_uri').count()).toBe(0);
      // The provider's page wears the app's brand.
      await page.getByRole('link', { name: 'Ladingwise' }).waitFor();
      await docShot(page, 'hosted-sign-up');
    });

    // The OIDC access token works against the API: the documents page loads (empty for a new account).
    await page.getByRole('link', { name: 'Documents', exact: true }).first().click();
    await page.getByText('No processed documents found. Upload some bills of lading to get started.').waitFor();

    const accessToken = await oidcAccessToken(page);
    expect(await tokenStatus(origin, accessToken)).toBe(200);
    const cookies = await page.context().cookies();
    expect(cookies.length).toBeGreaterThan(0);

    // Logout ends the provider session too, with no second question on a provider page: straight back to the landing page.
    const questions: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) void f.content().then((html) => { if (html.includes('Stay signed in')) questions.push(f.url()); }, () => undefined);
    });
    await page.getByRole('button', { name: `My Account: ${user.name}` }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.origin === origin && u.pathname === '/');
    expect(questions).toEqual([]);
    expect(await tokenStatus(origin, accessToken)).toBe(401);

    // Someone holding a copy of the old cookies: the provider asks for the password, it does not sign them in.
    const copy = await suite.newPage('old-cookies');
    await copy.context().addCookies(cookies);
    await copy.goto(`${origin}/`);
    await copy.getByRole('button', { name: 'Sign In', exact: true }).click();
    await copy.getByRole('heading', { name: 'Sign in to Ladingwise' }).waitFor();
    expect(await copy.getByRole('button', { name: `My Account: ${user.name}` }).count()).toBe(0);

    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in to Ladingwise' }).waitFor();
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((u) => u.origin === origin && u.pathname === '/app/upload', { timeout: 30_000 });
    await page.getByRole('button', { name: `My Account: ${user.name}` }).waitFor();
    // Signing in again asks for the password: the provider session really ended. Already initialized: no setup this time.
    expect(await page.getByRole('heading', { name: 'First Time Setup' }).count()).toBe(0);
  });
});
