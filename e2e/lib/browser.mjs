import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, SCREENSHOT_DIR } from './env.mjs';

/** One list row whichever way the list shows it: a table row, or a card where the table does not fit its box (DESIGN §16). */
export const ROW = 'tbody tr, li.pl-row-card';

export const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
};

/** Debian's chromium driven by playwright-core; no browser download. `args` adds flags (e.g. --host-resolver-rules). */
export function launchBrowser({ args = [] } = {}) {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      ...args,
    ],
  });
}

/**
 * A fresh context (clean localStorage) and page. Console errors and failed page loads are
 * collected on `page.problems` so a journey can assert the app did not crash.
 */
export async function newPage(browser, { viewport = VIEWPORTS.desktop } = {}) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  page.problems = [];
  page.on('pageerror', (err) => page.problems.push(`pageerror: ${err.message}`));
  return page;
}

export async function screenshot(page, name) {
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Registers before/after hooks that share one browser across a journey file.
 * Usage: const ctx = useBrowser(); test('...', async () => { const page = await ctx.page(); ... });
 */
export function useBrowser({ before, after, args }) {
  const state = { browser: null, pages: [] };
  before(async () => {
    state.browser = await launchBrowser({ args });
  });
  after(async () => {
    await state.browser?.close();
  });
  return {
    async page(options) {
      const page = await newPage(state.browser, options);
      state.pages.push(page);
      return page;
    },
    get browser() {
      return state.browser;
    },
  };
}
