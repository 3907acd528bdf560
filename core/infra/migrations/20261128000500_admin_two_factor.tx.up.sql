-- Admin two-factor: one row per admin who started the set-up. secret and
-- pending_secret are AES-GCM sealed with TWOFA_KEY (never stored in the clear); last_step is the
-- last TOTP time step accepted, so a code works once.
CREATE TABLE admin_two_factor (
    user_id        uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret         bytea,
    pending_secret bytea,
    enabled_at     timestamptz,
    last_step      bigint NOT NULL DEFAULT 0,
    updated_at     timestamptz NOT NULL DEFAULT now(),
    CHECK ((enabled_at IS NULL) = (secret IS NULL))
);

--bun:split

-- Ten single-use recovery codes per enabled admin, stored as SHA-256 hashes (they are random,
-- 50 bits each, and tried at most a few times per challenge, so a slow hash adds nothing).
CREATE TABLE admin_recovery_codes (
    id        bigserial PRIMARY KEY,
    user_id   uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash text NOT NULL,
    used_at   timestamptz
);

--bun:split

CREATE INDEX admin_recovery_codes_user_idx ON admin_recovery_codes (user_id);

--bun:split

-- The super admin's activity list reads every company's log newest first.
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC);
