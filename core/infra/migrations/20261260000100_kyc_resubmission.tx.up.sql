-- KYC review after a resubmission: which documents the buyer replaced since the rejected
-- submission (the reviewer sees them marked), and whether the submission follows a rejection.
ALTER TABLE kyc_documents ADD COLUMN changed boolean NOT NULL DEFAULT false;

--bun:split

ALTER TABLE kyc_submissions ADD COLUMN resubmitted boolean NOT NULL DEFAULT false;
