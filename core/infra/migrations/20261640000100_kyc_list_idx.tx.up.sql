-- admin kyc/list reads a page in the order of one of these instead of sorting every
-- submission of the company (at 100,000 submissions each page sorted them on disk and 64 at once
-- timed out; docs/performance.md). The queue: PENDING first, oldest first, then the decided ones,
-- latest decision first — the expressions are those of the list's ORDER BY.
CREATE INDEX kyc_submissions_company_queue_idx ON kyc_submissions
    (company_id, (status = 'PENDING') DESC, (CASE WHEN status = 'PENDING' THEN submitted_at END), decided_at DESC, user_id);
-- One status, latest decision first (APPROVED, REJECTED).
CREATE INDEX kyc_submissions_company_decided_idx ON kyc_submissions (company_id, status, decided_at DESC, user_id);
-- EXPIRING and EXPIRED: approvals by expiry.
CREATE INDEX kyc_submissions_company_expires_idx ON kyc_submissions (company_id, expires_at, user_id)
    WHERE status = 'APPROVED';
-- The list's total subtracts the submissions of the company's closed accounts, found here.
CREATE INDEX users_company_closed_idx ON users (company_id, id) WHERE deleted_at IS NOT NULL;
