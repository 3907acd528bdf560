#!/usr/bin/env node
// pii-dump-check: pg_dump the database and fail on personal numbers that must never be at rest
// whole (docs/compliance.md, docs/security.md):
//   - an Aadhaar number: 12 digits, first 2–9, Verhoeff-valid, standing alone (not inside a longer
//     run of letters or digits, nor after + or -: a mobile +91… or an order number PUR-…),
//     written together or as 4 4 4 with spaces or dashes;
//   - a bank account number: a run of 9–18 digits in a column whose name contains "account".
// Skipped, and why: columns of numeric, integer and uuid types (amounts and ids are not
// personal numbers and a uuid's last group can be 12 digits); the payment references
// (reference_number, refund_reference and the statement lines' utr and description: UTRs are
// 12-digit too and cannot be told from an Aadhaar number by their form); the company's own
// payout account, beneficiaries.account_number, which buyers are shown to pay into.
//
//   node scripts/pii-dump-check.mjs "$DATABASE_URL"     (exit 1 and each finding, masked, on stderr)
//   node scripts/pii-dump-check.mjs --self-test
import { spawnSync } from 'node:child_process';

const D = [[0,1,2,3,4,5,6,7,8,9],[1,2,3,4,0,6,7,8,9,5],[2,3,4,0,1,7,8,9,5,6],[3,4,0,1,2,8,9,5,6,7],[4,0,1,2,3,9,5,6,7,8],[5,9,8,7,6,0,4,3,2,1],[6,5,9,8,7,1,0,4,3,2],[7,6,5,9,8,2,1,0,4,3],[8,7,6,5,9,3,2,1,0,4],[9,8,7,6,5,4,3,2,1,0]];
const P = [[0,1,2,3,4,5,6,7,8,9],[1,5,7,6,2,8,3,0,9,4],[5,8,0,3,7,9,6,1,4,2],[8,9,1,6,0,4,3,5,2,7],[9,4,5,3,1,2,6,8,7,0],[4,2,8,6,5,7,3,9,0,1],[2,7,9,3,8,0,6,4,1,5],[7,0,4,6,9,1,3,2,5,8]];
export function verhoeff(num) {
  let c = 0;
  const ds = num.split('').reverse().map(Number);
  for (let i = 0; i < ds.length; i++) c = D[c][P[i % 8][ds[i]]];
  return c === 0;
}

const AADHAAR = /(?<![0-9A-Za-z+-])([2-9][0-9]{3})[ -]?([0-9]{4})[ -]?([0-9]{4})(?![0-9A-Za-z])/g;
const ACCOUNT_RUN = /(?<![0-9])[0-9]{9,18}(?![0-9])/;
const SKIP_TYPES = /^(numeric|integer|bigint|smallint|uuid|double precision|real|bigserial|serial)/;
const SKIP_COLUMNS = new Set(['purchases.reference_number', 'purchases.refund_reference', 'beneficiaries.account_number',
  'reconcile_lines.utr', 'reconcile_lines.description']);

// check scans a plain-format dump: the CREATE TABLE statements give each column's type, the COPY
// blocks the rows. It answers the findings, masked.
export function check(dump) {
  const types = new Map();
  const found = [];
  let table = null, cols = null, createTable = null;
  for (const line of dump.split('\n')) {
    let m;
    if ((m = /^CREATE TABLE public\.(\w+) \(/.exec(line))) { createTable = m[1]; continue; }
    if (createTable) {
      if (line.startsWith(');')) { createTable = null; continue; }
      if ((m = /^\s+"?(\w+)"? ([a-z ]+)/.exec(line))) types.set(`${createTable}.${m[1]}`, m[2].trim());
      continue;
    }
    if ((m = /^COPY public\.(\w+) \((.*)\) FROM stdin;$/.exec(line))) {
      table = m[1];
      cols = m[2].split(', ').map((c) => c.replace(/"/g, ''));
      continue;
    }
    if (!table) continue;
    if (line === '\\.') { table = null; continue; }
    line.split('\t').forEach((v, i) => {
      const col = `${table}.${cols[i]}`;
      if (v === '\\N' || SKIP_COLUMNS.has(col) || SKIP_TYPES.test(types.get(col) ?? '')) return;
      for (const a of v.matchAll(AADHAAR)) {
        const n = a[1] + a[2] + a[3];
        if (verhoeff(n)) found.push(`${col}: an Aadhaar number XXXX XXXX ${n.slice(8)}`);
      }
      if (/account/i.test(cols[i]) && ACCOUNT_RUN.test(v)) found.push(`${col}: a bank account number (${v.length} characters)`);
    });
  }
  return found;
}

function selfTest() {
  const dump = ['CREATE TABLE public.t (', '    id uuid NOT NULL,', '    note text,', '    bank_account text,', '    amount numeric(38,0)', ');',
    'COPY public.t (id, note, bank_account, amount) FROM stdin;',
    'a\tmy number 2341 2341 2346\t\\N\t234123412346',
    'b\tUTR-234123412345 x\t123456789012\t1',
    'c\tABC234123412346\tXXXX1234\t1',
    'd\t+234123412346 PUR-234123412346\t\\N\t1', '\\.'].join('\n');
  const got = check(dump);
  const want = ['t.note: an Aadhaar number XXXX XXXX 2346', 't.bank_account: a bank account number (12 characters)'];
  if (JSON.stringify(got) !== JSON.stringify(want) || !verhoeff('234123412346') || verhoeff('234123412345')) {
    console.error('pii-dump-check self-test failed:', got);
    process.exit(1);
  }
  console.log('pii-dump-check: self-test passed');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = process.argv[2];
  if (arg === '--self-test') selfTest();
  else {
    if (!arg) { console.error('usage: pii-dump-check.mjs DATABASE_URL | --self-test'); process.exit(2); }
    const url = arg.replace(/[?&]sslmode=[^&]*/, '');
    const r = spawnSync('pg_dump', ['--no-owner', '--no-privileges', url], { maxBuffer: 1 << 30, encoding: 'utf8' });
    if (r.status !== 0) { console.error('pii-dump-check: pg_dump failed:', r.stderr || r.error); process.exit(1); }
    const found = check(r.stdout);
    if (found.length) {
      console.error(`pii-dump-check: ${found.length} personal number(s) at rest in the dump:`);
      for (const f of found.slice(0, 50)) console.error('  ' + f);
      process.exit(1);
    }
    console.log(`pii-dump-check: no Aadhaar or bank account number in the dump (${r.stdout.length} bytes)`);
  }
}
