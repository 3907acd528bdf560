-- The decision's notice is recorded (decision_notified_at) by an UPDATE right after each
-- approval or rejection commits. While an index's predicate named decision_notified_at, that
-- UPDATE could never be a HOT update: every purchases index got one more entry per decision (one
-- of the four row versions an order → payment → approval writes; docs/performance.md). The sweep
-- (purchase.SendPendingNotices) looks only at the last day's decisions, so an index of the
-- decisions by time serves it as well, and the notice's UPDATE, touching no indexed column, is
-- HOT when its page has room (fillfactor 90, migration 20261630000100).
DROP INDEX IF EXISTS purchases_decision_unnotified_idx;

--bun:split

CREATE INDEX purchases_decided_idx ON purchases (decided_at) WHERE decided_at IS NOT NULL;
