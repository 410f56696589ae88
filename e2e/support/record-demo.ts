/**
 * Records the landing page's demo video (apps/web/public/demo/ladingwise-demo.webm) from the real
 * product: a fresh server, a new account, a bill of lading uploaded, read, reviewed and billed.
 * Frames come from Chromium's screencast (CDP Page.startScreencast); Chromium itself encodes them to
 * WebM (canvas + MediaRecorder), so no ffmpeg is needed. Long waits (OCR) are shortened in the video.
 * Run by hand, not part of the tests:
 *   node scripts/build-web.mjs && npx tsx e2e/support/record-demo.ts
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { BOL_DEV, jobRow, launchBrowser, setReviewPolicy, signUp, uploadOnPage } from './browser.ts';
import { ROOT, spawnLadingwise } from './spawn-ladingwise.ts';

const OUT = join(ROOT, 'apps/web/public/demo/ladingwise-demo.webm');
const SIZE = { width: 1280, height: 720 };
/** Output frame size and bit rate: small enough to commit, sharp enough to read the screens. */
const VIDEO = { width: 960, height: 540, bitsPerSecond: 350_000 };
/** A still screen is shown at most this long (waiting for OCR is not worth watching). */
const MAX_HOLD_S = 1.6;

interface Frame { data: string; at: number }

/** Length of an EBML variable-size integer from its first byte. */
function vintLength(first: number): number {
  let n = 1;
  while (n <= 8 && !(first & (0x80 >> (n - 1)))) n++;
  return n;
}

/**
 * MediaRecorder writes WebM without a Duration, so players show no length and cannot seek well.
 * Adds Segment/Info/Duration (EBML 0x4489, float64 milliseconds at the default 1 ms TimecodeScale).
 */
function withDuration(webm: Buffer, ms: number): Buffer {
  const at = webm.indexOf(Buffer.from([0x15, 0x49, 0xa9, 0x66]));
  if (at < 0) throw new Error('no Segment Info in the WebM');
  const sizeAt = at + 4;
  const len = vintLength(webm[sizeAt]!);
  let size = webm[sizeAt]! & (0xff >> len);
  for (let i = 1; i < len; i++) size = size * 256 + webm[sizeAt + i]!;
  const body = webm.subarray(sizeAt + len, sizeAt + len + size);
  if (body.includes(Buffer.from([0x44, 0x89]))) return webm;
  const duration = Buffer.alloc(11);
  duration.set([0x44, 0x89, 0x88]);
  duration.writeDoubleBE(ms, 3);
  const newSize = size + duration.length;
  const sizeBytes = Buffer.alloc(8);
  sizeBytes.writeBigUInt64BE(BigInt(newSize) | (1n << 56n)); // 8-byte vint
  return Buffer.concat([webm.subarray(0, sizeAt), sizeBytes, body, duration, webm.subarray(sizeAt + len + size)]);
}

async function pause(page: Page, ms: number): Promise<void> {
  await page.waitForTimeout(ms); // pacing for viewers, not a wait for state
}

const app = await spawnLadingwise('serve', { HOST: '127.0.0.1' }, 300_000);
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ baseURL: app.url, viewport: SIZE, timezoneId: 'America/Chicago', locale: 'en-US' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const frames: Frame[] = [];
  const cuts: Array<[number, number]> = [];
  cdp.on('Page.screencastFrame', (f: { data: string; sessionId: number; metadata: { timestamp?: number } }) => {
    frames.push({ data: f.data, at: f.metadata.timestamp ?? Date.now() / 1000 });
    void cdp.send('Page.screencastFrameAck', { sessionId: f.sessionId }).catch(() => undefined);
  });
  await page.goto('/');
  await page.getByRole('heading', { name: /Bills of lading in/ }).waitFor();
  await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 80, maxWidth: SIZE.width, maxHeight: SIZE.height });

  await pause(page, 1800);
  await page.mouse.wheel(0, 500);
  await pause(page, 1200);
  await page.mouse.wheel(0, -500);
  await signUp(page, { name: 'Dana Whitfield', email: 'dana@northwind.example', password: 'demo-only-password-1' });
  // The demo shows the straight path to delivered EDI; the review screen is shown once it is Completed.
  await setReviewPolicy(page, 'never');
  await pause(page, 1200);
  const jobId = await uploadOnPage(page, [join(BOL_DEV, 'd014.jpg')]);
  await pause(page, 1200);
  await page.goto('/app/documents');
  // Reading the page takes a while on a small machine: the video shows its start and its end only.
  const waitFrom = Date.now() / 1000;
  await jobRow(page, 'd014.jpg').getByText('Completed', { exact: true }).waitFor({ timeout: 600_000 }); // a busy machine reads slowly
  cuts.push([waitFrom + 1.5, Date.now() / 1000 - 1]);
  await pause(page, 1500);
  await page.goto(`/app/documents/${jobId}`);
  await page.getByText('d014.jpg').first().waitFor();
  await pause(page, 2500);
  await page.mouse.wheel(0, 600);
  await pause(page, 2000);
  await page.goto('/app/billing');
  await page.getByTestId('balance').filter({ hasText: /\d/ }).waitFor();
  await pause(page, 2200);
  await cdp.send('Page.stopScreencast');
  const kept = frames.filter((f) => !cuts.some(([from, to]) => f.at > from && f.at < to));
  if (kept.length < 10) throw new Error(`only ${kept.length} frames were captured`);

  // Each frame is shown until the next one, capped, so the video keeps moving.
  const holds = kept.map((f, i) => Math.min(MAX_HOLD_S, Math.max(0.04, (kept[i + 1]?.at ?? f.at + 1.5) - f.at)));
  const encoder = await context.newPage();
  await encoder.setContent('<!doctype html><html><body></body></html>'); // an empty document to draw in
  const webmBase64 = await encoder.evaluate(async ({ shots, video }) => {
    const canvas = document.createElement('canvas');
    canvas.width = video.width;
    canvas.height = video.height;
    document.body.append(canvas);
    const g = canvas.getContext('2d')!;
    const images = await Promise.all(shots.map(async (s) => {
      const img = new Image();
      img.src = `data:image/jpeg;base64,${s.data}`;
      await img.decode();
      return img;
    }));
    const type = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'].find((t) => MediaRecorder.isTypeSupported(t))!;
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: type, videoBitsPerSecond: video.bitsPerSecond });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => { if (e.data.size) chunks.push(e.data); };
    const done = new Promise((r) => { recorder.onstop = r; });
    g.drawImage(images[0]!, 0, 0, video.width, video.height);
    recorder.start(1000);
    for (let i = 0; i < images.length; i++) {
      g.drawImage(images[i]!, 0, 0, video.width, video.height);
      await new Promise((r) => setTimeout(r, shots[i]!.hold * 1000));
    }
    recorder.stop();
    await done;
    const bytes = new Uint8Array(await new Blob(chunks, { type }).arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  }, { shots: kept.map((f, i) => ({ data: f.data, hold: holds[i]! })), video: VIDEO });

  mkdirSync(join(OUT, '..'), { recursive: true });
  const seconds = holds.reduce((a, b) => a + b, 0);
  writeFileSync(OUT, withDuration(Buffer.from(webmBase64, 'base64'), seconds * 1000));
  console.log(`wrote ${OUT}: ${kept.length} of ${frames.length} frames, ${seconds.toFixed(1)} s, ${(statSync(OUT).size / 1024).toFixed(0)} KiB`);
} finally {
  await browser.close();
  await app.stop();
}
