import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { screenshot, useBrowser } from '../lib/browser.mjs';
import { ADMIN_URL } from '../lib/env.mjs';
import { adminLogin, overflow, pendingPurchase, registerBuyer, search, ROW, SEED_PASSWORD } from './admin-helpers.mjs';

const ctx = useBrowser({ before, after });
const state = {};

test('admin signs in: session keys stored and the three dashboard charts render', async () => {
  // Buyer-side data first (over HTTP): a fresh buyer with two pending UPI purchases.
  state.buyer = await registerBuyer('admin-e2e');
  state.toApprove = await pendingPurchase(state.buyer, 1000);
  state.toReject = await pendingPurchase(state.buyer, 500);

  const page = await ctx.page();
  state.page = page;
  await adminLogin(page);
  const keys = await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('loggedIn')]);
  assert.ok(keys[0], 'accessToken stored');
  assert.equal(keys[1], 'true');
  await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
  await page.getByText('Token Supply Distribution').waitFor();
  await page.getByText('Referral Supply', { exact: true }).waitFor();
  await page.getByText('Total Collection Method Wise').waitFor();
  await page.locator('[data-testid="chart-supply"] canvas').waitFor();
  await page.locator('[data-testid="chart-referral"] canvas').waitFor();
  await page.locator('[data-testid="chart-collection"] canvas').waitFor();
  assert.equal(await page.locator('canvas').count(), 3);
  assert.equal(await page.evaluate(() => localStorage.getItem('reloadCount')), '2');
  // Hovering the pie shows the label and value under it (no tooltip).
  const box = await page.locator('[data-testid="chart-supply"] canvas').boundingBox();
  await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 2 - 40);
  await page.waitForFunction(() => /: [\d,]+\.\d{2}$/.test(document.querySelector('[data-testid="supply-hover"]')?.textContent ?? ''));
  assert.deepEqual(page.problems, []);
});

test('admin approves a pending purchase and sees it in Purchase History', async () => {
  const page = state.page;
  await page.getByRole('link', { name: 'Purchase Request' }).click();
  await page.waitForURL(/\/admin\/purchaserequest/);
  await search(page, state.toApprove.orderNumber, 'search1');
  // The previous page stays on screen while the searched one loads: wait for the single match.
  await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 1, ROW);
  const row = page.locator(ROW, { hasText: state.buyer.name });
  assert.equal(await row.count(), 1);
  await row.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Transaction No.:').waitFor();
  await dialog.getByText(state.toApprove.referenceNumber).waitFor();
  assert.ok(await dialog.getByRole('link', { name: 'View Receipt' }).getAttribute('href'));
  await dialog.getByRole('img', { name: 'Payment receipt' }).waitFor();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('No data available.').waitFor();

  await page.getByRole('tab', { name: 'Purchase History' }).click();
  const hist = page.locator(ROW, { hasText: state.buyer.name });
  await hist.waitFor();
  await hist.getByText('APPROVED').waitFor();
  await hist.getByText(state.toApprove.referenceNumber).waitFor();
  await hist.getByRole('link', { name: 'View' }).waitFor();
});

test('admin rejects another purchase after the confirmation', async () => {
  const page = state.page;
  await page.getByRole('tab', { name: 'Purchase Requests' }).click();
  await search(page, state.toReject.orderNumber, 'search1');
  await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 1, ROW);
  const row = page.locator(ROW, { hasText: state.buyer.name });
  await row.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Are you sure you want to Reject?').waitFor();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('No data available.').waitFor();
  await page.getByRole('tab', { name: 'Purchase History' }).click();
  await page.getByLabel('Status').selectOption('REJECTED');
  await page.locator(ROW, { hasText: state.buyer.name }).getByText('REJECTED').waitFor();
});

