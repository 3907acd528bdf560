// A round sold by requests (docs/decisions/0014), in a company of its own (a round whose request
// window has opened cannot be removed, and token-settings.test.mjs removes every round of the demo
// company). Its admin sets the round up on Token Settings at 1440 px; three buyers at 360 px make,
// change and withdraw requests while the admin watches them come in; the window closes and the
// worker allocates; a buyer pays exactly the allocation (another amount is refused with the amount
// due), another lets theirs lapse, and the admin's second pass shares what came back. The clock is
// moved through psql (the window's start and close, a pay-by), never through the product.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { axeViolations } from '../lib/axe.mjs';
import { screenshot, useBrowser } from '../lib/browser.mjs';
import { ADMIN_URL, SCREENSHOT_DIR, USER_URL } from '../lib/env.mjs';
import { readOutbox, waitForOtp } from '../lib/mail.mjs';
import { adminCall, adminLogin, overflow } from './admin-helpers.mjs';

const DOMAIN = 'e2e-requests.test';
const ctx = useBrowser({ before, after, args: [`--host-resolver-rules=MAP *.${DOMAIN} 127.0.0.1`] });
const SUPER = 'requests@demo.test'; // a super admin of its own (scripts/e2e.sh), for the OTP limits
const W360 = { width: 360, height: 780 };
const W1440 = { width: 1440, height: 900 };
const port = new URL(USER_URL).port;
const stamp = String(Date.now()).slice(-6);
const company = {
  name: `Requests Co ${stamp}`,
  email: `owner+${stamp}@e2e.test`,
  password: 'Requests-Owner-123',
  symbol: `Q${stamp.slice(-4)}`,
  host: `req${stamp}.${DOMAIN}`,
};
const site = `http://${company.host}:${port}`;
const ROUND = 'Launch round';
// The apps' CSP blocks an injected script tag; a DevTools evaluation is not subject to it.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const state = {};

/** A JSON call to bff-user as the company's own host (Node's http lets the Host header through). */
function siteCall(method, path, { token, body } = {}) {
  const data = body === undefined ? undefined : JSON.stringify(body);
  const headers = { Host: `${company.host}:${port}` };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (data) Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) });
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => {
        const json = text ? JSON.parse(text) : null;
        if (res.statusCode >= 300 || json?.status === false) reject(new Error(`${method} ${path} → ${res.statusCode} ${JSON.stringify(json?.message ?? json)}`));
        else resolve(json);
      });
    });
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

/** One statement through psql on the journeys' database (scripts/e2e.sh exports DATABASE_URL). */
function psql(sql) {
  return execFileSync('psql', ['-qtAX', process.env.DATABASE_URL, '-c', sql], { encoding: 'utf8' }).trim();
}

async function until(what, check, timeoutMs = 15000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function axe(page, name, width) {
  await page.waitForLoadState('networkidle');
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.evaluate(AXE_SOURCE);
  const found = await axeViolations(page);
  console.log(`axe ${width}px ${name}: ${found.length}${found.length ? `\n  ${found.join('\n  ')}` : ''}`);
  return found;
}

/** The allocation panel's tables fit their boxes: no column hidden until scrolled sideways. */
async function assertAllocationFits(page) {
  const over = await page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="round-allocation"] .table-responsive')].map((el) => el.scrollWidth - el.clientWidth),
  );
  assert.ok(over.length > 0, 'the allocation panel shows its tables');
  assert.deepEqual(over.filter((o) => o > 1), [], `allocation tables wider than their boxes: ${over.join(', ')} px`);
}

async function toast(page, text) {
  await page.locator('.Toastify').getByText(text, { exact: true }).first().waitFor();
}

async function registerBuyer(name, companyId) {
  const email = `${name.split(' ')[0].toLowerCase()}+${stamp}@e2e.test`;
  const mobile = `97${stamp}${String(Object.keys(state.buyers ?? {}).length).padStart(2, '0')}`;
  const since = Date.now();
  await siteCall('POST', '/api/v1/user/auth/register/otp', { body: { companyId, name, email, mobile } });
  const otp = await waitForOtp(email, { since });
  const password = 'Buyer-Pass-123';
  await siteCall('POST', '/api/v1/user/auth/register', {
    body: { companyId, name, mobile, email, otp, dateOfBirth: '1990-01-01', gender: 'female', pincode: '560001', password },
  });
  const login = await siteCall('POST', '/api/v1/user/auth/login', { body: { companyId, user: email, password } });
  return { name, email, token: login.data.token };
}

