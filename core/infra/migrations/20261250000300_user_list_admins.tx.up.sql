-- The company's admins (GET /admin/auth/list?role=ADMIN, listed apart from the buyers): a handful
-- of rows among the buyers, found without reading the buyers (tools/perf TestPlansUseIndexes).
CREATE INDEX users_company_admins_idx ON users (company_id, created_at DESC, id DESC) WHERE deleted_at IS NULL AND role = 'ADMIN';
