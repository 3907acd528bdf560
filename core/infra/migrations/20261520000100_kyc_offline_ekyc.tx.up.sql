-- KYC from UIDAI's Paperless Offline e-KYC (docs/decisions/0011-offline-ekyc.md): what the
-- signed file says, and the name on the PAN as the buyer typed it with its match score. Earlier
-- submissions (card images, kyc_documents) keep source CARDS and empty e-KYC fields.
ALTER TABLE kyc_submissions
    ADD COLUMN source text NOT NULL DEFAULT 'CARDS' CHECK (source IN ('CARDS', 'OFFLINE_EKYC')),
    ADD COLUMN ekyc_name text NOT NULL DEFAULT '',
    ADD COLUMN ekyc_dob text NOT NULL DEFAULT '',
    ADD COLUMN ekyc_gender text NOT NULL DEFAULT '',
    -- The e-KYC photo, sealed like the documents (media.sealed).
    ADD COLUMN ekyc_photo_id uuid REFERENCES media (id),
    -- When UIDAI made the file (its reference id's timestamp).
    ADD COLUMN ekyc_generated_at timestamptz,
    ADD COLUMN pan_name text NOT NULL DEFAULT '',
    -- fields.NameScore of the PAN name and the e-KYC name, 0-100.
    ADD COLUMN name_score smallint CHECK (name_score BETWEEN 0 AND 100);

-- The company's least name match score before the reviewer is warned (NULL: the default, 80).
ALTER TABLE tokens ADD COLUMN kyc_name_match_min smallint CHECK (kyc_name_match_min BETWEEN 1 AND 100);
