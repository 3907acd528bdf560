-- The tax settings of GST invoices of the platform charge (docs/architecture.md, core/invoice).
-- The company's tax registration lives with its token settings (core/sale): without a GSTIN no
-- invoice is issued.
ALTER TABLE tokens
    ADD COLUMN gstin            text NOT NULL DEFAULT '',
    ADD COLUMN tax_legal_name   text NOT NULL DEFAULT '',
    ADD COLUMN tax_address      text NOT NULL DEFAULT '',
    ADD COLUMN gst_rate_percent numeric(5,2) NOT NULL DEFAULT 18
        CHECK (gst_rate_percent >= 0 AND gst_rate_percent <= 28);

-- The buyer's state (a GST state code), the place of supply of their invoices; empty means
-- "from the PIN code".
ALTER TABLE users ADD COLUMN state text NOT NULL DEFAULT '';

