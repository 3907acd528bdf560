-- The token check keeps an admin's two-factor state (whether they sign in with a code, whether
-- their company requires it) in its per-process cache with the account (core/session), so the
-- admin area's rule (user.Service.RequireEnrolled) reads nothing per request. Each change of that
-- state notifies user_auth as it commits, like a change of the account: the admin's id when their
-- two-factor sign-in is turned on or off, 'company:<id>' (every user of the company) when the
-- company's rule changes. A wrong code (failed_codes, locked_at) or a new pending secret sends
-- nothing: the rule does not read them.
CREATE FUNCTION admin_two_factor_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        IF NEW.enabled_at IS NOT NULL THEN
            PERFORM pg_notify('user_auth', NEW.user_id::text);
        END IF;
    ELSIF TG_OP = 'DELETE' THEN
        IF OLD.enabled_at IS NOT NULL THEN
            PERFORM pg_notify('user_auth', OLD.user_id::text);
        END IF;
    ELSIF (OLD.enabled_at IS NULL) IS DISTINCT FROM (NEW.enabled_at IS NULL) OR OLD.user_id IS DISTINCT FROM NEW.user_id THEN
        PERFORM pg_notify('user_auth', OLD.user_id::text);
        PERFORM pg_notify('user_auth', NEW.user_id::text);
    END IF;
    RETURN NULL;
END $$;

--bun:split

CREATE TRIGGER admin_two_factor_notify AFTER INSERT OR UPDATE OR DELETE ON admin_two_factor FOR EACH ROW
    EXECUTE FUNCTION admin_two_factor_notify();

--bun:split

CREATE FUNCTION company_two_factor_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('user_auth', 'company:' || NEW.id::text);
    RETURN NULL;
END $$;

--bun:split

CREATE TRIGGER companies_two_factor_notify AFTER UPDATE ON companies FOR EACH ROW
    WHEN (OLD.require_2fa IS DISTINCT FROM NEW.require_2fa)
    EXECUTE FUNCTION company_two_factor_notify();
