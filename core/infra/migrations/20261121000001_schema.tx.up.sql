-- The complete schema.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

--bun:split

CREATE TABLE companies (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name        text NOT NULL,
    email       text NOT NULL,
    mobile      text NOT NULL DEFAULT '',
    aadhaar     text NOT NULL DEFAULT '',
    pan         text NOT NULL DEFAULT '',
    address     text NOT NULL DEFAULT '',
    pincode     text NOT NULL DEFAULT '',
    search_text text GENERATED ALWAYS AS (lower(name || ' ' || email || ' ' || mobile)) STORED,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);

--bun:split

CREATE INDEX companies_created_at_idx ON companies (created_at DESC, id);

--bun:split

CREATE INDEX companies_search_trgm_idx ON companies USING gin (search_text gin_trgm_ops);

--bun:split

CREATE TABLE tokens (
    id                        uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    company_id                uuid NOT NULL UNIQUE REFERENCES companies (id) ON DELETE CASCADE,
    symbol                    text NOT NULL,
    name                      text NOT NULL,
    decimals                  integer NOT NULL DEFAULT 18,
    address                   text NOT NULL DEFAULT '',
    icon_url                  text NOT NULL DEFAULT '',
    default_logo              text NOT NULL DEFAULT '',
    header_logo               text NOT NULL DEFAULT '',
    title                     text NOT NULL DEFAULT '',
    token_distribution        jsonb NOT NULL DEFAULT '[]',
    social_links              jsonb NOT NULL DEFAULT '[]',
    chart_img                 text NOT NULL DEFAULT '',
    footer_note               text NOT NULL DEFAULT '',
    meta_title                text NOT NULL DEFAULT '',
    meta_description          text NOT NULL DEFAULT '',
    meta_keywords             text NOT NULL DEFAULT '',
    price                     numeric(18,4) NOT NULL CHECK (price > 0),
    platform_charge_percent   numeric(5,2) NOT NULL DEFAULT 0 CHECK (platform_charge_percent >= 0 AND platform_charge_percent <= 100),
    total_supply              numeric(38,0) NOT NULL DEFAULT 0 CHECK (total_supply >= 0),
    private_supply            numeric(38,0) NOT NULL DEFAULT 0 CHECK (private_supply >= 0),
    remaining_private_supply  numeric(38,0) NOT NULL DEFAULT 0 CHECK (remaining_private_supply >= 0),
    public_cell_supply        numeric(38,0) NOT NULL DEFAULT 0 CHECK (public_cell_supply >= 0),
    angel_investor_supply     numeric(38,0) NOT NULL DEFAULT 0 CHECK (angel_investor_supply >= 0),
    founder_team_supply       numeric(38,0) NOT NULL DEFAULT 0 CHECK (founder_team_supply >= 0),
    airdrop_supply            numeric(38,0) NOT NULL DEFAULT 0 CHECK (airdrop_supply >= 0),
    referral_supply           numeric(38,0) NOT NULL DEFAULT 0 CHECK (referral_supply >= 0),
    remaining_referral_supply numeric(38,0) NOT NULL DEFAULT 0 CHECK (remaining_referral_supply >= 0),
    referral_percent          numeric(5,2) NOT NULL DEFAULT 0 CHECK (referral_percent >= 0 AND referral_percent <= 100),
    launch_at                 timestamptz,
    created_at                timestamptz NOT NULL DEFAULT now(),
    updated_at                timestamptz NOT NULL DEFAULT now(),
    CHECK (remaining_private_supply <= private_supply),
    CHECK (remaining_referral_supply <= referral_supply)
);

--bun:split

CREATE UNIQUE INDEX tokens_symbol_key ON tokens (upper(symbol));

--bun:split

CREATE TABLE media (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    company_id    uuid REFERENCES companies (id) ON DELETE CASCADE,
    owner_kind    text NOT NULL CHECK (owner_kind IN ('user', 'admin', 'superadmin')),
    owner_id      uuid NOT NULL,
    storage_name  text NOT NULL UNIQUE,
    original_name text NOT NULL DEFAULT '',
    content_type  text NOT NULL,
    size_bytes    bigint NOT NULL CHECK (size_bytes > 0),
    created_at    timestamptz NOT NULL DEFAULT now()
);

--bun:split

CREATE INDEX media_owner_idx ON media (owner_id, created_at DESC);

--bun:split

CREATE TABLE users (
    id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    company_id          uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    role                text NOT NULL DEFAULT 'USER' CHECK (role IN ('USER', 'ADMIN')),
    name                text NOT NULL,
    email               text NOT NULL,
    mobile              text NOT NULL DEFAULT '',
    password_hash       text NOT NULL,
    date_of_birth       date,
    gender              text NOT NULL DEFAULT '' CHECK (gender IN ('', 'male', 'female', 'other')),
    pincode             text NOT NULL DEFAULT '',
    referral_code       text NOT NULL UNIQUE,
    referred_by         uuid REFERENCES users (id),
    kyc_document_number text NOT NULL DEFAULT '',
    profile_image_id    uuid REFERENCES media (id) ON DELETE SET NULL,
    wallet_address      text NOT NULL DEFAULT '',
    status              text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'INACTIVE', 'BLOCKED')),
    is_approved         boolean NOT NULL DEFAULT false,
    stock_balance       numeric(38,0) NOT NULL DEFAULT 0 CHECK (stock_balance >= 0),
    token_version       integer NOT NULL DEFAULT 0,
    search_text         text GENERATED ALWAYS AS (lower(name || ' ' || email || ' ' || mobile || ' ' || referral_code)) STORED,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    deleted_at          timestamptz
);

