-- Issue 8 (performance): indexes so no list, search or dashboard query scans users or purchases
-- sequentially at 1M users / 5M purchases (checked by core/perf TestPlansUseIndexes).

-- admin auth/list without the isApproved filter: newest first, and its count, per company.
CREATE INDEX users_company_created_idx ON users (company_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;

--bun:split

-- admin dashboard/get user counts and stock sum: an index-only scan per company.
CREATE INDEX users_company_stats_idx ON users (company_id, role) INCLUDE (status, is_approved, deleted_at, stock_balance);

--bun:split

-- admin dashboard/get approved totals by payment method and the review list counts.
CREATE INDEX purchases_company_status_amount_idx ON purchases (company_id, status) INCLUDE (payment_method, final_amount, user_id);

--bun:split

-- admin transaction/list without a status filter (the reviewable statuses), newest first.
CREATE INDEX purchases_company_review_idx ON purchases (company_id, created_at DESC, id DESC)
    WHERE status IN ('PENDING', 'APPROVED', 'REJECTED');
