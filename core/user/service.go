package user

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"strings"
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"prelaunch/core/auth"
	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/mail"
	"prelaunch/core/infra/media"
	"prelaunch/core/infra/ratelimit"
	"prelaunch/core/infra/sms"
	"prelaunch/core/infra/tasks"
	"prelaunch/core/infra/ttl"
	"prelaunch/core/otp"
	"prelaunch/core/twofactor"
)

// Service holds the account rules: sign-up with an emailed code, buyer and admin login, password
// reset and change, the buyer's profile, and an admin's management of their company's users.
type Service struct {
	DB      *bun.DB
	Tokens  *auth.Tokens
	OTP     *otp.Service
	Limiter *ratelimit.Limiter
	Tasks   tasks.Enqueuer
	Media   *media.Signer
	Clock   clock.Clock
	Log     *slog.Logger
	// LogCodes logs issued codes (development only, where no mail is sent).
	LogCodes bool
	// Revoker is told which users changed, after the commit, so this process's token checks and
	// cached rows see the change at once.
	Revoker auth.Revoker
	// Cache, when set, serves the caller's own row on reads (profile/get) from the process's
	// user cache, kept fresh by Postgres notifications.
	Cache Cache
	// Stake reuses a company's tokens-sold figure (profile's globalStake) for its TTL; a zero TTL
	// reads it every time.
	Stake ttl.Cache[string, decimal.Decimal]
	// Sealer encrypts admins' TOTP secrets at rest; Challenges hold the second sign-in steps.
	Sealer     *twofactor.Sealer
	Challenges *twofactor.Challenges
	// PIIKey (PII_KEY) keys the hash of the profile's Aadhaar number.
	PIIKey []byte
	// Wallet answers a user's proved wallet address ('' when none) for the profile
	// (wallet.AddressOf; the wallet package owns it). Nil answers none.
	Wallet func(ctx context.Context, db bun.IDB, userID string) (string, error)
	// SMS sends the mobile verification codes (mobile.go).
	SMS sms.Sender
	// OpenOrders counts a buyer's orders still under way at now (purchase.OpenOf; the purchase
	// package owns them): a buyer with one cannot close their account. Nil counts none.
	OpenOrders func(ctx context.Context, db bun.IDB, userID string, now time.Time) (int64, error)
}

// Cache reads a live user's row from memory when it can.
type Cache interface {
	User(ctx context.Context, id string) (*User, error)
}

// Tenant is the company a buyer site serves, as the account rules need it.
type Tenant struct {
	CompanyID   string
	Brand       string // names the token in emails
	CompanyName string // signs the emails
	SiteURL     string // the company's buyer site, linked from the emails ("" when it has none)
}

// CheckCompany refuses a request whose companyId is missing or names another company than the
// one this site serves.
func (t Tenant) CheckCompany(sent string) error {
	sent = strings.TrimSpace(sent)
	if sent == "" {
		return apperr.Invalid("company_missing", "Company ID is not configured. Please contact support.")
	}
	if !strings.EqualFold(sent, t.CompanyID) {
		return apperr.Invalid("company_mismatch", "This site belongs to another company.")
	}
	return nil
}

// Buyer is the signed-in buyer as the rules see them.
type Buyer struct {
	UserID    string
	CompanyID string
	Email     string
}

func FromPrincipal(p *auth.Principal) Buyer {
	return Buyer{UserID: p.ID, CompanyID: p.CompanyID, Email: p.Email}
}

func (s *Service) revoke(ids ...string) {
	if s.Revoker != nil {
		s.Revoker.Revoke(ids...)
	}
}

// checkPassword adds label's length message when pw is not an acceptable password.
func checkPassword(v *apperr.Validation, pw, field, label string) {
	v.CheckField(fields.Password(pw), field, label+" must be 8 to 72 characters long.")
}

// blank names the fields left empty, from (wire name, value) pairs: the fields a "fill in"
// 422 puts its sentence beside.
func blank(pairs ...string) []string {
	var out []string
	for i := 0; i+1 < len(pairs); i += 2 {
		if strings.TrimSpace(pairs[i+1]) == "" {
			out = append(out, pairs[i])
		}
	}
	return out
}

