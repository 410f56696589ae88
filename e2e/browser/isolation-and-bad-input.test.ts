/**
 * What a user must never see or get through the browser: another tenant's document or image,
 * and a non-image upload that sneaks past the file picker by its name.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOL_DEV, authTokenOf, freshUser, seeToast, signUp, uploadOnPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';

const suite = browserSuite();

describe('tenant isolation', () => {
  it("user B gets not-found for user A's job details link and image URL", async () => {
    const pageA = await suite.newPage('user-a');
    await signUp(pageA, freshUser('a'));
    const jobId = await uploadOnPage(pageA, [join(BOL_DEV, 'd010.jpg')]);
    const imagePath = `/api/image/${jobId}/0`;
    const tokenA = await authTokenOf(pageA);
    // Control: the owner can fetch the image from the browser.
    const ownStatus = await pageA.evaluate(async ({ path, token }) => (await fetch(path, { headers: { Authorization: `Bearer ${token}` } })).status, { path: imagePath, token: tokenA });
    expect(ownStatus).toBe(200);

    const pageB = await suite.newPage('user-b');
    await signUp(pageB, freshUser('b'));
    const lookup = pageB.waitForResponse((r) => r.url().includes('/api/processing/jobs') && r.url().includes(jobId));
    await pageB.goto(`/app/documents?jobId=${jobId}&showDetails=1`);
    const answer = await lookup;
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { data: { jobs: unknown[] } }).data.jobs).toEqual([]);
    // The old details link opens the review screen, which says not found and shows no EDI.
    await expect.poll(() => new URL(pageB.url()).pathname).toBe(`/app/documents/${jobId}`);
    await pageB.getByText('This document was not found', { exact: false }).waitFor();
    expect(await pageB.getByRole('button', { name: 'Download' }).count()).toBe(0);
    expect(await pageB.getByText('d010.jpg').count()).toBe(0);

    // The image, fetched the way the app fetches images (bearer token), and the job API: 404 for B.
    const tokenB = await authTokenOf(pageB);
    const statuses = await pageB.evaluate(async ({ id, path, token }) => {
      const h = { Authorization: `Bearer ${token}` };
      return [(await fetch(path, { headers: h })).status, (await fetch(`${path}?size=thumb`, { headers: h })).status,
        (await fetch(`/api/processing/job/${id}`, { headers: h })).status, (await fetch(`/api/processing/job/${id}/edi`, { headers: h })).status];
    }, { id: jobId, path: imagePath, token: tokenB });
    expect(statuses).toEqual([404, 404, 404, 404]);
    // Opening the image URL directly (no token) is refused too.
    const direct = await pageB.goto(imagePath);
    expect(direct?.status()).toBe(401);
  });
});

describe('bad input', () => {
  it('a text file named .jpg is refused with the server message and nothing is added to the list', async () => {
    const page = await suite.newPage();
    await signUp(page);
    const dir = mkdtempSync(join(tmpdir(), 'lw-e2e-bad-'));
    const fake = join(dir, 'not-a-scan.jpg');
    writeFileSync(fake, 'This is a plain text file pretending to be a JPEG.\n');

    await page.goto('/app/upload');
    await page.getByLabel('Choose bill of lading images').setInputFiles(fake);
    await page.getByText('not-a-scan.jpg').waitFor(); // the picker accepts it by name
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/upload/process-images'));
    await page.getByRole('button', { name: 'Upload & Generate EDI' }).click();
    expect((await answer).status()).toBe(415);
    // Spec section 8: 'Upload failed' with the server's message.
    await seeToast(page, 'Upload failed');
    await seeToast(page, 'not-a-scan.jpg is not a supported image. Use JPEG, PNG, BMP, TIFF or WebP. Nothing was uploaded.');
    expect(await page.getByRole('button', { name: 'Upload & Generate EDI' }).isEnabled()).toBe(true);

    await page.goto('/app/documents');
    await page.getByText('No processed documents found. Upload some bills of lading to get started.').waitFor();
    const listed = await page.evaluate(async (token) => {
      const r = await fetch('/api/processing/jobs', { headers: { Authorization: `Bearer ${token}` } });
      return ((await r.json()) as { data: { total: number } }).data.total;
    }, await authTokenOf(page));
    expect(listed).toBe(0);
  });
});
