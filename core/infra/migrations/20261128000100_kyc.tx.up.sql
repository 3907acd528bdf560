-- KYC: a buyer's identity verification. One row per buyer holds their latest
-- submission (a resubmission after a rejection replaces it; each decision is in audit_log), and
-- its documents are uploads of that buyer (media), one per kind.
CREATE TABLE kyc_submissions (
    user_id        uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    company_id     uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    status         text NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
    pan_number     text NOT NULL CHECK (pan_number ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'),
    aadhaar_number text NOT NULL CHECK (aadhaar_number ~ '^[2-9][0-9]{11}$'),
    reason         text NOT NULL DEFAULT '',
    submitted_at   timestamptz NOT NULL,
    decided_at     timestamptz,
    decided_by     uuid REFERENCES users (id) ON DELETE SET NULL,
    updated_at     timestamptz NOT NULL DEFAULT now()
);

--bun:split

-- The admin's review queue: a company's submissions by status, oldest waiting first.
CREATE INDEX kyc_submissions_company_status_idx ON kyc_submissions (company_id, status, submitted_at);

--bun:split

CREATE TABLE kyc_documents (
    user_id  uuid NOT NULL REFERENCES kyc_submissions (user_id) ON DELETE CASCADE,
    kind     text NOT NULL CHECK (kind IN ('PAN', 'AADHAAR_FRONT', 'AADHAAR_BACK', 'SELFIE')),
    media_id uuid NOT NULL REFERENCES media (id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, kind)
);
