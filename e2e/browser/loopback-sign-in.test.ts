/**
 * A fresh install started with no PUBLIC_URL, browsed at http://127.0.0.1:PORT instead of
 * localhost: the hosted Sign Up works out of the box (every loopback name of the port is an
 * accepted redirect), and the provider's pages look like the app.
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

describe('sign-in from a loopback address on a fresh start', () => {
  it('signs up from http://127.0.0.1:PORT through the hosted pages and lands signed in', async () => {
    const page = await suite.newPage();
    const user = freshUser('loopback');
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
    await page.getByRole('link', { name: 'Documents', exact: true }).first().click();
    await page.getByText('No processed documents found. Upload some bills of lading to get started.').waitFor();
  });
});
