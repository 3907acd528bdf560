#!/usr/bin/env node
// axe-core census: every screen and main dialog of both apps, at 360, 768 and 1440 px, signed in as
// a fresh buyer, as the seeded company admin and as the super admin. Prints one table per app
// (screen × width → serious+critical violations and their rule ids) and the totals.
//
// Standalone on purpose: it imports nothing from e2e/lib, so it runs against an older build of the
// product too (docs/accessibility.md measures 87e0135 with it). A screen or button the build does not
// have is recorded as "n/a" instead of failing the run. Needs a running stack (scripts/axe-census.sh
// starts one) and these settings: USER_URL, ADMIN_URL, MAIL_OUTBOX, SEED_ADMIN_PASSWORD, CHROMIUM_PATH;
// AXE_CENSUS_JSON (a file for the raw results) and AXE_CENSUS_SHOTS (a folder for screenshots) are
// optional.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const AXE_VERSION = require('axe-core/package.json').version;

const USER_URL = (process.env.USER_URL || 'http://127.0.0.1:18080').replace(/\/$/, '');
const ADMIN_URL = (process.env.ADMIN_URL || 'http://127.0.0.1:18081').replace(/\/$/, '');
const MAIL_OUTBOX = process.env.MAIL_OUTBOX || 'var/e2e/outbox.jsonl';
const SEED_PASSWORD = process.env.SEED_ADMIN_PASSWORD || 'Admin@12345';
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const SHOTS = process.env.AXE_CENSUS_SHOTS || '';
const ADMIN_EMAIL = 'admin@demo.test';
const SUPERADMIN_EMAIL = 'superadmin@demo.test';

// The same rule set and blocking impacts as the journeys' e2e/lib/axe.mjs.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BLOCKING = ['serious', 'critical'];
// AXE_CENSUS_WIDTHS (e.g. "360,768,1280,1440") picks the widths; 1280 is the common laptop.
const ALL_WIDTHS = {
  360: { width: 360, height: 780 },
  768: { width: 768, height: 1024 },
  1280: { width: 1280, height: 800 },
  1440: { width: 1440, height: 900 },
};
const WIDTHS = Object.fromEntries(
  (process.env.AXE_CENSUS_WIDTHS || '360,768,1440').split(',').map((w) => [w.trim(), ALL_WIDTHS[w.trim()]]).filter(([, v]) => v),
);
// How long one step may wait for an element before the screen counts as missing ("n/a").
const STEP_MS = Number(process.env.AXE_CENSUS_STEP_MS || 8000);

if (SHOTS) mkdirSync(SHOTS, { recursive: true });

// ---- set-up over HTTP (the same calls the journeys make) ----

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

async function call(base, method, path, { token, body, form } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${base}/api/v1${path}`, { method, headers, body: form ?? (body === undefined ? undefined : JSON.stringify(body)) });
  const json = await res.json().catch(() => null);
  if (!res.ok || json?.status === false) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json?.message ?? json)}`);
  return json;
}
const userCall = (...a) => call(USER_URL, ...a);

