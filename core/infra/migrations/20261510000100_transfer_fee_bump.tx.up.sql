-- A transfer stuck under a fee spike is signed again with the same nonce and a higher fee
-- (core/delivery, "fee bump"). The signed bytes it replaced are kept in `replaced`
-- ([{"hash": …, "raw": …}, …], oldest first) so whichever of them is mined settles the transfer;
-- one nonce means only one of them can be. `sent_block` is the chain's head when the current
-- bytes were signed: the worker bumps the fee once enough blocks have passed without a receipt.
ALTER TABLE distribution_transfers
    ADD COLUMN IF NOT EXISTS replaced jsonb NOT NULL DEFAULT '[]'::jsonb,
    ADD COLUMN IF NOT EXISTS sent_block bigint,
    ADD COLUMN IF NOT EXISTS fee_bumps integer NOT NULL DEFAULT 0 CHECK (fee_bumps >= 0);
