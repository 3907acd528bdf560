// Security (issue 7, docs/security.md): hostile text stored as a buyer's name renders as text in
// both apps. The name carries an <img onerror> and a <script>; neither may become an element,
// neither may run (window.__xss stays undefined), and the exact characters must be on screen.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { screenshot, useBrowser } from '../lib/browser.mjs';
import { ADMIN_URL, USER_URL } from '../lib/env.mjs';
import { uniqueEmail, waitForOtp } from '../lib/mail.mjs';
import { adminLogin, search, userCall, ROW } from './admin-helpers.mjs';

const HOSTILE = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`;
const ctx = useBrowser({ before, after });
const state = {};

/** Registers a buyer named HOSTILE through the buyer API (mailed OTP) and signs them in. */
async function registerHostileBuyer() {
  const email = uniqueEmail('xss');
  const mobile = `97${String(Date.now()).slice(-8)}`;
  const { companyId } = (await userCall('GET', '/api/v1/user/site/get')).data;
  const since = Date.now();
  await userCall('POST', '/api/v1/user/auth/register/otp', { body: { companyId, name: HOSTILE, email, mobile } });
  const otp = await waitForOtp(email, { since });
  const password = 'Buyer-Pass-123';
  await userCall('POST', '/api/v1/user/auth/register', {
    body: { companyId, name: HOSTILE, mobile, email, otp, dateOfBirth: '1990-01-01', gender: 'male', pincode: '560001', password },
  });
  const login = await userCall('POST', '/api/v1/user/auth/login', { body: { companyId, user: email, password } });
  const profile = (await userCall('GET', '/api/v1/user/auth/profile/get', { token: login.data.token })).data;
  return { email, token: login.data.token, profile };
}

/** Nothing from the hostile name became markup, nothing ran, and the text is there verbatim. */
async function assertInert(page, where) {
  await page.waitForTimeout(300); // an injected <img src=x> would have failed and fired onerror by now
  const probe = await page.evaluate((hostile) => ({
    xss: typeof window.__xss,
    imgs: document.querySelectorAll('img[src="x"], img[onerror], [onerror]').length,
    scripts: [...document.querySelectorAll('script')].filter((s) => s.textContent.includes('__xss')).length,
    literal: document.body.innerText.includes(hostile),
  }), HOSTILE);
  assert.equal(probe.xss, 'undefined', `${where}: window.__xss was set: the name ran as script`);
  assert.equal(probe.imgs, 0, `${where}: an element with onerror (or img[src=x]) is in the DOM`);
  assert.equal(probe.scripts, 0, `${where}: a <script> from the name is in the DOM`);
  assert.ok(probe.literal, `${where}: the name is not shown literally as text`);
}

test('hostile buyer name is stored verbatim by the API', async () => {
  state.buyer = await registerHostileBuyer();
  assert.equal(state.buyer.profile.name, HOSTILE);
});

test('admin User Manage shows the hostile name as text; nothing from it runs', async () => {
  const page = await ctx.page();
  await adminLogin(page);
  await page.goto(`${ADMIN_URL}/admin/usermanage`);
  await page.getByRole('heading', { name: 'User Manage' }).waitFor();
  await search(page, state.buyer.email);
  const row = page.locator(ROW, { hasText: state.buyer.email });
  try {
    await row.waitFor({ timeout: 4000 });
  } catch {
    // Not in "Waiting For Verification": a registered buyer may count as verified.
    await page.getByLabel('Status').selectOption('verified');
    await row.waitFor();
  }
  assert.equal(await row.count(), 1);
  assert.ok((await row.innerText()).includes(HOSTILE), 'the row shows the name literally');
  await assertInert(page, 'admin user list');
  // The edit dialog puts the name into an input's value: still text.
  await row.getByRole('button', { name: /^Edit / }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  const values = await dialog.locator('input').evaluateAll((els) => els.map((e) => e.value));
  assert.ok(values.includes(HOSTILE), 'the edit dialog holds the name as an input value');
  await assertInert(page, 'admin edit dialog');
  await screenshot(page, 'security-escaping-admin');
  assert.deepEqual(page.problems, []);
});

test('buyer layout and profile show the hostile name as text; nothing from it runs', async () => {
  const page = await ctx.page();
  await page.context().addInitScript((token) => localStorage.setItem('authToken', token), state.buyer.token);
  await page.goto(`${USER_URL}/user/dashboard`);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  const layoutName = page.getByTestId('layout-name');
  await layoutName.getByText(HOSTILE, { exact: true }).waitFor();
  await assertInert(page, 'buyer layout');

  await page.goto(`${USER_URL}/user/profile`);
  await page.getByLabel('Name').waitFor();
  await page.waitForFunction((hostile) => document.querySelector('input[name="name"]')?.value === hostile, HOSTILE);
  await page.getByText(HOSTILE, { exact: true }).first().waitFor();
  await assertInert(page, 'buyer profile');
  await screenshot(page, 'security-escaping-buyer');
  assert.deepEqual(page.problems, []);
});
