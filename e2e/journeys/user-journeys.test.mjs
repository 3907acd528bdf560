// Buyer journeys against the real stack (USER_URL): register → login → dashboard → buy → UPI proof →
// history → receipt; manual payment; profile; guards; logout; forgot password; screenshots at 390/1280 px.
import { deflateSync } from 'node:zlib';
import { ADMIN_URL, USER_URL } from '../lib/env.mjs';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { screenshot, useBrowser, VIEWPORTS, ROW } from '../lib/browser.mjs';
import { uniqueEmail, waitForOtp } from '../lib/mail.mjs';
import { adminLogin } from './admin-helpers.mjs';
// Helpers for the buyer journeys (user-*.test.mjs).

/** The seeded buyer's password: the e2e stack seeds with SEED_ADMIN_PASSWORD. */
export const SEED_PASSWORD = process.env.SEED_ADMIN_PASSWORD || 'Admin@12345';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** A small real PNG (a striped "receipt"), so the receipt modal has something to show. */
export function receiptPng(width = 160, height = 100) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const band = Math.floor(y / 20) % 2;
      row[1 + x * 3] = band ? 124 : 240;
      row[2 + x * 3] = band ? 92 : 240;
      row[3 + x * 3] = band ? 255 : 250;
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function login(page, email, password) {
  await page.goto(`${USER_URL}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/user\/dashboard$/);
}

/** Waits for a toast with exactly this text. */
export async function toast(page, text) {
  await page.locator('.Toastify').getByText(text, { exact: true }).first().waitFor();
}

export async function noHorizontalOverflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

// ---------------------------------------------------------------------------------------------

const ctx = useBrowser({ before, after });

// One buyer registered through the UI, shared by the journeys below (run in order).
const buyer = { email: uniqueEmail('buyer'), password: 'Buyer@12345', name: 'E2E Buyer', token: null };
const utr = `5${String(Date.now()).slice(-11)}`; // a UPI RRN: 12 digits

async function signedInPage(viewport = VIEWPORTS.desktop) {
  const page = await ctx.page({ viewport });
  if (buyer.token) {
    await page.goto(`${USER_URL}/privacy-policy`);
    await page.evaluate((t) => localStorage.setItem('authToken', t), buyer.token);
  } else {
    await login(page, buyer.email, buyer.password);
  }
  return page;
}

test('register with the mailed code and land signed in on the dashboard', async () => {
  const page = await ctx.page();
  await page.goto(`${USER_URL}/register`);
  await page.getByRole('heading', { name: 'Request OTP' }).waitFor();
  // Step 1 validation happens before any call.
  await page.getByRole('button', { name: 'Request OTP' }).click();
  await toast(page, 'Please fill in Name, Email, and Mobile to request OTP.');
  await screenshot(page, 'user-register-step1-desktop');

  await page.getByLabel('Name').fill(buyer.name);
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Mobile').fill('+91 9876543210');
  const since = Date.now();
  await page.getByRole('button', { name: 'Request OTP' }).click();
  await page.getByRole('heading', { name: 'Create Account' }).waitFor();
  const otp = await waitForOtp(buyer.email, { since });

  await page.getByLabel('OTP').fill(otp);
  await page.getByLabel('Date of Birth').fill('1995-04-12');
  await page.getByLabel('Pincode').fill('560001');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Password', { exact: true }).fill(buyer.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill('mismatch');
  await page.getByRole('button', { name: 'Register' }).click();
  await toast(page, 'Passwords do not match!');
  await page.getByLabel('Confirm Password', { exact: true }).fill(buyer.password);
  await screenshot(page, 'user-register-step2-desktop');
  await page.getByRole('button', { name: 'Register' }).click();
  // Registration ends signed in, on the dashboard (no second typing of the email on the login page).
  await page.waitForURL(/\/user\/dashboard$/);
  await toast(page, 'Registration successful. You are signed in.');
  buyer.token = await page.evaluate(() => localStorage.getItem('authToken'));
  assert.ok(buyer.token);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await page.getByTestId('layout-name').getByText(buyer.name).waitFor();
  await page.waitForFunction(() => document.title.endsWith(' | Dashboard'));
  await page.getByRole('heading', { name: 'Global Stock Details' }).waitFor();
  for (const h of ['Stock Rank', 'Wallet Address', 'Member ID', 'Stock Qty.', 'Holder since']) {
    await page.getByRole('columnheader', { name: h, exact: true }).waitFor();
  }
  await page.getByRole('button', { name: /My Stock/ }).click();
  await page.getByRole('heading', { name: 'My Stock Details' }).waitFor();
  await page.getByRole('columnheader', { name: 'Reward' }).waitFor();
  for (const h of ['Status', 'Unlocked', 'Locked', 'Transaction Hash', 'Time Left']) {
    await page.getByRole('columnheader', { name: h, exact: true }).waitFor();
  }
  await screenshot(page, 'user-dashboard-desktop');
  assert.deepEqual(page.problems, []);
});

test('buy tokens, pay by UPI with an uploaded receipt, see it Pending and view the receipt', async () => {
  const page = await signedInPage();
  await page.goto(`${USER_URL}/user/buy-token`);
  await page.getByRole('heading', { name: 'Buy Token' }).waitFor();
  await page.getByTestId('price').getByText('₹10.00').waitFor();
  const amount = page.getByLabel('Amount (INR)');
  await amount.fill('105.5');
  await page.getByTestId('quantity').getByText('10 ACW').waitFor();
  assert.equal(await page.getByTestId('fee-percent').textContent(), '2%');
  // Whole tokens only: ₹100.00 buys 10 ACW, the ₹5.50 left buys nothing and is not charged.
  assert.equal(await page.getByTestId('total').textContent(), '₹102.00');
  await page.getByTestId('whole-tokens').getByText('₹100.00 buys 10 ACW; ₹5.50 would not buy a whole token').waitFor();
  await screenshot(page, 'user-buy-token-desktop');
  await amount.fill('100');
  await page.getByRole('button', { name: 'BUY NOW' }).click();
  await page.waitForURL(/\/user\/payment\?purchaseId=[^&]+&purchaseAmount=100$/);

  await page.getByText('Transaction time').waitFor();
  assert.match(await page.getByTestId('countdown').textContent(), /^1[45]:\d\d$/);
  assert.match(await page.getByTestId('order-number').textContent(), /^PUR-/);
  assert.equal(await page.getByTestId('order-total').textContent(), '₹102.00');
  // The seed has bank details and a UPI id: Banking first and selected, then UPI, then Manual.
  const tabs = await page.getByRole('tab').allTextContents();
  assert.deepEqual(tabs, ['Banking', 'UPI', 'Manual']);
  assert.equal(await page.getByRole('tab', { name: 'Banking' }).getAttribute('aria-selected'), 'true');
  await page.getByText('Account Holder').waitFor();
  await screenshot(page, 'user-payment-bank-desktop');

  await page.getByRole('tab', { name: 'UPI' }).click();
  await page.getByTestId('upi-qr').locator('svg').waitFor();
  for (const alt of ['Google Pay', 'PhonePe', 'Paytm']) await page.getByAltText(alt).waitFor();
  await page.getByRole('button', { name: 'Copy UPI ID' }).click();
  await toast(page, 'UPI ID copied to clipboard!');
  await page.getByRole('button', { name: 'I have paid — add proof', exact: true }).click();
  await toast(page, 'Please agree to the privacy & policy to proceed.');
  assert.equal(await page.getByRole('link', { name: 'privacy & policy' }).getAttribute('href'), '/privacy-policy');
  await page.getByLabel(/I agree to the/).check();
  await screenshot(page, 'user-payment-upi-desktop');
  await page.getByRole('button', { name: 'I have paid — add proof', exact: true }).click();

  const modal = page.getByRole('dialog');
  await modal.getByText('Submit Transaction Proof').waitFor();
  await modal.getByRole('button', { name: 'PAY' }).click();
  await toast(page, 'Please enter UTR or Transaction Number.');
  await modal.getByLabel('UTR or Transaction Number').fill(utr);
  await modal.getByRole('button', { name: 'PAY' }).click();
  await toast(page, 'Please upload a transaction file before submitting.');
  await modal.getByLabel('Transaction file').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: receiptPng() });
  await toast(page, 'File uploaded successfully');
  await modal.getByTestId('proof-uploaded').waitFor();
  await screenshot(page, 'user-payment-proof-desktop');
  // The buyer says they paid ₹100.00 of the ₹102.00 due: kept for the admin (next test).
  await modal.getByLabel('Enter Amount').fill('100');
  await modal.getByRole('button', { name: 'PAY' }).click();
  await toast(page, 'UPI proof submitted successfully.');
  await page.waitForURL(/\/user\/buy-token$/);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payment History' }).click();
  await page.getByRole('heading', { name: 'Payment History' }).waitFor();
  // The history opens on All: every order, whatever its status.
  assert.equal(await page.getByLabel('Status').inputValue(), '');
  const row = page.locator(ROW).filter({ hasText: utr });
  await row.waitFor();
  await row.getByText('PENDING').waitFor();
  await row.getByText('102.00').waitFor();
  await screenshot(page, 'user-payment-history-desktop');
  await row.getByRole('button', { name: /View payment/ }).click();
  const receipt = page.getByRole('dialog');
  await receipt.getByText('View Payment Receipt').waitFor();
  await receipt.getByText(utr).waitFor();
  const img = receipt.getByAltText('Payment receipt');
  await img.waitFor();
  await page.waitForFunction(() => document.querySelector('img[alt="Payment receipt"]')?.naturalWidth > 0);
  await page.waitForTimeout(400); // let the modal finish fading in
  await screenshot(page, 'user-payment-receipt-desktop');

  // Search narrows to the transaction; page size change keeps it on page 1.
  await page.keyboard.press('Escape');
  await page.getByPlaceholder('Search by Transaction ID, Method...').fill('no-such-transaction-xyz');
  await page.getByText('No payment history found.').waitFor();
  await page.getByPlaceholder('Search by Transaction ID, Method...').fill(utr);
  await page.locator(ROW).filter({ hasText: utr }).waitFor();
  await page.getByLabel('Show').selectOption('25');
  await page.locator(ROW).filter({ hasText: utr }).waitFor();
  assert.deepEqual(page.problems, []);
});

test('the admin reviews it: due (incl. fee), what the buyer says they paid, the difference in red', async () => {
  const page = await ctx.page({ viewport: { width: 1280, height: 900 } });
  await adminLogin(page);
  await page.goto(`${ADMIN_URL}/admin/purchaserequest?search1=${utr}`);
  const row = page.locator(ROW).filter({ hasText: utr });
  // The list: the amount due, and under it what the buyer says they paid with the difference.
  await row.getByTestId('list-paid').waitFor();
  assert.equal((await row.getByTestId('list-paid').textContent()).replace(/\s+/g, ' ').trim(), 'Paid ₹100.00 (₹2.00 short)');
  await row.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog');
  const fact = (label) => dialog.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  await dialog.getByRole('heading', { name: /Approve Purchase/ }).waitFor();
  assert.equal((await fact('Due (incl. fee)').textContent()).trim(), '₹102.00');
  assert.equal((await fact('Buyer says paid').textContent()).trim(), '₹100.00');
  const diff = dialog.getByTestId('review-difference');
  assert.equal((await diff.textContent()).trim(), '₹2.00 short');
  assert.match(await diff.evaluate((el) => getComputedStyle(el).color), /^rgb\((1[5-9]\d|2\d\d), \d{1,2}, \d{1,2}\)$/, 'the difference is red');
  assert.equal(await dialog.getByText('Amount entered').count(), 0);
  await screenshot(page, 'user-journey-admin-paid-amount');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  assert.deepEqual(page.problems, []);
});

test('manual payment goes to Pending without a receipt', async () => {
  const page = await signedInPage();
  await page.goto(`${USER_URL}/user/buy-token`);
  await page.getByLabel('Amount (INR)').fill('50');
  await page.getByRole('button', { name: 'BUY NOW' }).click();
  await page.waitForURL(/\/user\/payment\?/);
  await page.getByRole('tab', { name: 'Manual' }).click();
  await page.getByRole('button', { name: 'Confirm Payment' }).click();
  await toast(page, 'Please agree to the privacy policy to proceed.');
  await page.getByLabel(/I agree to the/).check();
  await screenshot(page, 'user-payment-manual-desktop');
  await page.getByRole('button', { name: 'Confirm Payment' }).click();
  await toast(page, 'MANUAL payment submitted successfully.');
  await page.waitForURL(/\/user\/buy-token$/);
  await page.goto(`${USER_URL}/user/payment-history`);
  await page.locator(ROW).filter({ hasText: 'Manual' }).filter({ hasText: '51.00' }).first().waitFor();
});

test('payment page without query parameters says so', async () => {
  const page = await signedInPage();
  await page.goto(`${USER_URL}/user/payment`);
  await page.getByText('Order details not found in URL.').waitFor();
});

test('profile: save needs the current password, then saves; avatar uploads on choice', async () => {
  const page = await signedInPage();
  await page.goto(`${USER_URL}/user/profile`);
  await page.getByRole('heading', { name: 'My Profile' }).waitFor();
  assert.equal(await page.getByLabel('Email').inputValue(), buyer.email);
  assert.ok(await page.getByLabel('Email').isDisabled());
  assert.ok(await page.getByLabel('Referral Code').isDisabled());
  await page.getByLabel('Name').fill('E2E Buyer Renamed');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await toast(page, 'Please enter you current password');
  await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: receiptPng(64, 64) });
  await toast(page, 'File uploaded successfully');
  await page.getByLabel('Current Password', { exact: true }).first().fill(buyer.password);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await toast(page, 'Profile updated successfully');
  await page.getByTestId('layout-name').getByText('E2E Buyer Renamed').waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll('aside img.pl-avatar')].some((i) => i.naturalWidth > 0));
  await screenshot(page, 'user-profile-desktop');
  assert.deepEqual(page.problems, []);
});

test('guards: /user needs a token, / and /register redirect a signed-in buyer', async () => {
  const anon = await ctx.page();
  await anon.goto(`${USER_URL}/user/dashboard`);
  await anon.waitForURL(`${USER_URL}/`);
  await anon.goto(`${USER_URL}/user/payment-history`);
  await anon.waitForURL(`${USER_URL}/`);

  const page = await signedInPage();
  await page.goto(`${USER_URL}/`);
  await page.waitForURL(/\/user\/dashboard$/);
  await page.goto(`${USER_URL}/register`);
  await page.waitForURL(/\/user\/dashboard$/);
  // History was replaced: going back does not land on /register.
  const backUrl = await page.goBack().then(() => page.url()).catch(() => page.url());
  assert.ok(!backUrl.endsWith('/register'), `back went to ${backUrl}`);
});

test('logout clears the token and returns to login', async () => {
  const page = await signedInPage();
  await page.goto(`${USER_URL}/user/dashboard`);
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${USER_URL}/`);
  assert.equal(await page.evaluate(() => localStorage.getItem('authToken')), null);
  await page.goto(`${USER_URL}/user/dashboard`);
  await page.waitForURL(`${USER_URL}/`);
});

