-- admin transaction/list without a status filter lists the reviewable statuses, REFUNDED now among
-- them: the partial index of that list covers it too, or the list scans purchases
-- (core/perf TestPlansUseIndexes).
DROP INDEX IF EXISTS purchases_company_review_idx;

--bun:split

CREATE INDEX purchases_company_review_idx ON purchases (company_id, created_at DESC, id DESC)
    WHERE status IN ('PENDING', 'APPROVED', 'REJECTED', 'REFUNDED');
