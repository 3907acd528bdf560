-- admin audit/list's total without a filter was a count of the company's records on every page
-- (151 ms at 1,000,000 records: 11–17 req/s under 64 connections; docs/performance.md). The
-- records are now counted by triggers, exactly and in the same transaction as each change, per
-- branch of the list (core/readmodel/audit.go):
--   scope 'company'    — a company's own records (company_id = key);
--   scope 'on_company' — the super admin's records on a company (company_id NULL, target_type
--                        'company', target_id = key);
--   scope 'other'      — every other record (key ''), so the super admin's list of every
--                        company is the sum of all rows.
-- As in kyc_status_counts, each backend adds to its own row (slot = pg_backend_pid()): every
-- mutation writes a record, and one counter row per company would serialise them all until
-- commit. A figure is the sum of its rows; a reader folds them into slot 0 when they are many
-- (audit_log_counts_fold). No foreign key: a company's records outlive it (company_id is set
-- NULL, which moves them to another scope). Owner: core/audit.
CREATE TABLE audit_log_counts (
    scope text    NOT NULL CHECK (scope IN ('company', 'on_company', 'other')),
    key   text    NOT NULL,
    slot  integer NOT NULL,
    n     bigint  NOT NULL,
    PRIMARY KEY (scope, key, slot)
);

--bun:split

-- A record's scope and key, as the list reads the branches.
CREATE FUNCTION audit_log_scope(company_id uuid, target_type text, target_id text, OUT scope text, OUT key text)
LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN company_id IS NOT NULL THEN 'company' WHEN target_type = 'company' THEN 'on_company' ELSE 'other' END,
        CASE WHEN company_id IS NOT NULL THEN company_id::text WHEN target_type = 'company' THEN target_id ELSE '' END
$$;

--bun:split

-- One statement's changes, summed per scope and key (a bulk insert is one update per key).
CREATE FUNCTION audit_log_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO audit_log_counts AS c (scope, key, slot, n)
        SELECT s.scope, s.key, pg_backend_pid(), count(*)
        FROM audit_new AS r, audit_log_scope(r.company_id, r.target_type, r.target_id) AS s
        GROUP BY s.scope, s.key ORDER BY 1, 2
        ON CONFLICT (scope, key, slot) DO UPDATE SET n = c.n + excluded.n;
    ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO audit_log_counts AS c (scope, key, slot, n)
        SELECT s.scope, s.key, pg_backend_pid(), -count(*)
        FROM audit_old AS r, audit_log_scope(r.company_id, r.target_type, r.target_id) AS s
        GROUP BY s.scope, s.key ORDER BY 1, 2
        ON CONFLICT (scope, key, slot) DO UPDATE SET n = c.n + excluded.n;
    ELSE
        INSERT INTO audit_log_counts AS c (scope, key, slot, n)
        SELECT s.scope, s.key, pg_backend_pid(), sum(r.d)
        FROM (SELECT company_id, target_type, target_id, 1 AS d FROM audit_new
              UNION ALL SELECT company_id, target_type, target_id, -1 FROM audit_old) AS r,
            audit_log_scope(r.company_id, r.target_type, r.target_id) AS s
        GROUP BY s.scope, s.key HAVING sum(r.d) <> 0 ORDER BY 1, 2
        ON CONFLICT (scope, key, slot) DO UPDATE SET n = c.n + excluded.n;
    END IF;
    RETURN NULL;
END $$;

--bun:split

CREATE TRIGGER audit_log_counts_ins AFTER INSERT ON audit_log REFERENCING NEW TABLE AS audit_new
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_counts_apply();

--bun:split

CREATE TRIGGER audit_log_counts_upd AFTER UPDATE ON audit_log
    REFERENCING OLD TABLE AS audit_old NEW TABLE AS audit_new
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_counts_apply();

--bun:split

CREATE TRIGGER audit_log_counts_del AFTER DELETE ON audit_log REFERENCING OLD TABLE AS audit_old
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_counts_apply();

--bun:split

CREATE FUNCTION audit_log_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM audit_log_counts;
    RETURN NULL;
END $$;

--bun:split

CREATE TRIGGER audit_log_counts_trunc AFTER TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_counts_clear();

--bun:split

-- Folds the rows of one scope and key into slot 0, as kyc_status_counts_fold does.
CREATE FUNCTION audit_log_counts_fold(fscope text, fkey text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    slots integer[];
BEGIN
    IF NOT pg_try_advisory_xact_lock(hashtext('audit_log_counts'), hashtext(fscope || ' ' || fkey)) THEN
        RETURN;
    END IF;
    SELECT array_agg(slot) INTO slots FROM (SELECT slot FROM audit_log_counts
        WHERE scope = fscope AND key = fkey AND slot <> 0 FOR UPDATE SKIP LOCKED) AS l;
    WITH d AS (DELETE FROM audit_log_counts WHERE scope = fscope AND key = fkey AND slot = ANY (slots) RETURNING n)
    INSERT INTO audit_log_counts AS c (scope, key, slot, n)
    SELECT fscope, fkey, 0, sum(n) FROM d HAVING count(*) > 0
    ON CONFLICT (scope, key, slot) DO UPDATE SET n = c.n + excluded.n;
END $$;

--bun:split

-- Recomputes every count from the records (backfill; after a bulk load with triggers off). Never
-- concurrently with writes to audit_log.
CREATE FUNCTION audit_log_counts_rebuild() RETURNS void LANGUAGE sql AS $$
    DELETE FROM audit_log_counts;
    INSERT INTO audit_log_counts (scope, key, slot, n)
        SELECT s.scope, s.key, 0, count(*)
        FROM audit_log AS r, audit_log_scope(r.company_id, r.target_type, r.target_id) AS s
        GROUP BY s.scope, s.key;
$$;

--bun:split

SELECT audit_log_counts_rebuild();
