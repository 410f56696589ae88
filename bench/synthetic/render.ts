import { chromium, type Browser } from 'playwright-core';
import { PAGE } from './templates/common.ts';

/** A word of a rendered page: its text, its tag (field, `label:<field>` or ''), value occurrence and box in pixels. */
export interface DomWord { text: string; tag: string; occ: number; box: [number, number, number, number] }

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

  /**
   * Renders a page whose words are wrapped in `span.w[data-f]` and returns, with the PNG, every such word's box in
   * PNG pixels (the DOM box times the device scale). Content taller than the page (#pg) is scaled down to fit first,
   * so no word is cut off.
   */
  async renderWords(html: string, dpi: number): Promise<{ png: Buffer; words: DomWord[] }> {
    const scale = dpi / 96;
    const context = await this.browser.newContext({ viewport: { ...PAGE }, deviceScaleFactor: scale });
    try {
      const page = await context.newPage();
      await page.setContent(html, { waitUntil: 'load' });
      await page.evaluate('document.fonts.ready.then(() => true)');
      const raw = await page.evaluate(`(() => {
        const pg = document.getElementById('pg');
        if (pg) {
          const r = pg.getBoundingClientRect();
          const k = Math.min(1, ${PAGE.height} / Math.max(r.height, 1), ${PAGE.width} / Math.max(pg.scrollWidth, 1));
          if (k < 1) pg.style.transform = 'scale(' + k + ')';
        }
        return Array.from(document.querySelectorAll('span.w')).map((e) => {
          const b = e.getBoundingClientRect();
          return [e.textContent || '', e.getAttribute('data-f') || '', Number(e.getAttribute('data-o') ?? -1), b.left, b.top, b.right, b.bottom];
        });
      })()`) as Array<[string, string, number, number, number, number, number]>;
      const png = await page.screenshot({ type: 'png', fullPage: false });
      const words = raw.map(([text, tag, occ, x0, y0, x1, y1]) => ({ text, tag, occ, box: [x0 * scale, y0 * scale, x1 * scale, y1 * scale] as [number, number, number, number] }));
      return { png, words };
    } finally {
      await context.close();
    }
  }

  /** Closes Chromium. */
  close(): Promise<void> {
    return this.browser.close();
  }
}
