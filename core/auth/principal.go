package auth

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"

	"prelaunch/core/apperr"
	"prelaunch/core/superadmin"
	"prelaunch/core/user"
)

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

// Verifier turns a bearer token into a Principal, refusing revoked tokens: a password change,
// a block or a delete bumps token_version (or removes the account) and older tokens stop working.
type Verifier struct {
	Tokens *Tokens
	DB     bun.IDB
}

func (v *Verifier) Authenticate(ctx context.Context, raw, aud string) (*Principal, error) {
	claims, err := v.Tokens.Parse(raw, aud)
	if err != nil {
		return nil, err
	}
	switch aud {
	case AudienceSuperAdmin:
		var sa superadmin.SuperAdmin
		err := v.DB.NewSelect().Model(&sa).Where("id = ?", claims.Subject).Scan(ctx)
		if err != nil {
			return nil, lookupErr(err)
		}
		return &Principal{ID: sa.ID, Role: RoleSuperAdmin, Audience: aud, Email: sa.Email, Name: sa.Name}, nil
	case AudienceUser, AudienceAdmin:
		var u user.User
		err := v.DB.NewSelect().Model(&u).
			Column("id", "company_id", "role", "email", "name", "status", "token_version").
			Where("id = ?", claims.Subject).Where("deleted_at IS NULL").Scan(ctx)
		if err != nil {
			return nil, lookupErr(err)
		}
		if u.Status != user.StatusActive || u.TokenVersion != claims.Version || u.CompanyID != claims.Company {
			return nil, errBadToken
		}
		if aud == AudienceAdmin && u.Role != user.RoleAdmin {
			return nil, apperr.Forbidden("not_admin", "You do not have access to the admin area.")
		}
		return &Principal{ID: u.ID, CompanyID: u.CompanyID, Role: u.Role, Audience: aud, Email: u.Email, Name: u.Name}, nil
	}
	return nil, errBadToken
}

func lookupErr(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return errBadToken
	}
	return apperr.Unavailable("db_unavailable", "The service is temporarily unavailable. Please try again shortly.", err)
}
