/**
 * Every screen as a customer expects it (issue 29): one price everywhere, every signed-in page at
 * phone widths without sideways scrolling, the saved time zone in a fresh browser, lasting upload
 * errors, refused files explained, the app's own key dialogs, card checkout confirmed before credits
 * are announced, marketplace billing, charges linked to their documents, and the demo video.
 * The card and marketplace providers are the local stand-ins that speak their APIs.
 */
import { join } from 'node:path';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startAzureSaasStandIn, type AzureSaasStandIn } from '../../apps/server/test/stand-ins/azure-saas-stand-in.ts';
import { startStripeStandIn, type StripeStandIn } from '../../apps/server/test/stand-ins/stripe-stand-in.ts';
import {
  BOL_DEV, authTokenOf, billingBalance, docShot, freshUser, horizontalOverflow, jobRow, seeToast, setReviewPolicy, signIn, signUp, uploadOnPage,
  waitForCompleted, type TestUser,
} from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';

let stripe: StripeStandIn | undefined;
let azure: AzureSaasStandIn | undefined;
const suite = browserSuite(async () => {
  [stripe, azure] = await Promise.all([startStripeStandIn({ webhookSecret: 'whsec_e2e' }), startAzureSaasStandIn()]);
  return {
    HOST: '127.0.0.1', STRIPE_API_BASE: stripe.url, STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
    MARKETPLACE_API_BASE: azure.url, MARKETPLACE_LOGIN_BASE: azure.url, MARKETPLACE_ENTRA_TENANT_ID: 'publisher-tenant',
    MARKETPLACE_CLIENT_ID: 'app-id', MARKETPLACE_CLIENT_SECRET: 'app-secret',
  };
});
afterAll(async () => { await Promise.all([stripe?.close(), azure?.close()]); });

/** A user with one completed document, shared by the tests that need content on every page. */
let withDocument: { user: TestUser; jobId: string } | undefined;
async function userWithDocument(page: Page): Promise<{ user: TestUser; jobId: string }> {
  if (withDocument) {
    await signIn(page, withDocument.user);
    return withDocument;
  }
  const user = await signUp(page, freshUser('screens'));
  // The pages are shown with a delivered document: it should not wait for review.
  await setReviewPolicy(page, 'never');
  const jobId = await uploadOnPage(page, [join(BOL_DEV, 'd014.jpg')]);
  await page.goto('/app/documents');
  await waitForCompleted(page, jobRow(page, 'd014.jpg'), jobId);
  withDocument = { user, jobId };
  return withDocument;
}

describe('one price everywhere', () => {
  it('sells 15 and 20 cents a bill as 6 and 8 credits, with one welcome offer, on the landing, docs, settings and billing pages', async () => {
    const page = await suite.newPage();
    await page.goto('/');
    await page.getByText('Your first 50 bills free').first().waitFor();
    expect(await page.getByText('$10 welcome credit', { exact: false }).filter({ hasNotText: 'pays for them' }).count()).toBe(0);
    const pricing = page.locator('#pricing');
    await pricing.scrollIntoViewIfNeeded();
    expect(await pricing.innerText()).toMatch(/15¢[\s\S]*6 credits per bill[\s\S]*20¢[\s\S]*8 credits per bill/);
    expect(await pricing.innerText()).toContain('50 bills on Better than a Human');
    await docShot(page, 'pricing-landing');
    await page.goto('/docs');
    await page.getByText('costs 15 cents USD per bill (6 credits)', { exact: false }).waitFor();
    await page.getByText('20 cents USD per bill (8 credits)', { exact: false }).first().waitFor();

    await signUp(page, freshUser('price'));
    await page.goto('/app/billing');
    await page.getByTestId('balance').filter({ hasText: '400' }).waitFor();
    expect(await page.getByTestId('price-good-as-a-human').innerText()).toMatch(/^Good as a Human\s+6 credits \/ document\s+15 cents USD per bill$/);
    expect(await page.getByTestId('price-better-than-a-human').innerText()).toMatch(/^Better than a Human\s+8 credits \/ document\s+20 cents USD per bill$/);
    expect(await page.getByTestId('welcome-offer').innerText()).toContain('your first 50 bills free');
    await page.getByText('Welcome offer: your first 50 bills free ($10 credit)').waitFor();
    await docShot(page, 'billing', { fullPage: true });
    await page.goto('/app/settings');
    const plans = page.getByRole('radiogroup', { name: 'Pricing plan' });
    await plans.getByText('15¢ per bill · 6 credits').waitFor();
    await plans.getByText('20¢ per bill · 8 credits').waitFor();
  });
});

