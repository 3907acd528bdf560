-- admin kyc/list's total without a search was a count of the company's submissions on every
-- page (61 ms at 100,000 submissions, p99 ≈ 1 s under 64 connections; docs/performance.md). The
-- submissions by company and status are now kept by triggers, exactly and in the same
-- transaction as each change, and the list reads a few rows (core/kyc StatusCounts).
--
-- Each backend adds its changes to its own row (slot = pg_backend_pid()): a live backend runs one
-- transaction at a time and no two live backends share a pid, so two writers never wait on the
-- same counter row (a single row per company and status would serialise every submission and
-- decision of the company until commit). A figure is the sum of its rows; a reader folds them into
-- slot 0 when a company has many (kyc_status_counts_fold). Owner: core/kyc.
CREATE TABLE kyc_status_counts (
    company_id uuid    NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    status     text    NOT NULL,
    slot       integer NOT NULL,
    n          bigint  NOT NULL,
    PRIMARY KEY (company_id, status, slot)
);

--bun:split

-- One statement's changes, summed per company and status (a bulk insert or delete is one
-- update per key, not one per row). Rows of a company being deleted are skipped: its counts go
-- with it (ON DELETE CASCADE). Statement triggers with transition tables take one event each.
CREATE FUNCTION kyc_status_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO kyc_status_counts AS c (company_id, status, slot, n)
        SELECT d.company_id, d.status, pg_backend_pid(), count(*) FROM kyc_new AS d
        WHERE EXISTS (SELECT 1 FROM companies WHERE id = d.company_id)
        GROUP BY d.company_id, d.status ORDER BY 1, 2
        ON CONFLICT (company_id, status, slot) DO UPDATE SET n = c.n + excluded.n;
    ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO kyc_status_counts AS c (company_id, status, slot, n)
        SELECT d.company_id, d.status, pg_backend_pid(), -count(*) FROM kyc_old AS d
        WHERE EXISTS (SELECT 1 FROM companies WHERE id = d.company_id)
        GROUP BY d.company_id, d.status ORDER BY 1, 2
        ON CONFLICT (company_id, status, slot) DO UPDATE SET n = c.n + excluded.n;
    ELSE
        INSERT INTO kyc_status_counts AS c (company_id, status, slot, n)
        SELECT d.company_id, d.status, pg_backend_pid(), sum(d.s)
        FROM (SELECT company_id, status, 1 AS s FROM kyc_new
              UNION ALL SELECT company_id, status, -1 FROM kyc_old) AS d
        WHERE EXISTS (SELECT 1 FROM companies WHERE id = d.company_id)
        GROUP BY d.company_id, d.status HAVING sum(d.s) <> 0 ORDER BY 1, 2
        ON CONFLICT (company_id, status, slot) DO UPDATE SET n = c.n + excluded.n;
    END IF;
    RETURN NULL;
END $$;

--bun:split

CREATE TRIGGER kyc_status_counts_ins AFTER INSERT ON kyc_submissions REFERENCING NEW TABLE AS kyc_new
    FOR EACH STATEMENT EXECUTE FUNCTION kyc_status_counts_apply();

--bun:split

CREATE TRIGGER kyc_status_counts_upd AFTER UPDATE ON kyc_submissions
    REFERENCING OLD TABLE AS kyc_old NEW TABLE AS kyc_new
    FOR EACH STATEMENT EXECUTE FUNCTION kyc_status_counts_apply();

--bun:split

CREATE TRIGGER kyc_status_counts_del AFTER DELETE ON kyc_submissions REFERENCING OLD TABLE AS kyc_old
    FOR EACH STATEMENT EXECUTE FUNCTION kyc_status_counts_apply();

--bun:split

CREATE FUNCTION kyc_status_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM kyc_status_counts;
    RETURN NULL;
END $$;

--bun:split

CREATE TRIGGER kyc_status_counts_trunc AFTER TRUNCATE ON kyc_submissions
    FOR EACH STATEMENT EXECUTE FUNCTION kyc_status_counts_clear();

--bun:split

-- Folds a company's rows into slot 0. One caller at a time per company (the others return at
-- once); a row whose backend is writing it is skipped (SKIP LOCKED), so the fold never waits and
-- no writer waits on more than the fold's one statement. The sums never change.
CREATE FUNCTION kyc_status_counts_fold(cid uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    statuses text[];
    slots    integer[];
BEGIN
    IF NOT pg_try_advisory_xact_lock(hashtext('kyc_status_counts'), hashtext(cid::text)) THEN
        RETURN;
    END IF;
    SELECT array_agg(status), array_agg(slot) INTO statuses, slots FROM (SELECT status, slot FROM kyc_status_counts
        WHERE company_id = cid AND slot <> 0 FOR UPDATE SKIP LOCKED) AS l;
    WITH d AS (DELETE FROM kyc_status_counts WHERE company_id = cid AND (status, slot) IN (SELECT * FROM unnest(statuses, slots))
        RETURNING status, n)
    INSERT INTO kyc_status_counts AS c (company_id, status, slot, n)
    SELECT cid, status, 0, sum(n) FROM d GROUP BY status ORDER BY status
    ON CONFLICT (company_id, status, slot) DO UPDATE SET n = c.n + excluded.n;
END $$;

--bun:split

-- Recomputes every count from the rows (backfill; after a bulk load with triggers off). Never
-- concurrently with writes to kyc_submissions.
CREATE FUNCTION kyc_status_counts_rebuild() RETURNS void LANGUAGE sql AS $$
    DELETE FROM kyc_status_counts;
    INSERT INTO kyc_status_counts (company_id, status, slot, n)
        SELECT company_id, status, 0, count(*) FROM kyc_submissions GROUP BY company_id, status;
$$;

--bun:split

SELECT kyc_status_counts_rebuild();
