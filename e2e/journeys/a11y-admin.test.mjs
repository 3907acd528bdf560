// Accessible: axe-core finds no serious or critical violation on any admin or super
// admin screen, dialogs included, at 360, 768, 1280 and 1440 px. "Phones" and "One look": at each
// width every list is a table from 768 px (cards below: assertListLayout), at 1280 and 1440 px a
// table shows every column (assertTableFits), the page never scrolls sideways and every Approve
// and Reject button lies inside the viewport. A screenshot of each screen at each width is kept
// (in SCREENSHOT_DIR) for a person to look at.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import { axeViolations } from '../lib/axe.mjs';
import { assertListLayout, assertTableFits, screenshot, useBrowser } from '../lib/browser.mjs';
import { ADMIN_URL } from '../lib/env.mjs';
import { waitForOtp } from '../lib/mail.mjs';
import { adminLogin, pendingPurchase, registerBuyer, search, SUPERADMIN_EMAIL } from './admin-helpers.mjs';

const ctx = useBrowser({ before, after });
const state = {};

// The apps' CSP (script-src 'self') blocks an inline script tag; a DevTools evaluation is not
// subject to it, so axe is put on the page that way before axeViolations runs it.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const VIEWPORTS = {
  360: { width: 360, height: 780 },
  768: { width: 768, height: 1024 },
  1280: { width: 1280, height: 800 },
  1440: { width: 1440, height: 900 },
};

/** What on the page does not fit: lists wider than their box, a page wider than the window, buttons off screen. */
function layoutProblems() {
  const problems = [];
  const vw = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > vw + 1) problems.push(`page scrolls sideways (${document.documentElement.scrollWidth}px in ${vw}px)`);
  // A table may scroll inside its own box (its actions column stays in view); a list of cards may not.
  for (const el of document.querySelectorAll('.pl-list[data-mode="cards"]')) {
    if (el.scrollWidth > el.clientWidth + 1) problems.push(`list "${el.getAttribute('aria-label') ?? el.className}" is ${el.scrollWidth}px wide in a ${el.clientWidth}px box`);
  }
  for (const b of document.querySelectorAll('button')) {
    if (!/^(Approve|Reject)$/.test(b.textContent.trim()) || b.closest('[role="dialog"]')) continue;
    const r = b.getBoundingClientRect();
    if (r.width === 0 || r.left < 0 || r.right > vw + 1 || (!document.querySelector('.modal.show') && r.top >= 0 && r.bottom <= window.innerHeight && document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.closest('button') !== b)) problems.push(`${b.textContent.trim()} button at ${Math.round(r.left)}-${Math.round(r.right)}px, outside the ${vw}px viewport`);
  }
  return problems;
}

/** Runs axe on the page as it is and records the violations under `name`. */
async function check(page, found, name, width) {
  await page.waitForLoadState('networkidle');
  // Let modal and offcanvas transitions settle (axe reads computed colours).
  await page.waitForTimeout(350);
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.evaluate(AXE_SOURCE);
  const violations = await axeViolations(page);
  found[name] = violations;
  console.log(`axe ${width}px ${name}: ${violations.length}${violations.length ? `\n  ${violations.join('\n  ')}` : ''}`);
  const shot = name.endsWith(` ${width}`) ? name : `${name} ${width}`;
  await screenshot(page, `a11y-admin-${shot.replace(/\W+/g, '-')}`);
  // Phones: no column or button is clipped or scrolled away at any width.
  const layout = await page.evaluate(layoutProblems);
  // Every list: a table from 768 px up (never cards at a desk), cards below 768 px.
  try {
    await assertListLayout(page, { min: 0 });
    // At a desk (1280 and 1440 px) every column is in view: no table wider than its box.
    await assertTableFits(page);
  } catch (e) {
    layout.push(e.message);
  }
  if (layout.length) console.log(`layout ${width}px ${name}:\n  ${layout.join('\n  ')}`);
  found[name] = [...found[name], ...layout];
}

