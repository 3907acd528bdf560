-- Order numbers are written upper case ("PUR-" and digits, purchase.checkAndInsert), so the admin
-- search finds one by the unique order_number index with the term upper-cased
-- (readmodel.Purchases) and purchases_order_number_lower_idx (…0301) is no longer read. Every
-- purchase version that is not a HOT update wrote an entry in it, on a random page of a
-- 194 MB index at 5M purchases (a full-page image in the WAL after each checkpoint): three of the
-- four versions of an order → payment → approval (docs/performance.md). The check keeps the
-- search exact: a lower-case order number could not be written.
ALTER TABLE purchases ADD CONSTRAINT purchases_order_number_upper CHECK (order_number = upper(order_number)) NOT VALID;

--bun:split

ALTER TABLE purchases VALIDATE CONSTRAINT purchases_order_number_upper;

--bun:split

DROP INDEX IF EXISTS purchases_order_number_lower_idx;
