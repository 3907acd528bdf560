// For the buyer: whole tokens, one Idempotency-Key per intent, open orders never lost
// (Continue payment, cancel with a confirmation), the panel after a submission, cards on phones.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { screenshot, useBrowser, ROW } from '../lib/browser.mjs';
import { USER_URL } from '../lib/env.mjs';
import { registerBuyer } from './admin-helpers.mjs';

const ctx = useBrowser({ before, after });
let buyer;

before(async () => {
  buyer = await registerBuyer('orders');
});

async function signedIn(viewport) {
  const page = await ctx.page(viewport ? { viewport } : undefined);
  await page.goto(`${USER_URL}/privacy-policy`);
  await page.evaluate((t) => localStorage.setItem('authToken', t), buyer.token);
  const keys = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/package\/(order|purchase)$/.test(new URL(r.url()).pathname)) {
      keys.push({ path: new URL(r.url()).pathname, key: r.headers()['idempotency-key'], body: r.postData() });
    }
  });
  page.keys = keys;
  return page;
}

async function toast(page, text) {
  await page.locator('.Toastify').getByText(text, { exact: true }).first().waitFor();
}

test('whole tokens, Continue payment from history, cancel the order with a confirmation', async () => {
  const page = await signedIn();
  await page.goto(`${USER_URL}/user/buy-token`);
  await page.getByTestId('price').getByText('₹10.00').waitFor();
  const supplyBefore = (await page.getByTestId('supply').textContent()).trim();
  const amount = page.getByLabel('Amount (INR)');
  await amount.fill('5');
  await page.getByTestId('whole-tokens').getByText('₹5.00 would not buy a whole ACW token').waitFor();
  assert.equal(await page.getByRole('button', { name: 'BUY NOW' }).isDisabled(), true);
  await amount.fill('105');
  await page.getByTestId('whole-tokens').getByText('₹100.00 buys 10 ACW; ₹5.00 would not buy a whole token').waitFor();
  await page.getByRole('button', { name: 'BUY NOW' }).click();
  await page.waitForURL(/\/user\/payment\?purchaseId=[^&]+&purchaseAmount=100$/);
  assert.equal(page.keys.length, 1);
  assert.match(page.keys[0].key, /^[0-9a-f-]{32,36}$/);
  assert.deepEqual(JSON.parse(page.keys[0].body), { amount: 100 });
  await page.getByText(/^Time left/).waitFor();
  const orderNumber = (await page.getByTestId('order-number').textContent()).trim();
  assert.match(orderNumber, /^PUR-/);

  // Leave it open: history says so and offers Continue payment.
  await page.goto(`${USER_URL}/user/payment-history`);
  const open = page.getByTestId('open-orders');
  await open.getByText(orderNumber).waitFor();
  await screenshot(page, 'user-history-open-order-desktop');
  await page.getByLabel('Status').selectOption('INITIATED');
  const row = page.locator(ROW).filter({ hasText: orderNumber });
  await row.getByText('INITIATED').waitFor();
  // At 1280 px (the common laptop, beside the sidebar) and 1440 px no column or button of the
  // history table is clipped or hidden under the pinned Actions column.
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    const hidden = await page.locator('.table-responsive').evaluate((el) => el.scrollWidth - el.clientWidth);
    assert.ok(hidden <= 0, `history table scrolls by ${hidden}px at ${width}`);
    await screenshot(page, `user-history-initiated-${width}`);
  }
  await row.getByRole('link', { name: `Continue payment for order ${orderNumber}` }).click();
  await page.waitForURL(/\/user\/payment\?purchaseId=/);
  assert.equal((await page.getByTestId('order-number').textContent()).trim(), orderNumber);

  // Cancel asks first — Keep order / Cancel order — and says nothing until the order is cancelled.
  await page.getByText('Account Holder').waitFor();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: `Cancel order ${orderNumber}?` }).waitFor();
  const labels = (await dialog.locator('.modal-footer button').allTextContents()).map((t) => t.trim());
  assert.deepEqual(labels, ['Keep order', 'Cancel order']);
  assert.equal(await page.locator('.Toastify').getByText(/Payment process cancelled/).count(), 0);
  await screenshot(page, 'user-cancel-order-desktop');
  await dialog.getByRole('button', { name: 'Keep order', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  assert.match(page.url(), /\/user\/payment\?/);
  assert.equal(await page.locator('.Toastify').getByText(/Payment process cancelled/).count(), 0);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel order', exact: true }).click();
  await toast(page, `Payment process cancelled. Order ${orderNumber} is cancelled.`);
  await page.waitForURL(/\/user\/buy-token$/);
  // The cancelled order's tokens are on sale again at once, without a reload.
  assert.equal((await page.getByTestId('supply').textContent()).trim(), supplyBefore);

  await page.goto(`${USER_URL}/user/payment-history`);
  await page.getByLabel('Status').selectOption('');
  await page.locator(ROW).filter({ hasText: orderNumber }).getByText('CANCELLED').waitFor();
  assert.equal(await page.getByTestId('open-orders').count(), 0);
  assert.deepEqual(page.problems, []);
});

