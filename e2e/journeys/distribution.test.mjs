// In the browser: the admin opens Distribution from the menu, a refused RPC URL lands beside its
// field after the confirmation, the corrected settings save; at 360 px the page fits the phone
// and axe finds no serious or critical violation. The settings are put back empty afterwards
// (a TGE stays unset, so no other journey sees vesting).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import { axeViolations } from '../lib/axe.mjs';
import { screenshot, useBrowser } from '../lib/browser.mjs';
import { adminLogin, overflow } from './admin-helpers.mjs';

const ctx = useBrowser({ before, after });
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Save, then Save in the confirmation; waits for the confirmation to go. */
async function save(page) {
  await page.getByRole('form', { name: 'Distribution settings' }).getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(/Save the chain/).waitFor();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function toast(page, text) {
  await page.locator('.Toastify').getByText(text, { exact: true }).first().waitFor();
}

for (const [width, viewport] of [['1280', { width: 1280, height: 800 }], ['360', { width: 360, height: 780 }]]) {
  test(`admin: Distribution settings, a refusal beside its field, saved (${width} px)`, async () => {
    const page = await ctx.page({ viewport });
    await adminLogin(page);
    if (width === '360') {
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('dialog').getByRole('link', { name: 'Distribution' }).click();
    } else {
      await page.getByRole('link', { name: 'Distribution' }).click();
    }
    await page.getByRole('heading', { name: 'Distribution', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Download merkle.json' }).waitFor();

    const rpc = page.getByLabel('RPC URL');
    await rpc.fill('ftp://rpc.example.org');
    await save(page);
    await page.getByText('RPC URL must be an http:// or https:// address.').first().waitFor();
    assert.equal(await rpc.getAttribute('aria-invalid'), 'true');

    await rpc.fill('https://rpc.example.org');
    await save(page);
    await toast(page, 'Distribution settings updated successfully');

    assert.ok((await overflow(page)) <= 1, 'the page scrolls sideways');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(350);
    if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.evaluate(AXE_SOURCE);
    const found = await axeViolations(page);
    assert.deepEqual(found, []);
    await screenshot(page, `admin-distribution-${width}`);

    // Put it back as the seed had it.
    await rpc.fill('');
    await save(page);
    await toast(page, 'Distribution settings updated successfully');
    assert.deepEqual(page.problems, []);
  });
}
