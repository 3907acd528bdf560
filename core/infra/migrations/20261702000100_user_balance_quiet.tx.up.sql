-- An approval credits the buyer's (and a referrer's) stock balance. Since …0501 every change of a
-- users row notified user_auth from inside its transaction, and a transaction that notifies takes
-- Postgres's one notification lock at COMMIT and holds it until its commit record is flushed: every
-- approval of every company committed one after the other, one WAL flush each (the approve cycle's
-- backends spent 59 % of their time in "Lock:object" at COMMIT; docs/performance.md, 2026-11-28).
-- A change of the balance alone (with its updated_at) is now announced by the approval right after
-- it commits, in a statement of its own that writes no WAL and so waits on no flush
-- (user.AnnounceBalance); any other change still notifies as it commits.
DROP TRIGGER IF EXISTS users_auth_notify_upd ON users;

--bun:split

CREATE TRIGGER users_auth_notify_upd AFTER UPDATE ON users FOR EACH ROW
    WHEN ((to_jsonb(OLD.*) - '{stock_balance,updated_at}'::text[]) IS DISTINCT FROM (to_jsonb(NEW.*) - '{stock_balance,updated_at}'::text[]))
    EXECUTE FUNCTION user_auth_notify_row();
