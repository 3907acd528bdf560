-- One receipt, one purchase, by content: the same bytes uploaded twice get two file ids, so the
-- file id alone (purchases_receipt_claim_key) let one receipt back two purchases. Each upload
-- keeps its SHA-256, a submitted purchase the SHA-256 of its receipt, and the company's live
-- claims (PENDING, APPROVED, REFUNDED; a REJECTED one frees its receipt, as it frees its UTR and
-- its file) hold each content once. Uploads made before this migration have no sum (their bytes
-- are not read here), so they are held by their file id only, as before.

ALTER TABLE media ADD COLUMN sha256 text CHECK (sha256 IS NULL OR sha256 ~ '^[0-9a-f]{64}$');

--bun:split

ALTER TABLE purchases ADD COLUMN receipt_sha256 text
    CHECK (receipt_sha256 IS NULL OR receipt_sha256 ~ '^[0-9a-f]{64}$');

--bun:split

CREATE UNIQUE INDEX purchases_receipt_content_claim_key ON purchases (company_id, receipt_sha256)
    WHERE receipt_sha256 IS NOT NULL AND status IN ('PENDING', 'APPROVED', 'REFUNDED') AND NOT claim_repeat;
