package auth

// Principal is the signed-in caller, as every rule in core receives it.
type Principal struct {
	ID        string
	CompanyID string // empty for the super admin
	Role      string // USER, ADMIN or SUPERADMIN
	Audience  string
	Email     string
	Name      string
}

const RoleSuperAdmin = "SUPERADMIN"

// Revoker forgets what this process remembers about users whose row changed (their tokens,
// balances or names), so the next call sees the change at once. Call it after the commit.
type Revoker interface {
	Revoke(ids ...string)
}
