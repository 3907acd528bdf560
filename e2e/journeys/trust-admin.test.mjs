// Two-factor sign-in and Activity, as an admin and a super admin meet them: an admin turns
// two-factor on (the QR code's key read off the screen, the codes computed here as an
// authenticator app would), signs in with password and code, spends a recovery code (a second use
// refused) and turns it off; a super admin requires two-factor of a company, whose admin is then
// kept on Security until enrolled (at 360 px); Activity shows all of it, filtered.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { createRequire } from 'node:module';
import { axeViolations } from '../lib/axe.mjs';
import { screenshot, useBrowser, ROW } from '../lib/browser.mjs';
import { ADMIN_URL } from '../lib/env.mjs';
import { waitForOtp } from '../lib/mail.mjs';
import { authenticator } from '../lib/totp.mjs';
import { adminCall, ADMIN_EMAIL, overflow, SEED_PASSWORD, SUPERADMIN_EMAIL } from './admin-helpers.mjs';

const ctx = useBrowser({ before, after });

// The apps' CSP (script-src 'self') blocks an inline script tag; a DevTools evaluation is not
// subject to it, so axe goes on the page that way first.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
async function axe(page) {
  await page.waitForTimeout(350); // dialogs' transitions settle: axe reads computed colours
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.evaluate(AXE_SOURCE);
  return axeViolations(page);
}
const stamp = String(Date.now()).slice(-7);
const state = {};
const PHONE = { width: 360, height: 740 };
const CODE_NOT_VALID = 'The code is not valid. Please try again.';

