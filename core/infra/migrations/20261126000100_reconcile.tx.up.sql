-- Reconciliation: imported bank statements and their credit lines.

-- ref_norm is the normal form a bank reference is compared in: no case, spaces, dashes or
-- leading zeros (banks pad references: 0000412345678901 is the RRN 412345678901). The Go side
-- (reconcile.NormalUTR) writes the same form into reconcile_lines.utr.
CREATE FUNCTION ref_norm(text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$ SELECT ltrim(upper(regexp_replace($1, '[[:space:]-]+', '', 'g')), '0') $$;

-- A statement's credits are matched by the company's purchases' references in one query.
CREATE INDEX purchases_company_ref_norm_idx ON purchases (company_id, ref_norm(reference_number))
    WHERE reference_number IS NOT NULL;

--bun:split

CREATE TABLE reconcile_imports (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    company_id      uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    admin_id        uuid REFERENCES users (id) ON DELETE SET NULL,
    admin_name      text NOT NULL DEFAULT '',
    file_name       text NOT NULL,
    sha256          text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
    lines           integer NOT NULL CHECK (lines >= 0),
    credits         integer NOT NULL CHECK (credits >= 0),
    matched         integer NOT NULL CHECK (matched >= 0),
    amount_mismatch integer NOT NULL CHECK (amount_mismatch >= 0),
    decided         integer NOT NULL CHECK (decided >= 0),
    not_found       integer NOT NULL CHECK (not_found >= 0),
    no_utr          integer NOT NULL CHECK (no_utr >= 0),
    repeated        integer NOT NULL CHECK (repeated >= 0),
    created_at      timestamptz NOT NULL DEFAULT now(),
    CHECK (credits = matched + amount_mismatch + decided + not_found + no_utr + repeated)
);
-- The same file twice is refused by its SHA-256, per company.
CREATE UNIQUE INDEX reconcile_imports_company_sha_key ON reconcile_imports (company_id, sha256);
-- The import history, newest first.
CREATE INDEX reconcile_imports_company_created_idx ON reconcile_imports (company_id, created_at DESC, id DESC);

CREATE TABLE reconcile_lines (
    import_id    uuid NOT NULL REFERENCES reconcile_imports (id) ON DELETE CASCADE,
    line_no      integer NOT NULL CHECK (line_no >= 1),
    company_id   uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    date         date NOT NULL,
    description  text NOT NULL,
    utr          text CHECK (utr <> ''),
    credit       numeric(18,2) NOT NULL CHECK (credit > 0),
    match_status text NOT NULL CHECK (match_status IN ('MATCHED', 'AMOUNT_MISMATCH', 'DECIDED', 'NOT_FOUND', 'NO_UTR', 'REPEATED')),
    note         text NOT NULL DEFAULT '',
    purchase_id  uuid REFERENCES purchases (id) ON DELETE SET NULL,
    PRIMARY KEY (import_id, line_no)
);
-- An import's lines of one status, in file order (reconcile/get's filter, approve's MATCHED).
CREATE INDEX reconcile_lines_import_status_idx ON reconcile_lines (import_id, match_status, line_no);
-- REPEATED: the same UTR and amount in an earlier import of the company.
CREATE INDEX reconcile_lines_company_utr_idx ON reconcile_lines (company_id, utr, credit) WHERE utr IS NOT NULL;
-- Deleting a purchase (a company's removal) finds its lines.
CREATE INDEX reconcile_lines_purchase_idx ON reconcile_lines (purchase_id) WHERE purchase_id IS NOT NULL;
