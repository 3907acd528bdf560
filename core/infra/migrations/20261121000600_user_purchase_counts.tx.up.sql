-- Each buyer's purchases by status, kept by triggers, so transaction/list's total (a count over
-- up to thousands of a buyer's rows on every page) is one small read. One row per (user, status):
-- only that buyer's own orders and reviews touch it. No foreign key: a company delete removes
-- users and purchases in one cascade, and the purchases trigger must not depend on the order.
CREATE TABLE IF NOT EXISTS user_purchase_counts (
    user_id uuid   NOT NULL,
    status  text   NOT NULL,
    n       bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, status)
);

--bun:split

CREATE OR REPLACE FUNCTION user_purchase_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE user_purchase_counts SET n = n - 1 WHERE user_id = OLD.user_id AND status = OLD.status;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO user_purchase_counts AS c (user_id, status, n) VALUES (NEW.user_id, NEW.status, 1)
            ON CONFLICT (user_id, status) DO UPDATE SET n = c.n + 1;
    END IF;
    RETURN NULL;
END $$;

--bun:split

DROP TRIGGER IF EXISTS purchases_user_counts_ins_del ON purchases;

--bun:split

CREATE TRIGGER purchases_user_counts_ins_del AFTER INSERT OR DELETE ON purchases FOR EACH ROW
    EXECUTE FUNCTION user_purchase_counts_apply();

--bun:split

DROP TRIGGER IF EXISTS purchases_user_counts_upd ON purchases;

--bun:split

CREATE TRIGGER purchases_user_counts_upd AFTER UPDATE ON purchases FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.user_id IS DISTINCT FROM NEW.user_id)
    EXECUTE FUNCTION user_purchase_counts_apply();

--bun:split

CREATE OR REPLACE FUNCTION user_purchase_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM user_purchase_counts;
    RETURN NULL;
END $$;

--bun:split

DROP TRIGGER IF EXISTS purchases_user_counts_trunc ON purchases;

--bun:split

CREATE TRIGGER purchases_user_counts_trunc AFTER TRUNCATE ON purchases FOR EACH STATEMENT
    EXECUTE FUNCTION user_purchase_counts_clear();

--bun:split

-- Rebuild from the rows (also what a bulk load with triggers off calls: core/perf.Load).
CREATE OR REPLACE FUNCTION user_purchase_counts_rebuild() RETURNS void LANGUAGE sql AS $$
    DELETE FROM user_purchase_counts;
    INSERT INTO user_purchase_counts (user_id, status, n)
        SELECT user_id, status, count(*) FROM purchases GROUP BY user_id, status;
$$;

--bun:split

SELECT user_purchase_counts_rebuild();
