// A KYC's life after approval and the buyer's own closing (docs/compliance.md): the admin marks a
// verified buyer high-risk in the KYC review (audited) and sees the expiry come 6 months after the
// approval; the buyer reads "Verified until …"; the approval then ends (its expires_at moved into
// the past in the database, as distribution.test.mjs moves the TGE: no clock backdoor in the
// servers) and the buyer reads that it expired and submits again, while the admin's lists say
// EXPIRED; finally the buyer closes their account from Profile (refused while an order is open)
// and cannot sign in again. Buyer screens at 360 and 1440 px, axe 0 serious/critical throughout.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { axeViolations } from '../lib/axe.mjs';
import { screenshot, useBrowser } from '../lib/browser.mjs';
import { SCREENSHOT_DIR, USER_URL } from '../lib/env.mjs';
import { waitForSmsCode } from '../lib/sms.mjs';
import { adminLogin, overflow, registerBuyer, ROW, search, userCall } from './admin-helpers.mjs';

const ctx = useBrowser({ before, after });
const state = {};
const PHONE = { width: 360, height: 740 };
const WIDE = { width: 1440, height: 900 };
const PASSWORD = 'Buyer-Pass-123'; // registerBuyer's
// A name of this run's own: one person is refused on a second account of the company.
const EKYC_NAME = `Kiran ${Array.from(String(Date.now()).slice(-6), (d) => 'abcdefghij'[Number(d)]).join('')} Rao`;

/** An offline e-KYC zip of `name`, share code 1234, made by `bin/prelaunch ekyc-sample` (docs/guide.md). */
function ekycZip(name) {
  const out = join(mkdtempSync(join(tmpdir(), 'ekyc-')), 'offlineaadhaar.zip');
  const bin = new URL('../../bin/prelaunch', import.meta.url).pathname;
  execFileSync(bin, ['ekyc-sample', '--name', name, '--last4', '5791', '--share-code', '1234', '--out', out], { stdio: 'pipe' });
  return out;
}

/**
 * One SQL statement against the journey's database (scripts/e2e.sh exports DATABASE_URL); vars
 * are psql variables v1, v2, … quoted by psql (:'v1'), which it reads from standard input only.
 */
function sql(statement, ...vars) {
  const args = ['-q', '-At', '-v', 'ON_ERROR_STOP=1', process.env.DATABASE_URL];
  vars.forEach((v, i) => args.push('-v', `v${i + 1}=${v}`));
  return execFileSync('psql', args, { input: `${statement};\n`, encoding: 'utf8' }).trim();
}

// The apps' CSP blocks an injected script tag; a DevTools evaluation is not subject to it.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function assertAccessible(page, name) {
  // Dialogs' fade ends first (axe reads computed colours; a loaded machine runs it late).
  await page.waitForTimeout(350);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.evaluate(AXE_SOURCE);
  assert.deepEqual(await axeViolations(page), [], `axe on ${name}`);
}

/** The day a date is shown to the buyer: 27 Nov 2027 (IST). */
const buyerDay = (d) => d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** The same page at 1440 px: accessible, screenshot, back to 360 px. */
async function alsoWide(page, name) {
  await page.setViewportSize(WIDE);
  await assertAccessible(page, `${name} at 1440 px`);
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize(PHONE);
}

/** A buyer whose mobile and bank account are proved and whose e-KYC waits for review (over HTTP). */
async function verifiedBuyerSubmitted() {
  const buyer = await registerBuyer('expiry');
  const since = Date.now();
  await userCall('POST', '/api/v1/user/auth/mobile/otp', { token: buyer.token, body: { mobile: buyer.mobile } });
  const code = await waitForSmsCode(`+91${buyer.mobile}`, since);
  await userCall('POST', '/api/v1/user/auth/mobile/verify', { token: buyer.token, body: { mobile: buyer.mobile, code } });
  await userCall('POST', '/api/v1/user/bank-account', { token: buyer.token, body: { accountNumber: '123456781111', ifsc: 'HDFC0001234' } });
  const form = new FormData();
  form.append('panNumber', 'ABCPK1234F');
  form.append('panName', EKYC_NAME);
  form.append('shareCode', '1234');
  form.append('file', new Blob([await readFile(ekycZip(EKYC_NAME))], { type: 'application/zip' }), 'offlineaadhaar.zip');
  await userCall('POST', '/api/v1/user/kyc/submit', { token: buyer.token, form });
  return buyer;
}

async function buyerPage() {
  const page = await ctx.page({ viewport: PHONE });
  await page.context().addInitScript((token) => localStorage.setItem('authToken', token), state.buyer.token);
  return page;
}

