-- Token delivery (core/delivery): the chain a company's token lives on, its TGE (token generation
-- event: the moment vesting starts) and its vesting schedules. Tokens unlock by the schedule of
-- the round that priced a purchase, else by the token-wide schedule (round_id NULL), else all at
-- the TGE. The schedules and the TGE are frozen once the TGE has passed.
CREATE TABLE IF NOT EXISTS distribution_settings (
    company_id   uuid        PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
    chain_id     bigint      NOT NULL DEFAULT 0 CHECK (chain_id >= 0),
    rpc_url      text        NOT NULL DEFAULT '',
    explorer_url text        NOT NULL DEFAULT '',
    tge_at       timestamptz,
    updated_at   timestamptz NOT NULL DEFAULT now()
);

--bun:split

CREATE TABLE IF NOT EXISTS vesting_schedules (
    id                 uuid         PRIMARY KEY DEFAULT gen_random_uuid(),
    company_id         uuid         NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    round_id           uuid         REFERENCES token_rounds (id) ON DELETE CASCADE,
    tge_unlock_percent numeric(5,2) NOT NULL CHECK (tge_unlock_percent >= 0 AND tge_unlock_percent <= 100),
    cliff_days         integer      NOT NULL CHECK (cliff_days >= 0 AND cliff_days <= 36500),
    vesting_days       integer      NOT NULL CHECK (vesting_days >= 0 AND vesting_days <= 36500),
    created_at         timestamptz  NOT NULL DEFAULT now()
);

--bun:split

-- One schedule per round and one token-wide (NULL round) per company.
CREATE UNIQUE INDEX IF NOT EXISTS vesting_schedules_company_round_key
    ON vesting_schedules (company_id, coalesce(round_id, '00000000-0000-0000-0000-000000000000'::uuid));