function readOutbox() {
  try {
    return readFileSync(MAIL_OUTBOX, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
  } catch (err) {
    if (err.code === 'ENOENT') return [];
    throw err;
  }
}

/** The code in the newest mail to `to` sent at or after `since` (ms). */
async function waitForOtp(to, since, timeoutMs = 20000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = readOutbox()
      .filter((m) => String(m.to).toLowerCase().includes(to.toLowerCase()) && Date.parse(m.sentAt) >= since - 1000)
      .at(-1);
    const code = mail && `${mail.text ?? ''} ${mail.html ?? ''}`.match(/\b\d{6}\b/)?.[0];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code mailed to ${to} in ${MAIL_OUTBOX} within ${timeoutMs} ms`);
}

/** A fresh buyer, registered with the mailed code: { email, name, token }. */
async function registerBuyer() {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `axe-census+${stamp}@e2e.test`;
  const name = `Axe Census ${stamp.slice(-6)}`;
  const mobile = `98${stamp.slice(-8)}`;
  const companyId = (await userCall('GET', '/user/site/get')).data.companyId;
  const since = Date.now();
  await userCall('POST', '/user/auth/register/otp', { body: { companyId, name, email, mobile } });
  const otp = await waitForOtp(email, since);
  const password = 'Buyer-Pass-123';
  await userCall('POST', '/user/auth/register', {
    body: { companyId, name, mobile, email, otp, dateOfBirth: '1990-01-01', gender: 'male', pincode: '560001', password },
  });
  const login = await userCall('POST', '/user/auth/login', { body: { companyId, user: email, password } });
  return { email, name, token: login.data.token };
}

/** An order with a PNG receipt and UPI proof: a PENDING purchase for the admin screens. */
async function pendingPurchase(buyer, amount) {
  const order = (await userCall('POST', '/user/package/order', { token: buyer.token, body: { amount } })).data;
  const form = new FormData();
  form.append('medias', new Blob([PNG], { type: 'image/png' }), 'receipt.png');
  const media = (await userCall('POST', '/superadmin/media/add', { token: buyer.token, form })).data;
  await userCall('POST', '/user/package/purchase', {
    token: buyer.token,
    body: { purchaseId: order.id, paymentMethod: 'UPI', referenceNumber: `5${String(Date.now()).slice(-11)}`, receiptId: media[0].id, amount: order.amount },
  });
  return order;
}

// ---- the census ----

/** results[app][screen][width] = { rules: [{ id, impact, nodes }] } | { na: reason } | { skip: reason } */
const results = { user: {}, admin: {} };
const order = { user: [], admin: [] };

function record(app, screen, width, value) {
  if (!results[app][screen]) {
    results[app][screen] = {};
    order[app].push(screen);
  }
  results[app][screen][width] = value;
}

async function axeRun(page) {
  // A DevTools evaluation is not subject to the apps' CSP (script-src 'self').
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async (tags) => window.axe.run(document, { runOnly: { type: 'tag', values: tags } }), TAGS);
  return result.violations
    .filter((v) => BLOCKING.includes(v.impact))
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, target: v.nodes[0]?.target?.join(' ') }));
}

async function settle(page) {
  await page.waitForLoadState('networkidle', { timeout: STEP_MS }).catch(() => {});
  await page.waitForTimeout(350); // dialogs and drawers finish their transitions (axe reads computed colours)
}

/**
 * Opens one screen at one width with `open(page)` and records axe's serious and critical findings;
 * a step that times out (the build has no such screen, button or dialog) is recorded as "n/a".
 */
async function census(page, app, screen, width, open) {
  await page.setViewportSize(WIDTHS[width]);
  try {
    await open(page);
  } catch (err) {
    const reason = String(err?.message ?? err).split('\n')[0].slice(0, 160);
    record(app, screen, width, { na: reason });
    console.error(`  ${app} ${screen} @${width}: n/a (${reason})`);
    return;
  }
  await settle(page);
  const rules = await axeRun(page);
  record(app, screen, width, { rules });
  console.error(`  ${app} ${screen} @${width}: ${rules.length}${rules.length ? ` (${rules.map((r) => r.id).join(', ')})` : ''}`);
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${app}-${screen}-${width}.png`), fullPage: true }).catch(() => {});
}

/** Runs `open` at every width (or the ones listed); the others are recorded as not shown there. */
async function everyWidth(page, app, screen, open, { widths = Object.keys(WIDTHS), why = '' } = {}) {
  for (const width of Object.keys(WIDTHS)) {
    if (!widths.includes(width)) record(app, screen, width, { skip: why });
    else await census(page, app, screen, width, open);
  }
}

async function newPage(browser) {
  const context = await browser.newContext({ viewport: WIDTHS[360], bypassCSP: true });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_MS);
  return page;
}

const dialog = (page) => page.getByRole('dialog');

