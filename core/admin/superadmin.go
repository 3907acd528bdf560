package admin

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"prelaunch/core/apperr"
	"prelaunch/core/auth"
	"prelaunch/core/mail"
	"prelaunch/core/otp"
	"prelaunch/core/ratelimit"
	"prelaunch/core/runtime"
	"prelaunch/core/superadmin"
	"prelaunch/core/tasks"
)

// SuperAdminOTPSent is the one answer to a code request, whether or not the address is a super
// admin, so the call cannot be used to discover who is one.
const SuperAdminOTPSent = "If this email belongs to a super admin, a sign-in code has been sent to it."

// RequestSuperAdminOTP sends a 3-minute sign-in code to a configured super admin. Addresses that
// are not super admins get the same answer and no mail. Rate limited per email and per IP.
func RequestSuperAdminOTP(ctx context.Context, d *runtime.Deps, email, ip string) error {
	email = strings.ToLower(strings.TrimSpace(email))
	if email == "" {
		return apperr.Invalid("email_required", "Email is required.")
	}
	if !ValidEmail(email) {
		return apperr.Invalid("bad_email", "Please enter a valid email address.")
	}
	if err := d.Limiter.Allow(ctx, ratelimit.OTPSendPerIP, "superadmin:"+ip); err != nil {
		return err
	}
	if err := d.Limiter.Allow(ctx, ratelimit.OTPSendPerSubject, "superadmin:"+email); err != nil {
		return err
	}
	sa, err := findSuperAdmin(ctx, d, email)
	if err != nil || sa == nil {
		return err
	}
	code, err := d.OTP.Issue(ctx, d.DB, otp.PurposeSuperAdminLogin, email, nil)
	if err != nil {
		return err
	}
	task, err := tasks.NewEmailSendTask(mail.OTPMessage(sa.Email, otp.PurposeSuperAdminLogin, code, "Prelaunch",
		otp.TTLFor(otp.PurposeSuperAdminLogin)))
	if err != nil {
		return err
	}
	if _, err := d.Tasks.EnqueueContext(ctx, task); err != nil {
		return apperr.Unavailable("mail_queue_unavailable",
			"We could not send the code right now. Please try again shortly.", err)
	}
	return nil
}

// VerifySuperAdminOTP consumes the code and returns a superadmin-audience token. Wrong, expired,
// used and burnt codes, and addresses that are not super admins, all get the same 422.
func VerifySuperAdminOTP(ctx context.Context, d *runtime.Deps, email, code, ip string) (string, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	code = strings.TrimSpace(code)
	var v apperr.Validation
	v.Check(email != "", "Email is required.")
	if code == "" {
		v.Add("OTP is required.")
	} else {
		v.Check(isDigits(code), "OTP must be numeric.")
	}
	if err := v.Err(); err != nil {
		return "", err
	}
	if err := d.Limiter.Allow(ctx, ratelimit.OTPCheckPerIP, "superadmin:"+ip); err != nil {
		return "", err
	}
	if err := d.Limiter.Allow(ctx, ratelimit.OTPCheckPerSubject, "superadmin:"+email); err != nil {
		return "", err
	}
	sa, err := findSuperAdmin(ctx, d, email)
	if err != nil {
		return "", err
	}
	if sa == nil {
		return "", otp.ErrInvalid()
	}
	if err := d.OTP.Verify(ctx, d.DB, otp.PurposeSuperAdminLogin, email, nil, code); err != nil {
		return "", err
	}
	return d.Tokens.Issue(sa.ID, "", auth.RoleSuperAdmin, auth.AudienceSuperAdmin, 0)
}

func findSuperAdmin(ctx context.Context, d *runtime.Deps, email string) (*superadmin.SuperAdmin, error) {
	var sa superadmin.SuperAdmin
	err := d.DB.NewSelect().Model(&sa).Where("lower(email) = ?", email).Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &sa, nil
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}
