// An admin imports the bank's statement — each bank's download layout, CSV and XLSX —
// sees every credit line matched to the purchases buyers submitted, and approves the exact
// matches in one action.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { ROW, screenshot, useBrowser } from '../lib/browser.mjs';
import { adminCall, adminLogin, pendingPurchase, registerBuyer } from './admin-helpers.mjs';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'core', 'reconcile', 'testdata');
const ctx = useBrowser({ before, after });
const state = {};

/** The figure under a label of the import summary. */
async function stat(page, label) {
  return page.locator(`dl[aria-label="Import summary"] dt:text-is("${label}") + dd`).first().textContent();
}

async function importFile(page, name) {
  await page.locator('input[type=file]').setInputFiles(join(FIXTURES, name));
  await page.getByRole('heading', { name }).waitFor();
}

test('purchases waiting for review: two that the HDFC statement pays exactly, one that ICICI pays a different amount', async () => {
  const buyer = await registerBuyer('reconcile');
  state.buyer = buyer;
  // ₹1,500 and ₹10,000 of ACW at ₹10 with the 2 % fee: ₹1,530.00 and ₹10,200.00, as credited.
  state.upi = await pendingPurchase(buyer, 1500, '412345678911');
  state.neft = await pendingPurchase(buyer, 10000, 'SBINN62026110412');
  state.short = await pendingPurchase(buyer, 1500, '0412345678921'); // ICICI credits ₹2,040.00; a padded UTR
  const admin = await adminCall('POST', '/api/v1/company/auth/login', { body: { email: 'admin@demo.test', password: process.env.SEED_ADMIN_PASSWORD || 'Admin@12345' } });
  state.adminToken = admin.data.token;
});

test('the admin imports the HDFC statement: two exact matches, approved in one action', async () => {
  const page = await ctx.page();
  state.page = page;
  await adminLogin(page);
  await page.getByRole('link', { name: 'Reconciliation' }).click();
  await page.getByRole('heading', { name: 'Reconciliation' }).waitFor();
  await importFile(page, 'hdfc.csv');
  assert.equal(await stat(page, 'Credits'), '4'); // the withdrawal and the summary footer are skipped
  assert.equal(await stat(page, 'Matched'), '2');
  assert.equal(await stat(page, 'No UTR'), '1'); // the cash deposit
  await screenshot(page, 'reconcile-hdfc-summary');
  const lines = page.locator(ROW);
  await lines.filter({ hasText: '412345678911' }).getByRole('link', { name: `Open purchase ${state.upi.orderNumber}` }).waitFor();
  await page.getByRole('button', { name: 'Approve 2 matched' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Approve 2 matched purchases?').waitFor();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('status').getByText('Approved 2').waitFor();
  // One toast (the result), and nothing left to approve is a grey button, not a green "Approve 0".
  assert.equal(await page.locator('.Toastify__toast', { hasText: 'Approved 2' }).count(), 1);
  assert.equal(await page.locator('.Toastify__toast', { hasText: 'Matched purchases approved' }).count(), 0);
  assert.ok(await page.getByRole('button', { name: 'Nothing to approve' }).isDisabled());
  assert.equal(await page.getByRole('button', { name: /^Approve 0/ }).count(), 0);
  for (const o of [state.upi, state.neft]) {
    const list = await adminCall('GET', `/api/v1/admin/transaction/list?status=APPROVED&search=${o.orderNumber}`, { token: state.adminToken });
    assert.equal(list.data.records.length, 1, `${o.orderNumber} approved`);
  }
  const still = await adminCall('GET', `/api/v1/admin/transaction/list?status=PENDING&search=${state.short.orderNumber}`, { token: state.adminToken });
  assert.equal(still.data.records.length, 1, 'the mismatched purchase is still pending');
});

test('Purchase History exports the approved purchases as CSV, today only, with the filters on screen', async () => {
  const page = await ctx.page({ viewport: { width: 360, height: 780 } });
  await adminLogin(page);
  await page.goto(`${process.env.ADMIN_URL}/admin/purchaserequest?tab=history`);
  const today = new Date(Date.now() + 5.5 * 3600e3).toISOString().slice(0, 10); // an IST day
  await page.getByLabel('From date').fill(today);
  await page.getByLabel('To date').fill(today);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const csv = readFileSync(await download.path(), 'utf8');
  assert.ok(csv.startsWith('\uFEFFOrder Number,Created,Buyer Name,Email,Mobile,Member ID,Method'), csv.slice(0, 80));
  assert.match(download.suggestedFilename(), /^purchases-\d{4}-\d{2}-\d{2}\.csv$/);
  for (const o of [state.upi, state.neft]) assert.ok(csv.includes(o.orderNumber), `${o.orderNumber} in the export`);
  assert.ok(!csv.includes(state.short.orderNumber), 'a pending purchase is not in Purchase History');
  assert.ok(csv.includes('+05:30'), 'IST times');
  await screenshot(page, 'reconcile-history-export-360');
});

test('the same file again is refused, naming the earlier import', async () => {
  const page = state.page;
  await page.locator('input[type=file]').setInputFiles(join(FIXTURES, 'hdfc.csv'));
  await page.getByText(/This statement was already imported on .* as “hdfc\.csv”\./).first().waitFor();
});

const CREDITS = { sbi: '3', hdfc: '4', icici: '4', axis: '4', generic: '3' };
for (const bank of ['sbi', 'icici', 'axis', 'generic', 'hdfc']) {
  for (const ext of bank === 'hdfc' ? ['xlsx'] : ['csv', 'xlsx']) {
    test(`${bank.toUpperCase()} ${ext.toUpperCase()}: the bank's own layout reads to its credits`, async () => {
      const page = state.page;
      await importFile(page, `${bank}.${ext}`);
      assert.equal(await stat(page, 'Credits'), CREDITS[bank]);
      if (bank === 'icici' && ext === 'csv') {
        assert.equal(await stat(page, 'Amount mismatch'), '1');
        const row = page.locator(ROW).filter({ hasText: '412345678921' });
        await row.getByText(/2,040/).first().waitFor();
        // The mismatch offers Reject, its reason prefilled with the difference.
        await row.getByRole('button', { name: `Reject purchase ${state.short.orderNumber}` }).click();
        const dialog = page.getByRole('dialog');
        const reason = 'Payment over by ₹510.00: ₹2,040.00 reached our account against ₹1,530.00 due.';
        assert.equal(await dialog.getByLabel(/Reason/).inputValue(), reason);
        await screenshot(page, 'reconcile-reject-mismatch');
        await dialog.getByRole('button', { name: 'Reject' }).click();
        await dialog.waitFor({ state: 'detached' });
        const rejected = await adminCall('GET', `/api/v1/admin/transaction/list?status=REJECTED&search=${state.short.orderNumber}`, { token: state.adminToken });
        assert.equal(rejected.data.records[0]?.rejectReason, reason);
      }
      if (bank === 'hdfc') assert.equal(await stat(page, 'Matched'), '0'); // its two credits were approved from the CSV
    });
  }
}

test('an image is refused before sending; the import history lists every statement', async () => {
  const page = state.page;
  await page.locator('input[type=file]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('89504e47', 'hex') });
  await page.getByText('The statement must be a CSV or XLSX file.').first().waitFor();
  const history = await adminCall('GET', '/api/v1/admin/reconcile/list?limit=20', { token: state.adminToken });
  assert.equal(history.data.total, 10);
  assert.deepEqual(page.problems, []);
});