describe('phone layout', () => {
  it('shows every signed-in page at 360, 390 and 430 px without sideways scrolling', async () => {
    const page = await suite.newPage();
    const { jobId } = await userWithDocument(page);
    const pages: Array<{ path: string; name: string; ready: () => Promise<void> }> = [
      { path: '/app/upload', name: 'upload', ready: () => page.getByRole('heading', { name: 'Upload Bills of Lading' }).waitFor() },
      { path: '/app/documents', name: 'documents', ready: () => page.getByText('d014.jpg').filter({ visible: true }).first().waitFor() },
      { path: `/app/documents/${jobId}`, name: 'review', ready: () => page.getByText('d014.jpg').filter({ visible: true }).first().waitFor() },
      { path: '/app/settings', name: 'settings', ready: () => page.getByRole('heading', { name: 'Pricing Plan' }).waitFor() },
      { path: '/app/billing', name: 'billing', ready: () => page.getByRole('link', { name: 'd014.jpg' }).waitFor() },
      { path: '/app/profile', name: 'profile', ready: () => page.getByRole('heading', { name: 'Profile Settings' }).waitFor() },
      { path: '/docs', name: 'docs', ready: () => page.getByRole('heading', { name: 'Getting Started' }).first().waitFor() },
    ];
    const found: string[] = [];
    for (const width of [360, 390, 430]) {
      await page.setViewportSize({ width, height: 844 });
      for (const p of pages) {
        await page.goto(p.path);
        await p.ready();
        const { overflow, widest } = await horizontalOverflow(page);
        if (overflow > 0) found.push(`${p.path} at ${width} px scrolls ${overflow} px sideways: ${widest}`);
        if (width === 390) await docShot(page, `phone-${p.name}`, { fullPage: true });
      }
    }
    expect(found).toEqual([]);
  });
});

describe('time zone', () => {
  it('formats timestamps in the saved zone in a fresh browser that never saved it', async () => {
    const first = await suite.newPage('saver');
    const user = await signUp(first, freshUser('tz'));
    await first.goto('/app/settings');
    const zone = first.getByLabel('Time zone');
    await zone.selectOption('Asia/Tokyo');
    const saved = first.waitForResponse((r) => r.url().includes('/api/admin/user/settings') && r.request().method() === 'PUT');
    await first.getByRole('button', { name: 'Save Settings' }).click();
    expect((await saved).ok()).toBe(true);

    const fresh = await suite.newPage('fresh-browser'); // a new profile: nothing cached, browser zone UTC
    await signIn(fresh, user);
    await fresh.goto('/app/billing');
    const row = fresh.getByRole('list', { name: 'Transactions' }).getByRole('listitem').first();
    await row.waitFor();
    const createdAt = await fresh.evaluate(async (t) => {
      const r = await fetch('/api/billing/transactions?limit=1', { headers: { Authorization: `Bearer ${t}` } });
      return ((await r.json()) as { data: { transactions: Array<{ createdAt: string }> } }).data.transactions[0]!.createdAt;
    }, await authTokenOf(fresh));
    const inZone = (tz: string) => new Date(createdAt).toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short', hour12: true, timeZone: tz });
    expect(inZone('Asia/Tokyo')).not.toBe(inZone('UTC'));
    await row.getByText(inZone('Asia/Tokyo')).waitFor();
    await fresh.goto('/app/settings');
    expect(await fresh.getByLabel('Time zone').inputValue()).toBe('Asia/Tokyo');
  });
});

