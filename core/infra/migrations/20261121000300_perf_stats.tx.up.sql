-- Issue 8 (performance): the admin dashboard's member and approved-purchase figures, the buyer
-- profile's globalStake (tokens sold) and the unfiltered list totals were aggregates over ~1M rows
-- per call. They are now kept in
-- step by triggers, exactly and in the same transaction as the change, as append-only delta rows
-- per company: a figure is the sum of the company's rows. Appends never contend (no hot counter
-- row for approvals or sign-ups to serialise on); readers fold the rows into one when they pile
-- up (company_stats_compact). Read by core/stats.

CREATE TABLE company_stat_deltas (
    id                bigserial PRIMARY KEY,
    company_id        uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    -- live buyers (role USER, not deleted) by status and approval
    users_total       bigint NOT NULL DEFAULT 0,
    users_active      bigint NOT NULL DEFAULT 0,
    users_inactive    bigint NOT NULL DEFAULT 0,
    users_blocked     bigint NOT NULL DEFAULT 0,
    users_approved    bigint NOT NULL DEFAULT 0,
    users_waiting     bigint NOT NULL DEFAULT 0,
    -- live accounts of any role (admin auth/list's total) and the approved ones among them
    accounts_total    bigint NOT NULL DEFAULT 0,
    accounts_approved bigint NOT NULL DEFAULT 0,
    -- every account of the company, deleted included (credited tokens stay credited)
    stock_balance     numeric NOT NULL DEFAULT 0,
    -- purchases under review or decided (admin transaction/list's totals)
    pending_count     bigint NOT NULL DEFAULT 0,
    rejected_count    bigint NOT NULL DEFAULT 0,
    -- APPROVED purchases: count, final amount and quantity, in total and by payment method
    approved_count    bigint NOT NULL DEFAULT 0,
    approved_amount   numeric NOT NULL DEFAULT 0,
    approved_quantity numeric NOT NULL DEFAULT 0,
    bank_count        bigint NOT NULL DEFAULT 0,
    bank_amount       numeric NOT NULL DEFAULT 0,
    upi_count         bigint NOT NULL DEFAULT 0,
    upi_amount        numeric NOT NULL DEFAULT 0,
    manual_count      bigint NOT NULL DEFAULT 0,
    manual_amount     numeric NOT NULL DEFAULT 0,
    crypto_count      bigint NOT NULL DEFAULT 0,
    crypto_amount     numeric NOT NULL DEFAULT 0
);

--bun:split

CREATE INDEX company_stat_deltas_company_idx ON company_stat_deltas (company_id);

--bun:split

-- One delta row for a user change: NEW's contribution minus OLD's (OLD is NULL on INSERT, NEW on
-- DELETE). Rows of a company being deleted are skipped (its deltas go with it).
CREATE FUNCTION company_stats_user_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO company_stat_deltas (company_id, users_total, users_active, users_inactive, users_blocked,
        users_approved, users_waiting, accounts_total, accounts_approved, stock_balance)
    SELECT cid, sum(s * m), sum(s * m * (st = 'ACTIVE')::int), sum(s * m * (st = 'INACTIVE')::int),
        sum(s * m * (st = 'BLOCKED')::int), sum(s * m * ap::int), sum(s * m * (NOT ap)::int),
        sum(s * (del IS NULL)::int), sum(s * (del IS NULL AND ap)::int), sum(s * sb)
    FROM (VALUES (OLD.company_id, OLD.role, OLD.status, OLD.is_approved, OLD.deleted_at, OLD.stock_balance, -1),
                 (NEW.company_id, NEW.role, NEW.status, NEW.is_approved, NEW.deleted_at, NEW.stock_balance, 1))
        AS v (cid, role, st, ap, del, sb, s),
        LATERAL (SELECT (v.role = 'USER' AND v.del IS NULL)::int AS m) x
    WHERE cid IS NOT NULL AND EXISTS (SELECT 1 FROM companies c WHERE c.id = v.cid)
    GROUP BY cid
    HAVING sum(s * m) <> 0 OR sum(s * m * (st = 'ACTIVE')::int) <> 0 OR sum(s * m * (st = 'INACTIVE')::int) <> 0
        OR sum(s * m * (st = 'BLOCKED')::int) <> 0 OR sum(s * m * ap::int) <> 0 OR sum(s * sb) <> 0
        OR sum(s * (del IS NULL)::int) <> 0 OR sum(s * (del IS NULL AND ap)::int) <> 0;
    RETURN NULL;
END $$;

--bun:split

CREATE TRIGGER users_stats_ins_del AFTER INSERT OR DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION company_stats_user_trg();

--bun:split

CREATE TRIGGER users_stats_upd AFTER UPDATE ON users FOR EACH ROW
    WHEN ((OLD.company_id, OLD.role, OLD.status, OLD.is_approved, OLD.deleted_at IS NULL, OLD.stock_balance)
        IS DISTINCT FROM (NEW.company_id, NEW.role, NEW.status, NEW.is_approved, NEW.deleted_at IS NULL, NEW.stock_balance))
    EXECUTE FUNCTION company_stats_user_trg();

--bun:split

-- One delta row for a purchase entering or leaving review (PENDING, APPROVED, REJECTED), or an
-- approved one changing.
CREATE FUNCTION company_stats_purchase_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO company_stat_deltas (company_id, pending_count, rejected_count, approved_count, approved_amount,
        approved_quantity, bank_count, bank_amount, upi_count, upi_amount, manual_count, manual_amount,
        crypto_count, crypto_amount)
    SELECT cid, sum(s * (st = 'PENDING')::int), sum(s * (st = 'REJECTED')::int), sum(s * a), sum(s * a * amt),
        sum(s * a * qty),
        sum(s * a * (pm = 'BANK')::int), sum(s * a * amt * (pm = 'BANK')::int),
        sum(s * a * (pm = 'UPI')::int), sum(s * a * amt * (pm = 'UPI')::int),
        sum(s * a * (pm = 'MANUAL')::int), sum(s * a * amt * (pm = 'MANUAL')::int),
        sum(s * a * (pm = 'CRYPTO')::int), sum(s * a * amt * (pm = 'CRYPTO')::int)
    FROM (VALUES (OLD.company_id, OLD.status, OLD.payment_method, OLD.final_amount, OLD.quantity, -1),
                 (NEW.company_id, NEW.status, NEW.payment_method, NEW.final_amount, NEW.quantity, 1))
        AS v (cid, st, pm, amt, qty, s),
        LATERAL (SELECT (v.st = 'APPROVED')::int AS a) x
    WHERE cid IS NOT NULL AND st IN ('PENDING', 'APPROVED', 'REJECTED')
        AND EXISTS (SELECT 1 FROM companies c WHERE c.id = v.cid)
    GROUP BY cid
    HAVING sum(s * (st = 'PENDING')::int) <> 0 OR sum(s * (st = 'REJECTED')::int) <> 0
        OR sum(s * a) <> 0 OR sum(s * a * amt) <> 0 OR sum(s * a * qty) <> 0
        OR sum(s * a * (pm = 'BANK')::int) <> 0 OR sum(s * a * (pm = 'UPI')::int) <> 0
        OR sum(s * a * (pm = 'MANUAL')::int) <> 0 OR sum(s * a * (pm = 'CRYPTO')::int) <> 0;
    RETURN NULL;
END $$;

--bun:split

CREATE TRIGGER purchases_stats_ins AFTER INSERT ON purchases FOR EACH ROW
    WHEN (NEW.status IN ('PENDING', 'APPROVED', 'REJECTED')) EXECUTE FUNCTION company_stats_purchase_trg();

--bun:split

CREATE TRIGGER purchases_stats_del AFTER DELETE ON purchases FOR EACH ROW
    WHEN (OLD.status IN ('PENDING', 'APPROVED', 'REJECTED')) EXECUTE FUNCTION company_stats_purchase_trg();

--bun:split

CREATE TRIGGER purchases_stats_upd AFTER UPDATE ON purchases FOR EACH ROW
    WHEN ((OLD.status IN ('PENDING', 'APPROVED', 'REJECTED') OR NEW.status IN ('PENDING', 'APPROVED', 'REJECTED')) AND
        (OLD.company_id, OLD.status, OLD.payment_method, OLD.final_amount, OLD.quantity)
        IS DISTINCT FROM (NEW.company_id, NEW.status, NEW.payment_method, NEW.final_amount, NEW.quantity))
    EXECUTE FUNCTION company_stats_purchase_trg();

--bun:split

-- Folds a company's delta rows into one. One caller at a time per company (the others return at
-- once); rows committed meanwhile stay for the next fold, so the sum never changes.
CREATE FUNCTION company_stats_compact(cid uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF NOT pg_try_advisory_xact_lock(hashtext('company_stats'), hashtext(cid::text)) THEN
        RETURN;
    END IF;
    WITH d AS (DELETE FROM company_stat_deltas WHERE company_id = cid RETURNING *)
    INSERT INTO company_stat_deltas (company_id, users_total, users_active, users_inactive, users_blocked,
        users_approved, users_waiting, accounts_total, accounts_approved, stock_balance, pending_count,
        rejected_count, approved_count, approved_amount, approved_quantity,
        bank_count, bank_amount, upi_count, upi_amount, manual_count, manual_amount, crypto_count, crypto_amount)
    SELECT cid, sum(users_total), sum(users_active), sum(users_inactive), sum(users_blocked), sum(users_approved),
        sum(users_waiting), sum(accounts_total), sum(accounts_approved), sum(stock_balance), sum(pending_count),
        sum(rejected_count), sum(approved_count), sum(approved_amount), sum(approved_quantity),
        sum(bank_count), sum(bank_amount), sum(upi_count), sum(upi_amount), sum(manual_count), sum(manual_amount),
        sum(crypto_count), sum(crypto_amount)
    FROM d HAVING count(*) > 0;
END $$;

--bun:split

-- Recomputes a company's figures from the rows (backfill; after a bulk load with triggers off).
CREATE FUNCTION company_stats_rebuild(cid uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM company_stat_deltas WHERE company_id = cid;
    INSERT INTO company_stat_deltas (company_id, users_total, users_active, users_inactive, users_blocked,
        users_approved, users_waiting, accounts_total, accounts_approved, stock_balance, pending_count,
        rejected_count, approved_count, approved_amount, approved_quantity,
        bank_count, bank_amount, upi_count, upi_amount, manual_count, manual_amount, crypto_count, crypto_amount)
    SELECT cid, u.total, u.active, u.inactive, u.blocked, u.approved, u.waiting, u.acc, u.acc_approved, u.stock,
        p.pending, p.rejected, p.cnt, p.amt, p.qty, p.bank_c, p.bank_a, p.upi_c, p.upi_a, p.manual_c, p.manual_a,
        p.crypto_c, p.crypto_a
    FROM (SELECT
            count(*) FILTER (WHERE role = 'USER' AND deleted_at IS NULL) AS total,
            count(*) FILTER (WHERE role = 'USER' AND deleted_at IS NULL AND status = 'ACTIVE') AS active,
            count(*) FILTER (WHERE role = 'USER' AND deleted_at IS NULL AND status = 'INACTIVE') AS inactive,
            count(*) FILTER (WHERE role = 'USER' AND deleted_at IS NULL AND status = 'BLOCKED') AS blocked,
            count(*) FILTER (WHERE role = 'USER' AND deleted_at IS NULL AND is_approved) AS approved,
            count(*) FILTER (WHERE role = 'USER' AND deleted_at IS NULL AND NOT is_approved) AS waiting,
            count(*) FILTER (WHERE deleted_at IS NULL) AS acc,
            count(*) FILTER (WHERE deleted_at IS NULL AND is_approved) AS acc_approved,
            COALESCE(sum(stock_balance), 0) AS stock
          FROM users WHERE company_id = cid) u,
         (SELECT count(*) FILTER (WHERE status = 'PENDING') AS pending,
            count(*) FILTER (WHERE status = 'REJECTED') AS rejected,
            count(*) FILTER (WHERE status = 'APPROVED') AS cnt,
            COALESCE(sum(final_amount) FILTER (WHERE status = 'APPROVED'), 0) AS amt,
            COALESCE(sum(quantity) FILTER (WHERE status = 'APPROVED'), 0) AS qty,
            count(*) FILTER (WHERE status = 'APPROVED' AND payment_method = 'BANK') AS bank_c,
            COALESCE(sum(final_amount) FILTER (WHERE status = 'APPROVED' AND payment_method = 'BANK'), 0) AS bank_a,
            count(*) FILTER (WHERE status = 'APPROVED' AND payment_method = 'UPI') AS upi_c,
            COALESCE(sum(final_amount) FILTER (WHERE status = 'APPROVED' AND payment_method = 'UPI'), 0) AS upi_a,
            count(*) FILTER (WHERE status = 'APPROVED' AND payment_method = 'MANUAL') AS manual_c,
            COALESCE(sum(final_amount) FILTER (WHERE status = 'APPROVED' AND payment_method = 'MANUAL'), 0) AS manual_a,
            count(*) FILTER (WHERE status = 'APPROVED' AND payment_method = 'CRYPTO') AS crypto_c,
            COALESCE(sum(final_amount) FILTER (WHERE status = 'APPROVED' AND payment_method = 'CRYPTO'), 0) AS crypto_a
          FROM purchases WHERE company_id = cid AND status IN ('PENDING', 'APPROVED', 'REJECTED')) p;
END $$;

--bun:split

-- Backfill every existing company.
SELECT company_stats_rebuild(id) FROM companies;
