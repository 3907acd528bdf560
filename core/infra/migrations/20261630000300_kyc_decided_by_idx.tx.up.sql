-- Deleting a user checks kyc_submissions.decided_by (ON DELETE SET NULL) for rows naming them;
-- without an index that is a scan of every submission per deleted user: removing the
-- benchmark's 2,000 tenant buyers beside 100,000 submissions ran for minutes
-- (docs/performance.md).
CREATE INDEX kyc_submissions_decided_by_idx ON kyc_submissions (decided_by) WHERE decided_by IS NOT NULL;