async function buyerPage(buyer) {
  const page = await ctx.page({ viewport: W360 });
  await page.goto(`${site}/privacy-policy`);
  await page.evaluate((t) => localStorage.setItem('authToken', t), buyer.token);
  await page.goto(`${site}/user/buy-token`);
  await page.getByTestId('request-panel').waitFor();
  return page;
}

const requestView = (buyer) => siteCall('GET', `/api/v1/user/package/request/get?roundId=${state.roundId}`, { token: buyer.token });

before(async () => {
  // The super admin adds the company on a host of its own; its admin sets the payment details and opens the sale.
  const since = Date.now();
  await adminCall('GET', `/api/v1/superadmin/auth/login/email/otp?email=${encodeURIComponent(SUPER)}`);
  const otp = await waitForOtp(SUPER, { since });
  const sa = (await adminCall('POST', '/api/v1/superadmin/auth/login/verify', { body: { email: SUPER, otp } })).data.token;
  await adminCall('POST', '/api/v1/superadmin/company/add', {
    token: sa,
    body: {
      companyName: company.name, email: company.email, mobile: '9000012345', companyAadhaarCard: '234123412346',
      companyPan: 'REQST1234Q', companyAddress: '3 Request Road, Pune', companyPincode: '411001', tokenName: `Requests Token ${stamp.slice(-3)}`,
      tokenSymbol: company.symbol, tokenPrice: 10, adminName: 'Requests Owner', adminPassword: company.password, domains: [company.host],
    },
  });
  const login = await adminCall('POST', '/api/v1/company/auth/login', { body: { email: company.email, password: company.password } });
  state.admin = login.data.token;
  await adminCall('PUT', '/api/v1/admin/beneficiary/update', {
    token: state.admin,
    body: {
      holderName: company.name, bankName: 'Request Bank', branch: 'FC Road', accountNumber: '556677889900', confirmAccountNumber: '556677889900',
      ifscCode: 'HDFC0001234', upi: `req${stamp}@upi`, currentPassword: company.password,
    },
  });
  await adminCall('PUT', '/api/v1/admin/token/update', { token: state.admin, body: { sale: { startsAt: null, endsAt: null, paused: false } } });
  const companyId = (await siteCall('GET', '/api/v1/user/site/get')).data.companyId;
  state.buyers = {};
  for (const [key, name] of [['asha', 'Asha Request'], ['bala', 'Bala Request'], ['chitra', 'Chitra Request']]) {
    state.buyers[key] = await registerBuyer(name, companyId);
  }
});

