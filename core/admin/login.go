package admin

import (
	"context"
	"strings"

	"prelaunch/core/apperr"
	"prelaunch/core/auth"
	"prelaunch/core/company"
	"prelaunch/core/runtime"
	"prelaunch/core/user"
)

var errBadLogin = apperr.Unauthorized("bad_credentials", "Invalid email or password.")

// Login signs in a company admin by email and password and returns an admin-audience token.
// The same email may be an admin of several companies: each active ADMIN account with that email
// is tried in turn and the first whose password matches wins. Every failure is one generic 401.
func Login(ctx context.Context, d *runtime.Deps, email, password, ip string) (string, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	var v apperr.Validation
	v.Check(email != "", "Email is required.")
	v.Check(password != "", "Password is required.")
	if err := v.Err(); err != nil {
		return "", err
	}
	subject := "admin:" + email
	if err := d.Limiter.BeforeLogin(ctx, subject, "admin:"+ip); err != nil {
		return "", err
	}
	var candidates []user.User
	err := d.DB.NewSelect().Model(&candidates).
		Column("id", "company_id", "role", "password_hash", "token_version").
		Where("lower(email) = ?", email).Where("role = ?", user.RoleAdmin).
		Where("status = ?", user.StatusActive).Where("deleted_at IS NULL").
		OrderExpr("created_at, id").Limit(20).Scan(ctx)
	if err != nil {
		return "", err
	}
	if len(candidates) == 0 || len(password) > 72 {
		auth.BurnTime(password)
		d.Limiter.LoginFailed(ctx, subject, "admin:"+ip)
		return "", errBadLogin
	}
	for _, u := range candidates {
		if auth.CheckPassword(u.PasswordHash, password) {
			d.Limiter.LoginSucceeded(ctx, subject, "admin:"+ip)
			return d.Tokens.Issue(u.ID, u.CompanyID, user.RoleAdmin, auth.AudienceAdmin, u.TokenVersion)
		}
	}
	d.Limiter.LoginFailed(ctx, subject, "admin:"+ip)
	return "", errBadLogin
}

// ProfileView is the signed-in admin with their company and token branding, for the layout.
type ProfileView struct {
	ID      string       `json:"id"`
	Name    string       `json:"name"`
	Email   string       `json:"email"`
	Role    string       `json:"role"`
	Company CompanyRef   `json:"company"`
	Token   TokenSummary `json:"token"`
}

type CompanyRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// TokenSummary is the token branding the admin screens use.
type TokenSummary struct {
	Symbol   string           `json:"symbol"`
	Name     string           `json:"name"`
	IconURL  string           `json:"icon_url"`
	Title    string           `json:"title"`
	MetaData company.MetaData `json:"metaData"`
}

// Summary is a token's branding for admin screens.
func Summary(t *company.Token) TokenSummary {
	return TokenSummary{Symbol: t.Symbol, Name: t.Name, IconURL: t.IconURL, Title: t.Title,
		MetaData: company.MetaData{Title: t.MetaTitle, Description: t.MetaDescription, Keywords: t.MetaKeywords}}
}

// Profile is the signed-in admin, their company and its token.
func Profile(ctx context.Context, d *runtime.Deps, p *auth.Principal) (*ProfileView, error) {
	var u user.User
	if err := d.DB.NewSelect().Model(&u).Column("id", "name", "email", "role", "company_id").
		Where("id = ?", p.ID).Where("company_id = ?", p.CompanyID).Where("deleted_at IS NULL").Scan(ctx); err != nil {
		return nil, notFoundOr(err, "user_not_found", "User not found.")
	}
	var c company.Company
	if err := d.DB.NewSelect().Model(&c).Column("id", "name").Where("id = ?", u.CompanyID).Scan(ctx); err != nil {
		return nil, err
	}
	var t company.Token
	if err := d.DB.NewSelect().Model(&t).Where("company_id = ?", u.CompanyID).Scan(ctx); err != nil {
		return nil, notFoundOr(err, "token_not_found", "This company has no token configured.")
	}
	return &ProfileView{ID: u.ID, Name: u.Name, Email: u.Email, Role: u.Role,
		Company: CompanyRef{ID: c.ID, Name: c.Name}, Token: Summary(&t)}, nil
}