/** Signs in through the form with the password; stops at the second step when there is one. */
async function passwordStep(page, email, password) {
  await page.goto(`${ADMIN_URL}/admin/login`);
  await page.getByPlaceholder('Enter Registered Email Id').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function signOut(page) {
  await page.goto(`${ADMIN_URL}/admin/logout`);
  await page.waitForURL(/\/admin\/login$/);
}

/** On Security with two-factor off: Enable → key → code and password → the recovery codes dialog. Returns { auth, codes }. */
async function enrol(page, password) {
  await page.getByRole('button', { name: 'Enable two-factor' }).click();
  const form = page.getByRole('form', { name: 'Set up two-factor sign-in' });
  await form.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  const secret = (await form.getByTestId('totp-secret').textContent()).replace(/\s/g, '');
  assert.match(secret, /^[A-Z2-7]{16,}$/);
  const auth = authenticator(secret);
  await form.getByLabel('Authentication code').fill(await auth.next());
  await form.getByLabel('Current password').fill(password);
  await form.getByRole('button', { name: 'Turn on two-factor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await dialog.waitFor();
  const codes = (await dialog.getByTestId('recovery-codes').locator('li').allTextContents()).map((c) => c.trim());
  assert.equal(codes.length, 10);
  for (const c of codes) assert.match(c, /^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
  return { auth, codes, dialog };
}

test('an admin turns two-factor sign-in on: QR code, key, a code, the recovery codes once', async () => {
  // A fresh admin of the demo company, so no other journey meets a second step.
  const owner = await adminCall('POST', '/api/v1/company/auth/login', { body: { email: ADMIN_EMAIL, password: SEED_PASSWORD } });
  state.admin = { email: `second+${stamp}@e2e.test`, password: 'Second-Pass-123', name: `Second Admin ${stamp}` };
  await adminCall('POST', '/api/v1/admin/auth/add', {
    token: owner.data.token,
    body: { role: 'ADMIN', name: state.admin.name, mobile: `97${stamp}1`.slice(0, 10), email: state.admin.email, password: state.admin.password },
  });

  const page = await ctx.page();
  state.page = page;
  await passwordStep(page, state.admin.email, state.admin.password);
  await page.waitForURL(/\/admin\/dashboard$/);
  await page.getByRole('link', { name: 'Security' }).click();
  await page.getByRole('heading', { name: 'Security', exact: true }).waitFor();
  assert.equal(await page.getByTestId('twofa-state').textContent(), 'Off');

  const { auth, codes, dialog } = await enrol(page, state.admin.password);
  state.auth = auth;
  state.codes = codes;
  await screenshot(page, 'trust-recovery-codes-desktop');
  const done = dialog.getByRole('button', { name: 'I have saved them' });
  assert.equal(await done.isDisabled(), true);
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download .txt' }).click()]);
  assert.equal(download.suggestedFilename(), 'recovery-codes.txt');
  const text = readFileSync(await download.path(), 'utf8');
  for (const c of codes) assert.ok(text.includes(c), `${c} in the file`);
  await done.click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByTestId('twofa-state').filter({ hasText: 'On' }).waitFor();
  // Shown once: nowhere on the page any more.
  assert.equal(await page.getByText(codes[0]).count(), 0);
  assert.deepEqual(await axe(page), []);
  await screenshot(page, 'trust-security-on-desktop');
});

test('signing in asks for the code after the password; a wrong code stays on the step', async () => {
  const page = state.page;
  await signOut(page);
  await passwordStep(page, state.admin.email, state.admin.password);
  await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('accessToken')), null);
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.locator('.invalid-feedback', { hasText: CODE_NOT_VALID }).waitFor();
  assert.deepEqual(await axe(page), []);
  await screenshot(page, 'trust-login-code-desktop');
  await page.getByLabel('Authentication code').fill(await state.auth.next());
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
});

test('a recovery code signs in once; its second use is refused', async () => {
  const page = state.page;
  await signOut(page);
  await passwordStep(page, state.admin.email, state.admin.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(state.codes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/admin\/dashboard$/);

  await signOut(page);
  await passwordStep(page, state.admin.email, state.admin.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(state.codes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.locator('.invalid-feedback', { hasText: CODE_NOT_VALID }).waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('accessToken')), null);
  // The same challenge still takes an unused code.
  await page.getByLabel('Recovery code').fill(state.codes[2]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
});

test('turning two-factor off asks for a code and the password, and can be cancelled', async () => {
  const page = state.page;
  await page.getByRole('link', { name: 'Security' }).click();
  await page.getByRole('button', { name: 'Disable two-factor' }).click();
  let dialog = page.getByRole('dialog', { name: 'Turn off two-factor sign-in?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId('twofa-state').textContent(), 'On');

  await page.getByRole('button', { name: 'Disable two-factor' }).click();
  dialog = page.getByRole('dialog', { name: 'Turn off two-factor sign-in?' });
  await dialog.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await dialog.getByLabel('Recovery code').fill(state.codes[1]);
  await dialog.getByLabel('Current password').fill('Wrong-Pass-999');
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await dialog.getByRole('alert').filter({ hasText: 'Current password is incorrect.' }).waitFor();
  await dialog.getByRole('button', { name: 'Use the authenticator app code' }).click();
  await dialog.getByLabel('Authentication code').fill(await state.auth.next());
  await dialog.getByLabel('Current password').fill(state.admin.password);
  await screenshot(page, 'trust-disable-desktop');
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByTestId('twofa-state').filter({ hasText: 'Off' }).waitFor();

  // Off: the password alone signs in again.
  await signOut(page);
  await passwordStep(page, state.admin.email, state.admin.password);
  await page.waitForURL(/\/admin\/dashboard$/);
  assert.deepEqual(page.problems, []);
});

test('a super admin requires two-factor of a company; its admin is kept on Security until enrolled (360 px)', async () => {
  // The super admin's token by the mailed code; the switch itself through the company's page.
  const since = Date.now();
  await adminCall('GET', `/api/v1/superadmin/auth/login/email/otp?email=${encodeURIComponent(SUPERADMIN_EMAIL)}`);
  const otp = await waitForOtp(SUPERADMIN_EMAIL, { since });
  state.superToken = (await adminCall('POST', '/api/v1/superadmin/auth/login/verify', { body: { email: SUPERADMIN_EMAIL, otp } })).data.token;
  const company = { name: `Trust Co ${stamp}`, email: `trust+${stamp}@e2e.test`, password: 'Trust-Pass-123' };
  const added = await adminCall('POST', '/api/v1/superadmin/company/add', {
    token: state.superToken,
    body: {
      companyName: company.name,
      email: company.email,
      mobile: `96${stamp}2`.slice(0, 10),
      companyAadhaarCard: '499118665246',
      companyPan: 'ABCDE1234F',
      companyAddress: '2 Trust Road, Pune',
      companyPincode: '411001',
      tokenName: `Trust Token ${stamp}`,
      tokenSymbol: `T${stamp.slice(-4)}`,
      tokenPrice: 10,
      adminName: 'Trust Owner',
      adminPassword: company.password,
    },
  });
  state.company = { ...company, id: added.data.id };

  const sup = await ctx.page();
  state.super = sup;
  await sup.goto(`${ADMIN_URL}/superadmin/login`);
  await sup.evaluate((t) => {
    localStorage.setItem('accessToken', t);
    localStorage.setItem('loggedIn', 'true');
  }, state.superToken);
  await sup.goto(`${ADMIN_URL}/superadmin/company/${state.company.id}`);
  await sup.getByRole('button', { name: 'Edit company' }).click();
  const edit = sup.getByRole('dialog', { name: 'Edit company' });
  await edit.getByLabel('Require two-factor for admins').check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await edit.waitFor({ state: 'detached' });
  await sup.getByText('Two-factor required for admins').locator('xpath=..').getByText('Yes').waitFor();

  // The company's admin, on a phone.
  const page = await ctx.page({ viewport: PHONE });
  await passwordStep(page, company.email, company.password);
  await page.waitForURL(/\/admin\/security$/);
  await page.getByTestId('twofa-required').waitFor();
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Main' });
  assert.deepEqual((await menu.getByRole('link').allTextContents()).map((s) => s.trim()), ['Security', 'Logout']);
  await page.keyboard.press('Escape');
  await page.goto(`${ADMIN_URL}/admin/usermanage`);
  await page.waitForURL(/\/admin\/security$/);
  assert.ok((await overflow(page)) <= 0, 'Security overflows at 360 px');
  assert.deepEqual(await axe(page), []);
  await screenshot(page, 'trust-confined-360');

  const { dialog } = await enrol(page, company.password);
  assert.ok((await overflow(page)) <= 0, 'the recovery codes overflow at 360 px');
  await screenshot(page, 'trust-recovery-codes-360');
  await dialog.getByLabel('I have saved them somewhere safe').check();
  await dialog.getByRole('button', { name: 'I have saved them' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByTestId('twofa-required').waitFor({ state: 'detached' });
  await page.goto(`${ADMIN_URL}/admin/usermanage`);
  await page.getByRole('heading', { name: 'User Manage' }).waitFor();
  assert.deepEqual(page.problems, []);

  // Activity at 360 px: cards, the change unfolded inside one.
  await page.goto(`${ADMIN_URL}/admin/activity`);
  const card = page.locator(ROW, { hasText: 'Turned two-factor sign-in on' }).first();
  await card.getByRole('button', { name: 'Show changes' }).click();
  assert.ok((await overflow(page)) <= 0, 'Activity overflows at 360 px');
  await screenshot(page, 'trust-activity-360');
});

test('Activity lists these actions, filtered by action, person and date', async () => {
  const page = state.page;
  await page.goto(`${ADMIN_URL}/admin/activity`);
  await page.getByRole('heading', { name: 'Activity', exact: true }).waitFor();
  const enabled = page.locator(ROW, { hasText: 'Turned two-factor sign-in on' }).filter({ hasText: state.admin.email });
  const disabled = page.locator(ROW, { hasText: 'Turned two-factor sign-in off' }).filter({ hasText: state.admin.email });
  await enabled.first().waitFor();
  await disabled.first().waitFor();
  assert.match(await enabled.first().textContent(), /IST/);

  await page.getByLabel('Action').selectOption({ label: 'Turned two-factor sign-in off' });
  await page.locator(ROW, { hasText: 'Turned two-factor sign-in on' }).first().waitFor({ state: 'detached' });
  assert.ok((await page.locator(ROW).count()) >= 1);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await enabled.first().waitFor();
  await enabled.first().getByRole('button', { name: state.admin.name }).click();
  await page.getByText(`By ${state.admin.name}`).waitFor();
  const rows = await page.locator(ROW).allTextContents();
  assert.ok(rows.length >= 2 && rows.every((r) => r.includes(state.admin.email)), 'only this admin’s activity');

  // Today's IST day as both bounds keeps them.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  await page.getByLabel('From date').fill(today);
  await page.getByLabel('To date').fill(today);
  await enabled.first().waitFor();
  await enabled.first().getByRole('button', { name: 'Show changes' }).click();
  await page.getByRole('table', { name: /^Changes: Turned two-factor sign-in on/ }).waitFor();
  assert.deepEqual(await axe(page), []);
  await screenshot(page, 'trust-activity-desktop');

  // The super admin's Activity: the new company's own (its admin's enrolment), then the rule's
  // change with its before and after.
  const sup = state.super;
  await sup.goto(`${ADMIN_URL}/superadmin/activity`);
  await sup.getByRole('heading', { name: 'Activity', exact: true }).waitFor();
  await sup.getByLabel('Company', { exact: true }).selectOption({ label: state.company.name });
  await sup.locator(ROW, { hasText: 'Turned two-factor sign-in on' }).filter({ hasText: state.company.email }).waitFor();
  // Every row names the company once the filtered page has replaced the whole list.
  await sup.waitForFunction(
    (name) => [...document.querySelectorAll('tbody tr, li.pl-row-card')].every((r) => r.textContent.includes(name)),
    state.company.name,
  );
  await sup.getByRole('button', { name: 'Clear filters' }).click();
  await sup.getByLabel('Action').selectOption({ label: 'Updated a company' });
  const rule = sup.locator(ROW, { hasText: 'Updated a company' }).filter({ hasText: state.company.name }).first();
  await rule.getByRole('button', { name: 'Show changes' }).click();
  const diff = sup.getByRole('table', { name: 'Changes: Updated a company' });
  const row = diff.getByRole('row', { name: /^Two-factor required for admins/ });
  await row.waitFor();
  assert.deepEqual((await row.getByRole('cell').allTextContents()).map((s) => s.replace(/^(Before|After)/, '').trim()), ['false', 'true']);
  assert.deepEqual(await axe(sup), []);
  await screenshot(sup, 'trust-superadmin-activity-desktop');
  assert.deepEqual(sup.problems, []);
});

test('one email, an admin of two companies, is asked which company after the password (360 and 1280 px)', async () => {
  // The demo company's owner adds an admin with the email and password of Trust Co's owner.
  const owner = await adminCall('POST', '/api/v1/company/auth/login', { body: { email: ADMIN_EMAIL, password: SEED_PASSWORD } });
  await adminCall('POST', '/api/v1/admin/auth/add', {
    token: owner.data.token,
    body: { role: 'ADMIN', name: 'Trust Owner (demo)', mobile: `95${stamp}3`.slice(0, 10), email: state.company.email, password: state.company.password },
  });
  for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
    const page = await ctx.page({ viewport });
    // A wrong password lists nothing.
    await passwordStep(page, state.company.email, 'Wrong-Pass-999');
    await page.getByText('Invalid email or password').first().waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Choose a company' }).count(), 0);
    await passwordStep(page, state.company.email, state.company.password);
    await page.getByRole('heading', { name: 'Choose a company' }).waitFor();
    const group = page.getByRole('group', { name: 'Companies' });
    assert.deepEqual((await group.getByRole('button').allTextContents()).map((s) => s.trim()).sort(), [state.company.name, 'Demo Company'].sort());
    assert.ok((await overflow(page)) <= 0, `the company step overflows at ${viewport.width} px`);
    assert.deepEqual(await axe(page), []);
    await screenshot(page, `trust-choose-company-${viewport.width}`);
    // The demo company: no two-factor there, straight to its dashboard.
    await group.getByRole('button', { name: 'Demo Company' }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    assert.deepEqual(page.problems, []);
    await signOut(page);
  }
});
