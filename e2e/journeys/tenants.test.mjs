// Many companies from one deployment. A super admin creates a company with a domain;
// at once, with no restart, its buyers register, buy and pay on that domain, while the demo
// company's buyers use theirs. Chromium maps the test host names to 127.0.0.1.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ROW, screenshot, useBrowser } from '../lib/browser.mjs';
import { ADMIN_URL, USER_URL } from '../lib/env.mjs';
import { waitForOtp } from '../lib/mail.mjs';
import { adminLogin, search, SEED_PASSWORD } from './admin-helpers.mjs';

const TEST_DOMAIN = 'e2e-tenant.test';
const ctx = useBrowser({ before, after, args: [`--host-resolver-rules=MAP *.${TEST_DOMAIN} 127.0.0.1`] });
const port = new URL(USER_URL).port;
const stamp = String(Date.now()).slice(-6);
const company = {
  name: `Gamma Sales ${stamp}`,
  email: `gamma+${stamp}@e2e.test`,
  password: 'Gamma-Owner-123',
  symbol: `G${stamp.slice(-4)}`,
  token: `Gamma Token ${stamp.slice(-3)}`,
  host: `gamma${stamp}.${TEST_DOMAIN}`,
};
const gammaURL = `http://${company.host}:${port}`;
const acwURL = `http://acw.${TEST_DOMAIN}:${port}`; // no domain row: outside production, the TOKEN_SYMBOL company
const buyer = { name: 'Gita Gamma', email: `gita+${stamp}@e2e.test`, password: 'Gita-Pass-123' };
const state = {};
// A 1×1 PNG: a receipt the server's content sniffing accepts.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function toast(page, text) {
  await page.locator('.Toastify').getByText(text, { exact: true }).first().waitFor();
}

test('super admin creates a company with a domain', async () => {
  const page = await ctx.page();
  state.sa = page;
  await page.goto(`${ADMIN_URL}/superadmin/login`);
  await page.getByLabel('Email').fill('tenants@demo.test');
  const since = Date.now();
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await page.getByLabel('OTP').fill(await waitForOtp('tenants@demo.test', { since }));
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/superadmin\/dashboard$/);
  await page.getByRole('link', { name: 'Company Manage' }).click();
  await page.getByRole('button', { name: 'Add Company' }).click();
  const dialog = page.getByRole('dialog');
  const fields = {
    'Company Name': company.name,
    Email: company.email,
    Mobile: '9000054321',
    Aadhaar: '499118665246',
    PAN: 'GAMMA1234G',
    Address: '7 Gamma Lane, Chennai',
    PIN: '600001',
    'Token Name': company.token,
    'Token Symbol': company.symbol,
    'Token Price (INR)': '12.5',
    'Admin Name': 'Gamma Owner',
  };
  for (const [label, v] of Object.entries(fields)) await dialog.getByLabel(label, { exact: true }).fill(v);
  await dialog.getByLabel('Admin Password', { exact: true }).fill(company.password);
  await dialog.getByLabel('Domains').fill(company.host.toUpperCase());
  await dialog.getByRole('button', { name: 'Include' }).click();
  await dialog.getByText(company.host, { exact: true }).waitFor(); // lower-cased
  await dialog.getByRole('button', { name: 'Add' }).click();
  await dialog.waitFor({ state: 'detached' });
  await search(page, company.name);
  const row = page.locator(ROW, { hasText: company.email });
  await row.getByText(company.host).waitFor();
  await row.getByText('ACTIVE').waitFor();
  await row.getByRole('link', { name: company.name }).click();
  await page.waitForURL(/\/superadmin\/company\/[0-9a-f-]{36}$/);
  state.companyURL = page.url();
  // The site address: the first domain, with the default site's scheme and port (PUBLIC_USER_URL).
  await page.getByRole('link', { name: gammaURL }).waitFor();
  await screenshot(page, 'tenants-company-page');
});