// checkCurrentPassword is every check of a signed-in caller's current password: limited per
// account (ratelimit.PasswordFailPerSubject), so it cannot be guessed through the profile form.
// The check is counted as wrong before it runs and given back when right, so wrong guesses sent
// at once cannot all pass the limit before any is counted.
func (s *Service) checkCurrentPassword(ctx context.Context, u *User, pw, field string) error {
	key := "user:" + u.ID
	if err := s.Limiter.BeforePasswordCheck(ctx, key); err != nil {
		return err
	}
	if len(pw) > fields.PasswordMax || !auth.CheckPassword(ctx, u.PasswordHash, pw) {
		return errWrongCurrent(field)
	}
	s.Limiter.PasswordRight(ctx, key)
	return nil
}

// ConfirmBuyer checks a signed-in buyer's current password (its 422 names the field password),
// with the account's password-attempt limits: the proof another noun asks for before a sensitive
// change (a wallet's replacement).
func (s *Service) ConfirmBuyer(ctx context.Context, userID, companyID, password string) error {
	u, err := s.loadUser(ctx, Buyer{UserID: userID, CompanyID: companyID})
	if err != nil {
		return err
	}
	return s.checkCurrentPassword(ctx, u, password, "password")
}

// subjectKey is the rate-limit key of an email within a company.
func subjectKey(companyID, email string) string { return companyID + ":" + fields.NormEmail(email) }

func (s *Service) limitSend(ctx context.Context, companyID, email, ip string) error {
	if err := s.Limiter.Allow(ctx, ratelimit.OTPSendPerIP, ip); err != nil {
		return err
	}
	return s.Limiter.Allow(ctx, ratelimit.OTPSendPerSubject, subjectKey(companyID, email))
}

func (s *Service) limitCheck(ctx context.Context, companyID, email, ip string) error {
	if err := s.Limiter.Allow(ctx, ratelimit.OTPCheckPerIP, ip); err != nil {
		return err
	}
	return s.Limiter.Allow(ctx, ratelimit.OTPCheckPerSubject, subjectKey(companyID, email))
}

// sendNotice does what sendCode does — issue a code, queue one email — but the email says why no
// code came (the account exists, or there is none) instead of carrying the code: the request then
// answers alike, in the same time, whether or not the account exists. The code issued is never
// sent, so it opens nothing.
func (s *Service) sendNotice(ctx context.Context, site Tenant, purpose, email string) error {
	cid := site.CompanyID
	if _, err := s.OTP.Issue(ctx, s.DB, purpose, email, &cid); err != nil {
		return err
	}
	return mail.Enqueue(ctx, s.Tasks, mail.NoticeMessage(email, purpose, mail.From{Brand: site.Brand, Company: site.CompanyName, URL: site.SiteURL}))
}

// sendCode issues a code and enqueues its email; the code is logged in development only.
func (s *Service) sendCode(ctx context.Context, site Tenant, purpose, email string) error {
	cid := site.CompanyID
	code, err := s.OTP.Issue(ctx, s.DB, purpose, email, &cid)
	if err != nil {
		return err
	}
	if s.LogCodes && s.Log != nil {
		s.Log.Info("otp issued (development only)", "purpose", purpose, "email", email, "code", code)
	}
	return mail.Enqueue(ctx, s.Tasks, mail.OTPMessage(email, purpose, code, mail.From{Brand: site.Brand, Company: site.CompanyName, URL: site.SiteURL}, otp.TTLFor(purpose)))
}

func emailTaken(ctx context.Context, db bun.IDB, companyID, email, exceptID string) (bool, error) {
	q := db.NewSelect().Model((*User)(nil)).Where("company_id = ?", companyID).
		Where("lower(email) = ?", email).Where("deleted_at IS NULL")
	if exceptID != "" {
		q = q.Where("id <> ?", exceptID)
	}
	return q.Exists(ctx)
}

func (s *Service) loadUser(ctx context.Context, b Buyer) (*User, error) {
	var u User
	err := s.DB.NewSelect().Model(&u).Where("id = ?", b.UserID).
		Where("company_id = ?", b.CompanyID).Where("deleted_at IS NULL").Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, auth.ErrBadToken()
	}
	if err != nil {
		return nil, err
	}
	return &u, nil
}

func notFoundOr(err error, slug, msg string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return apperr.NotFound(slug, msg)
	}
	return err
}
