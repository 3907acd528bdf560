package user

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"prelaunch/core/auth"
	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/otp"
)

var errLogin = apperr.Unauthorized("bad_credentials", "Invalid email or password.")

func errNotActive() error {
	return apperr.Unauthorized("account_not_active", "Your account is not active. Please contact support.")
}

func errEmailTaken() error {
	return apperr.Conflict("email_taken", "An account with this email already exists. Please log in.")
}

// RegisterOTPInput is step 1 of registration.
type RegisterOTPInput struct {
	CompanyID string `json:"companyId" form:"companyId"`
	Name      string `json:"name" form:"name"`
	Email     string `json:"email" form:"email"`
	Mobile    string `json:"mobile" form:"mobile"`
}

// RequestRegisterOTP emails a registration code to a new address of the site's company.
func (s *Service) RequestRegisterOTP(ctx context.Context, site Tenant, in RegisterOTPInput, ip string) error {
	if err := site.CheckCompany(in.CompanyID); err != nil {
		return err
	}
	email := fields.NormEmail(in.Email)
	if strings.TrimSpace(in.Name) == "" || email == "" || strings.TrimSpace(in.Mobile) == "" {
		return apperr.Invalid("missing_fields", "Please fill in Name, Email, and Mobile to request OTP.").
			On(blank("name", in.Name, "email", email, "mobile", in.Mobile)...)
	}
	var v apperr.Validation
	v.CheckField(fields.Email(email), "email", "Please enter a valid email address.")
	v.CheckField(fields.Mobile(strings.TrimSpace(in.Mobile)), "mobile", fields.MsgMobile)
	v.CheckField(len(strings.TrimSpace(in.Name)) <= 100, "name", "Name must be at most 100 characters.")
	v.CheckField(fields.OneLine(in.Name), "name", fields.MsgControl("Name"))
	if err := v.Err(); err != nil {
		return err
	}
	if err := s.limitSend(ctx, site.CompanyID, email, ip); err != nil {
		return err
	}
	taken, err := emailTaken(ctx, s.DB, site.CompanyID, email, "")
	if err != nil {
		return err
	}
	if taken {
		return s.sendNotice(ctx, site, otp.PurposeRegister, email)
	}
	return s.sendCode(ctx, site, otp.PurposeRegister, email)
}

// RegisterInput is step 2 of registration. Empty strings count as absent.
type RegisterInput struct {
	CompanyID       string `json:"companyId" form:"companyId"`
	Name            string `json:"name" form:"name"`
	Mobile          string `json:"mobile" form:"mobile"`
	Email           string `json:"email" form:"email"`
	OTP             string `json:"otp" form:"otp"`
	DateOfBirth     string `json:"dateOfBirth" form:"dateOfBirth"`
	Gender          string `json:"gender" form:"gender"`
	Pincode         string `json:"pincode" form:"pincode"`
	ReferralCode    string `json:"referralCode" form:"referralCode"`
	Password        string `json:"password" form:"password"`
	ConfirmPassword string `json:"confirmPassword" form:"confirmPassword"`
}

