/**
 * Debian Chromium driven by playwright-core, plus the few user steps every browser test repeats:
 * sign up with e-mail and password, upload images, wait for a job's row to reach a status.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { chromium, type Browser, type BrowserContext, type Download, type Locator, type Page } from 'playwright-core';

/** Where the dev images live (shared with the extraction benchmark). */
export const BOL_DEV = '/work/shared/bol-dev';
/** OCR of one page takes a few seconds on a 2-core machine; the queue and the 5 s list refresh add to it. */
export const OCR_TIMEOUT_MS = 90_000;
/** The product's fixed default interchange ID, used when the user saved none. */
export const DEFAULT_ID = 'LADINGWISE';

/** Launches the system Chromium headless (the sandbox needs privileges CI containers lack). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
}

/** A fresh browser profile (no stored session) at the desktop size the documents table needs. */
export async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, acceptDownloads: true, timezoneId: 'UTC', locale: 'en-US' });
  context.setDefaultTimeout(15_000);
  return context;
}

export interface TestUser { name: string; email: string; password: string }

/** A user nobody has used before, so tests never see each other's data. */
export function freshUser(label = 'user'): TestUser {
  const id = randomUUID().slice(0, 8);
  return { name: `E2E ${label} ${id}`, email: `e2e-${label}-${id}@example.test`, password: `Pw-${randomUUID()}` };
}

/** Signs up through the landing page's e-mail/password dialog and waits for the first-time setup to finish. */
export async function signUp(page: Page, user: TestUser = freshUser()): Promise<TestUser> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Use e-mail and password instead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in with e-mail' });
  await dialog.getByRole('tab', { name: 'Create account' }).click();
  const signupDialog = page.getByRole('dialog', { name: 'Create your account' });
  await signupDialog.getByLabel('Full name').fill(user.name);
  await signupDialog.getByLabel('E-mail').fill(user.email);
  await signupDialog.getByLabel('Password').fill(user.password);
  await signupDialog.getByRole('button', { name: 'Create account', exact: true }).click();
  await waitForSignedIn(page, user);
  return user;
}

/** Waits until the setup overlay (if any) is gone and the shell's account button names the user. */
export async function waitForSignedIn(page: Page, user: TestUser): Promise<void> {
  await page.getByRole('button', { name: `My Account: ${user.name}` }).waitFor({ state: 'visible', timeout: 30_000 });
  await page.locator('#setup-heading').waitFor({ state: 'detached', timeout: 30_000 });
}

/**
 * Signs up on the bundled provider's hosted page (from the landing page's Sign Up) and waits for the app, set up.
 * `onProviderPage` runs on the provider's "Create your account" page before it is filled in.
 */
export async function hostedSignUp(page: Page, origin: string, label: string, onProviderPage?: () => Promise<void>): Promise<TestUser> {
  const user = freshUser(label);
  await page.goto(`${origin}/`);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/oidc/interaction/'));
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await onProviderPage?.();
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
export async function oidcAccessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token : null;
  });
  if (!token) throw new Error('no hosted-login user in localStorage');
  return token;
}

/** What the API at `origin` says of a bearer token: 200 while its session lives, 401 after. */
export async function tokenStatus(origin: string, token: string): Promise<number> {
  return (await fetch(`${origin}/api/auth/validate`, { headers: { authorization: `Bearer ${token}` } })).status;
}

/** The stored password-login token of the signed-in page (for API calls made on the user's behalf). */
export async function authTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  if (!token) throw new Error('no authToken in localStorage: is the page signed in?');
  return token;
}

