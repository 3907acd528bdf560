-- Many companies, one deployment.
-- A company is ACTIVE or SUSPENDED (its buyer site answers 423, its admins cannot sign in), and
-- may require its admins to use two-factor sign-in (stored and shown; enforces it).
ALTER TABLE companies
    ADD COLUMN status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'SUSPENDED')),
    ADD COLUMN require_2fa boolean NOT NULL DEFAULT false;

-- The host names of each company's buyer site. bff-user finds the company of a request from its
-- Host here (then <symbol>.<TENANT_BASE_DOMAIN>, then, outside production, TOKEN_SYMBOL's).
CREATE TABLE company_domains (
    host       text PRIMARY KEY CHECK (host = lower(host) AND host <> '' AND length(host) <= 253),
    company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    position   integer NOT NULL CHECK (position >= 1),
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (company_id, position) DEFERRABLE INITIALLY DEFERRED
);
CREATE INDEX company_domains_company_idx ON company_domains (company_id, position);