test('admin verifies the waiting buyer', async () => {
  const page = state.page;
  await page.getByRole('link', { name: 'User Manage' }).click();
  await page.waitForURL(/\/admin\/usermanage/);
  await page.getByText(/^Waiting For Verification: \d+$/).waitFor();
  await search(page, state.buyer.email);
  const row = page.locator(ROW, { hasText: state.buyer.email });
  // Waiting is a badge; the row's own Approve button approves.
  await row.getByText('Waiting').waitFor();
  await row.getByRole('button', { name: `Approve ${state.buyer.name}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Are you sure you want to Approve?').waitFor();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('No data available.').waitFor();
  await page.getByLabel('Status').selectOption('verified');
  await page.locator(ROW, { hasText: state.buyer.email }).getByText('Verified').waitFor();
  await page.getByLabel('Status').selectOption('waiting');
});

test('admin adds, edits and deletes a user', async () => {
  const page = state.page;
  const email = `added+${Date.now()}@e2e.test`;
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Add New User' }).waitFor();
  await dialog.getByRole('button', { name: 'Add' }).click();
  await dialog.getByText('Please select a role.').waitFor();
  await dialog.getByLabel('Role').selectOption('USER');
  await dialog.getByLabel('Name').fill('E2E Added User');
  await dialog.getByLabel('Mobile').fill('9123456789');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('Added-Pass-123');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await dialog.waitFor({ state: 'detached' });

  // "All" lists the buyer whether waiting or verified.
  await page.getByLabel('Status').selectOption('all');
  await search(page, email);
  let row = page.locator(ROW, { hasText: email });
  await row.waitFor();
  await row.getByRole('button', { name: 'Edit E2E Added User' }).click();
  const edit = page.getByRole('dialog');
  await edit.getByLabel('Name').fill('E2E Edited User');
  await edit.getByRole('button', { name: 'Update' }).click();
  await edit.waitFor({ state: 'detached' });
  row = page.locator(ROW, { hasText: 'E2E Edited User' });
  await row.waitFor();
  await row.getByRole('button', { name: 'Delete E2E Edited User' }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByText('Are you sure you want to Delete?').waitFor();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await confirm.waitFor({ state: 'detached' });
  await page.getByText('No data available.').waitFor();
});

test('admin updates the beneficiary; every field is required; the password confirms it', async () => {
  const page = state.page;
  await page.getByRole('link', { name: 'Beneficiary Manage' }).click();
  await page.waitForURL(/\/admin\/beneficiary/);
  await page.getByRole('button', { name: 'Edit beneficiary' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('UPI ID').fill('');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await dialog.getByText('UPI ID is required.').waitFor();
  const upi = `e2e${Date.now()}@upi`;
  const account = `1${String(Date.now()).slice(-11)}`;
  const values = {
    'Holder Name': 'Demo Company E2E',
    'Bank Name': 'E2E Bank',
    'Branch Name': 'MG Road',
    'Account Number': account,
    'IFSC Code': 'HDFC0001234',
    'UPI ID': upi,
  };
  for (const [label, v] of Object.entries(values)) await dialog.getByLabel(label, { exact: true }).fill(v);
  await dialog.getByLabel('Confirm Account Number').fill(account);
  await dialog.getByRole('button', { name: 'Update' }).click();
  // The confirmation: before → after, then the admin's password.
  await dialog.getByRole('table', { name: 'Changes' }).getByText(upi).waitFor();
  await dialog.getByLabel('Your current password').fill(SEED_PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm change' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText(upi).waitFor();
  await page.getByText('E2E Bank').waitFor();
});

test('admin logout clears the session and the layout guards again', async () => {
  const page = state.page;
  await page.getByRole('link', { name: 'Logout' }).click();
  await page.waitForURL(/\/admin\/login$/);
  const keys = await page.evaluate(() => ['accessToken', 'loggedIn', 'reloadCount'].map((k) => localStorage.getItem(k)));
  assert.deepEqual(keys, [null, null, null]);
  await page.goto(`${ADMIN_URL}/admin/usermanage`);
  await page.waitForURL(/\/admin\/login$/);
  assert.deepEqual(page.problems, []);
});

const SCREENS = ['dashboard', 'usermanage', 'purchaserequest', 'purchaserequest?tab=history', 'beneficiary'];
for (const [size, viewport] of Object.entries({ mobile: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } })) {
  test(`admin screens render without page overflow (${size})`, async () => {
    const page = await ctx.page({ viewport });
    await adminLogin(page);
    for (const s of SCREENS) {
      await page.goto(`${ADMIN_URL}/admin/${s}`);
      await page.locator('.pl-admin-main h1').waitFor();
      await page.waitForLoadState('networkidle');
      if (s === 'dashboard') await page.locator('canvas').nth(2).waitFor();
      assert.ok((await overflow(page)) <= 0, `${s} overflows at ${size}`);
      await screenshot(page, `admin-${s.replace(/\W+/g, '-')}-${size}`);
    }
    assert.deepEqual(page.problems, []);
  });
}