test("its admin signs in to their own company's branding and sets the payment details", async () => {
  const page = await ctx.page();
  state.owner = page;
  await adminLogin(page, company.email, company.password);
  await page.getByText(company.name).first().waitFor();
  await page.getByRole('link', { name: 'Beneficiary Manage' }).click();
  await page.getByRole('button', { name: 'Edit beneficiary' }).first().click();
  const dialog = page.getByRole('dialog');
  const values = {
    'Holder Name': company.name,
    'Bank Name': 'Gamma Bank',
    'Branch Name': 'Anna Salai',
    'Account Number': '998877665544',
    'IFSC Code': 'HDFC0004321',
    'UPI ID': `gamma${stamp}@upi`,
  };
  for (const [label, v] of Object.entries(values)) await dialog.getByLabel(label, { exact: true }).fill(v);
  await dialog.getByLabel('Confirm Account Number').fill(values['Account Number']);
  await dialog.getByRole('button', { name: 'Update' }).click();
  await dialog.getByLabel('Your current password').fill(company.password);
  await dialog.getByRole('button', { name: 'Confirm change' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText(`gamma${stamp}@upi`).waitFor();
  // A new company's sale starts paused; with the payment details set, its admin opens it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Token Settings' }).click();
  await page.waitForURL(/\/admin\/token$/);
  const pause = page.getByLabel('Pause the sale (buyers cannot place orders while paused)');
  await pause.waitFor();
  assert.equal(await pause.isChecked(), true, "a new company's sale starts paused");
  await pause.uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await page.getByText('No unsaved changes').waitFor();
});

test('on the new domain, at once: a buyer registers, buys and pays', async () => {
  const page = await ctx.page();
  state.buyer = page;
  await page.goto(`${gammaURL}/register`);
  // The served page already names the company's token (index.html per host).
  assert.match(await page.title(), new RegExp(`${company.token} \\(${company.symbol}\\)`));
  await page.getByLabel('Name').fill(buyer.name);
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Mobile').fill('+91 9876500011');
  const since = Date.now();
  await page.getByRole('button', { name: 'Request OTP' }).click();
  await page.getByRole('heading', { name: 'Create Account' }).waitFor();
  await page.getByLabel('OTP').fill(await waitForOtp(buyer.email, { since, subject: company.token }));
  await page.getByLabel('Date of Birth').fill('1994-02-03');
  await page.getByLabel('Pincode').fill('600001');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Password', { exact: true }).fill(buyer.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(buyer.password);
  await page.getByRole('button', { name: 'Register' }).click();
  // Registration ends signed in on this company's site.
  await page.waitForURL(/\/user\/dashboard$/);

  await page.goto(`${gammaURL}/user/buy-token`);
  await page.getByTestId('price').getByText('₹12.50').waitFor();
  await page.getByLabel('Amount (INR)').fill('125');
  await page.getByTestId('quantity').getByText(`10 ${company.symbol}`).waitFor();
  await page.getByRole('button', { name: 'BUY NOW' }).click();
  await page.waitForURL(/\/user\/payment\?purchaseId=/);
  await page.getByText('Gamma Bank').waitFor(); // this company's own payment details
  await page.getByRole('tab', { name: 'UPI' }).click();
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'I have paid — add proof', exact: true }).click();
  const modal = page.getByRole('dialog');
  state.utr = `6${stamp}12345`;
  await modal.getByLabel('UTR or Transaction Number').fill(state.utr);
  await modal.getByLabel('Transaction file').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await modal.getByTestId('proof-uploaded').waitFor();
  await modal.getByRole('button', { name: 'PAY' }).click();
  await toast(page, 'UPI proof submitted successfully.');
  await screenshot(page, 'tenants-gamma-buyer-paid');
  assert.deepEqual(page.problems, []);
});

test("the demo company's site on its own host is another sale: the new buyer has no account there", async () => {
  const page = await ctx.page();
  await page.goto(`${acwURL}/`);
  assert.match(await page.title(), /ACW/);
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Password', { exact: true }).fill(buyer.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await toast(page, 'Invalid email or password.');
  await page.getByLabel('Email').fill('buyer@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(SEED_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/user\/dashboard$/);
  await page.goto(`${acwURL}/user/buy-token`);
  await page.getByTestId('price').getByText('₹10.00').waitFor();
  assert.deepEqual(page.problems, []);
});

test("the new company's admin approves its buyer's payment; the demo admin never sees it", async () => {
  const page = state.owner;
  await page.getByRole('link', { name: 'Purchase Request' }).click();
  await search(page, state.utr, 'search1');
  await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 1, ROW);
  await page.locator(ROW, { hasText: buyer.name }).getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(state.utr).waitFor();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'detached' });

  const demo = await ctx.page();
  await adminLogin(demo);
  await demo.getByRole('link', { name: 'Purchase Request' }).click();
  await search(demo, state.utr, 'search1');
  await demo.getByText('No data available.').waitFor();

  const b = state.buyer;
  await b.goto(`${gammaURL}/user/payment-history`);
  await b.getByLabel('Status').selectOption('APPROVED');
  await b.locator(ROW).filter({ hasText: state.utr }).getByText('APPROVED').waitFor();
});