describe('profile', () => {
  it('shows when the user last signed in, and the header takes a saved name at once', async () => {
    const page = await suite.newPage();
    const user = await signUp(page, freshUser('profile'));
    await page.goto('/app/profile');
    const lastLogin = page.locator('dl > div').filter({ has: page.locator('dt', { hasText: 'Last login' }) }).locator('dd');
    await lastLogin.filter({ hasText: /^\d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d{2} (AM|PM)$/ }).waitFor();
    const name = page.getByLabel('Full name');
    await name.fill(`${user.name} Renamed`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await seeToast(page, 'Profile Updated');
    await page.getByRole('button', { name: `My Account: ${user.name} Renamed` }).waitFor();
    await docShot(page, 'profile');
  });
});

describe('upload page', () => {
  it('keeps "Upload failed" on screen until closed, and explains refused files in words until Clear', async () => {
    const page = await suite.newPage();
    await page.clock.install();
    await signUp(page, freshUser('upload'));
    await page.goto('/app/upload');
    const dir = mkdtempSync(join(tmpdir(), 'lw-e2e-files-'));
    const pdf = join(dir, 'scan.pdf');
    writeFileSync(pdf, '%PDF-1.4 not an image');
    await page.getByLabel('Choose bill of lading images').setInputFiles(pdf);
    const notes = page.getByRole('list', { name: 'Files not added' });
    await notes.getByText('scan.pdf: This is a PDF document, not a supported image. Use JPEG, PNG, BMP, TIFF or WebP.').waitFor();
    expect(await notes.innerText()).not.toContain('application/pdf');
    await docShot(page, 'upload-refused-file');
    await page.getByRole('button', { name: 'Clear' }).click();
    await notes.waitFor({ state: 'detached' });

    const fake = join(dir, 'not-a-scan.jpg');
    writeFileSync(fake, 'plain text pretending to be a JPEG');
    await page.getByLabel('Choose bill of lading images').setInputFiles(fake);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/upload/process-images'));
    await page.getByRole('button', { name: 'Upload & Generate EDI' }).click();
    expect((await answer).status()).toBe(415);
    await seeToast(page, 'Upload failed');
    await page.clock.fastForward(120_000); // two minutes later: well past the 5 s of ordinary notices
    expect(await page.getByRole('region', { name: /Notifications/ }).getByText('Upload failed', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('region', { name: /Notifications/ }).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('region', { name: /Notifications/ }).getByText('Upload failed', { exact: true }).waitFor({ state: 'detached' });
  });
});

describe('API keys', () => {
  it('rotates only after the app\'s own dialog says the old key stops working; the old key is then refused', async () => {
    const page = await suite.newPage();
    const browserDialogs: string[] = [];
    page.on('dialog', (d) => { browserDialogs.push(d.message()); void d.dismiss(); });
    await signUp(page, freshUser('keys'));
    await page.goto('/app/settings');
    await page.getByLabel('Key name').fill('TMS');
    await page.getByRole('button', { name: 'Create key' }).click();
    const oldKey = (await page.locator('[role="status"] code').innerText()).trim();
    await page.getByRole('button', { name: 'Copy' }).click().catch(() => undefined);
    await page.reload();
    await page.getByRole('button', { name: 'Rotate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate "TMS"?' });
    await dialog.getByText('stops working at once', { exact: false }).waitFor();
    await docShot(page, 'api-key-rotate-dialog');
    const rotated = page.waitForResponse((r) => r.url().endsWith('/rotate') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Rotate key' }).click();
    expect((await rotated).status()).toBe(200);
    const newKey = (await page.locator('[role="status"] code').innerText()).trim();
    expect(newKey).not.toBe(oldKey);
    const status = async (key: string) => (await fetch(`${suite.app.url}/api/processing/jobs`, { headers: { 'X-API-Key': key } })).status;
    expect(await status(oldKey)).toBe(401);
    expect(await status(newKey)).toBe(200);
    expect(browserDialogs).toEqual([]);
  });
});

describe('billing', () => {
  it('never says credits were added for a bare ?success=true, and does after a real card payment', async () => {
    const page = await suite.newPage();
    await signUp(page, freshUser('card'));
    await page.goto('/app/billing?success=true');
    await seeToast(page, 'Payment not confirmed');
    expect(await page.getByText('Your credits have been added to your account.').count()).toBe(0);
    expect(await billingBalance(page)).toBe(400);

    await page.getByRole('button', { name: /\$50/ }).first().click();
    await page.waitForURL((u) => u.href.startsWith(stripe!.url));
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL((u) => u.pathname === '/app/billing');
    await seeToast(page, 'Payment Successful');
    await seeToast(page, 'Your credits have been added to your account.');
    await page.getByTestId('balance').filter({ hasText: '2,400' }).waitFor();
  });

  it('links each charge in the history to its document', async () => {
    const page = await suite.newPage();
    const { jobId } = await userWithDocument(page);
    await page.goto('/app/billing');
    const charge = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem').filter({ hasText: 'Charge' }).first();
    await charge.getByText('−6').waitFor();
    await charge.getByRole('link', { name: 'd014.jpg' }).click();
    await page.waitForURL((u) => u.pathname === `/app/documents/${jobId}`);
  });

  it('hides card purchases and the "pay through your cloud provider" offer once billing runs through the marketplace', async () => {
    const page = await suite.newPage();
    await signUp(page, freshUser('market'));
    const sub = azure!.addSubscription({ planId: 'good-as-a-human', purchaserEmail: 'buyer@contoso.example' });
    await page.goto(`/azuremarketplace?token=${encodeURIComponent(sub.marketplaceToken)}`);
    await page.waitForURL((u) => u.pathname === '/azuremarketplace/success', { timeout: 30_000 });
    await page.goto('/app/billing');
    await page.getByText('Billed through your cloud marketplace', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Transaction history' }).waitFor();
    expect(await page.getByText('Prefer to pay through your cloud provider?').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Buy credits' }).count()).toBe(0);
  });
});

describe('signed out', () => {
  it('/azuremarketplace with no token and nothing stashed says no subscription data was found', async () => {
    const page = await suite.newPage();
    await page.goto('/azuremarketplace');
    await page.getByText('No Azure Marketplace subscription data found').waitFor();
    expect(await page.getByText('Subscription Ready').count()).toBe(0);
    await docShot(page, 'marketplace-no-data');
  });

  it('plays the demo as a full-screen video, closed by the button, the backdrop or Escape', async () => {
    const page = await suite.newPage();
    await page.goto('/');
    const open = async () => {
      await page.getByRole('button', { name: 'Watch Demo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Product demo' });
      await dialog.waitFor();
      return dialog;
    };
    const dialog = await open();
    const video = dialog.locator('video');
    await page.waitForFunction(() => {
      const v = document.querySelector('[role="dialog"] video') as HTMLVideoElement | null;
      return Boolean(v && v.readyState >= 2 && v.duration > 3 && v.videoWidth >= 640);
    });
    expect(await video.getAttribute('src')).toMatch(/\.webm$/);
    const box = await dialog.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box).toMatchObject({ x: 0, y: 0, width: viewport.width, height: viewport.height });
    // A recording with a real length: it seeks (MediaRecorder output has none until the script adds it).
    const seeked = await page.evaluate(async () => {
      const v = document.querySelector('[role="dialog"] video') as HTMLVideoElement;
      v.pause();
      const done = new Promise((r) => v.addEventListener('seeked', r, { once: true }));
      v.currentTime = Math.min(12, v.duration / 2);
      await done;
      return { at: v.currentTime, duration: v.duration };
    });
    expect(seeked.duration).toBeGreaterThan(10);
    expect(Number.isFinite(seeked.duration)).toBe(true);
    await docShot(page, 'demo-video');
    await dialog.getByRole('button', { name: 'Close demo' }).click();
    await dialog.waitFor({ state: 'detached' });

    await open();
    await page.mouse.click(8, viewport.height - 8); // the backdrop, outside the video
    await dialog.waitFor({ state: 'detached' });

    await open();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});
