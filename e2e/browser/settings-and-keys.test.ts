/**
 * Settings in a real browser: EDI settings change what the next document's EDI looks like, and
 * API keys are shown once, work against the API, and stop working when revoked.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOL_DEV, authTokenOf, downloadText, jobRow, seeToast, setReviewPolicy, signUp, uploadOnPage, waitForCompleted, x12Segments } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';

const suite = browserSuite();

describe('EDI document settings', () => {
  it('after choosing X12 4010 and 211 only, the next upload yields a single 211 with 004010 in GS08', async () => {
    const page = await suite.newPage();
    await signUp(page);

    await page.goto('/app/settings');
    const section = page.locator('#edi-settings');
    const save = section.getByRole('button', { name: 'Save Settings' });
    await expect.poll(() => save.isEnabled()).toBe(true); // settings loaded
    await section.getByLabel('EDI 204').uncheck();
    await section.getByLabel('X12 version').selectOption('4010');
    const put = page.waitForResponse((r) => r.url().endsWith('/api/admin/user/settings') && r.request().method() === 'PUT');
    await save.click();
    expect((await put).status()).toBe(200);
    await seeToast(page, 'Settings saved successfully');

    // The choice is the server's, not only the form's: a reload shows it again.
    await page.reload();
    await expect.poll(() => section.getByLabel('X12 version').inputValue()).toBe('4010');
    expect(await section.getByLabel('EDI 204').isChecked()).toBe(false);
    expect(await section.getByLabel('EDI 211').isChecked()).toBe(true);

    const file = 'd019.jpg';
    // The document should be delivered at once with the saved settings, without waiting for review.
    await setReviewPolicy(page, 'never');
    const jobId = await uploadOnPage(page, [join(BOL_DEV, file)]);
    await page.goto('/app/documents');
    const row = jobRow(page, file);
    await waitForCompleted(page, row, jobId);
    expect(await row.innerText()).toContain('211');

    await row.getByRole('button', { name: 'View', exact: true }).click();
    await page.getByRole('heading', { name: `Review ${file}` }).waitFor();
    const details = page.getByLabel('EDI', { exact: true });
    const tabs = details.getByRole('tablist', { name: 'EDI document type' }).getByRole('tab');
    await tabs.first().waitFor();
    expect(await tabs.allInnerTexts()).toEqual(['X12 211']);

    const downloading = page.waitForEvent('download');
    await details.getByRole('button', { name: 'Download' }).click();
    const segments = x12Segments(await downloadText(await downloading));
    expect(segments[0]![12]).toBe('00401'); // ISA12
    const gs = segments.find((s) => s[0] === 'GS');
    expect(gs?.[8]).toBe('004010');
    expect(segments.filter((s) => s[0] === 'ST').map((s) => s[1])).toEqual(['211']);
  });
});

describe('API keys', () => {
  it('shows a new key once, lists only its prefix, lets it read the jobs, and refuses it after revoking', async () => {
    const page = await suite.newPage();
    await signUp(page);
    const jobId = await uploadOnPage(page, [join(BOL_DEV, 'd010.jpg')]);

    await page.goto('/app/settings');
    const keys = page.locator('#api-keys');
    await keys.getByLabel('Key name').fill('E2E integration');
    await keys.getByRole('button', { name: 'Create key' }).click();
    const shown = keys.getByRole('status').filter({ hasText: 'Your new API key' });
    await shown.waitFor();
    const fullKey = (await shown.locator('code').innerText()).trim();
    expect(fullKey.length).toBeGreaterThanOrEqual(24);

    const listed = keys.getByRole('listitem').filter({ hasText: 'E2E integration' });
    await listed.getByText('Active').waitFor();
    const prefixText = (await listed.locator('.font-mono').innerText()).replace('…', '').trim();
    expect(prefixText.length).toBeGreaterThan(0);
    expect(fullKey.startsWith(prefixText)).toBe(true);
    expect(prefixText.length).toBeLessThan(fullKey.length);

    // Shown once: after a reload only the prefix is on the page.
    await page.reload();
    await listed.waitFor();
    expect(await page.content()).not.toContain(fullKey);
    expect(await keys.getByText('Your new API key').count()).toBe(0);

    const jobsWithKey = () => fetch(`${suite.app.url}/api/processing/jobs`, { headers: { 'X-API-Key': fullKey } });
    const res = await jobsWithKey();
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { jobs: Array<{ JobId: string }> } };
    expect(body.data.jobs.map((j) => j.JobId)).toEqual([jobId]);
    // Also as a bearer token, as the settings page says.
    expect((await fetch(`${suite.app.url}/api/processing/jobs`, { headers: { Authorization: `Bearer ${fullKey}` } })).status).toBe(200);

    // The app's own dialog (never the browser's confirm()) says what happens to the key.
    const browserDialogs: string[] = [];
    page.on('dialog', (d) => { browserDialogs.push(d.message()); void d.dismiss(); });
    await listed.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog', { name: /^Revoke "/ });
    await confirm.getByText(/stops working at once/).waitFor();
    const revoked = page.waitForResponse((r) => /\/api\/apikeys\/[^/]+$/.test(r.url()) && r.request().method() === 'DELETE');
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    expect((await revoked).status()).toBe(200);
    expect(browserDialogs).toEqual([]);
    await listed.getByText('Revoked').waitFor();
    expect((await jobsWithKey()).status).toBe(401);

    // The user's own session is unaffected.
    const token = await authTokenOf(page);
    expect((await fetch(`${suite.app.url}/api/processing/jobs`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
  });
});
