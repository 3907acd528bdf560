import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { screenshot, useBrowser, VIEWPORTS } from '../lib/browser.mjs';
import { ADMIN_URL, USER_URL } from '../lib/env.mjs';

const ctx = useBrowser({ before, after });

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test(`buyer login page renders (${size})`, async () => {
    const page = await ctx.page({ viewport });
    await page.goto(`${USER_URL}/`);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await page.getByText('PRE-LAUNCH PROGRAM').waitFor();
    assert.equal(await page.getByRole('link', { name: 'JOIN NOW' }).getAttribute('href'), '/register');
    assert.equal(await page.getByRole('link', { name: 'Create account' }).getAttribute('href'), '/register');
    assert.ok(await page.getByLabel('Email').isVisible());
    assert.equal(await page.getByLabel('Password', { exact: true }).getAttribute('type'), 'password');
    // Nothing may overflow horizontally at this width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page overflows horizontally by ${overflow}px`);
    await screenshot(page, `user-login-${size}`);
    assert.deepEqual(page.problems, []);
  });

  test(`admin login page renders (${size})`, async () => {
    const page = await ctx.page({ viewport });
    await page.goto(`${ADMIN_URL}/`);
    await page.waitForURL(/\/admin\/login$/);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    assert.ok(await page.getByPlaceholder('Enter Registered Email Id').isVisible());
    assert.ok(await page.getByRole('button', { name: 'Login', exact: true }).isVisible());
    await page.getByText('PRE-LAUNCH PROGRAM').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page overflows horizontally by ${overflow}px`);
    await screenshot(page, `admin-login-${size}`);
    assert.deepEqual(page.problems, []);
  });
}

test('buyer login validates required fields without a server round trip', async () => {
  const page = await ctx.page();
  await page.goto(`${USER_URL}/`);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByText('Email is required.').waitFor();
  await page.getByText('Password is required.').waitFor();
  assert.equal(new URL(page.url()).pathname, '/');
});

test('password field has a show/hide toggle', async () => {
  const page = await ctx.page();
  await page.goto(`${USER_URL}/`);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('secret');
  await page.getByRole('button', { name: 'Show password' }).click();
  assert.equal(await password.getAttribute('type'), 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  assert.equal(await password.getAttribute('type'), 'password');
});
