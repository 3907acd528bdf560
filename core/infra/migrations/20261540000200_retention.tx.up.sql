-- Retention (docs/compliance.md): a closed account (deleted_at) is anonymised at once; its
-- purchases, KYC record and audit entries are kept 5 years, then the retention job purges their
-- personal data and records here that it did.
ALTER TABLE users ADD COLUMN retention_purged_at timestamptz;

--bun:split

CREATE INDEX users_closed_unpurged_idx ON users (deleted_at) WHERE deleted_at IS NOT NULL AND retention_purged_at IS NULL;
