-- A credit line whose amount cannot be read without doubt ("10,20": ₹1,020 or ₹10.20; "305.995";
-- a figure beyond the column) is kept as UNREADABLE: shown with the amount as written in its note,
-- never matched. It has no credit.

ALTER TABLE reconcile_imports
    ADD COLUMN unreadable integer NOT NULL DEFAULT 0 CHECK (unreadable >= 0);

--bun:split

ALTER TABLE reconcile_imports DROP CONSTRAINT IF EXISTS reconcile_imports_check,
    ADD CONSTRAINT reconcile_imports_check
    CHECK (credits = matched + amount_mismatch + decided + not_found + no_utr + repeated + unreadable);

--bun:split

ALTER TABLE reconcile_lines ALTER COLUMN credit DROP NOT NULL,
    DROP CONSTRAINT IF EXISTS reconcile_lines_match_status_check,
    ADD CONSTRAINT reconcile_lines_match_status_check
    CHECK (match_status IN ('MATCHED', 'AMOUNT_MISMATCH', 'DECIDED', 'NOT_FOUND', 'NO_UTR', 'REPEATED', 'UNREADABLE')),
    ADD CONSTRAINT reconcile_lines_unreadable_check
    CHECK ((match_status = 'UNREADABLE') = (credit IS NULL)),
    ADD CONSTRAINT reconcile_lines_unreadable_purchase_check
    CHECK (match_status <> 'UNREADABLE' OR purchase_id IS NULL);
