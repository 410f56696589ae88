/**
 * The landing page's Sign Up / Sign In buttons on a default install: the hosted (bundled OpenID
 * Connect) pages, code + PKCE back to the web app, first-time setup, logout and signing in again.
 */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freshUser } from '../support/browser.ts';
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

describe('hosted sign-in (bundled OpenID Connect provider)', () => {
  it('signs up on the hosted page, lands in the app after setup, logs out, and signs in again', async () => {
    const page = await suite.newPage();
    const user = freshUser('hosted');
    const origin = suite.app.url;

    await page.goto('/');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/oidc/'));
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
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
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();

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