test('after a manual confirmation Buy Token shows the order number, what happens next and a link to history', async () => {
  const page = await signedIn();
  await page.goto(`${USER_URL}/user/buy-token`);
  await page.getByLabel('Amount (INR)').fill('30');
  await page.getByRole('button', { name: 'BUY NOW' }).click();
  await page.waitForURL(/\/user\/payment\?/);
  const orderNumber = (await page.getByTestId('order-number').textContent()).trim();
  await page.getByRole('tab', { name: 'Manual' }).click();
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Confirm Payment' }).click();
  await toast(page, 'MANUAL payment submitted successfully.');
  await page.waitForURL(/\/user\/buy-token$/);
  const panel = page.getByTestId('submitted-panel');
  assert.equal((await panel.getByTestId('submitted-order').textContent()).trim(), orderNumber);
  await panel.getByText('What happens next').waitFor();
  await screenshot(page, 'user-submitted-panel-desktop');
  const purchase = page.keys.find((k) => k.path.endsWith('/purchase'));
  assert.match(purchase.key, /^[0-9a-f-]{32,36}$/);
  await panel.getByRole('link', { name: 'Track it in your order history' }).click();
  await page.waitForURL(/payment-history$/);
  const row = page.locator(ROW).filter({ hasText: orderNumber });
  await row.getByText('PENDING').waitFor();
  await row.getByText('₹30.60').waitFor();
  assert.deepEqual(page.problems, []);
});

test('on a phone history rows are cards with status, amount and actions; an open order says Continue payment', async () => {
  const page = await signedIn({ width: 360, height: 740 });
  await page.goto(`${USER_URL}/user/buy-token`);
  await page.getByLabel('Amount (INR)').fill('20');
  await page.getByRole('button', { name: 'BUY NOW' }).click();
  await page.waitForURL(/\/user\/payment\?/);
  const orderNumber = (await page.getByTestId('order-number').textContent()).trim();
  await page.getByText('Account Holder').waitFor();
  await page.getByRole('button', { name: 'Copy Account Number' }).waitFor();
  await page.getByRole('tab', { name: 'UPI' }).click();
  assert.match(await page.getByRole('link', { name: 'Pay with UPI app' }).getAttribute('href'), /^upi:\/\/pay\?pa=/);
  await screenshot(page, 'user-payment-upi-360');

  await page.goto(`${USER_URL}/user/payment-history`);
  await page.getByLabel('Status').selectOption('');
  const cards = page.getByRole('list', { name: 'Payments' });
  const card = cards.getByRole('listitem').filter({ hasText: orderNumber });
  await card.getByText('INITIATED').waitFor();
  await card.getByText('₹20.40').waitFor();
  assert.equal(await card.getByRole('link', { name: `Continue payment for order ${orderNumber}` }).isVisible(), true);
  assert.equal(await card.getByRole('button', { name: /View payment/ }).isVisible(), true);
  assert.equal(await page.getByRole('table').count(), 0);
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)) <= 0);
  await screenshot(page, 'user-history-cards-360');
  assert.deepEqual(page.problems, []);
});
