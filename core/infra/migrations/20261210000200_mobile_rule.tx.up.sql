-- Issue 27 findings 12 and 7 (docs/security.md "Aadhaar at rest, one account per person, one
-- mobile rule"). Mobiles of buyers, admins and companies are stored in the one form of
-- fields.E164: "+<country code><number>", an Indian one "+91" and 10 digits starting 6-9.
-- A stored mobile that follows the rule in any written form is rewritten to that form; one
-- that breaks it (an 11-digit Indian number, letters …) stays as it is: the account keeps
-- working, and the next time its mobile is written (every profile and admin save sends it) it
-- must follow the rule. This is the only SQL copy of the rule, used once here.
CREATE FUNCTION pg_temp.mobile_e164(m text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE
        WHEN btrim(m) !~ '^\+?[0-9 ().-]+$' THEN NULL
        WHEN btrim(m) LIKE '+%' THEN CASE
            WHEN d LIKE '91%' THEN CASE WHEN d ~ '^91[6-9][0-9]{9}$' THEN '+' || d END
            WHEN d ~ '^[1-9][0-9]{7,14}$' THEN '+' || d
        END
        WHEN d ~ '^(0|91)?[6-9][0-9]{9}$' THEN '+91' || right(d, 10)
    END
    FROM (SELECT regexp_replace(m, '[^0-9]', '', 'g') AS d) AS x
$$;

--bun:split

UPDATE users SET mobile = pg_temp.mobile_e164(mobile)
WHERE pg_temp.mobile_e164(mobile) IS NOT NULL AND pg_temp.mobile_e164(mobile) <> mobile;

--bun:split

UPDATE companies SET mobile = pg_temp.mobile_e164(mobile)
WHERE pg_temp.mobile_e164(mobile) IS NOT NULL AND pg_temp.mobile_e164(mobile) <> mobile;

--bun:split

-- Finding 7: one mobile, one buyer account of a company. Buyers who already share a mobile
-- keep their accounts: the oldest holds the number, the later ones are marked mobile_repeat
-- and kept outside the index until their mobile is changed (which must then be a free one).
ALTER TABLE users ADD COLUMN mobile_repeat boolean NOT NULL DEFAULT false;

--bun:split

UPDATE users AS u SET mobile_repeat = true
FROM (SELECT id, row_number() OVER (PARTITION BY company_id, mobile ORDER BY created_at, id) AS n
      FROM users WHERE role = 'USER' AND deleted_at IS NULL AND mobile <> '') AS r
WHERE r.id = u.id AND r.n > 1;

--bun:split

CREATE UNIQUE INDEX users_company_buyer_mobile_key ON users (company_id, mobile)
WHERE role = 'USER' AND deleted_at IS NULL AND mobile <> '' AND NOT mobile_repeat;
