-- A reason on a rejection, refunds (REJECTED -> REFUNDED), receipts numbered per
-- company, and "one payment, one claim".

ALTER TABLE purchases
    ADD COLUMN reject_reason    text CHECK (reject_reason IS NULL OR char_length(reject_reason) BETWEEN 1 AND 500),
    ADD COLUMN refund_reference text CHECK (refund_reference IS NULL OR char_length(refund_reference) BETWEEN 1 AND 100),
    ADD COLUMN refunded_at      timestamptz,
    ADD COLUMN refunded_by      uuid,
    -- The receipt's number in the company's sequence, given at its first download.
    ADD COLUMN receipt_number   bigint CHECK (receipt_number IS NULL OR receipt_number > 0),
    -- True only on the claims this migration found repeating an earlier one (the same payment
    -- reference or receipt file on two live purchases, accepted before the rule held): they keep
    -- their state for an admin to decide, outside the uniqueness below.
    ADD COLUMN claim_repeat     boolean NOT NULL DEFAULT false;

--bun:split

-- A refund only follows a rejection; the CHECK only widens.
ALTER TABLE purchases DROP CONSTRAINT IF EXISTS purchases_status_check,
    ADD CONSTRAINT purchases_status_check
    CHECK (status IN ('INITIATED', 'PENDING', 'APPROVED', 'REJECTED', 'REFUNDED', 'EXPIRED', 'CANCELLED'));

--bun:split

ALTER TABLE purchases ADD CONSTRAINT purchases_refund_check
    CHECK ((status = 'REFUNDED') = (refund_reference IS NOT NULL AND refunded_at IS NOT NULL));

--bun:split

-- The normal form of a payment reference: without case, spaces, dashes,
-- slashes, underscores or leading zeros, so 578816794120, 5788-1679-4120, 0578816794120,
-- 578816794120/ and _578816794120 are one UTR. fields.NormalUTR is the same rule in Go.
CREATE OR REPLACE FUNCTION ref_norm(text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$ SELECT ltrim(upper(regexp_replace($1, '[[:space:]_/-]+', '', 'g')), '0') $$;

--bun:split

-- Built on the old form: rebuilt on the new one.
REINDEX INDEX purchases_company_ref_norm_idx;

--bun:split

-- Mark the repeats already in the table so the unique indexes below can be built: in each
-- company, the first claim of a reference (an approved one first, then the earliest submitted)
-- keeps it. A PENDING, APPROVED or REFUNDED purchase holds its claim; a REJECTED one frees it.
UPDATE purchases SET claim_repeat = true
 WHERE id IN (
    SELECT id FROM (
        SELECT id, row_number() OVER (PARTITION BY company_id, ref_norm(reference_number)
                                      ORDER BY status = 'APPROVED' DESC, submitted_at NULLS LAST, created_at, id) AS n
          FROM purchases
         WHERE reference_number IS NOT NULL AND status IN ('PENDING', 'APPROVED', 'REFUNDED')) r
     WHERE n > 1
    UNION
    SELECT id FROM (
        SELECT id, row_number() OVER (PARTITION BY receipt_id
                                      ORDER BY status = 'APPROVED' DESC, submitted_at NULLS LAST, created_at, id) AS n
          FROM purchases
         WHERE receipt_id IS NOT NULL AND status IN ('PENDING', 'APPROVED', 'REFUNDED')) f
     WHERE n > 1);

--bun:split

DROP INDEX IF EXISTS purchases_company_reference_key;

--bun:split

-- One payment, one claim: a reference in its normal form, once per company among the live claims.
CREATE UNIQUE INDEX purchases_company_ref_claim_key ON purchases (company_id, ref_norm(reference_number))
    WHERE reference_number IS NOT NULL AND status IN ('PENDING', 'APPROVED', 'REFUNDED') AND NOT claim_repeat;

--bun:split

-- A receipt file proves one payment: attached to one live claim at a time.
CREATE UNIQUE INDEX purchases_receipt_claim_key ON purchases (receipt_id)
    WHERE receipt_id IS NOT NULL AND status IN ('PENDING', 'APPROVED', 'REFUNDED') AND NOT claim_repeat;

--bun:split

-- The admin search finds a reference in any written form: a substring of its normal form.
DROP INDEX IF EXISTS purchases_reference_trgm_idx;

--bun:split

CREATE INDEX purchases_ref_norm_trgm_idx ON purchases USING gin (ref_norm(reference_number) gin_trgm_ops);

--bun:split

-- The lists' totals of refunds (the stats triggers count PENDING, APPROVED and REJECTED only).
CREATE INDEX purchases_refunded_idx ON purchases (company_id) WHERE status = 'REFUNDED';

--bun:split

-- Each company's receipt numbers: 1, 2, 3… in the order receipts are first downloaded.
CREATE TABLE receipt_counters (
    company_id uuid PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
    last       bigint NOT NULL CHECK (last > 0)
);

--bun:split

CREATE UNIQUE INDEX purchases_company_receipt_number_key ON purchases (company_id, receipt_number)
    WHERE receipt_number IS NOT NULL;