/** The UPI tab's button that opens the proof form ("PAY" in older builds). */
const payButton = (page) =>
  page.getByRole('button', { name: 'I have paid — add proof', exact: true }).or(page.getByRole('button', { name: 'PAY', exact: true })).first();

async function buyerScreens(browser, buyer, open) {
  const pub = await newPage(browser);
  for (const [path, heading, screen] of [
    ['/', 'Sign in', 'login'],
    ['/register', 'Request OTP', 'register'],
    ['/fogot-password', 'Forgot password', 'forgot-password'],
    ['/privacy-policy', 'Privacy Policy & Purchase Terms', 'privacy-policy'],
    ['/no-such-page', 'Page not found', 'not-found'],
  ]) {
    await everyWidth(pub, 'user', screen, async (p) => {
      await p.goto(`${USER_URL}${path}`);
      await p.getByRole('heading', { name: heading }).first().waitFor();
    });
  }
  await pub.context().close();

  const page = await newPage(browser);
  await page.goto(`${USER_URL}/privacy-policy`);
  await page.evaluate((t) => localStorage.setItem('authToken', t), buyer.token);
  const go = async (p, path, heading) => {
    await p.goto(`${USER_URL}${path}`);
    await p.getByRole('heading', { name: heading, exact: true }).first().waitFor();
  };
  await everyWidth(page, 'user', 'dashboard', (p) => go(p, '/user/dashboard', 'Dashboard'));
  await everyWidth(
    page,
    'user',
    'phone-menu',
    async (p) => {
      await go(p, '/user/dashboard', 'Dashboard');
      await p.getByRole('button', { name: 'Open menu' }).click();
      await p.locator('#pl-drawer').getByRole('link', { name: 'Payment History' }).waitFor();
    },
    { widths: ['360', '768'], why: 'the menu is always shown' },
  );
  await everyWidth(page, 'user', 'buy-token', (p) => go(p, '/user/buy-token', 'Buy Token'));
  await everyWidth(page, 'user', 'profile', (p) => go(p, '/user/profile', 'My Profile'));
  await everyWidth(page, 'user', 'kyc', (p) => go(p, '/user/kyc', 'Verification'));
  await everyWidth(page, 'user', 'statements', (p) => go(p, '/user/statements', 'Statements'));

  const payment = async (p) => {
    await p.goto(`${USER_URL}/user/payment?purchaseId=${open.id}&purchaseAmount=${open.amount}`);
    await p.getByText('Account Holder').first().waitFor();
  };
  await everyWidth(page, 'user', 'payment-bank', payment);
  await everyWidth(page, 'user', 'payment-upi', async (p) => {
    await payment(p);
    await p.getByRole('tab', { name: 'UPI' }).click();
    await payButton(p).waitFor();
  });
  await everyWidth(page, 'user', 'payment-manual', async (p) => {
    await payment(p);
    await p.getByRole('tab', { name: 'Manual' }).click();
    await p.locator('#agree-manual').waitFor();
  });
  await everyWidth(page, 'user', 'proof-dialog', async (p) => {
    await payment(p);
    await p.getByRole('tab', { name: 'UPI' }).click();
    await p.locator('#agree-upi').check();
    await payButton(p).click();
    await dialog(p).getByText('Submit Transaction Proof').first().waitFor();
  });
  await everyWidth(page, 'user', 'cancel-order-dialog', async (p) => {
    await payment(p);
    await p.getByRole('button', { name: 'Cancel', exact: true }).first().click();
    await dialog(p).getByRole('button', { name: 'Keep order' }).waitFor();
  });

  const history = async (p) => {
    await go(p, '/user/payment-history', 'Payment History');
    await p.getByRole('button', { name: /View payment/ }).first().waitFor();
  };
  await everyWidth(page, 'user', 'payment-history', history);
  await everyWidth(page, 'user', 'receipt-dialog', async (p) => {
    await history(p);
    await p.getByRole('button', { name: /View payment/ }).first().click();
    await dialog(p).getByText('View Payment Receipt').waitFor();
  });
  await page.context().close();
}

