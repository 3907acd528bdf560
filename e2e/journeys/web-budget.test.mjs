// Issue 8 web targets, pinned: each app's first-load JavaScript (the entry script and the
// modulepreloads of its built index.html, gzip -9, as make bench reports it) stays within budget,
// the login pages need no lazy chunk before they paint, and chart.js loads only with the admin
// dashboard.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { useBrowser } from '../lib/browser.mjs';
import { ADMIN_URL, USER_URL } from '../lib/env.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ctx = useBrowser({ before, after });

/** The JS files a built app's index.html loads up front, and their gzipped size in KB. */
function firstLoad(app) {
  const dist = join(root, 'apps', app, 'dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(?:admin\/)?([^"]+\.js)"/g)].map((m) => m[1]);
  const kb = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0) / 1024;
  return { files, kb };
}

test('first-load JavaScript: buyer ≤ 150 KB and admin ≤ 200 KB gzipped, no chart code up front', () => {
  const user = firstLoad('user');
  const admin = firstLoad('admin');
  assert.ok(user.files.length > 0 && admin.files.length > 0, 'no entry script found in a built index.html');
  assert.ok(user.kb <= 150, `buyer app first load is ${user.kb.toFixed(1)} KB gzipped (budget 150)`);
  assert.ok(admin.kb <= 200, `admin app first load is ${admin.kb.toFixed(1)} KB gzipped (budget 200)`);
  const charts = readdirSync(join(root, 'apps', 'admin', 'dist', 'assets')).filter((f) => /^DashboardCharts-.*\.js$/.test(f));
  assert.equal(charts.length, 1, 'the admin dashboard charts should be their own chunk');
  assert.ok(!admin.files.includes(`assets/${charts[0]}`), 'chart.js must not load with the entry script');
});

for (const [name, url, ready] of [
  ['buyer', `${USER_URL}/`, (page) => page.getByRole('button', { name: 'Log in' })],
  ['admin', `${ADMIN_URL}/admin/login`, (page) => page.getByRole('heading', { name: 'Admin Login' })],
]) {
  test(`${name} login paints from the entry script alone (no lazy chunk, no chart code)`, async () => {
    const page = await ctx.page();
    const scripts = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(url);
    await ready(page).waitFor();
    await page.waitForLoadState('networkidle');
    const entry = firstLoad(name === 'buyer' ? 'user' : 'admin').files.map((f) => `/${f}`);
    const extra = scripts.filter((s) => !entry.includes(s.replace(/^\/admin\//, '/')));
    assert.deepEqual(extra, [], `the login page loaded scripts beyond its entry: ${extra.join(', ')}`);
    assert.ok(!scripts.some((s) => s.includes('DashboardCharts')), 'chart code loaded on the login page');
    assert.deepEqual(page.problems, []);
  });
}
