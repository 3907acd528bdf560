-- A token's remaining private supply spread over several rows (docs/decisions/0016), so that the
-- orders and cancellations of one company stop queuing on its single tokens row:
--
--   remaining private supply = tokens.remaining_private_supply (the unsliced pool)
--                              + the sum of token_supply_slices.remaining
--
-- Every reader folds the two (token_remaining); only core/sale writes either. An order draws from
-- one slice (its slot, chosen from the order's id: sale.SlotOf) without locking the token row; a
-- slice that cannot cover it is refilled from the pool under the token row's lock, and when the
-- pool cannot either, every slice is folded back into the pool first (sold out only when the fold
-- cannot cover the order). A cancellation gives back to its order's slice. Lock order: the token
-- row, then slices in slot order, then rounds (an order on its fast path locks one slice, then its
-- round; one that falls back lets that slice go first, see sale_reserve).
--
-- settings_version: the token's settings version the slice was last stamped with under the token
-- row's lock. An order takes from a slice only if the slice still has the version it was priced
-- at; every change of the settings stamps the new version on every slice in its transaction
-- (sale_fold), so an order either commits before the change or sees the version moved.
-- Slices are created on first use (sale_reserve's slow path), none for a token that never sold.
CREATE TABLE token_supply_slices (
    token_id uuid NOT NULL REFERENCES tokens (id) ON DELETE CASCADE,
    slot smallint NOT NULL CHECK (slot >= 0),
    remaining numeric(38,0) NOT NULL CHECK (remaining >= 0),
    settings_version bigint NOT NULL,
    PRIMARY KEY (token_id, slot)
) WITH (fillfactor = 50); -- updated many times a second, never by an indexed column: HOT updates

-- token_remaining is the token's remaining private supply, folded: what every reader shows and
-- checks (the site, the admin's settings and dashboard, the supply invariant).
CREATE FUNCTION token_remaining(p_token uuid) RETURNS numeric LANGUAGE sql STABLE AS $$
    SELECT t.remaining_private_supply + COALESCE((SELECT sum(s.remaining) FROM token_supply_slices AS s WHERE s.token_id = t.id), 0)
      FROM tokens AS t WHERE t.id = p_token
$$;

-- sale_fold moves every slice of the token back into its pool and stamps p_version on each,
-- locking the slices in slot order; it answers the pool after. The caller holds the token row's
-- lock (LockSupply, the admin's settings, an order's sweep near sold-out).
CREATE FUNCTION sale_fold(p_token uuid, p_version bigint) RETURNS numeric LANGUAGE plpgsql AS $$
DECLARE
    v_sum numeric;
    v_pool numeric;
BEGIN
    SELECT COALESCE(sum(remaining), 0) INTO v_sum
      FROM (SELECT remaining FROM token_supply_slices WHERE token_id = p_token ORDER BY slot FOR UPDATE) AS s;
    UPDATE token_supply_slices SET remaining = 0, settings_version = p_version
        WHERE token_id = p_token AND (remaining <> 0 OR settings_version <> p_version);
    IF v_sum > 0 THEN
        UPDATE tokens SET remaining_private_supply = remaining_private_supply + v_sum, updated_at = now()
            WHERE id = p_token RETURNING remaining_private_supply INTO v_pool;
    ELSE
        SELECT remaining_private_supply INTO v_pool FROM tokens WHERE id = p_token;
    END IF;
    RETURN v_pool;
END
$$;

-- sale_take takes p_qty from the company's pool under the token row's lock, folding the slices
-- in first when the pool alone is short; false (nothing taken) when even the fold is short.
CREATE FUNCTION sale_take(p_company uuid, p_qty numeric) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
    v_token uuid;
    v_pool numeric;
    v_version bigint;
BEGIN
    SELECT id, remaining_private_supply, settings_version INTO v_token, v_pool, v_version
      FROM tokens WHERE company_id = p_company FOR UPDATE;
    IF NOT FOUND THEN
        RETURN false;
    END IF;
    IF v_pool < p_qty THEN
        v_pool := sale_fold(v_token, v_version);
    END IF;
    IF v_pool < p_qty THEN
        RETURN false;
    END IF;
    UPDATE tokens SET remaining_private_supply = v_pool - p_qty, updated_at = now() WHERE id = v_token;
    RETURN true;
END
$$;

DROP FUNCTION sale_reserve(uuid, numeric, bigint, numeric, numeric, uuid);
DROP FUNCTION sale_release(uuid, numeric, uuid);

-- sale_reserve takes p_qty for an order priced at the settings version, price and fee given, from
-- slice p_slot (of p_slices), then adds p_qty to the order's round (if any) and closes the rounds
-- before it. Refusals raise P0001 with a message the Go code reads: 'sale:sold_out',
-- 'sale:price_moved', or 'sale:round_remaining' with what the round has left as DETAIL. A raise
-- aborts the transaction, so nothing of the order is kept.
--
-- Fast path: a plain read of the token row (price, fee, version: refused at once when they
-- moved) and one conditional UPDATE of the slice, which must still carry the version. It runs in
-- a block of its own (a subtransaction): an UPDATE that waited for a concurrent writer of the
-- slice and then found it short keeps that row locked, and falling back to the token row while
-- holding a slice would invert the lock order; rolling the block back lets the slice go first.
-- Slow path: the token row FOR UPDATE (the settings checked again), the slot refilled from the
-- pool with max(what it lacks, pool / p_slices), or, when slot and pool together are short,
-- every slice folded into the pool and the order taken from there (sale_take).
CREATE FUNCTION sale_reserve(p_company uuid, p_qty numeric, p_version bigint, p_price numeric, p_fee numeric,
                             p_round uuid, p_slot integer, p_slices integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    v_token uuid;
    v_price numeric;
    v_fee numeric;
    v_version bigint;
    v_pool numeric;
    v_have numeric;
    v_move numeric;
    v_round_token uuid;
    v_position integer;
    v_closed boolean;
    v_left numeric;
BEGIN
    SELECT id, price, platform_charge_percent, settings_version INTO v_token, v_price, v_fee, v_version
      FROM tokens WHERE company_id = p_company;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'sale:sold_out';
    END IF;
    IF v_version <> p_version OR v_price <> p_price OR v_fee <> p_fee THEN
        RAISE EXCEPTION 'sale:price_moved';
    END IF;
    BEGIN
        UPDATE token_supply_slices SET remaining = remaining - p_qty
            WHERE token_id = v_token AND slot = p_slot AND remaining >= p_qty AND settings_version = p_version;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'sale:slice_short';
        END IF;
    EXCEPTION WHEN raise_exception THEN
        SELECT remaining_private_supply, price, platform_charge_percent, settings_version INTO v_pool, v_price, v_fee, v_version
          FROM tokens WHERE id = v_token FOR UPDATE;
        IF v_version <> p_version OR v_price <> p_price OR v_fee <> p_fee THEN
            RAISE EXCEPTION 'sale:price_moved';
        END IF;
        SELECT remaining INTO v_have FROM token_supply_slices WHERE token_id = v_token AND slot = p_slot FOR UPDATE;
        IF NOT FOUND THEN
            INSERT INTO token_supply_slices (token_id, slot, remaining, settings_version) VALUES (v_token, p_slot, 0, v_version);
            v_have := 0;
        END IF;
        IF v_have + v_pool >= p_qty THEN
            v_move := CASE WHEN v_have >= p_qty THEN 0
                           ELSE LEAST(v_pool, GREATEST(p_qty - v_have, div(v_pool, p_slices))) END;
            UPDATE token_supply_slices SET remaining = v_have + v_move - p_qty, settings_version = v_version
                WHERE token_id = v_token AND slot = p_slot;
            IF v_move > 0 THEN
                UPDATE tokens SET remaining_private_supply = v_pool - v_move, updated_at = now() WHERE id = v_token;
            END IF;
        ELSIF NOT sale_take(p_company, p_qty) THEN
            RAISE EXCEPTION 'sale:sold_out';
        END IF;
    END;
    IF p_round IS NULL THEN
        RETURN;
    END IF;
    UPDATE token_rounds SET sold = sold + p_qty, updated_at = now()
        WHERE id = p_round AND NOT closed AND sold + p_qty <= allocation
        RETURNING token_id, position INTO v_round_token, v_position;
    IF NOT FOUND THEN
        SELECT closed, allocation - sold INTO v_closed, v_left FROM token_rounds WHERE id = p_round;
        IF NOT FOUND OR v_closed OR v_left <= 0 THEN
            RAISE EXCEPTION 'sale:price_moved';
        END IF;
        RAISE EXCEPTION 'sale:round_remaining' USING DETAIL = v_left::text;
    END IF;
    UPDATE token_rounds SET closed = true, updated_at = now()
        WHERE token_id = v_round_token AND position < v_position AND NOT closed;
END
$$;

-- sale_release gives p_qty back to slice p_slot of the company's token (the slice its order drew
-- from), or to the pool when the token has no such slice, without locking the token row; and to
-- the round the order came from, exactly as sale.ReleaseRound does: an open round takes them
-- back; a closed one gives them, with as much of its allocation, to the token's current round.
CREATE FUNCTION sale_release(p_company uuid, p_qty numeric, p_round uuid, p_slot integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    v_token uuid;
    v_position integer;
    v_closed boolean;
BEGIN
    IF p_qty <= 0 THEN
        RETURN;
    END IF;
    UPDATE token_supply_slices AS s SET remaining = s.remaining + p_qty
      FROM tokens AS t WHERE t.company_id = p_company AND s.token_id = t.id AND s.slot = p_slot;
    IF NOT FOUND THEN
        UPDATE tokens SET remaining_private_supply = remaining_private_supply + p_qty, updated_at = now()
            WHERE company_id = p_company;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'release supply: no token row for company %', p_company;
        END IF;
    END IF;
    IF p_round IS NULL THEN
        RETURN;
    END IF;
    UPDATE token_rounds SET sold = sold - p_qty,
        allocation = CASE WHEN closed THEN allocation - p_qty ELSE allocation END, updated_at = now()
        WHERE id = p_round RETURNING token_id, position, closed INTO v_token, v_position, v_closed;
    IF NOT FOUND OR NOT v_closed THEN
        RETURN; -- a deleted round: only settled orders name one
    END IF;
    UPDATE token_rounds SET allocation = allocation + p_qty, updated_at = now()
        WHERE id = (SELECT id FROM token_rounds WHERE token_id = v_token AND position > v_position AND NOT closed
                    ORDER BY (ends_at IS NOT NULL AND ends_at <= now()), position LIMIT 1);
    IF NOT FOUND THEN
        RAISE EXCEPTION 'round % is closed but no later round is open', p_round;
    END IF;
END
$$;
