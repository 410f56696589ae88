/**
 * The landing page's Sign Up / Sign In on a fresh install started with no PUBLIC_URL and browsed at
 * http://127.0.0.1:PORT rather than localhost: the hosted (bundled OpenID Connect) pages work out of the box
 * (every loopback name of the port is an accepted redirect) and wear the app's brand; code + PKCE back to the web
 * app, first-time setup, logout that ends the provider session too, and signing in again.
 */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { docShot, freshUser } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';

/** A port free right now: the provider names itself http://localhost:PORT, so the port must be known. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    }).on('error', reject);
  });
}

const suite = browserSuite(async () => ({ PORT: String(await freePort()), HOST: '127.0.0.1' }));

describe('hosted sign-in (bundled OpenID Connect provider) from a loopback address', () => {
  it('signs up on the hosted page, lands in the app after setup, logs out, and signs in again', async () => {
    const page = await suite.newPage();
    const user = freshUser('hosted');
    const origin = suite.app.url;
    expect(new URL(origin).hostname).toBe('127.0.0.1');

    await page.goto(`${origin}/`);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/oidc/interaction/'));
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await page.getByText('invalid_redirect_uri').count()).toBe(0);
    // The provider's page wears the app's brand.
    await page.getByRole('link', { name: 'Ladingwise' }).waitFor();
    await docShot(page, 'hosted-sign-up');
    await page.getByLabel('Name').fill(user.name);
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL((u) => u.origin === origin && u.pathname === '/app/upload', { timeout: 30_000 });
    await page.getByRole('button', { name: `My Account: ${user.name}` }).waitFor({ timeout: 30_000 });
    await page.locator('#setup-heading').waitFor({ state: 'detached', timeout: 30_000 });
    // The OIDC access token works against the API: the documents page loads (empty for a new account).
    await page.getByRole('link', { name: 'Documents', exact: true }).first().click();
    await page.getByText('No processed documents found. Upload some bills of lading to get started.').waitFor();

    // Logout ends the provider session too, with no second question on a provider page: straight back to the landing page.
    const questions: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) void f.content().then((html) => { if (html.includes('Stay signed in')) questions.push(f.url()); }, () => undefined);
    });
    await page.getByRole('button', { name: `My Account: ${user.name}` }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.origin === origin && u.pathname === '/');
    expect(questions).toEqual([]);

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
