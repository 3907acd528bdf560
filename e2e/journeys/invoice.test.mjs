// In the browser: the admin sets the company's GSTIN on Token Settings; an approval issues the
// tax invoice; the admin finds it on Tax Invoices; the buyer, at 360 px, downloads it from Payment
// History and the year's statement (PDF and CSV) from Statements. axe: no serious or critical
// violation on either buyer screen. The GSTIN is cleared afterwards.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import { axeViolations } from '../lib/axe.mjs';
import { useBrowser } from '../lib/browser.mjs';
import { USER_URL } from '../lib/env.mjs';
import { ADMIN_EMAIL, adminCall, adminLogin, overflow, pendingPurchase, registerBuyer, SEED_PASSWORD } from './admin-helpers.mjs';

const ctx = useBrowser({ before, after });
// The apps' CSP blocks an injected script tag; a DevTools evaluation is not subject to it.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function axe(page) {
  await page.waitForLoadState('networkidle');
  // The pointer still rests on the last button clicked (a download): move it away and let the
  // hover colours' transition end, since axe measures the contrast of the colours of the moment
  // (mid-transition, an outline button once measured below 4.5:1 on a loaded machine).
  await page.mouse.move(0, 0);
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.evaluate(AXE_SOURCE);
  return axeViolations(page);
}
const state = {};

function financialYear(at = new Date()) {
  const ist = new Date(at.getTime() + 330 * 60_000);
  const start = ist.getUTCMonth() < 3 ? ist.getUTCFullYear() - 1 : ist.getUTCFullYear();
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

before(async () => {
  const login = await adminCall('POST', '/api/v1/company/auth/login', { body: { email: ADMIN_EMAIL, password: SEED_PASSWORD } });
  state.adminToken = login.data.token;
  state.buyer = await registerBuyer('invoice');
});

after(async () => {
  if (state.adminToken) {
    await adminCall('PUT', '/api/v1/admin/token/update', { token: state.adminToken, body: { tax: { gstin: '', legalName: '' } } });
  }
});

test('the admin sets the GSTIN and an approval issues the invoice', async () => {
  const page = await ctx.page();
  await adminLogin(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Token Settings' }).click();
  await page.waitForURL(/\/admin\/token$/);
  await page.getByText('No GSTIN is set, so no tax invoices are issued.', { exact: false }).waitFor();
  await page.getByLabel('GSTIN').fill('27AAPFU0939F1ZW');
  await page.getByLabel('Legal name').fill('Demo Platform Pvt Ltd');
  await page.getByLabel('Supplier address (printed on invoices)').fill('1 Marine Drive, Mumbai 400001');
  const saveForm = page.getByRole('form', { name: 'Token settings' }).getByRole('button', { name: 'Save' });
  await saveForm.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await page.getByText('GSTIN check character does not match; please check the number.').first().waitFor();
  // The confirmation closes (and fades out) before the form is saved again.
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByLabel('GSTIN').fill('27AAPFU0939F1ZV');
  await saveForm.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await page.getByText('A GST tax invoice of the platform charge is issued at each approval', { exact: false }).waitFor();

  const order = await pendingPurchase(state.buyer, 1000);
  state.order = order;
  await adminCall('POST', '/api/v1/admin/transaction/approve', { token: state.adminToken, body: { id: order.id } });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tax Invoices' }).click();
  await page.waitForURL(/\/admin\/invoices$/);
  await page.getByText(order.orderNumber).first().waitFor();
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^Download INV\// }).first().click()]);
  assert.match(pdf.suggestedFilename(), /^INV-\d{4}-\d{2}-\d{6}\.pdf$/);
  assert.deepEqual(page.problems, []);
});

test('the buyer downloads the invoice and the statement at 360 px', async () => {
  const page = await ctx.page({ viewport: { width: 360, height: 780 } });
  await page.context().addInitScript((token) => localStorage.setItem('authToken', token), state.buyer.token);
  await page.goto(`${USER_URL}/user/payment-history`);
  const invoiceButton = page.getByRole('button', { name: /^Download invoice INV\// }).first();
  await invoiceButton.waitFor();
  const [inv] = await Promise.all([page.waitForEvent('download'), invoiceButton.click()]);
  assert.match(inv.suggestedFilename(), /^INV-\d{4}-\d{2}-\d{6}\.pdf$/);
  assert.ok(readFileSync(await inv.path()).subarray(0, 5).toString() === '%PDF-', 'the invoice is a PDF');
  assert.ok((await overflow(page)) <= 0, 'Payment History fits 360 px');
  await page.waitForLoadState('networkidle');
  assert.deepEqual(await axe(page), [], 'axe on Payment History at 360 px');

  // The menu at 360 px: open it, then Statements.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Statements' }).first().click();
  await page.waitForURL(/\/user\/statements$/);
  await page.getByRole('heading', { name: 'Statements', level: 1 }).waitFor();
  const fy = financialYear();
  assert.equal(await page.getByLabel('Financial year').inputValue(), fy);
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  assert.equal(pdf.suggestedFilename(), `statement-${fy}.pdf`);
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  assert.equal(csv.suggestedFilename(), `statement-${fy}.csv`);
  const text = readFileSync(await csv.path(), 'utf8');
  assert.ok(text.includes(state.order.orderNumber) && text.includes('APPROVED') && text.includes('INV/'), text);
  assert.ok((await overflow(page)) <= 0, 'Statements fits 360 px');
  assert.deepEqual(await axe(page), [], 'axe on Statements at 360 px');
  assert.deepEqual(page.problems, []);
});
