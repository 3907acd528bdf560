-- A company's owner: the admin made with the company (company/add). Only the owner may change
-- another admin's email or reset another admin's two-factor lock, and no other admin may delete
-- or demote the owner. Existing companies: their oldest admin account.
ALTER TABLE companies ADD COLUMN owner_id uuid REFERENCES users (id) ON DELETE SET NULL;

--bun:split

UPDATE companies AS c SET owner_id = (SELECT u.id FROM users AS u WHERE u.company_id = c.id AND u.role = 'ADMIN'
    ORDER BY u.deleted_at IS NOT NULL, u.created_at, u.id LIMIT 1);

--bun:split

-- Two-factor lock-out: wrong codes in a row since the last right one; at 10 the account locks
-- (locked_at) until the owner or the super admin resets it.
ALTER TABLE admin_two_factor ADD COLUMN failed_codes int NOT NULL DEFAULT 0,
    ADD COLUMN locked_at timestamptz;
