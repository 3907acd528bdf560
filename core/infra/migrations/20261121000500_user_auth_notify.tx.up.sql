-- Every process that verifies tokens keeps the verified users' auth fields in memory
-- (core/auth PrincipalCache). This trigger tells them, on commit, that one of those fields
-- changed: NOTIFY user_auth with the user's id; a DELETE statement sends '*' (forget everyone),
-- so a bulk delete costs one notification. Payment, balance and other columns send nothing, so
-- approvals and orders never queue on the notification lock.
CREATE OR REPLACE FUNCTION user_auth_notify_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('user_auth', NEW.id::text);
    RETURN NULL;
END $$;

--bun:split

CREATE OR REPLACE FUNCTION user_auth_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('user_auth', '*');
    RETURN NULL;
END $$;

--bun:split

DROP TRIGGER IF EXISTS users_auth_notify_upd ON users;

--bun:split

CREATE TRIGGER users_auth_notify_upd AFTER UPDATE ON users FOR EACH ROW
    WHEN (OLD.token_version IS DISTINCT FROM NEW.token_version
       OR OLD.status IS DISTINCT FROM NEW.status
       OR OLD.role IS DISTINCT FROM NEW.role
       OR OLD.company_id IS DISTINCT FROM NEW.company_id
       OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
       OR OLD.email IS DISTINCT FROM NEW.email
       OR OLD.name IS DISTINCT FROM NEW.name)
    EXECUTE FUNCTION user_auth_notify_row();

--bun:split

DROP TRIGGER IF EXISTS users_auth_notify_del ON users;

--bun:split

CREATE TRIGGER users_auth_notify_del AFTER DELETE ON users FOR EACH STATEMENT
    EXECUTE FUNCTION user_auth_notify_all();

--bun:split

DROP TRIGGER IF EXISTS users_auth_notify_trunc ON users;

--bun:split

CREATE TRIGGER users_auth_notify_trunc AFTER TRUNCATE ON users FOR EACH STATEMENT
    EXECUTE FUNCTION user_auth_notify_all();