test('forgot password end to end, then log in with the new password', async () => {
  const page = await ctx.page();
  await page.goto(`${USER_URL}/forgot-password`);
  await page.waitForURL(/\/fogot-password$/);
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await toast(page, 'Please enter your email address.');
  await page.getByLabel('Email').fill(buyer.email);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await page.getByLabel('Verification Code').waitFor();
  const otp = await waitForOtp(buyer.email, { since });
  const reset = page.getByRole('button', { name: 'Reset Password' });
  assert.ok(await reset.isDisabled());
  await page.getByLabel('Verification Code').fill(otp);
  await page.getByLabel('New Password', { exact: true }).fill('Changed@12345');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('Changed@1234');
  await page.getByText('New passwords do not match.').waitFor();
  assert.ok(await reset.isDisabled());
  await page.getByLabel('Confirm New Password', { exact: true }).fill('Changed@12345');
  await screenshot(page, 'user-forgot-password-desktop');
  await reset.click();
  await page.waitForURL(`${USER_URL}/`);
  buyer.password = 'Changed@12345';
  buyer.token = null;
  const again = await ctx.page();
  await login(again, buyer.email, buyer.password);
  buyer.token = await again.evaluate(() => localStorage.getItem('authToken'));
});

test('password change by emailed code, then sign in again', async () => {
  const page = await signedInPage();
  await page.goto(`${USER_URL}/user/profile`);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send Verification Code' }).click();
  await toast(page, 'OTP successfully send');
  const otp = await waitForOtp(buyer.email, { since });
  const form = page.getByRole('form', { name: 'Change password form' });
  await form.getByLabel('Verification Code').fill(otp);
  await form.getByLabel('Current Password', { exact: true }).fill(buyer.password);
  await form.getByLabel('New Password', { exact: true }).fill('Again@12345');
  await form.getByLabel('Confirm New Password', { exact: true }).fill('Again@12345');
  await form.getByRole('button', { name: 'Update Password' }).click();
  await toast(page, 'Password updated successfully');
  await page.waitForURL(`${USER_URL}/`);
  buyer.password = 'Again@12345';
  const again = await ctx.page();
  await login(again, buyer.email, buyer.password);
  buyer.token = await again.evaluate(() => localStorage.getItem('authToken'));
});

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test(`every buyer screen renders without overflow (${size})`, async () => {
    const pub = await ctx.page({ viewport });
    for (const [path, heading, name] of [
      ['/', 'Sign in', 'login'],
      ['/register', 'Request OTP', 'register'],
      ['/fogot-password', 'Forgot password', 'forgot-password'],
      ['/privacy-policy', 'Privacy Policy & Purchase Terms', 'privacy-policy'],
    ]) {
      await pub.goto(`${USER_URL}${path}`);
      await pub.getByRole('heading', { name: heading }).waitFor();
      assert.ok((await noHorizontalOverflow(pub)) <= 0, `${path} overflows at ${size}`);
      await screenshot(pub, `user-${name}-${size}`);
    }

    const page = await signedInPage(viewport);
    for (const [path, heading, name] of [
      ['/user/dashboard', 'Dashboard', 'dashboard'],
      ['/user/buy-token', 'Buy Token', 'buy-token'],
      ['/user/payment-history', 'Payment History', 'payment-history'],
      ['/user/profile', 'My Profile', 'profile'],
    ]) {
      await page.goto(`${USER_URL}${path}`);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      assert.ok((await noHorizontalOverflow(page)) <= 0, `${path} overflows at ${size}`);
      await screenshot(page, `user-${name}-${size}`);
    }
    await page.goto(`${USER_URL}/user/buy-token`);
    await page.getByLabel('Amount (INR)').fill('20');
    await page.getByRole('button', { name: 'BUY NOW' }).click();
    await page.waitForURL(/\/user\/payment\?/);
    await page.getByText('Transaction time').waitFor();
    await page.getByRole('tab', { name: 'UPI' }).click();
    await page.getByTestId('upi-qr').waitFor();
    assert.ok((await noHorizontalOverflow(page)) <= 0, `payment overflows at ${size}`);
    await screenshot(page, `user-payment-${size}`);
    if (size === 'mobile') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('link', { name: 'Payment History' }).waitFor();
      await page.waitForTimeout(400); // drawer slide-in
      await screenshot(page, 'user-menu-mobile');
      await page.getByRole('link', { name: 'Payment History' }).click();
      await page.waitForURL(/payment-history$/);
    }
    assert.deepEqual(page.problems, []);
  });
}
