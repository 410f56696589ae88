/**
 * "Sign out everywhere" on the profile page ends every session of the account (other devices too) and lands
 * on sign-in, from a password session and from a hosted-login one. (That Logout makes the old access token
 * and the provider's old session cookie useless is checked in sign-in.test.ts, after the sign-in it follows.)
 */
import { describe, expect, it } from 'vitest';
import { authTokenOf, hostedSignUp, oidcAccessToken, signUp, tokenStatus } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { freePort } from '../../apps/server/test/ladingwise-process.ts';

const suite = browserSuite(async () => {
  const port = await freePort();
  return { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` };
});

describe('signing out everywhere', () => {
  it('Sign out everywhere (profile page, after the app\'s confirmation) ends this and every other session and lands on sign-in', async () => {
    const page = await suite.newPage();
    const user = await signUp(page);
    const here = await authTokenOf(page);
    // The same account signed in elsewhere, as another device would be.
    const login = await fetch(`${suite.app.url}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email, password: user.password }),
    });
    const elsewhere = ((await login.json()) as { data: { token: string } }).data.token;
    expect([await tokenStatus(suite.app.url, here), await tokenStatus(suite.app.url, elsewhere)]).toEqual([200, 200]);

    await page.goto('/app/profile');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('dialog', { name: 'Sign in with e-mail' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    expect([await tokenStatus(suite.app.url, here), await tokenStatus(suite.app.url, elsewhere)]).toEqual([401, 401]);
  });

  it('Sign out everywhere from a hosted-login session opens the provider\'s sign-in, which asks for the password again', async () => {
    const page = await suite.newPage();
    const user = await hostedSignUp(page, suite.app.url, 'everywhere');
    const accessToken = await oidcAccessToken(page);
    await page.goto('/app/profile');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('dialog', { name: 'Sign out everywhere?' }).getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('heading', { name: 'Sign in to Ladingwise' }).waitFor();
    expect(await tokenStatus(suite.app.url, accessToken)).toBe(401);
    expect(await page.getByRole('button', { name: `My Account: ${user.name}` }).count()).toBe(0);
  });
});