// Register creates a buyer after checking the emailed code.
func (s *Service) Register(ctx context.Context, site Tenant, in RegisterInput, ip string) error {
	if err := site.CheckCompany(in.CompanyID); err != nil {
		return err
	}
	email := fields.NormEmail(in.Email)
	name := strings.TrimSpace(in.Name)
	mobile := strings.TrimSpace(in.Mobile)
	gender := strings.ToLower(strings.TrimSpace(in.Gender))
	pincode := strings.TrimSpace(in.Pincode)
	ref := strings.ToUpper(strings.TrimSpace(in.ReferralCode))
	var v apperr.Validation
	v.CheckField(name != "" && len(name) <= 100, "name", "Please enter your name (at most 100 characters).")
	v.CheckField(fields.OneLine(name), "name", fields.MsgControl("Name"))
	mobile, mobileOK := fields.E164(mobile)
	v.CheckField(mobileOK, "mobile", fields.MsgMobile)
	v.CheckField(fields.Email(email), "email", "Please enter a valid email address.")
	v.CheckField(strings.TrimSpace(in.OTP) != "", "otp", "Please enter the OTP.")
	dob, dobErr := parseDate(in.DateOfBirth, s.Clock.Now())
	if strings.TrimSpace(in.DateOfBirth) == "" {
		v.Field("Please enter your date of birth.", "dateOfBirth")
	} else if dobErr != "" {
		v.Field(dobErr, "dateOfBirth")
	}
	v.CheckField(gender == "male" || gender == "female" || gender == "other", "gender", "Please choose a gender: male, female or other.")
	v.CheckField(fields.Pincode(pincode), "pincode", "Please enter a valid 6-digit pincode.")
	checkPassword(&v, in.Password, "password", "Password")
	if in.ConfirmPassword != "" {
		v.CheckField(in.ConfirmPassword == in.Password, "confirmPassword", "Passwords do not match!")
	}
	if err := v.Err(); err != nil {
		return err
	}
	var referrer *string
	if ref != "" {
		var r User
		err := s.DB.NewSelect().Model(&r).Column("id", "mobile").Where("company_id = ?", site.CompanyID).
			Where("upper(referral_code) = ?", ref).Where("deleted_at IS NULL").Limit(1).Scan(ctx)
		if errors.Is(err, sql.ErrNoRows) {
			return apperr.InvalidField("bad_referral", "referralCode", "Member ID not found. Please check the referral code or leave it empty.")
		}
		if err != nil {
			return err
		}
		// A buyer's second account referred by their first would farm the referral reward.
		if fields.NormMobile(r.Mobile) == fields.NormMobile(mobile) {
			return apperr.InvalidField("self_referral", "referralCode", "You cannot refer yourself.")
		}
		referrer = &r.ID
	}
	if err := s.limitCheck(ctx, site.CompanyID, email, ip); err != nil {
		return err
	}
	cid := site.CompanyID
	if err := s.OTP.Verify(ctx, s.DB, otp.PurposeRegister, email, &cid, in.OTP); err != nil {
		return err
	}
	// Only after the code: an email with an account never receives one (register/otp sends it a
	// notice), so this answer cannot be used to probe which emails have accounts.
	taken, err := emailTaken(ctx, s.DB, site.CompanyID, email, "")
	if err != nil {
		return err
	}
	if taken {
		return errEmailTaken()
	}
	hash, err := auth.HashPassword(ctx, in.Password)
	if err != nil {
		return err
	}
	now := s.Clock.Now()
	u := &User{CompanyID: site.CompanyID, Role: RoleUser, Name: name, Email: email, Mobile: mobile,
		PasswordHash: hash, DateOfBirth: dob, Gender: gender, Pincode: pincode, ReferredBy: referrer,
		Status: StatusActive, StockBalance: decimal.Zero, CreatedAt: now, UpdatedAt: now}
	if err := Insert(ctx, s.DB, u); err != nil {
		if errors.Is(err, ErrEmailTaken) {
			return errEmailTaken()
		}
		return err
	}
	return nil
}

// mobileKey is the unique index that keeps one buyer account per mobile and company (issue 27
// finding 7): it decides, so two registrations racing with one mobile cannot both pass.
const mobileKey = "users_company_buyer_mobile_key"

func errMobileTaken() error {
	return apperr.InvalidField("mobile_taken", "mobile", "This mobile number is already registered.")
}

// parseDate reads YYYY-MM-DD (or an ISO date-time, whose date part is used) as a date of birth:
// not in the future and not more than 120 years ago. It returns a message when invalid.
func parseDate(s string, now time.Time) (*time.Time, string) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, ""
	}
	if len(s) > 10 && (s[10] == 'T' || s[10] == ' ') {
		s = s[:10]
	}
	d, err := time.Parse("2006-01-02", s)
	if err != nil {
		return nil, "Please enter the date of birth as YYYY-MM-DD."
	}
	if d.After(now) || d.Before(now.AddDate(-120, 0, 0)) {
		return nil, "Please enter a valid date of birth."
	}
	return &d, ""
}

// LoginInput is the buyer login.
type LoginInput struct {
	CompanyID string `json:"companyId" form:"companyId"`
	User      string `json:"user" form:"user"`
	Email     string `json:"email" form:"email"`
	Password  string `json:"password" form:"password"`
}

