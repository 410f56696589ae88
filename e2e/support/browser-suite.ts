/**
 * Per-file set-up for browser tests: one spawned product and one Chromium for the file, a fresh
 * browser profile per page; on a failure, a screenshot under tmp/e2e/ and the server's last log lines.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import { launchBrowser, newContext } from './browser.ts';
import { ROOT, spawnLadingwise, type Running } from './spawn-ladingwise.ts';

export interface BrowserSuite {
  /** The running product (valid inside tests). */
  readonly app: Running;
  /** A page in a new, empty browser profile; closed after the test. */
  newPage(label?: string): Promise<Page>;
}

const ARTIFACTS = join(ROOT, 'tmp/e2e');

/** Registers the hooks; call once at the top of a browser test file. env may be computed in beforeAll (e.g. a port). */
export function browserSuite(env: Record<string, string> | (() => Promise<Record<string, string>>) = {}): BrowserSuite {
  let app: Running | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    const vars = typeof env === 'function' ? await env() : env;
    [app, browser] = await Promise.all([spawnLadingwise('serve', vars), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  return {
    get app() {
      if (!app) throw new Error('the product is not running (beforeAll failed?)');
      return app;
    },
    async newPage(label = 'page') {
      if (!browser || !app) throw new Error('browser suite not started');
      const context = await newContext(browser, app.url);
      const page = await context.newPage();
      const running = app;
      // One handler so the failure screenshot is taken before the profile closes.
      onTestFinished(async ({ task }) => {
        if (task.result?.state === 'fail') {
          mkdirSync(ARTIFACTS, { recursive: true });
          const file = join(ARTIFACTS, `${task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}-${label}.png`);
          await page.screenshot({ path: file, fullPage: true }).catch((e: unknown) => console.error('screenshot failed', e));
          const lines = running.logs.filter((l) => !l.includes('"incoming request"') && !l.includes('"request completed"'));
          console.error(`screenshot: ${file}\nlast server log lines:\n${lines.slice(-20).join('\n')}`);
        }
        await context.close();
      });
      return page;
    },
  };
}
