-- Selling: token settings, sale window, rounds, limits.
-- The sale window and pause, the optional INR limits, stage pricing by rounds, and each order's
-- round (so expiry, cancellation and rejection give its tokens back to the round it came from).
ALTER TABLE tokens
    ADD COLUMN sale_starts_at timestamptz,
    ADD COLUMN sale_ends_at timestamptz,
    ADD COLUMN sale_paused boolean NOT NULL DEFAULT false,
    ADD COLUMN min_order_inr numeric(18,2) CHECK (min_order_inr > 0),
    ADD COLUMN max_order_inr numeric(18,2) CHECK (max_order_inr > 0),
    ADD COLUMN max_per_buyer_inr numeric(18,2) CHECK (max_per_buyer_inr > 0),
    ADD COLUMN kyc_required_above_inr numeric(18,2) CHECK (kyc_required_above_inr > 0),
    -- settings_version moves with every admin change of the settings; an order priced from one
    -- version reserves only while the token still has it (purchase.reservePriced), so a change
    -- racing an order never gives the order a price that was never set.
    ADD COLUMN settings_version bigint NOT NULL DEFAULT 0,
    ADD CONSTRAINT tokens_sale_window_check CHECK (sale_ends_at IS NULL OR sale_starts_at IS NULL OR sale_ends_at > sale_starts_at),
    ADD CONSTRAINT tokens_order_limits_check CHECK (max_order_inr IS NULL OR min_order_inr IS NULL OR min_order_inr <= max_order_inr);

CREATE TABLE token_rounds (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    token_id   uuid NOT NULL REFERENCES tokens (id) ON DELETE CASCADE,
    position   integer NOT NULL CHECK (position >= 1),
    name       text NOT NULL CHECK (name <> ''),
    price      numeric(18,4) NOT NULL CHECK (price > 0),
    allocation numeric(38,0) NOT NULL CHECK (allocation > 0),
    sold       numeric(38,0) NOT NULL DEFAULT 0 CHECK (sold >= 0 AND sold <= allocation),
    starts_at  timestamptz,
    ends_at    timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at),
    -- Deferred so that an update of the full list may swap positions.
    CONSTRAINT token_rounds_position_key UNIQUE (token_id, position) DEFERRABLE INITIALLY DEFERRED
);

-- No foreign key: an order inserts its round_id before it locks the token row, and a key-share
-- lock on the round would deadlock with token/update (token row, then the round's DELETE). A round
-- whose tokens a live order holds is never deleted (token/update refuses it under the token lock),
-- so only settled orders can name a deleted round, and nothing is released for those.
ALTER TABLE purchases ADD COLUMN round_id uuid;
CREATE INDEX purchases_round_idx ON purchases (round_id) WHERE round_id IS NOT NULL;
