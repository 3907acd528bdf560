-- A review's email to the buyer is queued after the decision commits. decision_notified_at records
-- that it was queued; the worker's sweep queues any decision whose notice did not make it (Redis
-- down at the time), so no decision email is lost.
ALTER TABLE purchases ADD COLUMN IF NOT EXISTS decision_notified_at timestamptz;

--bun:split

CREATE INDEX IF NOT EXISTS purchases_decision_unnotified_idx ON purchases (decided_at)
    WHERE decision_notified_at IS NULL AND decided_at IS NOT NULL;
