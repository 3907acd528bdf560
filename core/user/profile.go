package user

import (
	"context"
	"strings"
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"prelaunch/core/auth"
	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/media"
	"prelaunch/core/infra/pgerr"
	"prelaunch/core/stats"
)

// Profile is the profile/get answer.
type Profile struct {
	ID                string          `json:"id"`
	Name              string          `json:"name"`
	Email             string          `json:"email"`
	Mobile            string          `json:"mobile"`
	MobileVerifiedAt  *time.Time      `json:"mobileVerifiedAt"`
	ReferralCode      string          `json:"referralCode"`
	DateOfBirth       *string         `json:"dateOfBirth"`
	Gender            string          `json:"gender"`
	Pincode           string          `json:"pincode"`
	State             string          `json:"state"`
	ProfileImage      *media.Ref      `json:"profileImage"`
	KYCDocumentNumber string          `json:"kycDocumentNumber"`
	WalletAddress     string          `json:"walletAddress"`
	GlobalStake       decimal.Decimal `json:"globalStake"`
	StockBalance      decimal.Decimal `json:"stockBalance"`
	IsApproved        bool            `json:"isApproved"`
	CompanyID         string          `json:"companyId"`
	Role              string          `json:"role"`
}

// TokensSold is the sum of APPROVED quantities of a company (the dashboard's Global Stock), read
// from the figures the triggers keep in step (core/stats) instead of summing ~1M purchases.
// It may lag an approval by up to Stake.TTL.
func (s *Service) TokensSold(ctx context.Context, companyID string) (decimal.Decimal, error) {
	return s.Stake.Get(companyID, func() (decimal.Decimal, error) {
		st, err := stats.For(ctx, s.DB, companyID)
		if err != nil {
			return decimal.Zero, err
		}
		return st.ApprovedQuantity, nil
	})
}

// Profile returns the signed-in buyer's profile.
func (s *Service) Profile(ctx context.Context, b Buyer) (*Profile, error) {
	var u *User
	var err error
	if s.Cache != nil {
		u, err = s.Cache.User(ctx, b.UserID)
		if err == nil && u.CompanyID != b.CompanyID {
			err = auth.ErrBadToken()
		}
	} else {
		u, err = s.loadUser(ctx, b)
	}
	if err != nil {
		return nil, err
	}
	sold, err := s.TokensSold(ctx, b.CompanyID)
	if err != nil {
		return nil, err
	}
	p := &Profile{ID: u.ID, Name: u.Name, Email: u.Email, Mobile: u.Mobile, MobileVerifiedAt: u.MobileVerifiedAt, ReferralCode: u.ReferralCode,
		Gender: u.Gender, Pincode: u.Pincode, State: u.State, KYCDocumentNumber: fields.MaskLast4(u.KYCDocumentLast4),
		GlobalStake: sold, StockBalance: u.StockBalance, IsApproved: u.IsApproved, CompanyID: u.CompanyID, Role: u.Role}
	if s.Wallet != nil {
		if p.WalletAddress, err = s.Wallet(ctx, s.DB, u.ID); err != nil {
			return nil, err
		}
	}
	if !fields.GSTState(p.State) {
		p.State = fields.StateOfPincode(u.Pincode) // the default: the PIN's state
	}
	if u.DateOfBirth != nil {
		d := u.DateOfBirth.UTC().Format("2006-01-02") + "T00:00:00.000Z"
		p.DateOfBirth = &d
	}
	if u.ProfileImageID != nil {
		p.ProfileImage = s.Media.Ref(*u.ProfileImageID)
	}
	return p, nil
}

// ProfileInput is profile/update. Empty fields are left unchanged (the app omits them); email
// and referral code are read-only and ignored, and so is a walletAddress: a wallet is set only by
// proving it (wallet/verify); password is the current password, required.
type ProfileInput struct {
	Name              string `json:"name" form:"name"`
	Email             string `json:"email" form:"email"`
	Mobile            string `json:"mobile" form:"mobile"`
	ReferralCode      string `json:"referralCode" form:"referralCode"`
	DateOfBirth       string `json:"dateOfBirth" form:"dateOfBirth"`
	ProfileImageID    string `json:"profileImageId" form:"profileImageId"`
	KYCDocumentNumber string `json:"kycDocumentNumber" form:"kycDocumentNumber"`
	// State is a GST state code (fields.GSTStates): the place of supply of the buyer's invoices.
	State    string `json:"state" form:"state"`
	Password string `json:"password" form:"password"`
}

