-- GST tax invoices and credit notes of the platform charge, owned by core/invoice; their numbers
-- come from invoice_counters, locked in the approving (or refunding) transaction.
CREATE TABLE invoices (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    company_id       uuid NOT NULL REFERENCES companies(id),
    number           text NOT NULL,
    kind             text NOT NULL CHECK (kind IN ('INVOICE', 'CREDIT_NOTE')),
    purchase_id      uuid NOT NULL REFERENCES purchases(id),
    user_id          uuid NOT NULL REFERENCES users(id),
    refers_to        uuid REFERENCES invoices(id),
    fy               text NOT NULL,
    seq              bigint NOT NULL CHECK (seq > 0),
    place_of_supply  text NOT NULL,
    rate_percent     numeric(5,2) NOT NULL,
    -- paise, whole numbers: taxable + cgst + sgst + igst = total
    taxable          bigint NOT NULL,
    cgst             bigint NOT NULL,
    sgst             bigint NOT NULL,
    igst             bigint NOT NULL,
    total            bigint NOT NULL CHECK (total = taxable + cgst + sgst + igst),
    buyer_name       text NOT NULL,
    buyer_address    text NOT NULL,
    buyer_state      text NOT NULL,
    supplier_name    text NOT NULL,
    supplier_address text NOT NULL,
    supplier_gstin   text NOT NULL,
    issued_at        timestamptz NOT NULL,
    UNIQUE (company_id, kind, fy, seq),
    UNIQUE (company_id, number),
    CHECK ((kind = 'CREDIT_NOTE') = (refers_to IS NOT NULL))
);
-- One invoice and at most one credit note per purchase.
CREATE UNIQUE INDEX invoices_purchase_kind_key ON invoices (purchase_id, kind);
CREATE INDEX invoices_company_issued_idx ON invoices (company_id, issued_at DESC);
CREATE INDEX invoices_user_idx ON invoices (user_id, issued_at);

CREATE TABLE invoice_counters (
    company_id uuid NOT NULL REFERENCES companies(id),
    fy         text NOT NULL,
    kind       text NOT NULL CHECK (kind IN ('INVOICE', 'CREDIT_NOTE')),
    next       bigint NOT NULL CHECK (next > 0),
    PRIMARY KEY (company_id, fy, kind)
);
