-- "the mapping is cached ≤ 1 s" — and refreshed at once on a change. Each change of
-- what a buyer site shows (an admin's token settings, which always move settings_version; a
-- company's name, status or two-factor rule; its domains) notifies channel site_changed as it
-- commits, and every buyer server's company.Resolver reads its sites again. Orders, which move
-- the supply figures many times a second, do not notify: the cache's second covers them.
CREATE FUNCTION site_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('site_changed', '');
    RETURN NULL;
END
$$;

CREATE TRIGGER tokens_site_changed AFTER UPDATE ON tokens FOR EACH ROW
    WHEN (OLD.settings_version IS DISTINCT FROM NEW.settings_version OR OLD.symbol IS DISTINCT FROM NEW.symbol)
    EXECUTE FUNCTION site_changed_notify();

CREATE TRIGGER companies_site_changed AFTER UPDATE ON companies FOR EACH ROW
    WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.status IS DISTINCT FROM NEW.status OR OLD.require_2fa IS DISTINCT FROM NEW.require_2fa)
    EXECUTE FUNCTION site_changed_notify();

CREATE TRIGGER company_domains_site_changed AFTER INSERT OR UPDATE OR DELETE ON company_domains FOR EACH STATEMENT
    EXECUTE FUNCTION site_changed_notify();