test("the admin sign-in page names the company on its own host and the platform elsewhere", async () => {
  const page = await ctx.page();
  const adminPort = new URL(ADMIN_URL).port;
  await page.goto(`http://${company.host}:${adminPort}/admin/login`);
  await page.getByText(`${company.name}: manage users, purchases and payment details.`).waitFor();
  await page.getByText(company.token).first().waitFor();
  await screenshot(page, 'tenants-admin-login-own-host');
  // On a host of no company: the platform, never the demo company.
  await page.goto(`${ADMIN_URL}/admin/login`);
  await page.getByText('Company admin sign-in: manage users, purchases and payment details.').waitFor();
  await page.getByText('Prelaunch').first().waitFor();
  assert.equal(await page.getByText('ACW').count(), 0);
  // The super admin's sign-in never names a company, even on a company's host.
  await page.goto(`http://${company.host}:${adminPort}/superadmin/login`);
  await page.getByRole('heading', { name: 'Super Admin' }).waitFor();
  await page.getByText('Prelaunch').first().waitFor();
  assert.equal(await page.getByText(company.token).count(), 0);
  assert.deepEqual(page.problems, []);
});

test('suspending with a reason: buyers keep their records under the reason, the admin is told; reactivating opens it again', async () => {
  const sa = state.sa;
  const reason = `Platform fees unpaid ${stamp}`;
  await sa.goto(state.companyURL);
  await sa.getByRole('button', { name: 'Suspend' }).click();
  const confirm = sa.getByRole('dialog');
  await confirm.getByText(`Suspend ${company.name}?`).waitFor();
  // The buyer's payment was approved: nothing pending, nothing open.
  await confirm.getByText('This affects 0 pending payments and 0 open orders').waitFor();
  await confirm.getByRole('button', { name: 'Suspend' }).click();
  await confirm.getByText('A reason is required to suspend a company (at most 300 characters).').waitFor();
  await confirm.getByLabel(/Reason/).fill(reason);
  await screenshot(sa, 'tenants-suspend-dialog');
  await confirm.getByRole('button', { name: 'Suspend' }).click();
  await confirm.waitFor({ state: 'detached' });
  await sa.getByText('SUSPENDED').first().waitFor();
  await sa.getByText(reason).waitFor();

  const b = state.buyer;
  await new Promise((r) => setTimeout(r, 1500)); // the buyer server's resolver: at most a second
  await b.goto(`${gammaURL}/user/buy-token`);
  await b.getByText('This sale is temporarily unavailable.').first().waitFor();
  await b.getByText(`Reason: ${reason}`).first().waitFor();
  assert.ok(await b.getByRole('button', { name: 'BUY NOW' }).isDisabled());
  await screenshot(b, 'tenants-gamma-suspended');
  // Their own records still load: the balance, the history with its receipt, the profile.
  await b.goto(`${gammaURL}/user/dashboard`);
  await b.getByText(`Reason: ${reason}`).first().waitFor();
  await b.goto(`${gammaURL}/user/payment-history`);
  await b.getByLabel('Status').selectOption('APPROVED');
  const row = b.locator(ROW).filter({ hasText: state.utr });
  await row.getByText('APPROVED').waitFor();
  const [receipt] = await Promise.all([b.waitForEvent('download'), row.getByRole('button', { name: /receipt/i }).first().click()]);
  assert.match(receipt.suggestedFilename(), /\.pdf$/);
  assert.equal(await b.getByRole('button', { name: 'Retry' }).count(), 0);
  await screenshot(b, 'tenants-gamma-suspended-history');

  // The company's admin, signed in when it happened, is told why on their next call, not sent to
  // the sign-in page as if their session expired; signing out still works.
  const owner = state.owner;
  await owner.getByRole('link', { name: 'Purchase Request' }).click();
  await owner.getByRole('heading', { name: 'This company is suspended' }).waitFor();
  await owner.getByText(`Reason: ${reason}`).waitFor();
  await screenshot(owner, 'tenants-admin-suspended');
  await owner.getByRole('link', { name: 'Sign out' }).click();
  await owner.waitForURL(/\/admin\/login$/);
  // Signing in again is refused on the sign-in page with the company's status, not a wrong password.
  await owner.getByPlaceholder('Enter Registered Email Id').fill(company.email);
  await owner.getByLabel('Password', { exact: true }).fill(company.password);
  await owner.getByRole('button', { name: 'Login', exact: true }).click();
  await owner.getByText('This company is suspended. Please contact support.').first().waitFor();
  assert.match(owner.url(), /\/admin\/login$/);
  await screenshot(owner, 'tenants-admin-login-suspended');

  await sa.getByRole('button', { name: 'Reactivate' }).click();
  await sa.getByRole('dialog').getByRole('button', { name: 'Reactivate' }).click();
  await sa.getByRole('dialog').waitFor({ state: 'detached' });
  await new Promise((r) => setTimeout(r, 1500));
  await b.goto(`${gammaURL}/user/buy-token`);
  await b.getByTestId('price').getByText('₹12.50').waitFor();
  assert.equal(await b.getByText('This sale is temporarily unavailable.').count(), 0);
  assert.equal(await b.getByText(`Reason: ${reason}`).count(), 0);
  await adminLogin(owner, company.email, company.password);
  await owner.getByText(company.name).first().waitFor();
});
