/**
 * The review flow in a real browser against the real product: a held document is found under
 * "Needs review", opened beside its page with each field's box, a flagged field is confirmed and
 * another corrected (the EDI preview follows), the document is approved, and the sent EDI downloads.
 * The scan is uploaded a quarter turn from upright, as a sheet fed sideways is: the screen shows it
 * turned as the extractor read it, and a box holds the very words its field was read from.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BOL_DEV, DEFAULT_ID, OCR_TIMEOUT_MS, downloadText, jobRow, seeToast, setReviewPolicy, signUp, uploadOnPage, x12Segments } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { ROOT } from '../support/spawn-ladingwise.ts';

const suite = browserSuite();
const SHOTS = join(ROOT, 'tmp/e2e');

describe('review before sending', () => {
  it('holds a document, shows its fields on the page, takes a correction and sends the approved EDI', async () => {
    const page = await suite.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUp(page);
    await setReviewPolicy(page, 'always');

    mkdirSync(SHOTS, { recursive: true });
    const file = 'd010-sideways.jpg';
    await sharp(join(BOL_DEV, 'd010.jpg')).rotate(90).jpeg({ quality: 90 }).toFile(join(SHOTS, file));
    const jobId = await uploadOnPage(page, [join(SHOTS, file)]);
    // The upload notice links straight to the review of the held document.
    await page.getByRole('button', { name: 'Review now' }).click({ timeout: OCR_TIMEOUT_MS });
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/app/documents/${jobId}`);

    // It is also listed under the Needs review filter, in amber, not charged or sent.
    await page.goto('/app/documents');
    await page.getByRole('tab', { name: 'Needs review' }).click();
    const row = jobRow(page, file);
    await row.getByText('Needs review').waitFor();
    await row.getByRole('button', { name: 'Review', exact: true }).click();
    await page.getByRole('heading', { name: `Review ${file}` }).waitFor();
    await page.getByText('nothing has been sent or charged yet').waitFor();

    // Every field read from the page has its box on the image; clicking one selects its field.
    const boxes = page.getByRole('button', { name: /^Box: / });
    await boxes.first().waitFor();
    expect(await boxes.count()).toBeGreaterThan(5);
    // The stored scan lies on its side; the screen shows the page upright, as the extractor read it.
    const image = page.locator(`img[alt="${file} page 1"]`);
    await image.waitFor();
    expect(Number(await image.getAttribute('data-turn')) % 180).toBe(90);
    const shown = (await image.boundingBox())!;
    const area = (await image.locator('..').boundingBox())!;
    expect(shown.height).toBeGreaterThan(shown.width);
    for (const k of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(shown[k] - area[k])).toBeLessThan(2);
    // A box holds the words its field was read from: the BOL number box, magnified, read again by Tesseract.
    await page.getByRole('button', { name: 'Box: BOL number' }).click();
    for (let i = 0; i < 2; i++) await page.getByRole('button', { name: 'Zoom in' }).click();
    const bolBox = page.getByRole('button', { name: 'Box: BOL number' });
    // The view scrolls smoothly to the selected box: read its place once it stops moving.
    let last = '';
    await expect.poll(async () => { const now = JSON.stringify(await bolBox.boundingBox()); const still = now === last; last = now; return still; }, { interval: 250 }).toBe(true);
    const at = (await bolBox.boundingBox())!;
    const bol = await page.locator('#review-field-References-BolNumber').inputValue();
    expect(bol.length).toBeGreaterThan(4);
    await page.addStyleTag({ content: '[aria-label^="Box: "] { visibility: hidden !important; }' });
    const crop = join(SHOTS, 'bol-box.png');
    await page.screenshot({ path: crop, clip: { x: at.x - 4, y: at.y - 4, width: at.width + 8, height: at.height + 8 } });
    const read = execFileSync('tesseract', [crop, 'stdout', '--psm', '7'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    expect(read.replace(/[^A-Za-z0-9]/g, '')).toContain(bol.replace(/[^A-Za-z0-9]/g, ''));
    await page.addStyleTag({ content: '[aria-label^="Box: "] { visibility: visible !important; }' });
    await page.getByRole('button', { name: 'Fit to width' }).click();
    const shipperBox = page.getByRole('button', { name: 'Box: Shipper name' });
    await shipperBox.click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('review-field-Shipper-Name');
    expect(await shipperBox.getAttribute('aria-pressed')).toBe('true');

    // A flagged field confirmed with Enter loses its flag.
    const flagged = page.getByRole('region', { name: 'Check these first' }).locator('input[data-flag="unsure"], select[data-flag="unsure"]');
    const firstUnsure = flagged.first();
    const unsureId = await firstUnsure.getAttribute('id');
    if (unsureId) {
      await firstUnsure.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator(`#${unsureId}`).getAttribute('data-flag')).toBeNull();
    }
    // A corrected field shows up in the EDI preview before anything is sent.
    const po = `RV${Date.now().toString().slice(-7)}`;
    await page.getByLabel('PO number', { exact: true }).fill(po);
    const preview = page.locator('pre[data-edi-preview]');
    await preview.filter({ hasText: po }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'review-screen.png') });

    // Approve (Ctrl+Enter works too; the button is what a first-time user sees).
    const approved = page.waitForResponse((r) => r.url().endsWith(`/api/processing/job/${jobId}/approve`));
    await page.getByRole('button', { name: 'Approve & send EDI' }).click();
    // While the EDI still lists a problem the app asks first, in its own dialog.
    const ask = page.getByRole('dialog', { name: 'Send with problems?' });
    const first = await Promise.race([approved.then(() => 'sent'), ask.waitFor().then(() => 'asked', () => 'sent')]);
    if (first === 'asked') await ask.getByRole('button', { name: 'Send anyway' }).click();
    expect((await approved).status()).toBe(200);
    await seeToast(page, 'Approved');
    await page.getByText('Completed', { exact: true }).first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'review-approved.png') });

    const edi = page.getByLabel('EDI', { exact: true });
    const downloading = page.waitForEvent('download');
    await edi.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${DEFAULT_ID}_\\d{9}\\.txt$`));
    const text = await downloadText(download);
    expect(text).toContain(po);
    const segments = x12Segments(text);
    expect(segments.find((s) => s[0] === 'B2A')?.[1]).toBe('00');
  });
});
