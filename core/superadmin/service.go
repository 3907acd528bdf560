package superadmin

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"github.com/uptrace/bun"

	"prelaunch/core/auth"
	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/mail"
	"prelaunch/core/infra/ratelimit"
	"prelaunch/core/infra/tasks"
	"prelaunch/core/otp"
)

// Service is the super admin's sign-in by emailed code.
type Service struct {
	DB      *bun.DB
	Tokens  *auth.Tokens
	OTP     *otp.Service
	Limiter *ratelimit.Limiter
	Tasks   tasks.Enqueuer
}

// OTPSent is the one answer to a code request, whether or not the address is a super
// admin, so the call cannot be used to discover who is one.
const OTPSent = "If this email belongs to a super admin, a sign-in code has been sent to it."

// RequestOTP sends a 3-minute sign-in code to a configured super admin. Addresses that
// are not super admins get the same answer and no mail. Rate limited per email and per IP.
func (s *Service) RequestOTP(ctx context.Context, email, ip string) error {
	email = fields.NormEmail(email)
	if email == "" {
		return apperr.Invalid("email_required", "Email is required.")
	}
	if !fields.Email(email) {
		return apperr.Invalid("bad_email", "Please enter a valid email address.")
	}
	if err := s.Limiter.Allow(ctx, ratelimit.OTPSendPerIP, "superadmin:"+ip); err != nil {
		return err
	}
	if err := s.Limiter.Allow(ctx, ratelimit.OTPSendPerSubject, "superadmin:"+email); err != nil {
		return err
	}
	sa, err := s.find(ctx, email)
	if err != nil || sa == nil {
		return err
	}
	code, err := s.OTP.Issue(ctx, s.DB, otp.PurposeSuperAdminLogin, email, nil)
	if err != nil {
		return err
	}
	task, err := tasks.NewEmailSendTask(mail.OTPMessage(sa.Email, otp.PurposeSuperAdminLogin, code, mail.From{}, // the platform's
		otp.TTLFor(otp.PurposeSuperAdminLogin)))
	if err != nil {
		return err
	}
	if _, err := s.Tasks.EnqueueContext(ctx, task); err != nil {
		return apperr.Unavailable("mail_queue_unavailable",
			"We could not send the code right now. Please try again shortly.", err)
	}
	return nil
}

// VerifyOTP consumes the code and returns a superadmin-audience token. Wrong, expired,
// used and burnt codes, and addresses that are not super admins, all get the same 422.
func (s *Service) VerifyOTP(ctx context.Context, email, code, ip string) (string, error) {
	email = fields.NormEmail(email)
	code = strings.TrimSpace(code)
	var v apperr.Validation
	v.Check(email != "", "Email is required.")
	if code == "" {
		v.Add("OTP is required.")
	} else {
		v.Check(fields.Digits(code), "OTP must be numeric.")
	}
	if err := v.Err(); err != nil {
		return "", err
	}
	if err := s.Limiter.Allow(ctx, ratelimit.OTPCheckPerIP, "superadmin:"+ip); err != nil {
		return "", err
	}
	if err := s.Limiter.Allow(ctx, ratelimit.OTPCheckPerSubject, "superadmin:"+email); err != nil {
		return "", err
	}
	sa, err := s.find(ctx, email)
	if err != nil {
		return "", err
	}
	if sa == nil {
		return "", otp.ErrInvalid()
	}
	if err := s.OTP.Verify(ctx, s.DB, otp.PurposeSuperAdminLogin, email, nil, code); err != nil {
		return "", err
	}
	return s.Tokens.Issue(sa.ID, "", auth.RoleSuperAdmin, auth.AudienceSuperAdmin, 0)
}

func (s *Service) find(ctx context.Context, email string) (*SuperAdmin, error) {
	var sa SuperAdmin
	err := s.DB.NewSelect().Model(&sa).Where("lower(email) = ?", email).Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &sa, nil
}

// ByID reads the super admin id names (session's token check); sql.ErrNoRows when there is none.
func ByID(ctx context.Context, db bun.IDB, id string) (*SuperAdmin, error) {
	var sa SuperAdmin
	if err := db.NewSelect().Model(&sa).Where("id = ?", id).Scan(ctx); err != nil {
		return nil, err
	}
	return &sa, nil
}
