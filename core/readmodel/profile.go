// Package readmodel is the read-only side of core: the views that join nouns (an admin's
// profile with their company and token, ...). It reads every table and writes none
// (core/ownership checks both).
package readmodel

import (
	"context"
	"database/sql"
	"errors"
	"prelaunch/core/infra/prepared"
	"time"

	"prelaunch/core/auth"
	"prelaunch/core/company"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/media"
	"prelaunch/core/kyc"
	"prelaunch/core/sale"
	"prelaunch/core/user"

	"github.com/uptrace/bun"
)

// ProfileView is the signed-in admin with their company and token branding, for the layout.
type ProfileView struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
	Role  string `json:"role"`
	// TwoFactorEnabled: the admin signs in with a code; TwoFactorRequired: their company requires
	// it (while it is off, every other admin call is 403).
	TwoFactorEnabled  bool `json:"twoFactorEnabled"`
	TwoFactorRequired bool `json:"twoFactorRequired"`
	// IsOwner: the company's owner (companies.owner_id), who alone changes another admin's email
	// and resets another admin's locked two-factor sign-in.
	IsOwner bool         `json:"isOwner"`
	Company CompanyRef   `json:"company"`
	Token   TokenSummary `json:"token"`
}

type CompanyRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// TokenSummary is the token branding the admin screens use.
type TokenSummary struct {
	Symbol   string        `json:"symbol"`
	Name     string        `json:"name"`
	IconURL  string        `json:"icon_url"`
	Title    string        `json:"title"`
	MetaData sale.MetaData `json:"metaData"`
}

// Summary is a token's branding for admin screens.
func Summary(t *sale.Token) TokenSummary {
	return TokenSummary{Symbol: t.Symbol, Name: t.Name, IconURL: t.IconURL, Title: t.Title,
		MetaData: sale.MetaData{Title: t.MetaTitle, Description: t.MetaDescription, Keywords: t.MetaKeywords}}
}

// AdminProfile is admin auth/profile/get: the signed-in admin, their company and its token.
// Service reads the views.
type Service struct {
	DB *bun.DB
	// Links says where each company's buyer site is (the super admin's company list and detail).
	Links company.Links
	// KYCRecords makes the KYC review list's records (documents, changes, shared Aadhaar).
	KYCRecords *kyc.Service
	// Media signs the links of the purchase lists' payment proofs.
	Media *media.Signer
	// stmts are the searches run as prepared statements (purchases.go).
	stmts prepared.Statements
}

// now is the KYC service's clock (tests move it), or the wall clock without one.
func (s *Service) now() time.Time {
	if s.KYCRecords != nil && s.KYCRecords.Clock != nil {
		return s.KYCRecords.Clock.Now()
	}
	return time.Now()
}

func (s *Service) AdminProfile(ctx context.Context, p *auth.Principal) (*ProfileView, error) {
	var u user.User
	if err := s.DB.NewSelect().Model(&u).Column("id", "name", "email", "role", "company_id").
		Where("id = ?", p.ID).Where("company_id = ?", p.CompanyID).Where("deleted_at IS NULL").Scan(ctx); err != nil {
		return nil, notFoundOr(err, "user_not_found", "User not found.")
	}
	var c company.Company
	if err := s.DB.NewSelect().Model(&c).Column("id", "name").Where("id = ?", u.CompanyID).Scan(ctx); err != nil {
		return nil, err
	}
	var t sale.Token
	if err := s.DB.NewSelect().Model(&t).Where("company_id = ?", u.CompanyID).Scan(ctx); err != nil {
		return nil, notFoundOr(err, "token_not_found", "This company has no token configured.")
	}
	enabled, required, err := user.TwoFactorState(ctx, s.DB, u.ID, u.CompanyID)
	if err != nil {
		return nil, err
	}
	owner, err := user.IsOwner(ctx, s.DB, u.CompanyID, u.ID)
	if err != nil {
		return nil, err
	}
	return &ProfileView{ID: u.ID, Name: u.Name, Email: u.Email, Role: u.Role, TwoFactorEnabled: enabled,
		TwoFactorRequired: required, IsOwner: owner, Company: CompanyRef{ID: c.ID, Name: c.Name}, Token: Summary(&t)}, nil
}

// notFoundOr maps "no rows" to a 404 with the given slug and message, and passes others on.
func notFoundOr(err error, slug, msg string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return apperr.NotFound(slug, msg)
	}
	return err
}
