import { chromium, type Browser } from 'playwright-core';
import { PAGE } from './templates/common.ts';

/** Where Debian installs Chromium. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Turns HTML pages into PNG screenshots with one headless Chromium. */
export class PageRenderer {
  private constructor(private readonly browser: Browser) {}

  /** Launches Chromium (Debian's, not a downloaded one). */
  static async launch(executablePath = CHROMIUM_PATH): Promise<PageRenderer> {
    try {
      const browser = await chromium.launch({ executablePath, args: ['--font-render-hinting=none', '--disable-gpu'] });
      return new PageRenderer(browser);
    } catch (e) {
      throw new Error(`Chromium could not start from ${executablePath} (Debian package "chromium"): ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`, { cause: e });
    }
  }

  /** Renders one US Letter page at `dpi` dots per inch. */
  async render(html: string, dpi: number): Promise<Buffer> {
    const context = await this.browser.newContext({ viewport: { ...PAGE }, deviceScaleFactor: dpi / 96 });
    try {
      const page = await context.newPage();
      await page.setContent(html, { waitUntil: 'load' });
      // Handwriting faces load lazily; wait so the screenshot never shows a fallback font.
      await page.evaluate('document.fonts.ready.then(() => true)');
      return await page.screenshot({ type: 'png', fullPage: false });
    } finally {
      await context.close();
    }
  }

  /** Closes Chromium. */
  close(): Promise<void> {
    return this.browser.close();
  }
}