test('admin (1440 px): a round sold by requests on Token Settings, its commitment shown before the window', async () => {
  const page = await ctx.page({ viewport: W1440 });
  state.adminPage = page;
  await adminLogin(page, company.email, company.password);
  await page.goto(`${ADMIN_URL}/admin/token`);
  await page.getByRole('heading', { name: 'Token Settings', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Add round' }).click();
  await page.getByLabel('Round 1 name').fill(ROUND);
  await page.getByLabel('Round 1 price (₹)').fill('10');
  await page.getByLabel('Round 1 allocation (tokens)').fill('100');
  await page.getByLabel('Round 1 sold by').selectOption('REQUESTS');
  // The window must start in the future: 5 and 30 minutes from now, in the browser's time zone.
  const [from, to] = await page.evaluate(() =>
    [5, 30].map((m) => {
      const d = new Date(Date.now() + m * 60000);
      const p = (n) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
    }),
  );
  await page.getByLabel('Requests from').fill(from);
  await page.getByLabel('Requests until').fill(to);
  assert.equal(await page.getByLabel('Hours to pay').inputValue(), '48');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Token updated successfully');
  await page.getByText('No unsaved changes').waitFor();

  const saved = (await adminCall('GET', '/api/v1/admin/token/get', { token: state.admin })).data.rounds;
  assert.equal(saved.length, 1);
  assert.equal(saved[0].mode, 'REQUESTS');
  assert.match(saved[0].commitment, /^[0-9a-f]{64}$/);
  state.roundId = saved[0].id;
  state.commitment = saved[0].commitment;
  const panel = page.getByTestId('round-allocation');
  await panel.getByTestId('alloc-status').getByText('SCHEDULED').waitFor();
  assert.equal(await panel.getByTestId('alloc-commitment').textContent(), state.commitment);
  assert.equal(await panel.getByTestId('alloc-seed').count(), 0, 'no seed before the allocation');

  // The window opens now (the clock moved in the database, not through the product).
  psql(`UPDATE token_rounds SET request_starts_at = now() - interval '1 second' WHERE id = '${state.roundId}'`);
  await panel.getByTestId('alloc-status').getByText('OPEN').waitFor({ timeout: 10000 });
  assert.deepEqual(page.problems, []);
});

test('buyers (360 px): request, change and withdraw while the window counts down', async () => {
  const { asha, bala, chitra } = state.buyers;
  const a = await buyerPage(asha);
  state.asha = a;
  const panel = a.getByTestId('request-panel');
  await panel.getByRole('heading', { name: `${ROUND}: sold by requests` }).waitFor();
  await panel.getByTestId('request-countdown').getByText(/^00:2\d:\d\d$/).waitFor();
  await panel.getByTestId('request-none').waitFor();
  await panel.getByText('How allocation works').click();
  assert.match(await panel.getByTestId('request-how').textContent(), /smaller requests are met in full/);
  assert.equal(await panel.getByTestId('request-commitment').textContent(), state.commitment);
  await a.getByLabel('Your request (INR)').fill('800');
  await panel.getByText(`Asks for 80 ${company.symbol}.`).waitFor();
  await panel.getByRole('button', { name: 'REQUEST' }).click();
  await panel.getByTestId('request-current').getByText('₹800.00').waitFor();
  assert.match(await panel.getByTestId('request-current').textContent(), new RegExp(`Your request: ₹800\\.00 for 80 ${company.symbol}\\.`));
  // The round takes no first-come order: no BUY NOW beside the request form.
  assert.equal(await a.getByRole('button', { name: 'BUY NOW' }).count(), 0);
  assert.ok((await overflow(a)) <= 0, 'no sideways scroll at 360 px');
  assert.deepEqual(await axe(a, 'buy-token-requests-open', 360), []);
  await screenshot(a, 'requests-buyer-open-360');

  // Bala asks ₹500, then changes it to ₹400 on the page.
  await siteCall('POST', '/api/v1/user/package/request', { token: bala.token, body: { roundId: state.roundId, amount: 500 } });
  const b = await buyerPage(bala);
  state.bala = b;
  await b.getByTestId('request-current').getByText('₹500.00').waitFor();
  await b.getByLabel('Change your request (INR)').fill('400');
  await b.getByRole('button', { name: 'CHANGE REQUEST' }).click();
  await b.getByTestId('request-current').getByText('₹400.00').waitFor();

  // Chitra asks ₹300, then withdraws it (amount 0).
  await siteCall('POST', '/api/v1/user/package/request', { token: chitra.token, body: { roundId: state.roundId, amount: 300 } });
  const c = await buyerPage(chitra);
  state.chitra = c;
  await c.getByTestId('request-current').getByText('₹300.00').waitFor();
  await c.getByRole('button', { name: 'Withdraw' }).click();
  await c.getByTestId('request-none').waitFor();
  assert.equal((await requestView(chitra)).data.request, null);
  for (const p of [a, b, c]) assert.deepEqual(p.problems, []);
});

test('admin (1440 px): the requests as they come in, with the count, total asked and oversubscription', async () => {
  const page = state.adminPage;
  const panel = page.getByTestId('round-allocation');
  // Read again every 5 s: Bala's change and Chitra's withdrawal land within one or two reads.
  await panel.getByTestId('alloc-asked').getByText('120 tokens (₹1,200.00)', { exact: true }).waitFor({ timeout: 12000 });
  assert.equal(await panel.getByTestId('alloc-count').textContent(), '2');
  assert.equal(await panel.getByTestId('alloc-available').textContent(), '100 tokens');
  assert.equal(await panel.getByTestId('alloc-over').textContent(), '1.2×');
  const rows = panel.getByTestId('alloc-request');
  assert.deepEqual(await rows.evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent))), [
    ['Asha Request', state.buyers.asha.email, '₹800.00', '80', '0'],
    ['Bala Request', state.buyers.bala.email, '₹400.00', '40', '0'],
  ]);
  await panel.scrollIntoViewIfNeeded();
  assert.ok((await overflow(page)) <= 0, 'no sideways scroll at 1440 px');
  await assertAllocationFits(page);
  assert.deepEqual(await axe(page, 'token-settings-requests-open', 1440), []);
  await screenshot(page, 'requests-admin-open-1440');
  await panel.screenshot({ path: join(SCREENSHOT_DIR, 'requests-admin-open-panel-1440.png') });
});

