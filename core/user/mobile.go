package user

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/pgerr"
	"prelaunch/core/infra/ratelimit"
	"prelaunch/core/infra/sms"
	"prelaunch/core/otp"
)

// MobileInput is POST /user/auth/mobile/otp; with Code, POST /user/auth/mobile/verify.
type MobileInput struct {
	Mobile string `json:"mobile" form:"mobile"`
	Code   string `json:"code" form:"code"`
}

// MobileState is the buyer's mobile and when it was proved (nil: not yet, or changed since).
type MobileState struct {
	Mobile           string     `json:"mobile"`
	MobileVerifiedAt *time.Time `json:"mobileVerifiedAt"`
}

// mobileSubject binds a code to one buyer and one number: another buyer cannot use it, and a
// code sent to one number does not verify another.
func mobileSubject(userID, mobile string) string { return userID + ":" + mobile }

func (s *Service) mobileOf(in MobileInput) (string, error) {
	if strings.TrimSpace(in.Mobile) == "" {
		return "", apperr.InvalidField("missing_mobile", "mobile", "Please enter your mobile number.")
	}
	m, ok := fields.E164(strings.TrimSpace(in.Mobile))
	if !ok {
		return "", apperr.InvalidField("bad_mobile", "mobile", fields.MsgMobile)
	}
	return m, nil
}

// mobileTaken reports whether another live buyer of the company has this mobile (the rule the
// unique index users_company_buyer_mobile_key keeps).
func mobileTaken(ctx context.Context, db bun.IDB, companyID, mobile, exceptID string) (bool, error) {
	return db.NewSelect().Model((*User)(nil)).Where("company_id = ?", companyID).Where("role = ?", RoleUser).
		Where("mobile = ?", mobile).Where("deleted_at IS NULL").Where("NOT mobile_repeat").
		Where("id <> ?", exceptID).Exists(ctx)
}

// RequestMobileOTP sends a six-digit code by SMS to the mobile the buyer names (their profile's
// or a new one), with the email codes' rules: hashed, 10 minutes, five tries, the same code again
// within a minute, and the same send limits per number and per IP.
func (s *Service) RequestMobileOTP(ctx context.Context, site Tenant, b Buyer, in MobileInput, ip string) error {
	mobile, err := s.mobileOf(in)
	if err != nil {
		return err
	}
	if err := s.Limiter.Allow(ctx, ratelimit.OTPSendPerIP, ip); err != nil {
		return err
	}
	if err := s.Limiter.Allow(ctx, ratelimit.OTPSendPerSubject, "mobile:"+site.CompanyID+":"+mobile); err != nil {
		return err
	}
	taken, err := mobileTaken(ctx, s.DB, b.CompanyID, mobile, b.UserID)
	if err != nil {
		return err
	}
	if taken {
		return errMobileTaken()
	}
	cid := b.CompanyID
	code, err := s.OTP.Issue(ctx, s.DB, otp.PurposeVerifyMobile, mobileSubject(b.UserID, mobile), &cid)
	if err != nil {
		return err
	}
	if s.SMS == nil {
		return apperr.Unavailable("sms_unavailable", "We could not send the SMS right now. Please try again in a moment.", errors.New("no SMS sender"))
	}
	brand := site.Brand
	if brand == "" {
		brand = site.CompanyName
	}
	text := fmt.Sprintf("%s is your %s verification code. It is valid for %d minutes. Never share it.",
		code, brand, int(otp.TTLFor(otp.PurposeVerifyMobile).Minutes()))
	if err := s.SMS.Send(ctx, sms.Message{To: mobile, Text: text}); err != nil {
		if errors.Is(err, sms.ErrRefused) {
			return apperr.InvalidField("sms_refused", "mobile", "We could not send an SMS to this number. Please check it.")
		}
		return apperr.Unavailable("sms_unavailable", "We could not send the SMS right now. Please try again in a moment.", err)
	}
	return nil
}

// VerifyMobile checks the code sent to the mobile and makes it the buyer's verified mobile (the
// one-buyer-per-mobile rule of the company kept: the unique index decides a race).
func (s *Service) VerifyMobile(ctx context.Context, site Tenant, b Buyer, in MobileInput, ip string) (*MobileState, error) {
	mobile, err := s.mobileOf(in)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(in.Code) == "" {
		return nil, apperr.InvalidField("missing_code", "code", "Please enter the code we sent by SMS.")
	}
	if err := s.Limiter.Allow(ctx, ratelimit.OTPCheckPerIP, ip); err != nil {
		return nil, err
	}
	if err := s.Limiter.Allow(ctx, ratelimit.OTPCheckPerSubject, "mobile:"+b.UserID); err != nil {
		return nil, err
	}
	cid := b.CompanyID
	if err := s.OTP.Verify(ctx, s.DB, otp.PurposeVerifyMobile, mobileSubject(b.UserID, mobile), &cid, in.Code); err != nil {
		return nil, err
	}
	now := s.Clock.Now()
	var out MobileState
	err = s.DB.NewUpdate().Model((*User)(nil)).Set("mobile = ?", mobile).Set("mobile_repeat = false").
		Set("mobile_verified_at = ?", now).Set("updated_at = ?", now).
		Where("id = ?", b.UserID).Where("company_id = ?", b.CompanyID).Where("deleted_at IS NULL").
		Returning("mobile, mobile_verified_at").Scan(ctx, &out.Mobile, &out.MobileVerifiedAt)
	s.revoke(b.UserID)
	if pgerr.UniqueViolation(err) == mobileKey {
		return nil, errMobileTaken()
	}
	if errors.Is(err, sql.ErrNoRows) {
		return nil, otp.ErrInvalid()
	}
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// MobileVerified reports whether the user's current mobile was proved by an SMS code; db may be
// the caller's transaction (kyc's submission asks it).
func MobileVerified(ctx context.Context, db bun.IDB, userID string) (bool, error) {
	var at *time.Time
	err := db.NewSelect().Model((*User)(nil)).Column("mobile_verified_at").Where("id = ?", userID).Scan(ctx, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("mobile verified: %w", err)
	}
	return at != nil, nil
}

// MobileStates reads the mobiles of users and when each was proved, for the admin's KYC review.
func MobileStates(ctx context.Context, db bun.IDB, userIDs []string) (map[string]MobileState, error) {
	out := make(map[string]MobileState, len(userIDs))
	if len(userIDs) == 0 {
		return out, nil
	}
	var rows []struct {
		ID               string     `bun:"id"`
		Mobile           string     `bun:"mobile"`
		MobileVerifiedAt *time.Time `bun:"mobile_verified_at"`
	}
	if err := db.NewSelect().Model((*User)(nil)).Column("id", "mobile", "mobile_verified_at").
		Where("id IN (?)", bun.List(userIDs)).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("mobile states: %w", err)
	}
	for _, r := range rows {
		out[r.ID] = MobileState{Mobile: r.Mobile, MobileVerifiedAt: r.MobileVerifiedAt}
	}
	return out, nil
}
