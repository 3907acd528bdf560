import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, SCREENSHOT_DIR } from './env.mjs';

/** One list row whichever way the list shows it: a table row (768 px and wider), or a card below 768 px. */
export const ROW = 'tbody tr, li.pl-row-card';

/**
 * The lists' layout at the page's width (docs/accessibility.md, "Lists"): every list on screen is
 * a table with its column headers from 768 px up (at a desk, 1024 px and wider, never cards) and
 * cards below 768 px. Fails naming the list and the width otherwise; returns how many lists it
 * checked (a screen that should hold a list and shows none fails too).
 */
export async function assertListLayout(page, { min = 1 } = {}) {
  const found = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return {
      width,
      lists: [...document.querySelectorAll('.pl-list')].map((el) => ({
        name: el.querySelector('[aria-label]')?.getAttribute('aria-label') ?? el.textContent.slice(0, 40),
        mode: el.getAttribute('data-mode'),
        table: Boolean(el.querySelector('table thead th')),
        cards: Boolean(el.querySelector('ul.pl-cards')),
        busy: Boolean(el.querySelector('[aria-busy="true"], [role="alert"]')),
      })),
    };
  });
  const problems = [];
  if (found.lists.length < min) problems.push(`${found.lists.length} list(s) on screen, expected ${min}`);
  for (const l of found.lists) {
    if (l.busy) continue;
    if (found.width >= 768 && (l.mode !== 'table' || !l.table || l.cards)) problems.push(`"${l.name}" is ${l.mode} at ${found.width} px; a table from 768 px`);
    if (found.width < 768 && (l.mode !== 'cards' || l.table)) problems.push(`"${l.name}" is ${l.mode} at ${found.width} px; cards below 768 px`);
  }
  if (problems.length) throw new Error(`list layout (${page.url()}):\n  ${problems.join('\n  ')}`);
  return found.lists.length;
}

/**
 * At a desk (1024 px and wider) a work list shows every column: its table fits its box, so no
 * column sits hidden under the pinned actions column until the box is scrolled. Fails naming the
 * list, the width and how far it overflows.
 */
export async function assertTableFits(page) {
  const over = await page.evaluate(() =>
    [...document.querySelectorAll('.pl-list[data-mode="table"] .table-responsive')]
      .map((el) => ({ name: el.getAttribute('aria-label'), over: el.scrollWidth - el.clientWidth, width: document.documentElement.clientWidth }))
      .filter((l) => l.width >= 1024 && l.over > 1),
  );
  if (over.length) throw new Error(`columns hidden under Action (${page.url()}):\n  ${over.map((l) => `"${l.name}" is ${l.over}px wider than its box at ${l.width} px`).join('\n  ')}`);
}

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
  page.on('pageerror', (err) => {
    page.problems.push(`pageerror: ${err.message}`);
    // Where it was thrown, for the log: the assertion shows only the message.
    console.error(`pageerror at ${page.url()}: ${err.stack ?? err.message}`);
  });
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
