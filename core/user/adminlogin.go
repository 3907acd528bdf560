package user

import (
	"context"

	"prelaunch/core/apperr"
	"prelaunch/core/auth"
	"prelaunch/core/fields"
)

// ErrCompanySuspended answers the right password of an admin of a SUSPENDED company.
var ErrCompanySuspended = apperr.Forbidden("company_suspended", "This company is suspended. Please contact support.")

// AdminLogin signs in a company admin by email and password and returns an admin-audience token.
// The same email may be an admin of several companies: each active ADMIN account with that email
// is tried in turn and the first whose password matches wins. Every failure is one generic 401.
func (s *Service) AdminLogin(ctx context.Context, email, password, ip string) (string, error) {
	email = fields.NormEmail(email)
	var v apperr.Validation
	v.Check(email != "", "Email is required.")
	v.Check(password != "", "Password is required.")
	if err := v.Err(); err != nil {
		return "", err
	}
	subject := "admin:" + email
	if err := s.Limiter.BeforeLogin(ctx, subject, "admin:"+ip); err != nil {
		return "", err
	}
	var candidates []User
	err := s.DB.NewSelect().Model(&candidates).
		Column("id", "company_id", "role", "password_hash", "token_version").
		Where("lower(email) = ?", email).Where("role = ?", RoleAdmin).
		Where("status = ?", StatusActive).Where("deleted_at IS NULL").
		OrderExpr("created_at, id").Limit(20).Scan(ctx)
	if err != nil {
		return "", err
	}
	if len(candidates) == 0 || len(password) > fields.PasswordMax {
		auth.BurnTime(password)
		s.Limiter.LoginFailed(ctx, subject, "admin:"+ip)
		return "", errLogin
	}
	for _, u := range candidates {
		if auth.CheckPassword(u.PasswordHash, password) {
			s.Limiter.LoginSucceeded(ctx, subject, "admin:"+ip)
			var status string
			if err := s.DB.NewSelect().Table("companies").Column("status").Where("id = ?", u.CompanyID).Scan(ctx, &status); err != nil {
				return "", err
			}
			if status == "SUSPENDED" { // DESIGN §11: a suspended company's admins cannot sign in
				return "", ErrCompanySuspended
			}
			return s.Tokens.Issue(u.ID, u.CompanyID, RoleAdmin, auth.AudienceAdmin, u.TokenVersion)
		}
	}
	s.Limiter.LoginFailed(ctx, subject, "admin:"+ip)
	return "", errLogin
}
