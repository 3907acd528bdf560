-- Mobile verification by SMS, the buyer's bank account and the evidence of each KYC submission
-- (docs/decisions/0012-mobile-and-bank-verification.md).

-- When the buyer proved the mobile by an SMS code; NULL until then and again after the mobile
-- changes (profile or admin edit).
ALTER TABLE users ADD COLUMN IF NOT EXISTS mobile_verified_at timestamptz;

--bun:split

-- The buyer's bank account for refunds (core/bank), one per buyer: the account number is never
-- kept whole, only its last 4 digits and its HMAC-SHA256 under PII_KEY (to compare a statement's
-- payer account and to find it on another account). holder_name is the name the bank answered;
-- name_score is fields.NameScore against the buyer's name when it was verified.
CREATE TABLE IF NOT EXISTS bank_accounts (
    user_id       uuid        PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    company_id    uuid        NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    account_last4 text        NOT NULL CHECK (account_last4 ~ '^[0-9]{4}$'),
    account_hash  text        NOT NULL CHECK (account_hash ~ '^[0-9a-f]{64}$'),
    ifsc          text        NOT NULL CHECK (ifsc ~ '^[A-Z]{4}0[A-Z0-9]{6}$'),
    bank_name     text        NOT NULL,
    holder_name   text        NOT NULL,
    compared_name text        NOT NULL,
    name_score    int         NOT NULL CHECK (name_score BETWEEN 0 AND 100),
    name_matches  boolean     NOT NULL,
    provider      text        NOT NULL,
    provider_ref  text        NOT NULL DEFAULT '',
    verified_at   timestamptz NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);

--bun:split

CREATE INDEX IF NOT EXISTS bank_accounts_company_hash ON bank_accounts (company_id, account_hash);

--bun:split

-- The evidence of a buyer's latest KYC submission: the client's IP (through the trusted-proxy
-- rule), the browser's user agent, the time, and the browser's location when the buyer
-- consented (location_status GRANTED), else why not (DECLINED, UNAVAILABLE, NOT_SENT).
CREATE TABLE IF NOT EXISTS kyc_evidence (
    user_id         uuid        PRIMARY KEY REFERENCES kyc_submissions (user_id) ON DELETE CASCADE,
    ip              text        NOT NULL,
    user_agent      text        NOT NULL,
    submitted_at    timestamptz NOT NULL,
    location_status text        NOT NULL CHECK (location_status IN ('GRANTED', 'DECLINED', 'UNAVAILABLE', 'NOT_SENT')),
    latitude        numeric(9, 6),
    longitude       numeric(9, 6),
    accuracy_m      integer,
    CHECK ((location_status = 'GRANTED') = (latitude IS NOT NULL AND longitude IS NOT NULL))
);

--bun:split

-- The SMS codes of a buyer's mobile verification are the email codes' kind (core/otp).
ALTER TABLE otps DROP CONSTRAINT IF EXISTS otps_purpose_check;

--bun:split

ALTER TABLE otps ADD CONSTRAINT otps_purpose_check
    CHECK (purpose IN ('register', 'reset_password', 'change_password', 'superadmin_login', 'verify_mobile'));