--bun:split

CREATE UNIQUE INDEX users_company_email_key ON users (company_id, lower(email)) WHERE deleted_at IS NULL;

--bun:split

CREATE INDEX users_company_list_idx ON users (company_id, is_approved, created_at DESC, id) WHERE deleted_at IS NULL;

--bun:split

CREATE INDEX users_search_trgm_idx ON users USING gin (search_text gin_trgm_ops);

--bun:split

CREATE INDEX users_referred_by_idx ON users (referred_by) WHERE referred_by IS NOT NULL;

--bun:split

CREATE TABLE super_admins (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    email      text NOT NULL,
    name       text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
);

--bun:split

CREATE UNIQUE INDEX super_admins_email_key ON super_admins (lower(email));

--bun:split

CREATE TABLE otps (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    purpose     text NOT NULL CHECK (purpose IN ('register', 'reset_password', 'change_password', 'superadmin_login')),
    subject     text NOT NULL,
    company_id  uuid REFERENCES companies (id) ON DELETE CASCADE,
    code_hash   text NOT NULL,
    attempts    integer NOT NULL DEFAULT 0,
    expires_at  timestamptz NOT NULL,
    consumed_at timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now()
);

--bun:split

CREATE INDEX otps_lookup_idx ON otps (purpose, subject, company_id, created_at DESC) WHERE consumed_at IS NULL;

--bun:split

CREATE TABLE beneficiaries (
    id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    company_id     uuid NOT NULL UNIQUE REFERENCES companies (id) ON DELETE CASCADE,
    holder_name    text NOT NULL,
    bank_name      text NOT NULL,
    branch         text NOT NULL,
    account_number text NOT NULL,
    ifsc_code      text NOT NULL,
    upi            text NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);

--bun:split

CREATE TABLE purchases (
    id                      uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    company_id              uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    user_id                 uuid NOT NULL REFERENCES users (id),
    order_number            text NOT NULL UNIQUE,
    transaction_id          text NOT NULL UNIQUE,
    status                  text NOT NULL DEFAULT 'INITIATED' CHECK (status IN ('INITIATED', 'PENDING', 'APPROVED', 'REJECTED', 'EXPIRED')),
    payment_method          text CHECK (payment_method IN ('BANK', 'UPI', 'MANUAL', 'CRYPTO')),
    amount                  numeric(18,2) NOT NULL CHECK (amount > 0),
    price                   numeric(18,4) NOT NULL CHECK (price > 0),
    quantity                numeric(38,0) NOT NULL CHECK (quantity > 0),
    platform_charge_percent numeric(5,2) NOT NULL DEFAULT 0,
    fee                     numeric(18,2) NOT NULL DEFAULT 0,
    final_amount            numeric(18,2) NOT NULL,
    reference_number        text,
    bank_name               text NOT NULL DEFAULT '',
    receipt_id              uuid REFERENCES media (id),
    expires_at              timestamptz NOT NULL,
    submitted_at            timestamptz,
    decided_at              timestamptz,
    decided_by              uuid,
    created_at              timestamptz NOT NULL DEFAULT now(),
    updated_at              timestamptz NOT NULL DEFAULT now()
);

--bun:split

CREATE UNIQUE INDEX purchases_company_reference_key ON purchases (company_id, lower(reference_number))
    WHERE reference_number IS NOT NULL AND status IN ('PENDING', 'APPROVED');

--bun:split

CREATE INDEX purchases_company_status_idx ON purchases (company_id, status, created_at DESC, id);

--bun:split

CREATE INDEX purchases_user_status_idx ON purchases (user_id, status, created_at DESC, id);

--bun:split

CREATE INDEX purchases_expiry_idx ON purchases (expires_at) WHERE status = 'INITIATED';

--bun:split

CREATE INDEX purchases_reference_trgm_idx ON purchases USING gin (lower(reference_number) gin_trgm_ops);

--bun:split

CREATE TABLE referral_rewards (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    company_id       uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    purchase_id      uuid NOT NULL UNIQUE REFERENCES purchases (id),
    referrer_id      uuid NOT NULL REFERENCES users (id),
    referred_user_id uuid NOT NULL REFERENCES users (id),
    quantity         numeric(38,0) NOT NULL CHECK (quantity >= 0),
    percent          numeric(5,2) NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now()
);

--bun:split

CREATE INDEX referral_rewards_referrer_idx ON referral_rewards (referrer_id, created_at DESC);

--bun:split

CREATE TABLE audit_log (
    id          bigserial PRIMARY KEY,
    company_id  uuid REFERENCES companies (id) ON DELETE SET NULL,
    actor_id    uuid,
    actor_kind  text NOT NULL CHECK (actor_kind IN ('user', 'admin', 'superadmin', 'system')),
    action      text NOT NULL,
    target_type text NOT NULL,
    target_id   text NOT NULL DEFAULT '',
    before      jsonb,
    after       jsonb,
    ip          text NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now()
);

--bun:split

CREATE INDEX audit_log_company_idx ON audit_log (company_id, created_at DESC);
