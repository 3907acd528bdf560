// Issue 28 item 3: the payout details every buyer pays into change only with the admin's password
// and the account number typed twice, after a confirmation listing each change before → after;
// every admin of the company is emailed (account numbers masked) and Activity says "Changed payout
// details". At 1280 px (a wrong password first) and at 360 px (nothing changed, then the UPI id).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import { axeViolations } from '../lib/axe.mjs';
import { ROW, screenshot, useBrowser } from '../lib/browser.mjs';
import { ADMIN_URL } from '../lib/env.mjs';
import { readOutbox } from '../lib/mail.mjs';
import { adminCall, adminLogin, ADMIN_EMAIL, overflow, SEED_PASSWORD } from './admin-helpers.mjs';

const ctx = useBrowser({ before, after });
const stamp = String(Date.now()).slice(-7);
const admin = { email: `payout+${stamp}@e2e.test`, password: 'Payout-Pass-123', name: `Payout Admin ${stamp}` };
const PHONE = { width: 360, height: 740 };
// The apps' CSP blocks an inline script tag; a DevTools evaluation is not subject to it.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
async function axe(page) {
  await page.waitForTimeout(350); // the dialog's fade settles: axe reads computed colours
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.evaluate(AXE_SOURCE);
  return axeViolations(page);
}
const DESK = { width: 1280, height: 800 };