test('the window closes, the worker allocates once; each buyer sees their allocation and pay-by', async () => {
  const { asha, bala, chitra } = state.buyers;
  psql(`UPDATE token_rounds SET request_ends_at = now(), request_starts_at = least(request_starts_at, now() - interval '1 second') WHERE id = '${state.roundId}'`);
  const v = await until('the allocation', async () => {
    const r = await requestView(asha);
    return r.data.round.status === 'ALLOCATED' && r.data;
  });
  // Level 60: Asha's 80 is cut to 60, Bala's 40 met in full (100 tokens).
  assert.equal(v.allocation.quantity, 60);
  assert.equal(v.allocation.amount, 600);
  assert.match(v.round.seed, /^[0-9a-f]{64}$/);
  state.seed = v.round.seed;
  assert.equal((await requestView(bala)).data.allocation.quantity, 40);
  assert.equal((await requestView(chitra)).data.allocation, null);
  // Every buyer with a request is emailed the result.
  const mails = await until('the result emails', async () => {
    const box = await readOutbox();
    const to = (b) => box.find((m) => String(m.to).includes(b.email) && /allocat/i.test(m.subject));
    return to(asha) && to(bala) && [to(asha), to(bala)];
  });
  assert.match(mails[0].text, /60/);

  const a = state.asha;
  // The allocation reserved every token of the sale, which then reads sold out — said as allocated,
  // since Asha still pays for hers (the site the page reads is at most a second old).
  for (let i = 0; ; i++) {
    await a.reload();
    const said = await a.getByTestId('sale-message').textContent();
    if (said.includes('All tokens of this sale are sold or allocated. If you were allocated tokens, pay for them below')) break;
    assert.ok(i < 10, `the sale still says: ${said}`);
    await a.waitForTimeout(500);
  }
  const result = a.getByTestId('allocation-result');
  await result.waitFor();
  assert.equal(await a.getByTestId('allocation-quantity').textContent(), `60 ${company.symbol}`);
  assert.equal(await a.getByTestId('allocation-amount').textContent(), '₹600.00');
  assert.match(await a.getByTestId('allocation-payby').textContent(), /IST$/);
  // Every figure stays inside its card at 360 px (the pay-by date once ran past the edge).
  const outside = await result.evaluate((el) => {
    const edge = el.getBoundingClientRect().right;
    return [...el.querySelectorAll('.pl-kv > span')].filter((s) => s.getBoundingClientRect().right > edge + 1).map((s) => s.textContent);
  });
  assert.deepEqual(outside, []);
  await a.getByText('How allocation works').click();
  assert.equal(await a.getByTestId('request-seed').textContent(), state.seed);
  assert.ok((await overflow(a)) <= 0, 'no sideways scroll at 360 px');
  assert.deepEqual(await axe(a, 'buy-token-allocated', 360), []);
  await screenshot(a, 'requests-buyer-allocated-360');

  await state.chitra.reload();
  await state.chitra.getByTestId('allocation-none').getByText('This round has been allocated among the buyers who made a request.').waitFor();
});

