-- Round prices never go backwards: once a later round of a token has sold, every earlier round is
-- closed for good (token_rounds.closed). Tokens an order of a closed round gives back (expiry,
-- cancellation, rejection) leave its allocation and go to the token's current round, so a closed
-- round may end with an allocation of 0.
ALTER TABLE token_rounds ADD COLUMN closed boolean NOT NULL DEFAULT false;

--bun:split

ALTER TABLE token_rounds DROP CONSTRAINT token_rounds_allocation_check;

--bun:split

ALTER TABLE token_rounds ADD CONSTRAINT token_rounds_allocation_check CHECK (allocation > 0 OR closed);

--bun:split

-- Rounds already passed by a later round's sales are closed now.
UPDATE token_rounds AS r SET closed = true
 WHERE EXISTS (SELECT 1 FROM token_rounds AS l
                WHERE l.token_id = r.token_id AND l.position > r.position AND l.sold > 0);