async function fillSearch(page, value) {
  await page.getByLabel('Search').first().fill(value);
  await page.waitForTimeout(600); // the list's debounce
}

async function adminScreens(browser, buyer, purchase) {
  const page = await newPage(browser);
  await everyWidth(page, 'admin', 'admin-login', async (p) => {
    await p.goto(`${ADMIN_URL}/admin/login`);
    await p.getByRole('button', { name: 'Login', exact: true }).waitFor();
  });
  await page.goto(`${ADMIN_URL}/admin/login`);
  await page.getByPlaceholder('Enter Registered Email Id').fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(SEED_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(/\/admin\/dashboard$/);

  const go = async (p, path) => {
    await p.goto(`${ADMIN_URL}${path}`);
    await p.waitForLoadState('networkidle');
  };
  await everyWidth(page, 'admin', 'admin-dashboard', async (p) => {
    await go(p, '/admin/dashboard');
    await p.getByText('Total Collection Method Wise').first().waitFor();
  });
  await everyWidth(
    page,
    'admin',
    'admin-menu',
    async (p) => {
      await go(p, '/admin/dashboard');
      await p.getByRole('button', { name: 'Menu' }).click();
      // An offcanvas dialog now; a sliding side bar (no dialog) at 87e0135: the button says it is open.
      await dialog(p)
        .getByRole('link', { name: 'User Manage' })
        .or(p.getByRole('button', { name: 'Menu', expanded: true }))
        .first()
        .waitFor();
    },
    { widths: ['360', '768'], why: 'the menu is always shown' },
  );

  const users = async (p) => {
    await go(p, '/admin/usermanage');
    await fillSearch(p, buyer.email);
    await p.getByRole('button', { name: `Edit ${buyer.name}` }).first().waitFor();
  };
  await everyWidth(page, 'admin', 'user-manage', users);
  await everyWidth(page, 'admin', 'user-add-dialog', async (p) => {
    await users(p);
    await p.getByRole('button', { name: 'Add User' }).click();
    await dialog(p).getByRole('heading', { name: 'Add New User' }).waitFor();
  });
  await everyWidth(page, 'admin', 'user-update-dialog', async (p) => {
    await users(p);
    await p.getByRole('button', { name: `Edit ${buyer.name}` }).first().click();
    await dialog(p).getByRole('heading', { name: 'Update User' }).waitFor();
  });
  await everyWidth(page, 'admin', 'user-delete-confirm', async (p) => {
    await users(p);
    await p.getByRole('button', { name: `Delete ${buyer.name}` }).first().click();
    await dialog(p).getByText('Are you sure you want to Delete?').waitFor();
  });
  await everyWidth(page, 'admin', 'user-approve-confirm', async (p) => {
    await users(p);
    await p.getByRole('button', { name: `Approve ${buyer.name}` }).or(p.getByRole('button', { name: 'Waiting' })).first().click();
    await dialog(p).getByText('Are you sure you want to Approve?').waitFor();
  });

  const requests = async (p) => {
    await go(p, '/admin/purchaserequest');
    await fillSearch(p, purchase.orderNumber);
    await p.getByRole('button', { name: 'Approve' }).first().waitFor();
  };
  await everyWidth(page, 'admin', 'purchase-requests', requests);
  await everyWidth(page, 'admin', 'approve-dialog', async (p) => {
    await requests(p);
    await p.getByRole('button', { name: 'Approve' }).first().click();
    await dialog(p).getByRole('heading', { name: /Approve Purchase/ }).waitFor();
    await dialog(p).getByRole('img', { name: 'Payment receipt' }).waitFor();
  });
  await everyWidth(page, 'admin', 'reject-confirm', async (p) => {
    await requests(p);
    await p.getByRole('button', { name: 'Reject' }).first().click();
    await dialog(p).getByText('Are you sure you want to Reject?').waitFor();
  });
  await everyWidth(page, 'admin', 'purchase-history', async (p) => {
    await go(p, '/admin/purchaserequest?tab=history');
    await p.getByText('Purchase History').first().waitFor();
    await p.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
  });

  const beneficiary = async (p) => {
    await go(p, '/admin/beneficiary');
    await p.getByRole('button', { name: 'Edit beneficiary' }).first().waitFor();
  };
  await everyWidth(page, 'admin', 'beneficiary', beneficiary);
  await everyWidth(page, 'admin', 'beneficiary-dialog', async (p) => {
    await beneficiary(p);
    await p.getByRole('button', { name: 'Edit beneficiary' }).first().click();
    await dialog(p).getByLabel('UPI ID').waitFor();
  });
  for (const [screen, path, heading] of [
    ['kyc', '/admin/kyc?status=', 'KYC'],
    ['reconcile', '/admin/reconcile', 'Reconciliation'],
    ['invoices', '/admin/invoices', 'Tax Invoices'],
    ['token-settings', '/admin/token', 'Token Settings'],
    ['distribution', '/admin/distribution', 'Distribution'],
    ['activity', '/admin/activity', 'Activity'],
    ['security', '/admin/security', 'Security'],
  ]) {
    await everyWidth(page, 'admin', screen, async (p) => {
      await go(p, path);
      await p.getByRole('heading', { name: heading, level: 1 }).waitFor();
    });
  }
  await everyWidth(page, 'admin', 'not-found', async (p) => {
    await go(p, '/admin/no-such-page');
    await p.getByRole('heading', { name: 'Page not found' }).waitFor();
  });
  await page.context().close();
}

async function superAdminScreens(browser) {
  const page = await newPage(browser);
  // One sign-in for every width (code requests are rate limited): the login steps are checked by
  // resizing the same page.
  await page.goto(`${ADMIN_URL}/superadmin/login`);
  await page.getByRole('button', { name: 'Get OTP' }).waitFor();
  await everyWidth(page, 'admin', 'superadmin-login-email', (p) => p.getByRole('button', { name: 'Get OTP' }).waitFor());
  await page.getByLabel('Email').fill(SUPERADMIN_EMAIL);
  const since = Date.now();
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await page.getByLabel('OTP').waitFor();
  await everyWidth(page, 'admin', 'superadmin-login-otp', (p) => p.getByLabel('OTP').waitFor());
  await page.getByLabel('OTP').fill(await waitForOtp(SUPERADMIN_EMAIL, since));
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/superadmin\/dashboard$/);

  const go = async (p, path, text) => {
    await p.goto(`${ADMIN_URL}${path}`);
    await p.getByText(text).first().waitFor();
  };
  await everyWidth(page, 'admin', 'superadmin-dashboard', (p) => go(p, '/superadmin/dashboard', 'Approved Amount (INR)'));
  await everyWidth(page, 'admin', 'company-manage', (p) => go(p, '/superadmin/companymanage', 'Demo Company'));
  await everyWidth(page, 'admin', 'company-add-dialog', async (p) => {
    await go(p, '/superadmin/companymanage', 'Demo Company');
    await p.getByRole('button', { name: 'Add Company' }).click();
    await dialog(p).getByRole('heading').first().waitFor();
  });
  await everyWidth(page, 'admin', 'company-detail', async (p) => {
    await go(p, '/superadmin/companymanage', 'Demo Company');
    await p.getByRole('link', { name: 'Demo Company' }).first().click();
    await p.getByRole('button', { name: /^(Suspend|Reactivate)$/ }).waitFor();
  });
  await everyWidth(page, 'admin', 'suspend-dialog', async (p) => {
    await go(p, '/superadmin/companymanage', 'Demo Company');
    await p.getByRole('link', { name: 'Demo Company' }).first().click();
    await p.getByRole('button', { name: 'Suspend', exact: true }).click();
    await dialog(p).getByRole('heading').first().waitFor();
  });
  await everyWidth(page, 'admin', 'superadmin-activity', (p) => go(p, '/superadmin/activity', 'Activity'));
  await everyWidth(page, 'admin', 'transaction-manage', (p) => go(p, '/superadmin/transactionmanage', /^Transactions: \d+$/));
  await everyWidth(page, 'admin', 'beneficiary-manage', (p) => go(p, '/superadmin/beneficiarymanage', /^Beneficiaries: \d+$/));
  await page.context().close();
}

