// A buyer proves a wallet on Profile: at 360 px through a browser wallet (an EIP-1193 provider
// injected into the page, backed by a test key that signs in Node with ethers), then at 1440 px
// replaces it by pasting a signature made elsewhere, with their password; the replacement is
// emailed and receives tokens 24 hours later. No serious or critical axe violation on the way.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import { getBytes, Wallet } from 'ethers';
import { useBrowser } from '../lib/browser.mjs';
import { USER_URL } from '../lib/env.mjs';
import { axeViolations } from '../lib/axe.mjs';
import { readOutbox } from '../lib/mail.mjs';
import { registerBuyer } from './admin-helpers.mjs';

const ctx = useBrowser({ before, after });
const state = {};
const PHONE = { width: 360, height: 740 };
const WIDE = { width: 1440, height: 900 };

// The apps' CSP blocks an injected script tag; a DevTools evaluation is not subject to it.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function assertAccessible(page, name) {
  await page.waitForTimeout(350);
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.evaluate(AXE_SOURCE);
  assert.deepEqual(await axeViolations(page), [], `axe on ${name}`);
}

async function noHorizontalScroll(page, name) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(wide <= 1, `${name} scrolls sideways by ${wide}px`);
}

/** The buyer's Profile at this size, signed in; with `wallet`, window.ethereum is that key's. */
async function profilePage(viewport, wallet) {
  const page = await ctx.page({ viewport });
  await page.context().addInitScript((token) => localStorage.setItem('authToken', token), state.buyer.token);
  if (wallet) {
    state.requests = [];
    await page.exposeFunction('e2eWalletRequest', async (method, params) => {
      state.requests.push(method);
      if (method === 'eth_requestAccounts') return [wallet.address.toLowerCase()];
      if (method === 'personal_sign') {
        assert.equal(params[1].toLowerCase(), wallet.address.toLowerCase());
        return wallet.signMessage(getBytes(params[0]));
      }
      throw new Error(`unsupported ${method}`);
    });
    await page.addInitScript(() => {
      window.ethereum = { isE2E: true, request: ({ method, params }) => window.e2eWalletRequest(method, params ?? []) };
    });
  }
  await page.goto(`${USER_URL}/user/profile`);
  await page.getByRole('heading', { name: 'Wallet', exact: true }).waitFor();
  return page;
}

async function waitForMail(to, needle, since, timeoutMs = 20000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await readOutbox()).find(
      (m) => String(m.to).toLowerCase().includes(to.toLowerCase()) && Date.parse(m.sentAt) >= since - 1000 && `${m.subject} ${m.text}`.includes(needle),
    );
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No mail to ${to} with "${needle}" within ${timeoutMs} ms`);
}

test('a buyer proves a wallet with a browser wallet at 360 px', async () => {
  state.buyer = await registerBuyer('wallet');
  state.first = Wallet.createRandom();
  const page = await profilePage(PHONE, state.first);
  await page.getByText(/No wallet yet/).waitFor();
  await page.getByRole('button', { name: 'Connect a wallet' }).click();
  // A mixed-case address with a wrong checksum is refused beside the field.
  const addr = state.first.address;
  const flipped = addr.slice(0, 2) + [...addr.slice(2)].map((c, i) => (i === addr.slice(2).search(/[a-fA-F]/) ? (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) : c)).join('');
  await page.getByLabel('Wallet address').fill(flipped);
  await page.getByRole('button', { name: 'Get message to sign' }).click();
  await page.getByText(/checksum is not valid/).waitFor();
  await page.getByLabel('Wallet address').fill(addr.toLowerCase());
  await page.getByRole('button', { name: 'Get message to sign' }).click();
  const message = await page.getByLabel('Message to sign').inputValue();
  assert.match(message, new RegExp(addr));
  await assertAccessible(page, 'wallet message at 360 px');
  await noHorizontalScroll(page, 'profile at 360 px');
  await page.getByRole('button', { name: 'Sign with browser wallet' }).click();
  await page.getByText('Wallet verified successfully').first().waitFor();
  await page.getByTestId('wallet-address').filter({ hasText: addr }).waitFor();
  assert.deepEqual(state.requests, ['eth_requestAccounts', 'personal_sign']);
  // A first wallet receives tokens at once: no delivery date is shown.
  assert.equal(await page.getByTestId('wallet-deliverable').count(), 0);
  await assertAccessible(page, 'proved wallet at 360 px');
  await noHorizontalScroll(page, 'proved wallet at 360 px');
  assert.deepEqual(page.problems, []);
});

test('the buyer replaces it at 1440 px by pasting a signature, with their password', async () => {
  assert.ok(state.buyer, 'the first journey proves a wallet');
  const page = await profilePage(WIDE);
  await page.getByTestId('wallet-address').filter({ hasText: state.first.address }).waitFor();
  await page.getByRole('button', { name: 'Replace wallet' }).click();
  const next = Wallet.createRandom();
  await page.getByLabel('Wallet address').fill(next.address);
  await page.getByRole('button', { name: 'Get message to sign' }).click();
  const message = await page.getByLabel('Message to sign').inputValue();
  // The profile form has its own Current Password: the wallet's is in its form.
  const proof = page.getByRole('form', { name: 'Prove the wallet' });
  // No browser wallet on this page: only the paste path.
  assert.equal(await page.getByRole('button', { name: 'Sign with browser wallet' }).count(), 0);
  // A signature by another key is refused beside the signature.
  await page.getByLabel(/paste the signature/).fill(await Wallet.createRandom().signMessage(message));
  await proof.getByLabel('Current Password').fill(state.buyer.password ?? 'Buyer-Pass-123');
  await page.getByRole('button', { name: 'Verify wallet' }).click();
  await page.getByText(/not made by this address/).waitFor();
  // The right signature with a wrong password: refused beside the password.
  await page.getByLabel(/paste the signature/).fill(await next.signMessage(message));
  await proof.getByLabel('Current Password').fill('not-my-password');
  await page.getByRole('button', { name: 'Verify wallet' }).click();
  await page.getByText('Current password is incorrect.').waitFor();
  await assertAccessible(page, 'wallet replacement errors at 1440 px');
  const since = Date.now();
  await proof.getByLabel('Current Password').fill('Buyer-Pass-123');
  await page.getByRole('button', { name: 'Verify wallet' }).click();
  await page.getByTestId('wallet-address').filter({ hasText: next.address }).waitFor();
  await page.getByTestId('wallet-deliverable').filter({ hasText: /Tokens are delivered to this wallet from/ }).waitFor();
  await assertAccessible(page, 'replaced wallet at 1440 px');
  const mail = await waitForMail(state.buyer.email, 'wallet was changed', since);
  assert.ok(mail.text.includes(`${next.address.slice(0, 6)}…${next.address.slice(-4)}`), mail.text);
  assert.ok(!mail.text.includes(next.address), 'the email masks the address');
  assert.deepEqual(page.problems, []);
});