// Login signs in an active, non-deleted buyer (role USER) of the site's company and returns a
// buyer-audience token. A wrong email or password is one generic 401; a correct password on a
// blocked or inactive account says the account is not active. A company admin's email is answered
// as an unknown one (same answer, same time): admins sign in on the admin site only, where their
// two-factor code is asked, so the buyer site is no way around it.
func (s *Service) Login(ctx context.Context, site Tenant, in LoginInput, ip string) (string, error) {
	if err := site.CheckCompany(in.CompanyID); err != nil {
		return "", err
	}
	email := fields.NormEmail(in.User)
	if email == "" {
		email = fields.NormEmail(in.Email)
	}
	if email == "" || in.Password == "" {
		return "", apperr.Invalid("missing_fields", "Please enter your email and password.")
	}
	key := subjectKey(site.CompanyID, email)
	if err := s.Limiter.BeforeLogin(ctx, key, ip); err != nil {
		return "", err
	}
	var u User
	err := s.DB.NewSelect().Model(&u).Column("id", "company_id", "role", "password_hash", "status", "token_version").
		Where("company_id = ?", site.CompanyID).Where("lower(email) = ?", email).Where("deleted_at IS NULL").
		Where("role = ?", RoleUser).Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) || len(in.Password) > fields.PasswordMax {
		auth.BurnTime(ctx, in.Password)
		return "", errLogin // counted as a failure by BeforeLogin
	}
	if err != nil {
		return "", err
	}
	if !auth.CheckPassword(ctx, u.PasswordHash, in.Password) {
		return "", errLogin
	}
	s.Limiter.LoginSucceeded(ctx, key, ip)
	if u.Status != StatusActive {
		return "", errNotActive()
	}
	return s.Tokens.Issue(u.ID, u.CompanyID, u.Role, auth.AudienceUser, u.TokenVersion)
}

// ForgotOTPInput asks for a password reset code.
type ForgotOTPInput struct {
	CompanyID string `json:"companyId" form:"companyId"`
	User      string `json:"user" form:"user"`
	Email     string `json:"email" form:"email"`
}

// ResetCodeSent is the answer whether or not the account exists, so it cannot be probed.
const ResetCodeSent = "If an account exists for this email, a reset code has been sent to it."

// RequestResetOTP emails a reset code to an active account of the site's company.
func (s *Service) RequestResetOTP(ctx context.Context, site Tenant, in ForgotOTPInput, ip string) error {
	if err := site.CheckCompany(in.CompanyID); err != nil {
		return err
	}
	email := fields.NormEmail(in.User)
	if email == "" {
		email = fields.NormEmail(in.Email)
	}
	if email == "" {
		return apperr.Invalid("missing_email", "Please enter your email address.")
	}
	if !fields.Email(email) {
		return apperr.Invalid("bad_email", "Please enter a valid email address.")
	}
	if err := s.limitSend(ctx, site.CompanyID, email, ip); err != nil {
		return err
	}
	ok, err := s.DB.NewSelect().Model((*User)(nil)).Where("company_id = ?", site.CompanyID).
		Where("lower(email) = ?", email).Where("deleted_at IS NULL").Where("status = ?", StatusActive).Exists(ctx)
	if err != nil {
		return err
	}
	if !ok {
		return s.sendNotice(ctx, site, otp.PurposeResetPassword, email)
	}
	return s.sendCode(ctx, site, otp.PurposeResetPassword, email)
}

// ResetInput sets a new password with the emailed code.
type ResetInput struct {
	CompanyID       string `json:"companyId" form:"companyId"`
	User            string `json:"user" form:"user"`
	Email           string `json:"email" form:"email"`
	OTP             string `json:"otp" form:"otp"`
	Password        string `json:"password" form:"password"`
	NewPassword     string `json:"newPassword" form:"newPassword"`
	ConfirmPassword string `json:"confirmNewPassword" form:"confirmNewPassword"`
}

