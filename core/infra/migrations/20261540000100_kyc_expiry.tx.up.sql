-- KYC refresh (docs/compliance.md): an approval lasts 12 months, 6 for a buyer the admin marks
-- high-risk (an audited flag on the review); expired, it counts as none for kycRequiredAbove and
-- the buyer verifies again. The worker emails 30 and 7 days before the expiry, each once:
-- reminded_30_at / reminded_7_at record that the mail was queued (a new expiry clears them).
ALTER TABLE kyc_submissions
    ADD COLUMN approved_at    timestamptz,
    ADD COLUMN expires_at     timestamptz,
    ADD COLUMN high_risk      boolean NOT NULL DEFAULT false,
    ADD COLUMN reminded_30_at timestamptz,
    ADD COLUMN reminded_7_at  timestamptz;

--bun:split

-- Approvals made before expiry existed run 12 months from their decision.
UPDATE kyc_submissions SET approved_at = decided_at, expires_at = decided_at + interval '12 months'
WHERE status = 'APPROVED' AND decided_at IS NOT NULL;

--bun:split

-- The reminders' scan and the review's "expiring" / "expired" filters.
CREATE INDEX kyc_submissions_expiry_idx ON kyc_submissions (expires_at) WHERE status = 'APPROVED';
