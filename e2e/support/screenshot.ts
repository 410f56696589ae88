/**
 * Regenerates docs/screenshots/documents.png (1280x800): a fresh product, a new user, a few dev
 * images processed to Completed, then the documents page. Run by hand, not part of the tests:
 *   npx tsx e2e/support/screenshot.ts
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BOL_DEV, authTokenOf, jobRow, launchBrowser, newContext, setReviewPolicy, signUp, uploadOnPage, waitForCompleted } from './browser.ts';
import { ROOT, spawnLadingwise } from './spawn-ladingwise.ts';

const FILES = ['d010.jpg', 'd014.jpg', 'd019.jpg'];
const OUT = join(ROOT, 'docs/screenshots/documents.png');

const app = await spawnLadingwise('serve');
const browser = await launchBrowser();
try {
  const context = await newContext(browser, app.url);
  const page = await context.newPage();
  await signUp(page, { name: 'Dana Whitfield', email: 'dana@example.test', password: 'screenshot-only-1' });
  // Saved interchange IDs become the upload page's defaults, so the table shows realistic partners.
  const token = await authTokenOf(page);
  // (No named helper inside evaluate: tsx wraps named functions in a __name() the page lacks.)
  await page.evaluate(async (t) => {
    const headers = { Authorization: `Bearer ${t}`, 'Content-Type': 'application/json' };
    const a = await fetch('/api/admin/user/sender-ids', { method: 'POST', headers, body: JSON.stringify({ Label: 'Northwind Logistics', InterchangeId: 'NORTHWINDLOG' }) });
    const b = await fetch('/api/admin/user/receiver-ids', { method: 'POST', headers, body: JSON.stringify({ Label: 'Swift Ridge Carriers', InterchangeId: 'SWIFTRIDGE' }) });
    if (!a.ok || !b.ok) throw new Error(`saving interchange IDs answered ${a.status} / ${b.status}`);
  }, token);
  // The documents page shows delivered documents here; the review screen has its own screenshots.
  await setReviewPolicy(page, 'never');
  await page.reload(); // the upload page read the (empty) saved IDs before
  const jobs: Array<{ file: string; jobId: string }> = [];
  for (const file of FILES) jobs.push({ file, jobId: await uploadOnPage(page, [join(BOL_DEV, file)]) });
  await page.goto('/app/documents');
  for (const { file, jobId } of jobs) await waitForCompleted(page, jobRow(page, file), jobId);
  // Thumbnails are fetched with the bearer token after the list renders: wait until they are drawn.
  await page.waitForFunction((n) => {
    const imgs = [...document.querySelectorAll('table img')] as HTMLImageElement[];
    return imgs.length >= n && imgs.every((i) => i.complete && i.naturalWidth > 0);
  }, FILES.length);
  await page.mouse.move(0, 0);
  mkdirSync(join(ROOT, 'docs/screenshots'), { recursive: true });
  await page.screenshot({ path: OUT });
  console.log(`wrote ${OUT}`);
} finally {
  await browser.close();
  await app.stop();
}
