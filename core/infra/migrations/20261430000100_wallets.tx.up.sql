-- Each buyer's wallet, proved by a signature of a one-time message (core/wallet). One row per
-- buyer: a replacement overwrites it, and its tokens are delivered only from deliverable_from
-- (24 hours after a replacement, at once for the first wallet). The address is stored
-- EIP-55 checksummed.
CREATE TABLE IF NOT EXISTS wallets (
    user_id          uuid        PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    company_id       uuid        NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    address          text        NOT NULL CHECK (address ~ '^0x[0-9a-fA-F]{40}$'),
    verified_at      timestamptz NOT NULL,
    deliverable_from timestamptz NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS wallets_company_deliverable ON wallets (company_id, deliverable_from);

--bun:split

-- The address a buyer could type into their profile was never proved to be theirs: tokens must
-- not go there, so it is dropped rather than carried into wallets. Buyers prove a wallet anew.
ALTER TABLE users DROP COLUMN IF EXISTS wallet_address;
