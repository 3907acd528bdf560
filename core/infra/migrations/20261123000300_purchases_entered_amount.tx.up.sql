-- And "Admin review": an order charges for the whole tokens it
-- buys (amount = quantity × price), so the figure the buyer typed is kept beside it for the
-- admin's review (₹1,005 at ₹10: entered_amount 1005, amount 1000). Orders placed before this
-- migration kept no typed figure: they record their charged amount.
ALTER TABLE purchases ADD COLUMN entered_amount numeric(18,2);

--bun:split

-- The purchases update triggers fire only on a change of status, method, amounts due or quantity,
-- so this backfill leaves the stats and the buyers' counts alone.
UPDATE purchases SET entered_amount = amount WHERE entered_amount IS NULL;

--bun:split

-- An insert that names no typed figure (seeds, fixtures, bulk loads) records the charged amount;
-- purchase.Service.CreateOrder always names it.
CREATE OR REPLACE FUNCTION purchases_entered_amount_default() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.entered_amount := NEW.amount;
    RETURN NEW;
END
$$;

--bun:split

DROP TRIGGER IF EXISTS purchases_entered_amount_ins ON purchases;

--bun:split

CREATE TRIGGER purchases_entered_amount_ins BEFORE INSERT ON purchases FOR EACH ROW
    WHEN (NEW.entered_amount IS NULL) EXECUTE FUNCTION purchases_entered_amount_default();

--bun:split

-- The typed figure never buys less than it is charged: whole tokens round down.
ALTER TABLE purchases ALTER COLUMN entered_amount SET NOT NULL,
    ADD CONSTRAINT purchases_entered_amount_check CHECK (entered_amount >= amount);
