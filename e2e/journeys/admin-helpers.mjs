// Shared by the admin journeys: buyer-side set-up over HTTP and admin sign-in.
import { waitForOtp } from '../lib/mail.mjs';
import { ADMIN_URL, USER_URL } from '../lib/env.mjs';

export const SEED_PASSWORD = process.env.SEED_ADMIN_PASSWORD || 'Admin@12345';
export const ADMIN_EMAIL = 'admin@demo.test';
export const SUPERADMIN_EMAIL = 'superadmin@demo.test';

// A 1×1 PNG: the receipt a buyer uploads.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

async function call(base, method, path, { token, body, form } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(base + path, { method, headers, body: form ?? (body === undefined ? undefined : JSON.stringify(body)) });
  const json = await res.json().catch(() => null);
  if (!res.ok || json?.status === false) {
    throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json?.message ?? json)}`);
  }
  return json;
}

export const userCall = (...a) => call(USER_URL, ...a);
export const adminCall = (...a) => call(ADMIN_URL, ...a);

/** Registers a fresh buyer with the mailed OTP and returns { email, name, token, companyId }. */
export async function registerBuyer(tag = 'buyer') {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `${tag}+${stamp}@e2e.test`;
  const name = `E2E ${tag} ${stamp.slice(-6)}`;
  const mobile = `98${stamp.slice(-8)}`;
  const site = await userCall('GET', '/api/v1/user/site/get');
  const companyId = site.data.companyId;
  const since = Date.now();
  await userCall('POST', '/api/v1/user/auth/register/otp', { body: { companyId, name, email, mobile } });
  const otp = await waitForOtp(email, { since });
  const password = 'Buyer-Pass-123';
  await userCall('POST', '/api/v1/user/auth/register', {
    body: { companyId, name, mobile, email, otp, dateOfBirth: '1990-01-01', gender: 'male', pincode: '560001', password },
  });
  const login = await userCall('POST', '/api/v1/user/auth/login', { body: { companyId, user: email, password } });
  return { email, name, mobile, token: login.data.token, companyId };
}

let utrSeq = Math.floor(Math.random() * 1000);

/** Orders, uploads a PNG receipt and submits UPI proof (with this UTR, else a made-up one): a PENDING purchase. Returns its order. */
export async function pendingPurchase(buyer, amount = 1000, utr = undefined) {
  const order = (await userCall('POST', '/api/v1/user/package/order', { token: buyer.token, body: { amount } })).data;
  const form = new FormData();
  // Each purchase its own receipt: the same bytes may back only one purchase of the company (409).
  const receipt = Buffer.concat([PNG, Buffer.from(`${Date.now()}-${Math.random()}`)]);
  form.append('medias', new Blob([receipt], { type: 'image/png' }), 'receipt.png');
  const media = (await userCall('POST', '/api/v1/superadmin/media/add', { token: buyer.token, form })).data;
  // A plausible UPI RRN (12 digits), unique per call.
  utrSeq = (utrSeq + 1) % 1000;
  const referenceNumber = utr ?? `4${String(Date.now()).slice(-8)}${String(utrSeq).padStart(3, '0')}`;
  await userCall('POST', '/api/v1/user/package/purchase', {
    token: buyer.token,
    body: { purchaseId: order.id, paymentMethod: 'UPI', referenceNumber, receiptId: media[0].id, amount: order.amount },
  });
  return { ...order, referenceNumber };
}

/** Signs the demo admin in through the login form. */
export async function adminLogin(page, email = ADMIN_EMAIL, password = SEED_PASSWORD) {
  await page.goto(`${ADMIN_URL}/admin/login`);
  await page.getByPlaceholder('Enter Registered Email Id').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
}

/** Types into the page's search box and waits for the debounced ?param= to land in the URL. */
export async function search(page, value, param = 'search') {
  await page.getByLabel('Search').fill(value);
  await page.waitForURL((u) => new URL(u).searchParams.get(param) === value, { timeout: 5000 });
}

export { ROW } from '../lib/browser.mjs';

/** Horizontal overflow of the whole document (tables must scroll inside their own box). */
export function overflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
