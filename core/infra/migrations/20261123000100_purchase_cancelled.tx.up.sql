-- Open orders are never lost: a buyer may cancel an INITIATED order
-- (POST /api/v1/user/package/order/cancel); it moves to CANCELLED and its tokens return to the
-- private supply at once. The CHECK only widens, so every existing row still satisfies it.
ALTER TABLE purchases DROP CONSTRAINT IF EXISTS purchases_status_check,
    ADD CONSTRAINT purchases_status_check
    CHECK (status IN ('INITIATED', 'PENDING', 'APPROVED', 'REJECTED', 'EXPIRED', 'CANCELLED'));