// ResetPassword checks the code and sets the new password, revoking every older token.
func (s *Service) ResetPassword(ctx context.Context, site Tenant, in ResetInput, ip string) error {
	if err := site.CheckCompany(in.CompanyID); err != nil {
		return err
	}
	email := fields.NormEmail(in.User)
	if email == "" {
		email = fields.NormEmail(in.Email)
	}
	pw, pwField := in.Password, "password"
	if pw == "" {
		pw, pwField = in.NewPassword, "newPassword"
	}
	if email == "" || strings.TrimSpace(in.OTP) == "" || pw == "" {
		return apperr.Invalid("missing_fields", "Please fill in all fields.").On(blank("email", email, "otp", in.OTP, pwField, pw)...)
	}
	var v apperr.Validation
	checkPassword(&v, pw, pwField, "The new password")
	if in.ConfirmPassword != "" {
		v.CheckField(in.ConfirmPassword == pw, "confirmNewPassword", "New passwords do not match.")
	}
	if err := v.Err(); err != nil {
		return err
	}
	if err := s.limitCheck(ctx, site.CompanyID, email, ip); err != nil {
		return err
	}
	cid := site.CompanyID
	if err := s.OTP.Verify(ctx, s.DB, otp.PurposeResetPassword, email, &cid, in.OTP); err != nil {
		return err
	}
	hash, err := auth.HashPassword(ctx, pw)
	if err != nil {
		return err
	}
	var ids []string
	_, err = s.DB.NewUpdate().Model((*User)(nil)).Set("password_hash = ?", hash).
		Set("token_version = token_version + 1").Set("updated_at = ?", s.Clock.Now()).
		Where("company_id = ?", site.CompanyID).Where("lower(email) = ?", email).Where("deleted_at IS NULL").
		Returning("id").Exec(ctx, &ids)
	if err != nil {
		return err
	}
	s.revoke(ids...)
	if len(ids) != 1 {
		return otp.ErrInvalid()
	}
	return nil
}

// RequestChangeOTP emails a password-change code to the signed-in buyer.
func (s *Service) RequestChangeOTP(ctx context.Context, site Tenant, b Buyer, ip string) error {
	email := fields.NormEmail(b.Email)
	if err := s.limitSend(ctx, site.CompanyID, email, ip); err != nil {
		return err
	}
	return s.sendCode(ctx, site, otp.PurposeChangePassword, email)
}

// ChangeInput changes the password of the signed-in buyer.
type ChangeInput struct {
	OTP         string `json:"otp" form:"otp"`
	Password    string `json:"password" form:"password"`
	NewPassword string `json:"newPassword" form:"newPassword"`
}

// ChangePassword checks the current password and the emailed code, sets the new password and
// revokes every older token. It returns a fresh token so the app stays signed in.
func (s *Service) ChangePassword(ctx context.Context, site Tenant, b Buyer, in ChangeInput, ip string) (string, error) {
	if strings.TrimSpace(in.OTP) == "" || in.Password == "" || in.NewPassword == "" {
		return "", apperr.Invalid("missing_fields", "Please fill in all fields.").
			On(blank("otp", in.OTP, "password", in.Password, "newPassword", in.NewPassword)...)
	}
	var v apperr.Validation
	checkPassword(&v, in.NewPassword, "newPassword", "The new password")
	v.CheckField(in.NewPassword != in.Password, "newPassword", "The new password must differ from the current one.")
	if err := v.Err(); err != nil {
		return "", err
	}
	email := fields.NormEmail(b.Email)
	if err := s.limitCheck(ctx, site.CompanyID, email, ip); err != nil {
		return "", err
	}
	u, err := s.loadUser(ctx, b)
	if err != nil {
		return "", err
	}
	if err := s.checkCurrentPassword(ctx, u, in.Password, "password"); err != nil {
		return "", err
	}
	cid := site.CompanyID
	if err := s.OTP.Verify(ctx, s.DB, otp.PurposeChangePassword, email, &cid, in.OTP); err != nil {
		return "", err
	}
	hash, err := auth.HashPassword(ctx, in.NewPassword)
	if err != nil {
		return "", err
	}
	var version int
	err = s.DB.NewUpdate().Model((*User)(nil)).Set("password_hash = ?", hash).
		Set("token_version = token_version + 1").Set("updated_at = ?", s.Clock.Now()).
		Where("id = ?", u.ID).Returning("token_version").Scan(ctx, &version)
	if err != nil {
		return "", err
	}
	s.revoke(u.ID)
	return s.Tokens.Issue(u.ID, u.CompanyID, u.Role, auth.AudienceUser, version)
}

func errWrongCurrent(field string) error {
	return apperr.InvalidField("wrong_password", field, "Current password is incorrect.")
}
