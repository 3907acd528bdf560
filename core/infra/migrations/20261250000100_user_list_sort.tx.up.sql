-- The admin's user list sorted by name (GET /admin/auth/list?sort=name): the company's live
-- accounts in case-insensitive name order, so a page is an index range, not a sort of every
-- account (tools/perf TestPlansUseIndexes).
CREATE INDEX users_company_name_idx ON users (company_id, lower(name), id) WHERE deleted_at IS NULL;
