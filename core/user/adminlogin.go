package user

import (
	"context"

	"prelaunch/core/apperr"
	"prelaunch/core/auth"
	"prelaunch/core/fields"
	"prelaunch/core/twofactor"
)

// ErrCompanySuspended answers the right password of an admin of a SUSPENDED company.
var ErrCompanySuspended = apperr.Forbidden("company_suspended", "This company is suspended. Please contact support.")

// AdminLogin signs in a company admin by email and password and returns an admin-audience token,
// or, when the admin has two-factor sign-in on, a challenge for AdminLoginTwoFactor.
// The same email may be an admin of several companies: each active ADMIN account with that email
// is tried in turn and the first whose password matches wins. Every failure is one generic 401.
func (s *Service) AdminLogin(ctx context.Context, email, password, ip string) (LoginResult, error) {
	email = fields.NormEmail(email)
	var v apperr.Validation
	v.Check(email != "", "Email is required.")
	v.Check(password != "", "Password is required.")
	if err := v.Err(); err != nil {
		return LoginResult{}, err
	}
	subject := "admin:" + email
	if err := s.Limiter.BeforeLogin(ctx, subject, "admin:"+ip); err != nil {
		return LoginResult{}, err
	}
	var candidates []User
	err := s.DB.NewSelect().Model(&candidates).
		Column("id", "company_id", "role", "password_hash", "token_version").
		Where("lower(email) = ?", email).Where("role = ?", RoleAdmin).
		Where("status = ?", StatusActive).Where("deleted_at IS NULL").
		OrderExpr("created_at, id").Limit(20).Scan(ctx)
	if err != nil {
		return LoginResult{}, err
	}
	if len(candidates) == 0 || len(password) > fields.PasswordMax {
		auth.BurnTime(password)
		s.Limiter.LoginFailed(ctx, subject, "admin:"+ip)
		return LoginResult{}, errLogin
	}
	for _, u := range candidates {
		if auth.CheckPassword(u.PasswordHash, password) {
			s.Limiter.LoginSucceeded(ctx, subject, "admin:"+ip)
			var status string
			if err := s.DB.NewSelect().Table("companies").Column("status").Where("id = ?", u.CompanyID).Scan(ctx, &status); err != nil {
				return LoginResult{}, err
			}
			if status == "SUSPENDED" { // DESIGN §11: a suspended company's admins cannot sign in
				return LoginResult{}, ErrCompanySuspended
			}
			enabled, _, err := TwoFactorState(ctx, s.DB, u.ID, u.CompanyID)
			if err != nil {
				return LoginResult{}, err
			}
			if enabled {
				id, err := s.Challenges.Create(ctx, twofactor.Challenge{UserID: u.ID, CompanyID: u.CompanyID})
				if err != nil {
					return LoginResult{}, errRedis(err)
				}
				return LoginResult{Challenge: id}, nil
			}
			tok, err := s.Tokens.Issue(u.ID, u.CompanyID, RoleAdmin, auth.AudienceAdmin, u.TokenVersion)
			return LoginResult{Token: tok}, err
		}
	}
	s.Limiter.LoginFailed(ctx, subject, "admin:"+ip)
	return LoginResult{}, errLogin
}