/** Waits for a payout notice to `to` sent since `since` whose text holds `needle`. */
async function waitForNotice(to, needle, since, timeoutMs = 20000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await readOutbox()).find(
      (m) =>
        String(m.to).toLowerCase() === to.toLowerCase() &&
        Date.parse(m.sentAt) >= since - 1000 &&
        String(m.subject).includes('payout details') &&
        String(m.text).includes(needle),
    );
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No payout notice to ${to} with "${needle}" within ${timeoutMs} ms`);
}

async function openEditor(page) {
  await page.goto(`${ADMIN_URL}/admin/beneficiary`);
  await page.getByRole('button', { name: 'Edit beneficiary' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Update Beneficiary' }).waitFor();
  return dialog;
}

test('a second admin of the demo company signs in', async () => {
  const owner = await adminCall('POST', '/api/v1/company/auth/login', { body: { email: ADMIN_EMAIL, password: SEED_PASSWORD } });
  await adminCall('POST', '/api/v1/admin/auth/add', {
    token: owner.data.token,
    body: { role: 'ADMIN', name: admin.name, mobile: `96${stamp}2`.slice(0, 10), email: admin.email, password: admin.password },
  });
});

test('at 1280 px: the account number twice, before → after, a wrong password refused, then changed and every admin emailed', async () => {
  const page = await ctx.page({ viewport: DESK });
  await adminLogin(page, admin.email, admin.password);
  const dialog = await openEditor(page);
  const oldBank = await dialog.getByLabel('Bank Name').inputValue();
  const account = `7${stamp}0042`;
  const bank = `Payout Bank ${stamp}`;
  await dialog.getByLabel('Bank Name').fill(bank);
  await dialog.getByLabel('Account Number', { exact: true }).fill(account);
  // The account number changed: typed again, and it must match.
  await dialog.getByRole('button', { name: 'Update' }).click();
  await dialog.getByText('Please type the account number again.').waitFor();
  await dialog.getByLabel('Confirm Account Number').fill(`${account.slice(0, -1)}3`);
  await dialog.getByRole('button', { name: 'Update' }).click();
  await dialog.getByText('Confirm account number does not match Account number.').waitFor();
  await dialog.getByLabel('Confirm Account Number').fill(account);
  await dialog.getByRole('button', { name: 'Update' }).click();

  // The confirmation: the two changed fields, before → after; Confirm waits for the password.
  const changes = dialog.getByRole('table', { name: 'Changes' });
  await changes.waitFor();
  const rows = changes.locator('tbody tr');
  assert.equal(await rows.count(), 2);
  assert.equal(await rows.nth(0).textContent(), `Bank Name${oldBank}${bank}`);
  assert.match(await rows.nth(1).textContent(), /^Account Number/);
  await changes.getByText(account.replace(/(\d{4})(?=\d)/g, '$1 ')).waitFor();
  const confirm = dialog.getByRole('button', { name: 'Confirm change' });
  assert.equal(await confirm.isDisabled(), true);
  await screenshot(page, 'payout-confirm-desktop');

  await dialog.getByLabel('Your current password').fill('Wrong-Pass-999');
  await confirm.click();
  await dialog.getByRole('alert').getByText('Current password is incorrect.').waitFor();
  await page.goto(`${ADMIN_URL}/admin/beneficiary`);
  await page.getByRole('heading', { name: 'Beneficiary Manage' }).waitFor();
  assert.equal(await page.getByText(bank).count(), 0, 'a wrong password changed nothing');

  const again = await openEditor(page);
  await again.getByLabel('Bank Name').fill(bank);
  await again.getByLabel('Account Number', { exact: true }).fill(account);
  await again.getByLabel('Confirm Account Number').fill(account);
  await again.getByRole('button', { name: 'Update' }).click();
  await again.getByLabel('Your current password').fill(admin.password);
  const since = Date.now();
  await again.getByRole('button', { name: 'Confirm change' }).click();
  await again.waitFor({ state: 'detached' });
  await page.getByText(bank).waitFor();
  await page.getByText(account).waitFor();
  assert.ok((await overflow(page)) <= 0, 'Beneficiary Manage overflows at 1280 px');

  // Every admin of the company is told: what, by whom; the account number masked.
  for (const to of [ADMIN_EMAIL, admin.email]) {
    const mail = await waitForNotice(to, bank, since);
    assert.ok(mail.text.includes(`••••${account.slice(-4)}`), mail.text);
    assert.ok(mail.text.includes(admin.email), mail.text);
    assert.ok(!`${mail.text} ${mail.html}`.includes(account), 'the full account number is never mailed');
  }

  // Activity says so, with the account number masked.
  await page.goto(`${ADMIN_URL}/admin/activity`);
  await page.getByRole('heading', { name: 'Activity', exact: true }).waitFor();
  const row = page.locator(ROW, { hasText: 'Changed payout details' }).filter({ hasText: admin.email }).first();
  await row.waitFor();
  await row.getByRole('button', { name: 'Show changes' }).click();
  const diff = page.getByRole('table', { name: /^Changes: Changed payout details/ });
  await diff.getByText(`••••${account.slice(-4)}`).waitFor();
  assert.ok(!(await diff.textContent()).includes(account), 'Activity never shows the full account number');
  assert.deepEqual(page.problems, []);
});

test('at 360 px: nothing changed says so; a new UPI id asks no second account number; the dialog fits', async () => {
  const page = await ctx.page({ viewport: PHONE });
  await adminLogin(page, admin.email, admin.password);
  let dialog = await openEditor(page);
  await dialog.getByRole('button', { name: 'Update' }).click();
  await dialog.getByRole('status').getByText('Nothing changed: these are already the payout details.').waitFor();
  assert.equal(await dialog.getByRole('table', { name: 'Changes' }).count(), 0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });

  dialog = await openEditor(page);
  const upi = `payout${stamp}@okaxis`;
  await dialog.getByLabel('UPI ID').fill(upi);
  assert.equal(await dialog.getByLabel('Confirm Account Number').count(), 0);
  await dialog.getByRole('button', { name: 'Update' }).click();
  await dialog.getByRole('table', { name: 'Changes' }).getByText(upi).waitFor();
  assert.ok((await overflow(page)) <= 0, 'the confirmation overflows at 360 px');
  await screenshot(page, 'payout-confirm-phone');
  assert.deepEqual(await axe(page), [], 'axe on the confirmation at 360 px');
  await dialog.getByLabel('Your current password').fill(admin.password);
  const since = Date.now();
  await dialog.getByRole('button', { name: 'Confirm change' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText(upi).waitFor();
  const mail = await waitForNotice(admin.email, upi, since);
  assert.match(mail.text, /UPI id: .+ → /);
  assert.deepEqual(page.problems, []);
});
