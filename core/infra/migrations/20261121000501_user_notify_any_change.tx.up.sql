-- The per-process user cache (core/auth PrincipalCache) now also serves profile/get, so any change
-- to a user row is announced, not only the auth fields of …0500: an approval's balance credit too.
-- Orders and submits do not touch users, so they still send nothing.
DROP TRIGGER IF EXISTS users_auth_notify_upd ON users;

--bun:split

CREATE TRIGGER users_auth_notify_upd AFTER UPDATE ON users FOR EACH ROW
    WHEN (OLD.* IS DISTINCT FROM NEW.*)
    EXECUTE FUNCTION user_auth_notify_row();
