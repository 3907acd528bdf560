package auth

// Principal is the signed-in caller, as every rule in core receives it.
type Principal struct {
	ID        string
	CompanyID string // empty for the super admin
	Role      string // USER, ADMIN or SUPERADMIN
	Audience  string
	Email     string
	Name      string
	// TwoFactor is an admin's two-factor state as read with their account by the token check
	// (core/session, cached with the account and evicted by the same notifications); nil when
	// it was not read, and then the admin area's rule reads it itself.
	TwoFactor *TwoFactor
}

// TwoFactor is what the admin area's rule (user.Service.RequireEnrolled) needs: whether the
// admin signs in with a code, and whether their company requires it.
type TwoFactor struct {
	Enabled  bool
	Required bool
}

const RoleSuperAdmin = "SUPERADMIN"

// Revoker forgets what this process remembers about users whose row changed (their tokens,
// balances or names), so the next call sees the change at once. Call it after the commit.
type Revoker interface {
	Revoke(ids ...string)
}

// CompanyUsers is the key a Revoker (and a user_auth notification) takes for every user of a
// company at once: a change of the company's two-factor rule.
func CompanyUsers(companyID string) string { return CompanyUsersPrefix + companyID }

// CompanyUsersPrefix begins the keys of CompanyUsers.
const CompanyUsersPrefix = "company:"