test('admin approves, marks the buyer high-risk (6 months), and the buyer reads "Verified until"', async () => {
  state.buyer = await verifiedBuyerSubmitted();
  const admin = await ctx.page({ viewport: WIDE });
  state.admin = admin;
  await adminLogin(admin);
  await admin.getByRole('link', { name: /^KYC( \d+\+? pending)?$/ }).click();
  await admin.waitForURL(/\/admin\/kyc/);
  await search(admin, state.buyer.email);
  const row = admin.locator(ROW, { hasText: state.buyer.email });
  await row.getByRole('button', { name: `Approve KYC of ${state.buyer.name}` }).click();
  const confirm = admin.getByRole('dialog');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await confirm.waitFor({ state: 'detached' });
  // The queue shows pending ones: the approval is under Verified.
  await admin.getByLabel('Status').selectOption('APPROVED');
  const approvedAt = new Date(sql(`SELECT to_char(approved_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') FROM kyc_submissions k
    JOIN users u ON u.id = k.user_id WHERE u.email = :'v1'`, state.buyer.email));
  const ymd = (d) => d.toISOString().slice(0, 10);
  const plus = (months) => {
    const d = new Date(approvedAt);
    d.setUTCMonth(d.getUTCMonth() + months);
    return d;
  };
  await row.getByTestId('kyc-expires').getByText(`Until ${ymd(plus(12))}`).waitFor();

  // The review's viewer: the "High-risk buyer" toggle, and the expiry comes 6 months after the approval.
  await row.getByRole('button', { name: `View e-KYC of ${state.buyer.name}` }).click();
  const viewer = admin.getByRole('dialog');
  await viewer.getByTestId('viewer-expires').getByText(ymd(plus(12))).waitFor();
  await viewer.getByRole('button', { name: 'High-risk buyer', pressed: false }).click();
  await viewer.getByRole('button', { name: 'High-risk buyer', pressed: true }).waitFor();
  await viewer.getByTestId('viewer-expires').getByText(ymd(plus(6))).waitFor();
  await assertAccessible(admin, 'KYC viewer, high-risk');
  await screenshot(admin, 'trust-expiry-highrisk-1440');
  await viewer.getByRole('button', { name: 'Close' }).click();
  await viewer.waitFor({ state: 'detached' });
  await row.getByText('High risk').waitFor();
  await row.getByTestId('kyc-expires').getByText(`Until ${ymd(plus(6))}`).waitFor();
  assert.equal(sql(`SELECT count(*) FROM audit_log a JOIN users u ON u.id::text = a.target_id
    WHERE a.action = 'kyc.risk' AND u.email = :'v1' AND a.after->>'highRisk' = 'true'`, state.buyer.email), '1', 'kyc.risk audited');

  const page = await buyerPage();
  state.page = page;
  await page.goto(`${USER_URL}/user/kyc`);
  await page.getByTestId('kyc-expiry').getByText(`Verified until ${buyerDay(plus(6))}`).waitFor();
  await page.locator('[data-kyc-status="APPROVED"]').getByText('Verified').waitFor();
  assert.equal(await overflow(page), 0, 'no sideways scroll at 360 px');
  await assertAccessible(page, 'Verification, verified until');
  await screenshot(page, 'trust-expiry-verified-360');
  await alsoWide(page, 'trust-expiry-verified');
  assert.deepEqual(admin.problems, []);
});

