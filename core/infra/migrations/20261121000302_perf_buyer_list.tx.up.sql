-- Issue 8 (performance): a buyer's transaction/list (newest first, any status) and its total as
-- index-only scans: the page's ids are picked from this index, then only those rows are read
-- (core/purchase/list.go ListForBuyer). purchases_user_status_idx leads with status, so without
-- a status filter the page had to sort every purchase of the buyer.
CREATE INDEX purchases_user_created_idx ON purchases (user_id, company_id, created_at DESC, id DESC);
