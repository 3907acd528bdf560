package main

// findings explains the misses measured at 1M users / 5M purchases (first run, 2026-11-21).
const findings = `
## Why the misses (EXPLAIN ANALYZE on prelaunch_scale)

- **profile/get** (500s, i/o timeout at 15 s): core/buyer/profile.go sums quantity over every APPROVED
  purchase of the company (~0.9M rows) on each call. Fix: read it from the token row (private −
  remaining − reserved) or keep a maintained counter; an index cannot make a 0.9M-row sum < 50 ms.
- **admin dashboard/get** (p99 ~15 s): three aggregates over the company's users (333k) and APPROVED
  purchases (~0.9M) per call. Covering indexes (migration 20261121000200) give index-only scans but
  still touch ~1M index entries; needs a summary table updated on approve (or a short cache).
- **admin transaction/list PENDING + search** (p99 ~16 s): the OR of ` + "`user_id IN (trigram subquery)`" + `,
  reference LIKE and order_number = cannot use an index together, so Postgres reads all ~68k PENDING
  rows of the company (17k heap blocks) per call; and the count repeats it. Rewrite as a UNION of
  (user_id = ANY(matching users) via purchases_user_status_idx) and (reference trigram), and add an
  index on lower(order_number). JIT also fires on these plans (jit = off for OLTP is advisable).
- **admin auth/list without a filter / user transaction/list**: the page itself is an index scan, but
  ScanAndCount counts all 333k users (5,000 purchases) of the company on every page; at 64 connections
  on 2 cores that queues. An estimated count above a threshold (or caching the total) is the fix.
- **price/get at 17 % of bare**: the auth middleware loads the user (token_version) and the site
  (company + token) from Postgres on each request, plus an access-log line; caching the site for a
  few seconds would remove one round trip.
- **approve cycle ~126/s**: order, purchase and approve each lock the single token row, so the whole
  company serialises on it; the shared machine and 64 clients on 2 cores add queueing.
- Referral rewards stay 0 during the cycle by design of the load, not by a bug: each order is ₹100 =
  10 tokens, and floor(10 × 5 % ) = 0. core/purchase/review_test.go pins the reward on larger orders.
`
