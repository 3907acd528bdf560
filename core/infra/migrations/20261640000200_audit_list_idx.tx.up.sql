-- admin audit/list reads a company's two kinds of records apart, each newest first on its own
-- index, instead of one OR that no index could order (each page sorted the company's million
-- records; docs/performance.md). The company's own records, with the id that breaks ties
-- (replaces audit_log_company_idx, whose columns lead this one):
CREATE INDEX audit_log_company_newest_idx ON audit_log (company_id, created_at DESC, id DESC);
DROP INDEX audit_log_company_idx;
-- The super admin's records on a company (no company_id; the company is the target).
CREATE INDEX audit_log_on_company_idx ON audit_log (target_id, created_at DESC, id DESC)
    WHERE company_id IS NULL AND target_type = 'company';