test('the approval ends: the buyer reads that it expired and submits again; the admin lists say EXPIRED', async () => {
  const { page, admin, buyer } = state;
  // The approval's end moved into the past: what the worker and the screens see a day after it.
  sql(`UPDATE kyc_submissions SET expires_at = now() - interval '1 day', approved_at = now() - interval '6 months 1 day'
    WHERE user_id = (SELECT id FROM users WHERE email = :'v1')`, buyer.email);

  await page.reload();
  await page.getByTestId('kyc-next').getByText('Your verification has expired.', { exact: false }).waitFor();
  await page.getByTestId('kyc-expiry').getByText('Expired on', { exact: false }).waitFor();
  await page.locator('[data-kyc-status="EXPIRED"]').getByText('Expired').waitFor();
  assert.equal(await page.getByText('Verified', { exact: true }).count(), 0, 'no Verified badge once expired');
  assert.equal(await overflow(page), 0, 'no sideways scroll at 360 px');
  await assertAccessible(page, 'Verification, expired');
  await screenshot(page, 'trust-expiry-expired-360');
  await alsoWide(page, 'trust-expiry-expired');

  // The admin's user list and the KYC list's Expired filter.
  await admin.getByRole('link', { name: 'User Manage' }).click();
  await admin.waitForURL(/\/admin\/usermanage/);
  await admin.getByLabel('Status').selectOption('all');
  await search(admin, buyer.email);
  const user = admin.locator(ROW, { hasText: buyer.email });
  await user.locator('[data-kyc-status="EXPIRED"]').getByText('Expired').waitFor();
  await assertAccessible(admin, 'User Manage, expired KYC');
  await screenshot(admin, 'trust-expiry-usermanage-1440');
  await admin.getByRole('link', { name: /^KYC( \d+\+? pending)?$/ }).click();
  await admin.waitForURL(/\/admin\/kyc/);
  await admin.getByLabel('Status').selectOption('EXPIRED');
  await search(admin, buyer.email);
  const kycRow = admin.locator(ROW, { hasText: buyer.email });
  await kycRow.getByTestId('kyc-expires').getByText('Expired', { exact: false }).waitFor();

  // The buyer submits again through the guided flow (mobile and bank not asked again).
  await page.getByTestId('verify-step-consent').getByRole('button', { name: "Don't share" }).click();
  await page.getByText('You chose not to share your location.').waitFor();
  await page.getByLabel('Name on your PAN card').fill(EKYC_NAME);
  await page.getByLabel('Share code').fill('1234');
  await page.getByLabel('e-KYC zip file').setInputFiles(ekycZip(EKYC_NAME));
  if (!(await page.getByLabel('PAN number').inputValue())) await page.getByLabel('PAN number').fill('ABCPK1234F');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await page.locator('[data-kyc-status="PENDING"]').getByText('Pending review').waitFor();
  await admin.getByLabel('Status').selectOption('PENDING');
  await admin.locator(ROW, { hasText: buyer.email }).getByRole('button', { name: `Approve KYC of ${buyer.name}` }).waitFor();
  assert.deepEqual(page.problems, []);
  assert.deepEqual(admin.problems, []);
});

test('the buyer closes their account from Profile (refused while an order is open) and cannot sign in', async () => {
  const { page, buyer } = state;
  // An order waiting for payment: the dialog says why it cannot close yet.
  const order = (await userCall('POST', '/api/v1/user/package/order', { token: buyer.token, body: { amount: 500 } })).data;
  await page.goto(`${USER_URL}/user/profile`);
  const section = page.getByRole('region', { name: 'Close my account' });
  await section.getByRole('button', { name: 'Close my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close your account?' });
  await dialog.getByRole('heading', { name: 'Removed at once' }).waitFor();
  await dialog.getByRole('heading', { name: 'Kept for 5 years, then deleted' }).waitFor();
  assert.equal(await overflow(page), 0, 'no sideways scroll at 360 px');
  await assertAccessible(page, 'Close account dialog');
  await screenshot(page, 'trust-close-dialog-360');
  await alsoWide(page, 'trust-close-dialog');
  await dialog.getByRole('button', { name: 'Close my account' }).click();
  await dialog.getByText('Please enter your current password.').waitFor();
  await dialog.getByLabel('Current password').fill('Wrong-Pass-000');
  await dialog.getByRole('button', { name: 'Close my account' }).click();
  await dialog.getByText('Current password is incorrect.').waitFor();
  await dialog.getByLabel('Current password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Close my account' }).click();
  await dialog.getByTestId('close-account-error').getByText('You have an order that is not finished', { exact: false }).waitFor();
  await assertAccessible(page, 'Close account dialog, refused');
  await screenshot(page, 'trust-close-refused-360');
  // What the phone shows (a full-page shot stitches the fixed dialog): the refusal and the buttons.
  await dialog.getByRole('button', { name: 'Cancel' }).scrollIntoViewIfNeeded();
  assert.ok(await dialog.getByRole('button', { name: 'Close my account' }).isVisible(), 'the action in view at 360 px');
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'trust-close-refused-360-viewport.png') });

  // The order cancelled, the account closes: signed out, on the sign-in page.
  await userCall('POST', '/api/v1/user/package/order/cancel', { token: buyer.token, body: { id: order.id } });
  await dialog.getByRole('button', { name: 'Close my account' }).click();
  await page.waitForURL(`${USER_URL}/`);
  await page.locator('.Toastify').getByText('Your account is closed.').waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('authToken')), null, 'signed out');
  assert.equal(sql(`SELECT count(*) FROM users WHERE email = :'v1'`, buyer.email), '0', 'the email is gone');

  // Signing in again fails.
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByText('Invalid email or password.').first().waitFor();
  assert.match(page.url(), /\/$/);
  await assertAccessible(page, 'Sign-in after closing');
  await screenshot(page, 'trust-close-signin-refused-360');
  assert.deepEqual(page.problems, []);
});
