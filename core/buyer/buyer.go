// Package buyer holds the rules of the buyer app (SPEC §7 "User calls"): registration with an
// emailed code, login, password reset and change, the profile, payment details and the two
// dashboard stock lists. The BFF only binds requests and answers.
package buyer

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"net/mail"
	"strings"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"prelaunch/core/apperr"
	"prelaunch/core/auth"
	"prelaunch/core/clock"
	"prelaunch/core/company"
	"prelaunch/core/config"
	"prelaunch/core/media"
	"prelaunch/core/otp"
	"prelaunch/core/ratelimit"
	"prelaunch/core/runtime"
	"prelaunch/core/session"
	"prelaunch/core/tasks"
	"prelaunch/core/ttl"
)

// Service carries what the buyer rules need.
type Service struct {
	DB      *bun.DB
	Tokens  *auth.Tokens
	OTP     *otp.Service
	Limiter *ratelimit.Limiter
	Tasks   tasks.Enqueuer
	Media   *media.Signer
	Clock   clock.Clock
	Log     *slog.Logger
	Env     string

	// Users, when set, serves the caller's own row on reads (profile/get) from the process's
	// user cache, kept fresh by Postgres notifications (auth.PrincipalCache).
	Users *session.Verifier
	// Revoker is told which users changed, after the commit.
	Revoker auth.Revoker
	// Stake reuses a company's tokens-sold figure (profile's globalStake) for its TTL, like the
	// site row (SiteTTL); a zero TTL reads it every time.
	Stake ttl.Cache[string, decimal.Decimal]
}

func New(d *runtime.Deps) *Service {
	return &Service{DB: d.DB, Tokens: d.Tokens, OTP: d.OTP, Limiter: d.Limiter, Tasks: d.Tasks, Media: d.Media,
		Clock: d.Clock, Log: d.Log, Env: d.Cfg.Env, Users: d.Verifier, Revoker: d.Verifier.Cache,
		Stake: ttl.Cache[string, decimal.Decimal]{TTL: SiteTTL, Now: d.Clock.Now}}
}

// Site is the one company (and its token) a buyer BFF serves, chosen by token symbol.
type Site struct {
	CompanyID string
	Token     *company.Token
}

// Brand names the token in emails.
func (s *Site) Brand() string {
	if s.Token != nil && s.Token.Name != "" {
		return s.Token.Name
	}
	return "Prelaunch"
}

// LoadSite finds the company whose token has this symbol.
func LoadSite(ctx context.Context, db bun.IDB, symbol string) (*Site, error) {
	var t company.Token
	err := db.NewSelect().Model(&t).Where("upper(symbol) = ?", strings.ToUpper(strings.TrimSpace(symbol))).
		Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.NotFound("token_not_found", "Please select a token to proceed.")
	}
	if err != nil {
		return nil, apperr.Unavailable("db_unavailable", "The service is temporarily unavailable. Please try again shortly.", err)
	}
	return &Site{CompanyID: t.CompanyID, Token: &t}, nil
}

// CheckCompany refuses a request whose companyId is missing or names another company than the
// one this site serves.
func (s *Site) CheckCompany(sent string) error {
	sent = strings.TrimSpace(sent)
	if sent == "" {
		return apperr.Invalid("company_missing", "Company ID is not configured. Please contact support.")
	}
	if !strings.EqualFold(sent, s.CompanyID) {
		return apperr.Invalid("company_mismatch", "This Company ID does not match this site. Please contact support.")
	}
	return nil
}

// CheckPrincipal refuses a buyer token of another company than the site's (403).
func (s *Site) CheckPrincipal(p *auth.Principal) error {
	if p == nil || p.CompanyID != s.CompanyID {
		return apperr.Forbidden("wrong_company", "Your account belongs to another company's site.")
	}
	return nil
}

// Buyer is the signed-in caller as the rules see them.
type Buyer struct {
	UserID    string
	CompanyID string
	Email     string
}

func FromPrincipal(p *auth.Principal) Buyer {
	return Buyer{UserID: p.ID, CompanyID: p.CompanyID, Email: p.Email}
}

func normEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

func validEmail(s string) bool {
	if len(s) > 254 || strings.ContainsAny(s, " <>\"") {
		return false
	}
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && strings.Contains(s[strings.LastIndexByte(s, '@'):], ".")
}

// validMobile accepts 7 to 15 digits with an optional leading + and spaces, dashes or brackets.
func validMobile(s string) bool {
	digits := 0
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '+' && i == 0:
		case r == ' ' || r == '-' || r == '(' || r == ')':
		default:
			return false
		}
	}
	return digits >= 7 && digits <= 15
}

// validPassword is the password rule: 8 to 72 characters (bcrypt's limit is 72 bytes).
func checkPassword(v *apperr.Validation, pw, label string) {
	n := len([]rune(pw))
	v.Check(n >= 8 && len(pw) <= 72, label+" must be 8 to 72 characters long.")
}

// subjectKey is the rate-limit key of an email within a company.
func subjectKey(companyID, email string) string { return companyID + ":" + normEmail(email) }

func (s *Service) isDev() bool { return s.Env == config.EnvDevelopment }
