-- Nothing lost: a refund's email and a KYC decision's email, like a purchase
-- decision's, are recorded as queued; the worker's sweep queues those whose queueing failed
-- (Redis down at the time). Emails of earlier refunds and decisions count as sent.
ALTER TABLE purchases ADD COLUMN refund_notified_at timestamptz;

--bun:split

UPDATE purchases SET refund_notified_at = refunded_at WHERE refunded_at IS NOT NULL;

--bun:split

ALTER TABLE kyc_submissions ADD COLUMN decision_notified_at timestamptz;

--bun:split

UPDATE kyc_submissions SET decision_notified_at = decided_at WHERE decided_at IS NOT NULL;

--bun:split

-- The sweep's look-ups: the few rows still waiting for their email.
CREATE INDEX purchases_refund_unnotified_idx ON purchases (refunded_at) WHERE refunded_at IS NOT NULL AND refund_notified_at IS NULL;

--bun:split

CREATE INDEX kyc_submissions_unnotified_idx ON kyc_submissions (decided_at) WHERE decided_at IS NOT NULL AND decision_notified_at IS NULL;
