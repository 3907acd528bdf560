-- Look-alikes in payment references (docs/security.md, finding 11): 57881679412o was accepted
-- beside 578816794120. ref_norm now folds, after upper-casing, O to 0 and L and I to 1, as
-- fields.NormalUTR does; everything built on it is rebuilt.

-- The claim index is dropped first: rows are marked below while the function has changed.
DROP INDEX IF EXISTS purchases_company_ref_claim_key;

--bun:split

CREATE OR REPLACE FUNCTION ref_norm(text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$ SELECT ltrim(translate(upper(regexp_replace($1, '[[:space:]_/-]+', '', 'g')), 'OLI', '011'), '0') $$;

--bun:split

-- Claims that only now read as one payment (57881679412o beside 578816794120) must not stop the
-- migration: as in …0300_refund_receipt_claims, the first claim of each reference in a company
-- (an approved one first, then the earliest submitted) keeps it; the repeats keep their state
-- for an admin to decide, outside the uniqueness below.
UPDATE purchases SET claim_repeat = true
 WHERE id IN (
    SELECT id FROM (
        SELECT id, row_number() OVER (PARTITION BY company_id, ref_norm(reference_number)
                                      ORDER BY status = 'APPROVED' DESC, submitted_at NULLS LAST, created_at, id) AS n
          FROM purchases
         WHERE reference_number IS NOT NULL AND status IN ('PENDING', 'APPROVED', 'REFUNDED') AND NOT claim_repeat) r
     WHERE n > 1);

--bun:split

CREATE UNIQUE INDEX purchases_company_ref_claim_key ON purchases (company_id, ref_norm(reference_number))
    WHERE reference_number IS NOT NULL AND status IN ('PENDING', 'APPROVED', 'REFUNDED') AND NOT claim_repeat;

--bun:split

REINDEX INDEX purchases_company_ref_norm_idx;

--bun:split

REINDEX INDEX purchases_ref_norm_trgm_idx;

--bun:split

-- Statement lines keep their reference in normal form: folded the same way.
UPDATE reconcile_lines SET utr = ref_norm(utr) WHERE utr IS NOT NULL AND utr IS DISTINCT FROM ref_norm(utr);
