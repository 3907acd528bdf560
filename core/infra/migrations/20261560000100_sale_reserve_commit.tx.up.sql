-- An order's reservation and a cancellation's release, each sent with its transaction's COMMIT in
-- one round trip (sale.ReserveAndCommit, sale.ReleaseAndCommit): the token row, which every order
-- and cancellation of a company updates, is then locked only while the server commits, never
-- while a message travels to the BFF and back (docs/decisions/0015).
--
-- sale_reserve takes qty from the token's remaining private supply, provided the token still has
-- the settings version, price and fee the order was priced at, then adds qty to the order's round
-- (if any) and closes the rounds before it. Refusals raise P0001 with a message the Go code reads:
-- 'sale:sold_out', 'sale:price_moved', or 'sale:round_remaining' with what the round has left as
-- DETAIL. A raise aborts the transaction, so nothing of the order is kept.
CREATE FUNCTION sale_reserve(p_company uuid, p_qty numeric, p_version bigint, p_price numeric, p_fee numeric, p_round uuid)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    v_price numeric;
    v_fee numeric;
    v_version bigint;
    v_token uuid;
    v_position integer;
    v_closed boolean;
    v_left numeric;
BEGIN
    UPDATE tokens SET remaining_private_supply = remaining_private_supply - p_qty, updated_at = now()
        WHERE company_id = p_company AND remaining_private_supply >= p_qty
        RETURNING price, platform_charge_percent, settings_version INTO v_price, v_fee, v_version;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'sale:sold_out';
    END IF;
    IF v_version <> p_version OR v_price <> p_price OR v_fee <> p_fee THEN
        RAISE EXCEPTION 'sale:price_moved';
    END IF;
    IF p_round IS NULL THEN
        RETURN;
    END IF;
    UPDATE token_rounds SET sold = sold + p_qty, updated_at = now()
        WHERE id = p_round AND NOT closed AND sold + p_qty <= allocation
        RETURNING token_id, position INTO v_token, v_position;
    IF NOT FOUND THEN
        SELECT closed, allocation - sold INTO v_closed, v_left FROM token_rounds WHERE id = p_round;
        IF NOT FOUND OR v_closed OR v_left <= 0 THEN
            RAISE EXCEPTION 'sale:price_moved';
        END IF;
        RAISE EXCEPTION 'sale:round_remaining' USING DETAIL = v_left::text;
    END IF;
    UPDATE token_rounds SET closed = true, updated_at = now()
        WHERE token_id = v_token AND position < v_position AND NOT closed;
END
$$;

-- sale_release gives qty back to the company's remaining private supply and to the round the
-- order came from, exactly as sale.ReleaseSupply and sale.ReleaseRound do: an open round takes
-- them back; a closed one gives them, with as much of its allocation, to the token's current round.
CREATE FUNCTION sale_release(p_company uuid, p_qty numeric, p_round uuid)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    v_token uuid;
    v_position integer;
    v_closed boolean;
BEGIN
    IF p_qty <= 0 THEN
        RETURN;
    END IF;
    UPDATE tokens SET remaining_private_supply = remaining_private_supply + p_qty, updated_at = now()
        WHERE company_id = p_company;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'release supply: no token row for company %', p_company;
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