// ---- the report ----

function cell(v) {
  if (!v) return 'n/a';
  if (v.na) return 'n/a';
  if (v.skip !== undefined) return '–';
  if (!v.rules.length) return '0';
  return `${v.rules.length} (${v.rules.map((r) => r.id).join(', ')})`;
}

function table(app) {
  const widths = Object.keys(WIDTHS);
  const lines = [`| ${app} screen | ${widths.map((w) => `${w} px`).join(' | ')} |`, `|---|${widths.map(() => '---').join('|')}|`];
  for (const screen of order[app]) lines.push(`| ${screen} | ${widths.map((w) => cell(results[app][screen][w])).join(' | ')} |`);
  const totals = widths.map((w) => {
    const measured = order[app].map((s) => results[app][s][w]).filter((v) => v?.rules);
    return measured.reduce((n, v) => n + v.rules.length, 0);
  });
  lines.push(`| **total** | ${totals.map((t) => `**${t}**`).join(' | ')} |`);
  return { text: lines.join('\n'), totals };
}

function summary() {
  const all = ['user', 'admin'].flatMap((app) => order[app].flatMap((s) => Object.values(results[app][s])));
  const measured = all.filter((v) => v.rules);
  const violations = measured.reduce((n, v) => n + v.rules.length, 0);
  const nodes = measured.reduce((n, v) => n + v.rules.reduce((m, r) => m + r.nodes, 0), 0);
  const byRule = {};
  for (const v of measured) for (const r of v.rules) byRule[r.id] = (byRule[r.id] ?? 0) + 1;
  return { checks: measured.length, na: all.filter((v) => v.na).length, violations, nodes, byRule };
}

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
let failed = false;
try {
  console.error(`axe-core ${AXE_VERSION} census of ${USER_URL} and ${ADMIN_URL} (impacts: ${BLOCKING.join(', ')})`);
  const buyer = await registerBuyer();
  const purchase = await pendingPurchase(buyer, 1000);
  const open = (await userCall('POST', '/user/package/order', { token: buyer.token, body: { amount: 500 } })).data;
  await buyerScreens(browser, buyer, open);
  await adminScreens(browser, buyer, purchase);
  await superAdminScreens(browser);
} catch (err) {
  // A set-up step (sign-in, seeding over HTTP) failed: the census is incomplete, so say so loudly.
  failed = true;
  console.error(`axe census: set-up failed: ${err?.stack ?? err}`);
} finally {
  await browser.close();
}

const user = table('user');
const admin = table('admin');
const s = summary();
console.log(`axe-core ${AXE_VERSION}, serious + critical violations (rules) per screen and width; "n/a": the build has no such screen or control, "–": not shown at that width.\n`);
console.log(`${user.text}\n\n${admin.text}\n`);
console.log(`Total: ${s.violations} violations (${s.nodes} elements) over ${s.checks} checks; ${s.na} n/a.`);
console.log(`By rule: ${Object.entries(s.byRule).sort((a, b) => b[1] - a[1]).map(([id, n]) => `${id} ${n}`).join(', ') || 'none'}`);
const na = ['user', 'admin'].flatMap((app) =>
  order[app].flatMap((sc) => Object.entries(results[app][sc]).filter(([, v]) => v.na).map(([w, v]) => `${app} ${sc} @${w}: ${v.na}`)),
);
if (na.length) console.log(`\nn/a reasons:\n${na.map((l) => `  ${l}`).join('\n')}`);
if (process.env.AXE_CENSUS_JSON) {
  writeFileSync(process.env.AXE_CENSUS_JSON, JSON.stringify({ axe: AXE_VERSION, widths: Object.keys(WIDTHS), results, summary: s }, null, 2));
}
process.exit(failed ? 1 : 0);
