-- Token delivery on chain (core/delivery): a run is one admin's decision to send what buyers are
-- owed from one treasury; each transfer is one ERC-20 transfer to one buyer, sent exactly once.
-- A transfer's signed bytes (raw_tx) are stored before they are broadcast, so a restart sends the
-- same bytes again (same nonce, same hash) instead of signing a second transaction.

CREATE TABLE distribution_runs (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    started_by uuid REFERENCES users (id) ON DELETE SET NULL,
    started_at timestamptz NOT NULL DEFAULT now(),
    chain_id   numeric(78,0) NOT NULL,
    token      text NOT NULL,
    treasury   text NOT NULL,
    total      numeric(78,0) NOT NULL CHECK (total >= 0),
    transfers  integer NOT NULL CHECK (transfers >= 0),
    status     text NOT NULL DEFAULT 'RUNNING' CHECK (status IN ('RUNNING', 'DONE')),
    updated_at timestamptz NOT NULL DEFAULT now()
);

--bun:split

-- One run at a time per company: a second start while one is going is a conflict.
CREATE UNIQUE INDEX distribution_runs_running_idx ON distribution_runs (company_id) WHERE status = 'RUNNING';

--bun:split

CREATE INDEX distribution_runs_company_idx ON distribution_runs (company_id, started_at DESC);

--bun:split

CREATE TABLE distribution_transfers (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    company_id    uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    run_id        uuid NOT NULL REFERENCES distribution_runs (id) ON DELETE CASCADE,
    user_id       uuid NOT NULL REFERENCES users (id),
    address       text NOT NULL CHECK (address ~ '^0x[0-9a-fA-F]{40}$'),
    amount        numeric(78,0) NOT NULL CHECK (amount > 0),
    chain_id      numeric(78,0) NOT NULL,
    treasury      text NOT NULL,
    nonce         bigint CHECK (nonce >= 0),
    raw_tx        text,
    tx_hash       text,
    status        text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED', 'SENT', 'CONFIRMED', 'FAILED')),
    confirmations integer NOT NULL DEFAULT 0 CHECK (confirmations >= 0),
    block_number  bigint,
    block_hash    text,
    error         text NOT NULL DEFAULT '',
    retry_of      uuid REFERENCES distribution_transfers (id),
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    signed_at     timestamptz,
    broadcast_at  timestamptz,
    confirmed_at  timestamptz,
    CHECK ((status = 'QUEUED') = (raw_tx IS NULL)),
    CHECK ((raw_tx IS NULL) = (nonce IS NULL) AND (raw_tx IS NULL) = (tx_hash IS NULL))
);

--bun:split

-- A treasury's nonce is used once: two signed transactions never share one.
CREATE UNIQUE INDEX distribution_transfers_nonce_idx ON distribution_transfers (chain_id, lower(treasury), nonce)
    WHERE nonce IS NOT NULL;

--bun:split

-- A failed transfer is retried at most once (the retry may itself fail and be retried).
CREATE UNIQUE INDEX distribution_transfers_retry_idx ON distribution_transfers (retry_of) WHERE retry_of IS NOT NULL;

--bun:split

CREATE INDEX distribution_transfers_run_idx ON distribution_transfers (run_id, created_at, id);

--bun:split

CREATE INDEX distribution_transfers_open_idx ON distribution_transfers (company_id, status)
    WHERE status IN ('QUEUED', 'SENT');

--bun:split

CREATE INDEX distribution_transfers_user_idx ON distribution_transfers (company_id, user_id);
