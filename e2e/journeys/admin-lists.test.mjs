// Admin work at a desk (docs/guide.md, "Lists at a desk"): every admin and super admin list is a
// table from 768 px and cards below (assertListLayout at 360, 768, 1280 and 1440 px); Purchase
// Requests are approved in bulk with a summary; a list keeps its filter, sort, page size and page
// in the URL across a reload and Back; the menu counts what waits; User Manage has a real Approve
// button and lists no admin among the buyers. (The super admin's lists are checked the same way by
// the a11y-admin journey, at the same widths.)
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { assertListLayout, assertTableFits, screenshot, useBrowser } from '../lib/browser.mjs';
import { ADMIN_URL } from '../lib/env.mjs';
import { adminCall, adminLogin, ADMIN_EMAIL, pendingPurchase, registerBuyer, search } from './admin-helpers.mjs';

const ctx = useBrowser({ before, after });
const WIDTHS = [360, 768, 1280, 1440];
const state = {};

async function atEveryWidth(page, name, { fits = false } = {}) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(250);
    await assertListLayout(page);
    // The work lists show every column at a laptop's 1280 px: none hidden under Action.
    if (fits) await assertTableFits(page);
    await screenshot(page, `lists-${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('set-up: three buyers with a pending purchase each', async () => {
  state.buyers = [];
  state.orders = [];
  for (let i = 0; i < 3; i++) {
    const b = await registerBuyer(`lists${i}`);
    state.buyers.push(b);
    state.orders.push(await pendingPurchase(b, 1000 + i * 500));
  }
});

test('every admin list is a table from 768 px and cards below', async () => {
  const page = await ctx.page({ viewport: { width: 1280, height: 900 } });
  await adminLogin(page);
  for (const [path, ready, fits] of [
    ['/admin/usermanage?filter=all', 'User Manage', true],
    ['/admin/purchaserequest', 'Purchase Request', true],
    ['/admin/purchaserequest?tab=history', 'Purchase Request', true],
    ['/admin/kyc?status=', 'KYC', true],
    ['/admin/activity', 'Activity'],
    ['/admin/reconcile', 'Reconciliation'],
    ['/admin/invoices', 'Tax Invoices'],
  ]) {
    await page.goto(ADMIN_URL + path);
    await page.getByRole('heading', { name: ready, level: 1 }).waitFor();
    await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
    await atEveryWidth(page, path.replace(/\W+/g, '-'), { fits });
  }
  assert.deepEqual(page.problems, []);
});

test('Purchase Requests: approve two selected with a summary, in one call, each once', async () => {
  const page = await ctx.page({ viewport: { width: 1280, height: 900 } });
  await adminLogin(page);
  // The menu counts the pending requests.
  await page.getByRole('link', { name: /^Purchase Request\s*\d+\s*pending$/ }).waitFor();
  await page.goto(`${ADMIN_URL}/admin/purchaserequest`);
  const [a, b] = state.orders;
  await page.getByRole('checkbox', { name: `Select ${a.orderNumber}` }).check();
  await page.getByRole('checkbox', { name: `Select ${b.orderNumber}` }).check();
  await page.getByText('2 selected').waitFor();
  await page.getByRole('button', { name: 'Approve selected' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Approve 2 selected purchases' }).waitFor();
  await dialog.getByText('Total (INR)').waitFor();
  await screenshot(page, 'lists-bulk-approve-summary');
  await dialog.getByRole('button', { name: 'Approve 2 selected purchases' }).click();
  await dialog.getByText('Approved 2 of 2.').waitFor();
  await screenshot(page, 'lists-bulk-approve-done');
  await dialog.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();
  // Both are approved once: a second bulk call over them decides nothing.
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const again = await adminCall('POST', '/api/v1/admin/transaction/bulk', { token, body: { ids: [a.id, b.id], action: 'approve' } });
  assert.equal(again.data.decided, 0);
  assert.equal(again.data.results[0].message, 'This purchase has already been processed.');
  assert.deepEqual(page.problems, []);
});

test('a list keeps its filter, sort, page size and page across a reload and Back', async () => {
  const page = await ctx.page({ viewport: { width: 1280, height: 900 } });
  await adminLogin(page);
  // A rejected purchase, so the history's Rejected list has a row (and its "Rows per page").
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  await adminCall('POST', '/api/v1/admin/transaction/bulk', { token, body: { ids: [state.orders[2].id], action: 'reject', reason: 'Not received.' } });
  await page.goto(`${ADMIN_URL}/admin/purchaserequest?tab=history`);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('REJECTED');
  await page.waitForURL((u) => new URL(u).searchParams.get('status') === 'REJECTED');
  await page.getByLabel('Rows per page').selectOption('25');
  await page.waitForURL((u) => new URL(u).searchParams.get('size') === '25');
  await page.getByRole('button', { name: /Due \/ Paid/ }).click();
  await page.waitForURL((u) => new URL(u).searchParams.get('sort') === 'amount');
  await page.reload();
  await page.getByRole('tab', { name: 'Purchase History', selected: true }).waitFor();
  assert.equal(await page.getByRole('combobox', { name: 'Status' }).inputValue(), 'REJECTED');
  assert.equal(await page.getByLabel('Rows per page').inputValue(), '25');
  assert.equal(await page.getByRole('columnheader', { name: /Due \/ Paid/ }).getAttribute('aria-sort'), 'descending');
  await page.goBack();
  await page.waitForURL((u) => new URL(u).searchParams.get('sort') === null && new URL(u).searchParams.get('size') === '25');
  assert.deepEqual(page.problems, []);
});

test('User Manage: a real Approve button, no admin among the buyers, KYC and stock columns', async () => {
  const page = await ctx.page({ viewport: { width: 1280, height: 900 } });
  await adminLogin(page);
  await page.goto(`${ADMIN_URL}/admin/usermanage`);
  const c = state.buyers[2];
  await search(page, c.email);
  await page.getByRole('columnheader', { name: 'KYC' }).waitFor();
  await page.getByRole('columnheader', { name: 'Stock' }).waitFor();
  assert.equal(await page.getByRole('button', { name: /^Waiting/ }).count(), 0);
  await page.getByRole('button', { name: `Approve ${c.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  // Admins are not buyers: the company admin is only under the Admins filter.
  await page.goto(`${ADMIN_URL}/admin/usermanage?filter=all`);
  await search(page, ADMIN_EMAIL);
  await page.getByText('No user matches this search', { exact: false }).waitFor();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('admins');
  await page.getByRole('cell', { name: ADMIN_EMAIL }).waitFor();
  assert.deepEqual(page.problems, []);
});
