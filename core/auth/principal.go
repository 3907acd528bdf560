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
		cu, err := v.user(ctx, claims.Subject)
		if err != nil {
			return nil, err
		}
		u := &cu.u
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

// User returns a copy of a live (not deleted) user's row, from the cache when it has it: what a
// signed-in call reads about its own caller (profile/get). Writers must read the row themselves.
func (v *Verifier) User(ctx context.Context, id string) (*user.User, error) {
	cu, err := v.user(ctx, id)
	if err != nil {
		return nil, err
	}
	u := cu.u
	return &u, nil
}

// user reads a live user's row, from the cache when it has it.
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
	var cu cachedUser
	err := v.DB.NewSelect().Model(&cu.u).Where("id = ?", id).Where("deleted_at IS NULL").Scan(ctx)
	if err != nil {
		return cachedUser{}, lookupErr(err)
	}
	cu.at = time.Now()
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
