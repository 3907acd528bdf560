// The buyer site as a first-time visitor and a new buyer meet it, at 360 px first and at 1280 px:
// the first screen shows the sale with Register and Sign in; no number breaks across lines; one
// order however fast BUY NOW is pressed, with no error; the amount to pay sits beside the details
// it is paid to; the history opens on All.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { screenshot, useBrowser } from '../lib/browser.mjs';
import { USER_URL } from '../lib/env.mjs';
import { registerBuyer } from './admin-helpers.mjs';

const ctx = useBrowser({ before, after });
const SIZES = { 360: { width: 360, height: 740 }, 1280: { width: 1280, height: 800 } };

let buyer;
before(async () => {
  buyer = await registerBuyer('first');
});

/** Every number on screen (4+ characters: 1,000 or ₹20.00) that the layout split over two lines. */
function brokenNumbers(page) {
  return page.evaluate(() => {
    const broken = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || !el.offsetParent || el.closest('.Toastify, script, style')) continue;
      for (const m of node.data.matchAll(/₹?\d[\d,]*(?:\.\d+)?/g)) {
        if (m[0].length < 4) continue;
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(m[0]);
      }
    }
    return broken;
  });
}

async function signedIn(viewport) {
  const page = await ctx.page({ viewport });
  await page.goto(`${USER_URL}/privacy-policy`);
  await page.evaluate((t) => localStorage.setItem('authToken', t), buyer.token);
  return page;
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`the first screen shows the sale with Register and Sign in, not "Welcome back" (${size} px)`, async () => {
    const page = await ctx.page({ viewport });
    await page.goto(`${USER_URL}/`);
    const sale = page.getByTestId('landing-sale');
    await sale.getByTestId('landing-price').getByText('₹10.00').waitFor();
    await sale.getByTestId('landing-opening').waitFor();
    assert.equal(await page.getByText('Welcome back').count(), 0);
    // Price, status and both ways in are on the first screen, before any scrolling.
    for (const el of [sale.getByTestId('landing-price'), sale.getByRole('link', { name: 'Register' }), sale.getByRole('button', { name: 'Sign in' })]) {
      const box = await el.boundingBox();
      assert.ok(box && box.y + box.height <= viewport.height, `${await el.textContent()} is below the fold at ${size}`);
    }
    assert.deepEqual(await brokenNumbers(page), []);
    await screenshot(page, `buyer-first-screen-${size}`);
    await sale.getByRole('button', { name: 'Sign in' }).click();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'email');
    await sale.getByRole('link', { name: 'Register' }).click();
    await page.waitForURL(/\/register$/);
    assert.deepEqual(page.problems, []);
  });

  test(`one order however fast BUY NOW is pressed; the amount due beside the payment details (${size} px)`, async () => {
    const page = await signedIn(viewport);
    const orders = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/user/package/order') orders.push(r);
    });
    await page.goto(`${USER_URL}/user/buy-token`);
    await page.getByTestId('price').getByText('₹10.00').waitFor();
    assert.deepEqual(await brokenNumbers(page), []);
    await page.getByLabel('Amount (INR)').fill('100');
    await page.getByTestId('quantity').getByText('10 ACW').waitFor();
    assert.equal(await page.getByText(/approx/i).count(), 0);
    await page.getByRole('button', { name: 'BUY NOW' }).dblclick();
    await page.waitForURL(/\/user\/payment\?purchaseId=/);
    await page.getByText('Account Holder').waitFor();
    await page.waitForTimeout(500);
    assert.equal(orders.length, 1, `BUY NOW sent ${orders.length} orders`);
    assert.equal(await page.locator('.Toastify__toast--error').count(), 0);

    const due = page.getByTestId('amount-due');
    await due.getByText('₹102.00').waitFor();
    const dueBox = await due.boundingBox();
    assert.ok(dueBox.y + dueBox.height <= viewport.height, `the amount to pay is below the fold at ${size}`);
    await page.getByRole('button', { name: 'I have paid — add proof' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Make Payment' }).count(), 0);
    assert.deepEqual(await brokenNumbers(page), []);
    await screenshot(page, `buyer-payment-amount-due-${size}`);

    await page.goto(`${USER_URL}/user/payment-history`);
    assert.equal(await page.getByLabel('Status').inputValue(), '');
    await page.locator('tbody tr, li.pl-row-card').filter({ hasText: 'INITIATED' }).first().waitFor();
    assert.equal(await page.getByText('No payment history found.').count(), 0);
    await page.goto(`${USER_URL}/user/dashboard`);
    await page.getByTestId('sale-state').waitFor();
    assert.deepEqual(await brokenNumbers(page), []);
    await screenshot(page, `buyer-dashboard-${size}`);
    assert.deepEqual(page.problems, []);
  });
}