async function closeDialog(page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).or(dialog.getByRole('button', { name: 'Close' })).first().click();
  await dialog.waitFor({ state: 'detached' });
}

test('set-up: a waiting buyer with a pending purchase', async () => {
  state.buyer = await registerBuyer('a11y-admin');
  state.purchase = await pendingPurchase(state.buyer, 1000);
});

for (const [width, viewport] of Object.entries(VIEWPORTS)) {
  test(`admin screens have no serious or critical axe violation (${width} px)`, async () => {
    const page = await ctx.page({ viewport });
    const found = {};

    await page.goto(`${ADMIN_URL}/admin/login`);
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    await check(page, found, 'admin-login', width);

    await adminLogin(page);
    await page.locator('[data-testid="chart-collection"] canvas').waitFor();
    await check(page, found, 'admin-dashboard', width);

    if (Number(width) < 992) {
      // The phone menu: an offcanvas that closes on Escape.
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('dialog').getByRole('link', { name: 'User Manage' }).waitFor();
      await check(page, found, 'admin-menu', width);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }

    await page.goto(`${ADMIN_URL}/admin/usermanage`);
    await search(page, state.buyer.email);
    await page.getByRole('button', { name: `Edit ${state.buyer.name}` }).waitFor();
    await check(page, found, 'user-manage', width);
    await page.getByRole('button', { name: 'Add User' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Add New User' }).waitFor();
    await check(page, found, 'user-add-dialog', width);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Edit ${state.buyer.name}` }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Update User' }).waitFor();
    await check(page, found, 'user-update-dialog', width);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Delete ${state.buyer.name}` }).click();
    await page.getByRole('dialog').getByText('Are you sure you want to Delete?').waitFor();
    await page.getByRole('dialog').getByText(state.buyer.email).waitFor();
    await check(page, found, 'user-delete-confirm', width);
    await closeDialog(page);
    // Waiting is a badge; approving is the row's own Approve button.
    await page.getByRole('button', { name: `Approve ${state.buyer.name}` }).click();
    await page.getByRole('dialog').getByText('Are you sure you want to Approve?').waitFor();
    await check(page, found, 'user-approve-confirm', width);
    await closeDialog(page);

    await page.goto(`${ADMIN_URL}/admin/purchaserequest`);
    await search(page, state.purchase.orderNumber, 'search1');
    await page.getByRole('button', { name: 'Approve' }).first().waitFor();
    await check(page, found, 'purchase-requests', width);
    // The whole list, not only the searched row: every row's Approve and Reject stay on screen.
    await page.getByLabel('Search').fill('');
    await page.waitForURL((u) => !new URL(u).searchParams.get('search1'), { timeout: 5000 });
    await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Approve' }).first().waitFor();
    await check(page, found, 'purchase-requests-all', width);
    await search(page, state.purchase.orderNumber, 'search1');
    await page.getByRole('button', { name: 'Approve' }).first().waitFor();
    await page.getByRole('button', { name: 'Approve' }).first().click();
    const approve = page.getByRole('dialog');
    await approve.getByText(state.purchase.orderNumber).first().waitFor();
    await approve.getByText(state.buyer.name).waitFor();
    await approve.getByRole('img', { name: 'Payment receipt' }).waitFor();
    await check(page, found, 'approve-dialog', width);
    await closeDialog(page);
    await page.getByRole('button', { name: 'Reject' }).first().click();
    await page.getByRole('dialog').getByText('Are you sure you want to Reject?').waitFor();
    await page.getByRole('dialog').getByText(state.purchase.orderNumber).first().waitFor();
    await check(page, found, 'reject-dialog', width);
    await closeDialog(page);

    await page.goto(`${ADMIN_URL}/admin/purchaserequest?tab=history`);
    await page.getByRole('tab', { name: 'Purchase History', selected: true }).waitFor();
    await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
    await check(page, found, 'purchase-history', width);

    await page.goto(`${ADMIN_URL}/admin/beneficiary`);
    await page.getByRole('button', { name: 'Edit beneficiary' }).first().waitFor();
    await check(page, found, 'beneficiary', width);
    await page.getByRole('button', { name: 'Edit beneficiary' }).first().click();
    await page.getByRole('dialog').getByLabel('UPI ID').waitFor();
    await check(page, found, 'beneficiary-dialog', width);

    await page.goto(`${ADMIN_URL}/admin/no-such-page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await check(page, found, 'not-found', width);

    const failing = Object.entries(found).filter(([, v]) => v.length);
    assert.deepEqual(failing, [], `axe violations at ${width} px`);
    assert.deepEqual(page.problems, []);
  });
}

// One super admin sign-in for all widths (OTP requests are rate limited): each step and screen is
// checked at every width by resizing the same page.
test('super admin screens have no serious or critical axe violation (360, 768, 1280, 1440 px)', async () => {
  const sa = await ctx.page({ viewport: VIEWPORTS[360] });
  const found = {};
  const atEveryWidth = async (name) => {
    for (const [width, viewport] of Object.entries(VIEWPORTS)) {
      await sa.setViewportSize(viewport);
      await check(sa, found, `${name} ${width}`, width);
    }
  };
  await sa.goto(`${ADMIN_URL}/superadmin/login`);
  await sa.getByRole('button', { name: 'Get OTP' }).waitFor();
  await atEveryWidth('superadmin-login-email');
  await sa.getByLabel('Email').fill(SUPERADMIN_EMAIL);
  const since = Date.now();
  await sa.getByRole('button', { name: 'Get OTP' }).click();
  await sa.getByLabel('OTP').waitFor();
  await atEveryWidth('superadmin-login-otp');
  await sa.getByLabel('OTP').fill(await waitForOtp(SUPERADMIN_EMAIL, { since }));
  await sa.getByRole('button', { name: 'Login' }).click();
  await sa.waitForURL(/\/superadmin\/dashboard$/);
  await sa.getByText('Approved Amount (INR)').waitFor();
  await atEveryWidth('superadmin-dashboard');
  for (const width of ['360', '768']) {
    // The phone menu of the super admin area.
    await sa.setViewportSize(VIEWPORTS[width]);
    await sa.getByRole('button', { name: 'Menu' }).click();
    await sa.getByRole('dialog').getByRole('link', { name: 'Company Manage' }).waitFor();
    await check(sa, found, `superadmin-menu ${width}`, width);
    await sa.keyboard.press('Escape');
    await sa.getByRole('dialog').waitFor({ state: 'detached' });
  }

  await sa.goto(`${ADMIN_URL}/superadmin/companymanage`);
  await sa.getByText('Demo Company').first().waitFor();
  await atEveryWidth('company-manage');
  await sa.getByRole('button', { name: 'Add Company' }).click();
  await sa.getByRole('dialog').waitFor();
  await atEveryWidth('company-add-dialog');
  await sa.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await sa.getByRole('dialog').waitFor({ state: 'detached' });

  await sa.goto(`${ADMIN_URL}/superadmin/transactionmanage`);
  await sa.getByText(/^Transactions: \d+$/).waitFor();
  await atEveryWidth('transaction-manage');

  await sa.goto(`${ADMIN_URL}/superadmin/beneficiarymanage`);
  await sa.getByText(/^Beneficiaries: \d+$/).waitFor();
  await atEveryWidth('beneficiary-manage');

  await sa.goto(`${ADMIN_URL}/superadmin/activity`);
  await sa.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
  await sa.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
  await atEveryWidth('superadmin-activity');

  const failing = Object.entries(found).filter(([, v]) => v.length);
  assert.deepEqual(failing, [], 'axe violations on the super admin screens');
  assert.deepEqual(sa.problems, []);
});