// UpdateProfile checks the current password and applies the given fields.
func (s *Service) UpdateProfile(ctx context.Context, b Buyer, in ProfileInput) error {
	if in.Password == "" {
		return apperr.InvalidField("missing_password", "password", "Please enter your current password.")
	}
	name := strings.TrimSpace(in.Name)
	mobile := strings.TrimSpace(in.Mobile)
	kyc := fields.NormalizeAadhaar(in.KYCDocumentNumber)
	if strings.ContainsAny(kyc, "Xx") {
		kyc = "" // the masked number profile/get answers, sent back unchanged
	}
	img := strings.TrimSpace(in.ProfileImageID)
	var v apperr.Validation
	v.CheckField(len(name) <= 100, "name", "Name must be at most 100 characters.")
	v.CheckField(fields.OneLine(name), "name", fields.MsgControl("Name"))
	if mobile != "" {
		e164, ok := fields.E164(mobile)
		v.CheckField(ok, "mobile", fields.MsgMobile)
		mobile = e164
	}
	if kyc != "" {
		if !fields.AadhaarShape(kyc) {
			v.Field("Please enter a valid 12-digit Aadhaar number.", "kycDocumentNumber")
		} else {
			v.CheckField(fields.VerhoeffValid(kyc), "kycDocumentNumber", fields.MsgAadhaarChecksum)
		}
	}
	state := strings.TrimSpace(in.State)
	v.CheckField(state == "" || fields.GSTState(state), "state", "Please choose your state from the list.")
	dob, dobErr := parseDate(in.DateOfBirth, s.Clock.Now())
	if dobErr != "" {
		v.Field(dobErr, "dateOfBirth")
	}
	if err := v.Err(); err != nil {
		return err
	}
	u, err := s.loadUser(ctx, b)
	if err != nil {
		return err
	}
	if err := s.checkCurrentPassword(ctx, u, in.Password, "password"); err != nil {
		return err
	}
	if img != "" {
		if err := media.CheckOwned(ctx, s.DB, img, "user", u.ID, true); err != nil {
			if e, ok := apperr.As(err); ok && e.Slug == "media_not_owned" {
				return apperr.InvalidField("bad_profile_image", "profileImageId", "The profile picture was not found. Please upload it again.")
			}
			return err
		}
	}
	q := s.DB.NewUpdate().Model((*User)(nil)).Set("updated_at = ?", s.Clock.Now()).Where("id = ?", u.ID)
	if name != "" {
		q = q.Set("name = ?", name)
	}
	if mobile != "" && mobile != u.Mobile {
		// A new mobile is not yet proved: the buyer verifies it again by SMS.
		q = q.Set("mobile = ?", mobile).Set("mobile_repeat = false").Set("mobile_verified_at = NULL")
	}
	if dob != nil {
		q = q.Set("date_of_birth = ?", dob.Format("2006-01-02"))
	}
	if kyc != "" {
		q = q.Set("kyc_document_last4 = ?", fields.AadhaarLast4(kyc)).Set("kyc_document_hash = ?", fields.AadhaarHash(s.PIIKey, kyc))
	}
	if img != "" {
		q = q.Set("profile_image_id = ?", img)
	}
	if state != "" {
		q = q.Set("state = ?", state)
	}
	_, err = q.Exec(ctx)
	s.revoke(u.ID) // the name is part of the cached principal
	if pgerr.UniqueViolation(err) == mobileKey {
		return errMobileTaken()
	}
	return err
}

// InvoiceBuyer is what a tax invoice prints of its buyer: the name, the PIN code and the state
// (a GST state code; "" when the buyer chose none).
type InvoiceBuyer struct {
	Name    string `bun:"name"`
	Pincode string `bun:"pincode"`
	State   string `bun:"state"`
}

// ForInvoice reads the buyer of an invoice in the caller's transaction.
func ForInvoice(ctx context.Context, db bun.IDB, userID string) (InvoiceBuyer, error) {
	var b InvoiceBuyer
	err := db.NewSelect().Model((*User)(nil)).Column("name", "pincode", "state").Where("id = ?", userID).Scan(ctx, &b)
	return b, err
}
