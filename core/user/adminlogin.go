package user

import (
	"context"
	"prelaunch/core/company"
	"sort"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"prelaunch/core/auth"
	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/twofactor"
)

// ErrCompanySuspended answers an admin sign-in for an email whose only admin accounts belong to
// SUSPENDED companies, whatever the password: a right and a wrong password answer alike, so the
// answer is no password oracle.
var ErrCompanySuspended = apperr.Forbidden("company_suspended", msgCompanySuspended)

const msgCompanySuspended = "This company is suspended. Please contact support."

// CompanySuspendedNotice is the 403 a signed-in admin of a suspended company meets on every admin
// call (their token was revoked by the suspension): ErrCompanySuspended's words with the super
// admin's reason. Only a token this server signed for that company gets it, so the reason is
// shown to the company's admins alone, never to someone guessing at the sign-in.
func CompanySuspendedNotice(reason string) error {
	if reason == "" {
		return ErrCompanySuspended
	}
	return apperr.Forbidden("company_suspended", msgCompanySuspended+" Reason: "+reason)
}

// CompanyChoice is one company an admin may sign in to (the sign-in's company step).
type CompanyChoice struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// LoginResult is company/auth/login's answer: a token, a challenge for the second step, or (one
// email and password right for admins of several companies) the companies to choose from.
type LoginResult struct {
	Token     string
	Challenge string
	Companies []CompanyChoice
}

type adminCandidate struct {
	User          `bun:",extend"`
	CompanyName   string `bun:"company_name"`
	CompanyStatus string `bun:"company_status"`
}

// AdminLogin signs in a company admin by email and password and returns an admin-audience token,
// or, when the admin has two-factor sign-in on, a challenge for AdminLoginTwoFactor.
//
// One email may be an admin of several companies. Every active ADMIN account with that email in
// an ACTIVE company is tried (companyID, when given, narrows them to that company). One whose
// password matches signs in; when the password matches in several companies the answer lists
// them by name (only after a right password, so the list reveals nothing to a guesser) and the
// client asks again with companyId. With no account in an active company but one in a SUSPENDED
// company the answer is 403 company_suspended for any password. Every other failure is one
// generic 401, in the time of one password comparison per account.
func (s *Service) AdminLogin(ctx context.Context, email, password, companyID, ip string) (LoginResult, error) {
	email = fields.NormEmail(email)
	companyID = strings.TrimSpace(companyID)
	var v apperr.Validation
	v.CheckField(email != "", "email", "Email is required.")
	v.CheckField(password != "", "password", "Password is required.")
	if err := v.Err(); err != nil {
		return LoginResult{}, err
	}
	subject := "admin:" + email
	if err := s.Limiter.BeforeLogin(ctx, subject, "admin:"+ip); err != nil {
		return LoginResult{}, err
	}
	var candidates []adminCandidate
	q := s.DB.NewSelect().Model(&candidates).
		Column("u.id", "u.company_id", "u.role", "u.password_hash", "u.token_version").
		Where("lower(u.email) = ?", email).Where("u.role = ?", RoleAdmin).
		Where("u.status = ?", StatusActive).Where("u.deleted_at IS NULL")
	if companyID != "" {
		if !fields.UUID(companyID) {
			auth.BurnTime(ctx, password)
			return LoginResult{}, errLogin
		}
		q = q.Where("u.company_id = ?", companyID)
	}
	if err := q.Scan(ctx); err != nil {
		return LoginResult{}, err
	}
	candidates, err := withCompanies(ctx, s.DB, candidates)
	if err != nil {
		return LoginResult{}, err
	}
	var matched []*adminCandidate
	suspended := false
	tried := 0
	for i := range candidates {
		u := &candidates[i]
		if u.CompanyStatus == company.StatusSuspended { // a suspended company's admins cannot sign in
			suspended = true
			continue
		}
		tried++
		if len(password) <= fields.PasswordMax && auth.CheckPassword(ctx, u.PasswordHash, password) {
			matched = append(matched, u)
		}
	}
	if tried == 0 {
		auth.BurnTime(ctx, password) // the time of a wrong password, with or without a suspended account
	}
	switch {
	case len(matched) == 0 && suspended:
		return LoginResult{}, ErrCompanySuspended // counted as a failure by BeforeLogin
	case len(matched) == 0:
		return LoginResult{}, errLogin // counted as a failure by BeforeLogin
	}
	s.Limiter.LoginSucceeded(ctx, subject, "admin:"+ip)
	if len(matched) > 1 {
		choices := make([]CompanyChoice, len(matched))
		for i, u := range matched {
			choices[i] = CompanyChoice{ID: u.CompanyID, Name: u.CompanyName}
		}
		return LoginResult{Companies: choices}, nil
	}
	u := matched[0]
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

// withCompanies fills the candidates' company names and statuses (company's lookup) and keeps the
// first 20 in the order of their companies' creation.
func withCompanies(ctx context.Context, db bun.IDB, cs []adminCandidate) ([]adminCandidate, error) {
	ids := make([]string, len(cs))
	for i := range cs {
		ids[i] = cs[i].CompanyID
	}
	briefs, err := company.Briefs(ctx, db, ids)
	if err != nil {
		return nil, err
	}
	created := make(map[string]time.Time, len(cs))
	out := cs[:0]
	for _, c := range cs {
		b, ok := briefs[c.CompanyID]
		if !ok {
			continue
		}
		c.CompanyName, c.CompanyStatus = b.Name, b.Status
		created[c.ID] = b.CreatedAt
		out = append(out, c)
	}
	sort.SliceStable(out, func(i, j int) bool {
		ci, cj := created[out[i].ID], created[out[j].ID]
		if !ci.Equal(cj) {
			return ci.Before(cj)
		}
		return out[i].ID < out[j].ID
	})
	if len(out) > 20 {
		out = out[:20]
	}
	return out, nil
}
