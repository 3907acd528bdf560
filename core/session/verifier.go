// Package session turns bearer tokens into signed-in callers: it verifies tokens against the
// users and super admins they name, with a per-process cache of user rows kept fresh by Postgres
// notifications.
package session

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"prelaunch/core/auth"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/superadmin"
	"prelaunch/core/user"
)

// Verifier turns a bearer token into a Principal, refusing revoked tokens: a password change,
// a block or a delete bumps token_version (or removes the account) and older tokens stop working.
type Verifier struct {
	Tokens *auth.Tokens
	DB     bun.IDB
	Cache  *PrincipalCache // optional: verified users' auth fields, kept fresh by Postgres notifications
}

// Signed reports whether raw is a well-signed, unexpired token of audience aud (httpx.Guard tells
// a token of another area from no token with it).
func (v *Verifier) Signed(raw, aud string) bool {
	_, err := v.Tokens.Parse(raw, aud)
	return err == nil
}

// Authenticate verifies raw for the audience aud against the account it names (httpx.Authenticator).
func (v *Verifier) Authenticate(ctx context.Context, raw, aud string) (*auth.Principal, error) {
	claims, err := v.Tokens.Parse(raw, aud)
	if err != nil {
		return nil, err
	}
	switch aud {
	case auth.AudienceSuperAdmin:
		sa, err := superadmin.ByID(ctx, v.DB, claims.Subject)
		if err != nil {
			return nil, lookupErr(err)
		}
		return &auth.Principal{ID: sa.ID, Role: auth.RoleSuperAdmin, Audience: aud, Email: sa.Email, Name: sa.Name}, nil
	case auth.AudienceUser, auth.AudienceAdmin:
		cu, err := v.user(ctx, claims.Subject)
		if err != nil {
			return nil, err
		}
		u := &cu.u
		if u.Status != user.StatusActive || u.TokenVersion != claims.Version || u.CompanyID != claims.Company {
			return nil, auth.ErrBadToken()
		}
		// A buyer-site token is a buyer's only: an admin's, issued before admins were kept off the
		// buyer site, no longer works there (its profile/update would rename the admin).
		if aud == auth.AudienceUser && u.Role != user.RoleUser {
			return nil, auth.ErrBadToken()
		}
		if aud == auth.AudienceAdmin && u.Role != user.RoleAdmin {
			return nil, apperr.Forbidden("not_admin", "You do not have access to the admin area.")
		}
		p := &auth.Principal{ID: u.ID, CompanyID: u.CompanyID, Role: u.Role, Audience: aud, Email: u.Email, Name: u.Name}
		if aud == auth.AudienceAdmin {
			tf := cu.tf
			p.TwoFactor = &tf
		}
		return p, nil
	}
	return nil, auth.ErrBadToken()
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

// user reads a live user's row (and an admin's two-factor state), from the cache when it has it.
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
	u, tf, err := user.LiveWithTwoFactor(ctx, v.DB, id)
	if err != nil {
		return cachedUser{}, lookupErr(err)
	}
	cu := cachedUser{u: *u, tf: tf, at: time.Now()}
	if v.Cache != nil {
		v.Cache.put(id, cu, epoch)
	}
	return cu, nil
}

func lookupErr(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return auth.ErrBadToken()
	}
	return apperr.Unavailable("db_unavailable", "The service is temporarily unavailable. Please try again shortly.", err)
}
