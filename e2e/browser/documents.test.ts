/**
 * The main user journey in a real browser against the real product: sign up, upload a bill of
 * lading, watch it process, correct a field on the review screen, send the correction and download the EDI.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOL_DEV, DEFAULT_ID, billingBalance, downloadText, freshUser, jobRow, seeToast, setReviewPolicy, signUp, uploadOnPage, waitForCompleted, x12Segments } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';

const suite = browserSuite();
/** $10 at 40 credits per USD (spec sections 2 and 9). */
const WELCOME_CREDITS = 400;

describe('sign-up and first-time setup', () => {
  it('creates an account with e-mail and password, runs the setup overlay once and shows the user in the shell', async () => {
    const page = await suite.newPage();
    const user = freshUser('signup');
    await page.goto('/');
    await page.getByRole('button', { name: 'Use e-mail and password instead' }).click();
    await page.getByRole('tab', { name: 'Create account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await dialog.getByLabel('Full name').fill(user.name);
    await dialog.getByLabel('E-mail').fill(user.email);
    await dialog.getByLabel('Password').fill(user.password);
    await dialog.getByRole('button', { name: 'Create account', exact: true }).click();

    // The overlay walks through its checklist and ends on "Ready!" before it lets the user in.
    const overlay = page.getByRole('dialog', { name: /Preparing Your Account|First Time Setup|Ready!/ });
    await overlay.getByText('adding $10 credit to get you started').waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: 'Ready!' }).waitFor({ timeout: 30_000 });
    await page.getByText('Environment setup complete!').waitFor();
    await page.locator('#setup-heading').waitFor({ state: 'detached', timeout: 30_000 });

    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/upload');
    const account = page.getByRole('button', { name: `My Account: ${user.name}` });
    await account.click();
    const menu = page.getByRole('menu');
    await expect.poll(() => menu.getByText(user.email).isVisible()).toBe(true);
    for (const item of ['Upload', 'Documents', 'Profile', 'Billing', 'Settings', 'Documentation', 'Logout']) {
      expect(await menu.getByRole('menuitem', { name: item, exact: true }).isVisible()).toBe(true);
    }

    // A reload keeps the session and does not run the setup again.
    await page.keyboard.press('Escape');
    await page.reload();
    await account.waitFor();
    expect(await page.getByRole('heading', { name: 'First Time Setup' }).count()).toBe(0);
  });
});

describe('upload, review and download', () => {
  it('processes an upload to Completed, charges it, and downloads corrected, regenerated EDI', async () => {
    const page = await suite.newPage();
    await signUp(page);
    // This journey is about automatic delivery and a later correction; the review gate has its own test.
    await setReviewPolicy(page, 'never');

    const file = 'd014.jpg';
    const jobId = await uploadOnPage(page, [join(BOL_DEV, file)]);
    expect(jobId).toMatch(/\S/);
    await seeToast(page, 'Upload received');

    await page.getByRole('link', { name: 'View processed documents' }).click();
    await page.getByRole('heading', { name: 'Processed Bills of Lading' }).waitFor();
    const row = jobRow(page, file);
    // The list refreshes itself every 5 s while a job is in progress: no reload needed.
    await row.getByText('Processing').waitFor({ timeout: 20_000 });
    await waitForCompleted(page, row, jobId);
    expect(await row.innerText()).toContain(DEFAULT_ID);

    // The review screen: correct the PO number, send the correction, download.
    await row.getByRole('button', { name: 'View', exact: true }).click();
    await page.getByRole('heading', { name: `Review ${file}` }).waitFor();
    const po = `E2E${Date.now().toString().slice(-7)}`;
    await page.getByLabel('PO number', { exact: true }).fill(po);
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/processing/job/${jobId}/data`) && r.request().method() === 'PUT');
    const regenerated = page.waitForResponse((r) => r.url().endsWith(`/api/processing/job/${jobId}/generate-edi`));
    await page.getByRole('button', { name: 'Save & send correction' }).click();
    expect((await saved).status()).toBe(200);
    expect((await regenerated).status()).toBe(200);
    await seeToast(page, 'Correction sent');
    const details = page.getByLabel('EDI', { exact: true });
    await details.locator('pre').filter({ hasText: po }).waitFor();

    const downloading = page.waitForEvent('download');
    await details.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${DEFAULT_ID}_\\d{9}\\.txt$`));
    const edi = await downloadText(download);
    expect(edi.startsWith('ISA')).toBe(true);
    expect(edi).toContain(po);
    const segments = x12Segments(edi);
    expect(segments[0]![13]).toBe(download.suggestedFilename().split('_')[1]!.replace('.txt', ''));
    expect(segments.at(-1)![0]).toBe('IEA');

    // The processed document was paid from the $10 welcome credit (40 credits per USD), and only once.
    expect(await billingBalance(page)).toBeLessThan(WELCOME_CREDITS);
    await page.getByText('Charge', { exact: true }).waitFor();
    expect(await page.getByText('Charge', { exact: true }).count()).toBe(1);
  });
});
