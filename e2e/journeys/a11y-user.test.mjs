// Accessible: axe-core finds no serious or critical violation on any buyer screen, at
// 360 and 1440 px (and 768 px, the card/table switch). Also: the phone menu closes on Escape, and
// the payment tabs follow the arrow keys.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { axeViolations } from '../lib/axe.mjs';
import { launchBrowser, screenshot } from '../lib/browser.mjs';
import { USER_URL } from '../lib/env.mjs';
import { pendingPurchase, registerBuyer, userCall } from './admin-helpers.mjs';

// The app's Content-Security-Policy (script-src 'self') would block the injected axe script, so these
// pages bypass CSP; the app itself is unchanged.
let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});
const ctx = {
  async page({ viewport }) {
    const context = await browser.newContext({ viewport, bypassCSP: true });
    const page = await context.newPage();
    page.setDefaultTimeout(15000);
    page.problems = [];
    page.on('pageerror', (err) => page.problems.push(`pageerror: ${err.message}`));
    return page;
  },
};
const SIZES = { 360: { width: 360, height: 740 }, 768: { width: 768, height: 1024 }, 1440: { width: 1440, height: 900 } };

let buyer;
let open; // an INITIATED order for the payment page

before(async () => {
  buyer = await registerBuyer('a11y');
  await pendingPurchase(buyer, 1000);
  open = (await userCall('POST', '/api/v1/user/package/order', { token: buyer.token, body: { amount: 500 } })).data;
});

/** Runs axe on the page as it is and records its serious and critical violations under `name`. */
async function check(page, found, name, size) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300); // modals and drawers finish their transitions
  const v = await axeViolations(page);
  found.push(...v.map((x) => `${name} @${size}: ${x}`));
  console.log(`axe ${name} @${size}: ${v.length} serious/critical`);
  await screenshot(page, `a11y-user-${name}-${size}`);
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`no serious or critical axe violation on any buyer screen at ${size} px`, async () => {
    const found = [];
    const pub = await ctx.page({ viewport });
    for (const [path, heading, name] of [
      ['/', 'Sign in', 'login'],
      ['/register', 'Request OTP', 'register'],
      ['/fogot-password', 'Forgot password', 'forgot-password'],
      ['/privacy-policy', 'Privacy Policy & Purchase Terms', 'privacy-policy'],
      ['/no-such-page', 'Page not found', 'not-found'],
    ]) {
      await pub.goto(`${USER_URL}${path}`);
      await pub.getByRole('heading', { name: heading }).waitFor();
      await check(pub, found, name, size);
    }

    const page = await ctx.page({ viewport });
    await page.goto(`${USER_URL}/privacy-policy`);
    await page.evaluate((t) => localStorage.setItem('authToken', t), buyer.token);
    for (const [path, heading, name] of [
      ['/user/dashboard', 'Dashboard', 'dashboard'],
      ['/user/buy-token', 'Buy Token', 'buy-token'],
      ['/user/profile', 'My Profile', 'profile'],
    ]) {
      await page.goto(`${USER_URL}${path}`);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await check(page, found, name, size);
    }
    // Buy Token with an amount typed: the quantity, fee, total and the whole-token sentence.
    await page.goto(`${USER_URL}/user/buy-token`);
    await page.getByLabel('Amount (INR)').fill('1005');
    await page.getByTestId('whole-tokens').waitFor();
    await check(page, found, 'buy-token-amount', size);

    // The phone menu open (below 992 px the sidebar is a drawer behind the menu button).
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    if (await menuButton.isVisible()) {
      await menuButton.click();
      await page.locator('#pl-drawer').getByRole('link', { name: 'Payment History' }).waitFor();
      await check(page, found, 'phone-menu', size);
      await page.keyboard.press('Escape');
    }

    await page.goto(`${USER_URL}/user/payment?purchaseId=${open.id}&purchaseAmount=${open.amount}`);
    await page.getByText('Account Holder').waitFor();
    await check(page, found, 'payment-bank', size);
    await page.getByRole('tab', { name: 'UPI' }).click();
    await page.getByTestId('upi-qr').waitFor();
    await check(page, found, 'payment-upi', size);

    // After a manual confirmation: Buy Token with the submitted panel.
    const fresh = (await userCall('POST', '/api/v1/user/package/order', { token: buyer.token, body: { amount: 100 } })).data;
    await page.goto(`${USER_URL}/user/payment?purchaseId=${fresh.id}&purchaseAmount=${fresh.amount}`);
    await page.getByRole('tab', { name: 'Manual' }).click();
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Confirm Payment' }).click();
    await page.getByTestId('submitted-panel').waitFor();
    await check(page, found, 'submitted-panel', size);

    await page.goto(`${USER_URL}/user/payment-history`);
    await page.getByRole('heading', { name: 'Payment History', exact: true }).waitFor();
    await page.getByRole('button', { name: /View payment/ }).first().waitFor();
    await check(page, found, 'payment-history', size);
    await page.getByRole('button', { name: /View payment/ }).first().click();
    await page.getByRole('dialog').getByText('View Payment Receipt').waitFor();
    await check(page, found, 'receipt-modal', size);

    assert.deepEqual(found, []);
    assert.deepEqual([...pub.problems, ...page.problems], []);
  });
}

test('the phone menu traps focus and closes on Escape; payment tabs follow the arrow keys', async () => {
  const page = await ctx.page({ viewport: SIZES[360] });
  await page.goto(`${USER_URL}/privacy-policy`);
  await page.evaluate((t) => localStorage.setItem('authToken', t), buyer.token);
  await page.goto(`${USER_URL}/user/payment?purchaseId=${open.id}&purchaseAmount=${open.amount}`);
  await page.getByText('Account Holder').waitFor();

  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await menuButton.click();
  const drawer = page.locator('#pl-drawer');
  await page.getByRole('link', { name: 'Payment History' }).waitFor();
  assert.equal(await drawer.evaluate((d) => d.contains(document.activeElement)), true, 'focus moves into the menu');
  for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
  assert.equal(await drawer.evaluate((d) => d.contains(document.activeElement)), true, 'Tab stays inside the open menu');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => getComputedStyle(document.getElementById('pl-drawer')).visibility === 'hidden');
  assert.equal(await menuButton.evaluate((b) => b === document.activeElement), true, 'focus returns to the menu button');

  const banking = page.getByRole('tab', { name: 'Banking' });
  await banking.focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.getByRole('tab', { name: 'UPI' }).getAttribute('aria-selected'), 'true');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'UPI');
  await page.keyboard.press('End');
  assert.equal(await page.getByRole('tab', { name: 'Manual' }).getAttribute('aria-selected'), 'true');
  await page.keyboard.press('ArrowRight');
  assert.equal(await banking.getAttribute('aria-selected'), 'true');
  assert.deepEqual(page.problems, []);
});