/** Sets the signed-in user's review policy through the API; tests that expect documents to complete at once say so with 'never'. */
export async function setReviewPolicy(page: Page, policy: 'always' | 'when-unsure' | 'never'): Promise<void> {
  const token = await authTokenOf(page);
  const status = await page.evaluate(async ({ t, p }) => (await fetch('/api/admin/user/settings', {
    method: 'PUT', headers: { Authorization: `Bearer ${t}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ reviewPolicy: p }),
  })).status, { t: token, p: policy });
  if (status !== 200) throw new Error(`setting the review policy answered ${status}`);
}

/** Picks files on /app/upload and presses "Upload & Generate EDI"; returns the new job's id from the server's answer. */
export async function uploadOnPage(page: Page, files: string[]): Promise<string> {
  if (!page.url().endsWith('/app/upload')) await page.goto('/app/upload');
  await page.getByLabel('Choose bill of lading images').setInputFiles(files);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/upload/process-images') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Upload & Generate EDI' }).click();
  const res = await answer;
  const body = (await res.json()) as { success: boolean; data?: { jobId?: string }; message?: string };
  if (!res.ok() || !body.data?.jobId) throw new Error(`upload answered ${res.status()}: ${JSON.stringify(body)}`);
  return body.data.jobId;
}

/** The documents table row of a file (fresh users upload each file name once). */
export function jobRow(page: Page, fileName: string): Locator {
  return page.getByRole('row').filter({ hasText: fileName });
}

/**
 * Waits until the row shows a final status. Completed returns; Failed throws with the job's error
 * message (read with the page's token), so a broken pipeline fails fast and says why.
 */
export async function waitForCompleted(page: Page, row: Locator, jobId: string): Promise<void> {
  await row.getByText(/^(Completed|Failed \[No charge\])$/).waitFor({ timeout: OCR_TIMEOUT_MS });
  if (await row.getByText('Completed', { exact: true }).count()) return;
  const token = await authTokenOf(page);
  const job = await page.evaluate(async ({ id, t }) => {
    const r = await fetch(`/api/processing/jobs?jobId=${encodeURIComponent(id)}`, { headers: { Authorization: `Bearer ${t}` } });
    return ((await r.json()) as { data: { jobs: Array<{ ErrorMessage?: string | null }> } }).data.jobs[0] ?? null;
  }, { id: jobId, t: token });
  throw new Error(`job ${jobId} failed instead of completing: ${job?.ErrorMessage ?? 'no error message'}`);
}

/** Waits for a toast's text; Radix also copies it into a screen-reader announcement, hence first(). */
export async function seeToast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** Reads a finished download as UTF-8 text. */
export async function downloadText(download: Download): Promise<string> {
  const path = await download.path();
  return readFile(path, 'utf8');
}

/** X12 segments of an interchange, using the delimiters its ISA header declares. */
export function x12Segments(edi: string): string[][] {
  const text = edi.replace(/^\uFEFF/, '');
  if (!text.startsWith('ISA')) throw new Error(`not an X12 interchange: ${text.slice(0, 40)}`);
  const element = text[3]!;
  const segment = text[105]!;
  return text.split(segment).map((s) => s.trim()).filter(Boolean).map((s) => s.split(element));
}

/** The credits balance shown on /app/billing, as a number. */
export async function billingBalance(page: Page): Promise<number> {
  await page.goto('/app/billing');
  const balance = page.getByTestId('balance');
  await balance.filter({ hasText: /\d/ }).waitFor();
  return Number((await balance.innerText()).replace(/[^\d.]/g, ''));
}

/** Signs in through the landing page's e-mail/password dialog (a user who already exists). */
export async function signIn(page: Page, user: TestUser): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Use e-mail and password instead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in with e-mail' });
  await dialog.getByLabel('E-mail').fill(user.email);
  await dialog.getByLabel('Password').fill(user.password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await waitForSignedIn(page, user);
}

/**
 * Saves a screenshot for docs/screenshots/ when LW_SCREENSHOT_DIR is set (a documentation run:
 * `LW_SCREENSHOT_DIR=docs/screenshots npx vitest run --root e2e browser/customer-screens.test.ts`); otherwise nothing.
 */
export async function docShot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.LW_SCREENSHOT_DIR;
  if (!dir) return;
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${dir.replace(/\/+$/, '')}/${name}.png`, fullPage: options.fullPage ?? false });
}

/** How far the page scrolls sideways (0 when nothing sticks out of the viewport). */
export async function horizontalOverflow(page: Page): Promise<{ overflow: number; widest: string }> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const overflow = Math.max(root.scrollWidth, document.body.scrollWidth) - window.innerWidth;
    // Name the element that sticks out furthest, so a failure says what to fix.
    let widest = '';
    let right = window.innerWidth;
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > right + 0.5) {
        right = r.right;
        widest = `${el.tagName.toLowerCase()}.${String((el as HTMLElement).className).slice(0, 80)} (right ${Math.round(r.right)} px)`;
      }
    }
    return { overflow, widest };
  });
}
