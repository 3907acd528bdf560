import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { screenshot, useBrowser } from '../lib/browser.mjs';
import { ADMIN_URL } from '../lib/env.mjs';
import { waitForOtp } from '../lib/mail.mjs';
import { adminLogin, overflow, search, SUPERADMIN_EMAIL, ROW } from './admin-helpers.mjs';

const ctx = useBrowser({ before, after });
const state = {};

async function superLogin(page) {
  await page.goto(`${ADMIN_URL}/superadmin/login`);
  await page.getByRole('heading', { name: 'Super Admin' }).waitFor();
  await page.getByLabel('Email').fill(SUPERADMIN_EMAIL);
  const since = Date.now();
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await page.getByLabel('OTP').waitFor();
  assert.equal(await page.getByLabel('Email').getAttribute('readonly'), '');
  assert.match(await page.getByTestId('otp-countdown').textContent(), /^0[12]:[0-5]\d$/);
  const code = await waitForOtp(SUPERADMIN_EMAIL, { since });
  await page.getByLabel('OTP').fill(code);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/superadmin\/dashboard$/);
}

test('super admin signs in with the mailed OTP and sees the totals', async () => {
  const page = await ctx.page();
  state.page = page;
  await superLogin(page);
  const keys = await page.evaluate(() => ['accessToken', 'loggedIn', 'reloadCount'].map((k) => localStorage.getItem(k)));
  assert.ok(keys[0]);
  assert.equal(keys[1], 'true');
  state.token = keys[0];
  await page.getByText('Companies', { exact: true }).waitFor();
  await page.getByText('Approved Amount (INR)').waitFor();
});

test('a wrong OTP returns the form to the email step', async () => {
  const page = await ctx.page();
  await page.goto(`${ADMIN_URL}/superadmin/login`);
  await page.getByLabel('Email').fill(SUPERADMIN_EMAIL);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await page.getByLabel('OTP').fill('000000');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Get OTP' }).waitFor();
  assert.equal(await page.getByLabel('OTP').count(), 0);
});

test('super admin adds a company and its admin signs in', async () => {
  const page = state.page;
  await page.getByRole('link', { name: 'Company Manage' }).click();
  await page.waitForURL(/\/superadmin\/companymanage/);
  await page.locator(ROW, { hasText: 'Demo Company' }).first().waitFor();
  const stamp = String(Date.now()).slice(-6);
  const company = {
    name: `E2E Company ${stamp}`,
    email: `owner+${stamp}@e2e.test`,
    password: 'Owner-Pass-123',
  };
  await page.getByRole('button', { name: 'Add Company' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await dialog.getByText('Company Name is required.').waitFor();
  const fields = {
    'Company Name': company.name,
    Email: company.email,
    Mobile: '9000012345',
    Aadhaar: '499118665246', // passes the Verhoeff check every Aadhaar path applies
    PAN: 'ABCDE1234F',
    Address: '1 Test Road, Pune',
    PIN: '411001',
    'Token Name': `E2E Token ${stamp}`,
    'Token Symbol': `E${stamp.slice(-4)}`,
    'Token Price (INR)': '12.5',
    'Admin Name': 'E2E Owner',
  };
  for (const [label, v] of Object.entries(fields)) await dialog.getByLabel(label, { exact: true }).fill(v);
  await dialog.getByLabel('Admin Password', { exact: true }).fill(company.password);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await dialog.waitFor({ state: 'detached' });
  await search(page, company.name);
  await page.locator(ROW, { hasText: company.email }).waitFor();

  const owner = await ctx.page();
  await adminLogin(owner, company.email, company.password);
  await owner.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
  assert.deepEqual(owner.problems, []);
});

test('super admin lists transactions and beneficiaries across companies, then logs out', async () => {
  const page = state.page;
  await page.getByRole('link', { name: 'Transaction Manage' }).click();
  await page.getByRole('heading', { name: 'Transaction Manage' }).waitFor();
  await page.getByText(/^Transactions: \d+$/).waitFor();
  await page.getByRole('link', { name: 'Beneficiary Manage' }).click();
  await page.getByRole('heading', { name: 'Beneficiary Manage' }).waitFor();
  await page.getByText(/^Beneficiaries: \d+$/).waitFor();
  await page.getByRole('link', { name: 'Logout' }).click();
  await page.waitForURL(/\/superadmin\/login$/);
  const keys = await page.evaluate(() => ['accessToken', 'loggedIn', 'reloadCount'].map((k) => localStorage.getItem(k)));
  assert.deepEqual(keys, [null, null, null]);
  assert.deepEqual(page.problems, []);
});

for (const [size, viewport] of Object.entries({ mobile: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } })) {
  test(`super admin screens render without page overflow (${size})`, async () => {
    const page = await ctx.page({ viewport });
    await page.goto(`${ADMIN_URL}/superadmin/login`);
    await page.getByRole('heading', { name: 'Super Admin' }).waitFor();
    await screenshot(page, `superadmin-login-${size}`);
    // Reuse the session of the first test: the OTP send limit is 3 per address per 10 minutes.
    await page.evaluate((t) => {
      localStorage.setItem('accessToken', t);
      localStorage.setItem('loggedIn', 'true');
    }, state.token);
    for (const s of ['dashboard', 'companymanage', 'transactionmanage', 'beneficiarymanage']) {
      await page.goto(`${ADMIN_URL}/superadmin/${s}`);
      await page.locator('.pl-admin-main h1').waitFor();
      await page.waitForLoadState('networkidle');
      assert.ok((await overflow(page)) <= 0, `${s} overflows at ${size}`);
      await screenshot(page, `superadmin-${s}-${size}`);
    }
    assert.deepEqual(page.problems, []);
  });
}
