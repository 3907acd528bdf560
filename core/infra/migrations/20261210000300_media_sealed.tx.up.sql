-- Issue 27 finding 1 (docs/security.md): KYC document files are kept encrypted in the store
-- (AES-256-GCM under a key from PII_KEY, core/infra/media/seal.go). A sealed file's row says so; its
-- bytes are served by the BFF after the signed link is checked, never by a store link.
ALTER TABLE media ADD COLUMN sealed boolean NOT NULL DEFAULT false;
