-- The amount the buyer says they paid, typed in the proof form (NULL: a manual confirmation, or a
-- proof sent before it was kept). The admin compares it with final_amount, the amount due.
ALTER TABLE purchases ADD COLUMN paid_amount numeric(18,2);
