// Sums the gzipped JS that the browser loads to render `/`: the entry chunk, the Login route chunk
// (loaded at once by the router) and every chunk they import statically. Usage: node scripts/first-load.mjs
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = join(import.meta.dirname, '..', 'dist', 'assets');
const files = readdirSync(dir).filter((f) => f.endsWith('.js'));
const html = readFileSync(join(import.meta.dirname, '..', 'dist', 'index.html'), 'utf8');
const entry = html.match(/src="\/assets\/([^"]+\.js)"/)[1];
const login = files.find((f) => /^Login-/.test(f));
const seen = new Set();
function walk(f) {
  if (seen.has(f)) return;
  seen.add(f);
  const src = readFileSync(join(dir, f), 'utf8');
  for (const m of src.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) walk(m[1]);
}
walk(entry);
walk(login);
let total = 0;
for (const f of seen) {
  const gz = gzipSync(readFileSync(join(dir, f))).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(2).padStart(8)} KB  ${f}`);
}
console.log(`${(total / 1024).toFixed(2).padStart(8)} KB  first load of / (JS, gzipped)`);