test('buyer (360 px): another amount is refused with the amount due; PAY NOW orders exactly the allocation', async () => {
  const a = state.asha;
  // Buy Token offers no BUY NOW in a round sold by requests; an order for another amount sent
  // anyway is refused naming the amount due.
  assert.equal(await a.getByRole('button', { name: 'BUY NOW' }).count(), 0);
  await assert.rejects(
    siteCall('POST', '/api/v1/user/package/order', { token: state.buyers.asha.token, body: { amount: 100 } }),
    /409 .*You were allocated 60 tokens in Launch round: order exactly ₹600\.00 \(the fee is added\) by /,
  );
  await a.getByRole('button', { name: 'PAY NOW' }).click();
  await a.waitForURL(/\/user\/payment\?purchaseId=/);
  await a.getByText('Request Bank').waitFor();
  await screenshot(a, 'requests-buyer-payment-360');
  await a.goto(`${site}/user/buy-token`);
  await a.getByTestId('allocation-status').getByText('You have ordered this allocation: see Payment History.').waitFor();
  assert.deepEqual(a.problems, []);
});

test("a lapsed allocation and the admin's second pass", async () => {
  const { asha, bala } = state.buyers;
  // Bala's pay-by passes: the worker lapses the allocation and its 40 tokens go back to the round.
  psql(`UPDATE round_allocations SET pay_by = now() WHERE round_id = '${state.roundId}' AND status = 'ALLOCATED'`);
  await until('the lapse', async () => (await requestView(bala)).data.allocation.status === 'LAPSED');
  const b = state.bala;
  await b.reload();
  await b.getByTestId('allocation-status').getByText('The time to pay for this allocation is over.').waitFor();
  assert.deepEqual(await axe(b, 'buy-token-lapsed', 360), []);
  await screenshot(b, 'requests-buyer-lapsed-360');

  const page = state.adminPage;
  const panel = page.getByTestId('round-allocation');
  await panel.getByTestId('alloc-status').getByText('ALLOCATED').waitFor({ timeout: 10000 });
  assert.equal(await panel.getByTestId('alloc-level-1').textContent(), '60');
  assert.equal(await panel.getByTestId('alloc-seed').textContent(), state.seed);
  assert.equal(await panel.getByTestId('alloc-commitment').textContent(), state.commitment);
  await until('the lapse on the admin panel', async () =>
    (await panel.getByTestId('alloc-row').evaluateAll((trs) => trs.map((tr) => tr.cells[5].textContent))).join() === 'ORDERED,LAPSED',
  );
  await assertAllocationFits(page);
  assert.ok((await overflow(page)) <= 0, 'no sideways scroll at 1440 px');
  assert.deepEqual(await axe(page, 'token-settings-requests-allocated', 1440), []);
  await screenshot(page, 'requests-admin-allocated-1440');

  const start = panel.getByRole('button', { name: 'Start second pass' });
  await until('the second pass to be offered', () => start.isEnabled());
  await start.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Share the tokens of unpaid allocations among the requests still short?').waitFor();
  await dialog.getByRole('button', { name: 'Start second pass' }).click();
  await toast(page, 'Second pass done successfully');
  // Pass 2 shares Bala's 40 lapsed tokens with the one request still short: Asha's remaining 20.
  await panel.getByTestId('alloc-level-2').getByText('20').waitFor();
  await screenshot(page, 'requests-admin-second-pass-1440');
  await panel.screenshot({ path: join(SCREENSHOT_DIR, 'requests-admin-second-pass-panel-1440.png') });
  const v = (await requestView(asha)).data.allocation;
  assert.deepEqual([v.pass, v.quantity, v.amount, v.status], [2, 20, 200, 'ALLOCATED']);
  await state.asha.reload();
  assert.equal(await state.asha.getByTestId('allocation-quantity').textContent(), `20 ${company.symbol}`);
  await screenshot(state.asha, 'requests-buyer-second-pass-360');
  assert.deepEqual(page.problems, []);
});
