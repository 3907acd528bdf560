package auth

import (
	"context"
	"database/sql"
	"errors"
	"time"

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
	Cache  *PrincipalCache // optional: verified users' auth fields, kept fresh by Postgres notifications
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
		u, err := v.user(ctx, claims.Subject)
		if err != nil {
			return nil, err
		}
		if u.status != user.StatusActive || u.version != claims.Version || u.companyID != claims.Company {
			return nil, errBadToken
		}
		if aud == AudienceAdmin && u.role != user.RoleAdmin {
			return nil, apperr.Forbidden("not_admin", "You do not have access to the admin area.")
		}
		return &Principal{ID: claims.Subject, CompanyID: u.companyID, Role: u.role, Audience: aud, Email: u.email, Name: u.name}, nil
	}
	return nil, errBadToken
}

// user reads the auth fields of a live (not deleted) user, from the cache when it has them.
func (v *Verifier) user(ctx context.Context, id string) (cachedUser, error) {
	if v.Cache != nil {
		if u, ok := v.Cache.get(id); ok {
			return u, nil
		}
	}
	var epoch uint64
	if v.Cache != nil {
		epoch = v.Cache.begin()
	}
	var u user.User
	err := v.DB.NewSelect().Model(&u).
		Column("id", "company_id", "role", "email", "name", "status", "token_version").
		Where("id = ?", id).Where("deleted_at IS NULL").Scan(ctx)
	if err != nil {
		return cachedUser{}, lookupErr(err)
	}
	cu := cachedUser{companyID: u.CompanyID, role: u.Role, email: u.Email, name: u.Name, status: u.Status,
		version: u.TokenVersion, at: time.Now()}
	if v.Cache != nil {
		v.Cache.put(id, cu, epoch)
	}
	return cu, nil
}

func lookupErr(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return errBadToken
	}
	return apperr.Unavailable("db_unavailable", "The service is temporarily unavailable. Please try again shortly.", err)
}
