package company

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/media"
	"prelaunch/core/sale"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"prelaunch/core/audit"
	"prelaunch/core/auth"
	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
)

var symbolRE = regexp.MustCompile(`^[A-Z0-9]{2,10}$`)

// Service holds companies and their tokens: the public site, the super admin's company
// management, and the admin's view of their own company.
type Service struct {
	DB    *bun.DB
	Links Links         // where each company's buyer site is
	Clock clock.Clock   // the sale's status is computed at its now (time.Now when nil)
	Media *media.Signer // signs the links of uploaded logos
	// The company's reactions that write another noun's rows, wired by runtime to the user package
	// (which owns the users table): the owner admin made with a company (company/add) and the
	// revocation of its admins' sessions when it is suspended (company/update). Both run in the
	// caller's transaction, after the company row is locked.
	CreateOwner func(ctx context.Context, db bun.IDB, o Owner) (string, error)
	OnSuspend   func(ctx context.Context, db bun.IDB, companyID string) error
	// CountAffected counts the company's purchases under way (the purchase package's, which owns
	// them): submitted payments waiting for a decision and open orders, shown before a suspension.
	CountAffected func(ctx context.Context, db bun.IDB, companyID string) (pending, open int64, err error)
	// Revoker is told, after the commit, when the company's two-factor rule changed
	// (auth.CompanyUsers), so this process's token checks see it at once; nil: nobody to tell.
	Revoker auth.Revoker
	// Record reads one company as the super admin's list shows it, with its token and figures (nil
	// when there is none), wired by runtime to readmodel.Service.Company: the tokens and figures are
	// the sale and stats packages' tables.
	Record func(ctx context.Context, id string) (*ListRecord, error)
	// Sites, when set, is this process's host resolver: forgotten after a change so this process
	// answers with the change at once (others within SiteTTL).
	Sites *Resolver
	// PIIKey (PII_KEY) keys the hash of the company's Aadhaar number.
	PIIKey []byte
}

// AddInput is the body of POST /superadmin/company/add.
type AddInput struct {
	CompanyName        string          `json:"companyName" form:"companyName"`
	Email              string          `json:"email" form:"email"`
	Mobile             string          `json:"mobile" form:"mobile"`
	CompanyAadhaarCard string          `json:"companyAadhaarCard" form:"companyAadhaarCard"`
	CompanyPan         string          `json:"companyPan" form:"companyPan"`
	CompanyAddress     string          `json:"companyAddress" form:"companyAddress"`
	CompanyPincode     string          `json:"companyPincode" form:"companyPincode"`
	TokenName          string          `json:"tokenName" form:"tokenName"`
	TokenSymbol        string          `json:"tokenSymbol" form:"tokenSymbol"`
	TokenPrice         decimal.Decimal `json:"tokenPrice" form:"tokenPrice"`
	AdminName          string          `json:"adminName" form:"adminName"`
	AdminPassword      string          `json:"adminPassword" form:"adminPassword"`
	Domains            Domains         `json:"domains" form:"domains"`
	// Require2FA makes its admins sign in with two-factor (user.Service.RequireEnrolled).
	Require2FA bool `json:"require2fa" form:"require2fa"`
}

func (in *AddInput) normalise() {
	in.CompanyName = strings.TrimSpace(in.CompanyName)
	in.Email = fields.NormEmail(in.Email)
	in.Mobile = strings.TrimSpace(in.Mobile)
	in.CompanyAadhaarCard = fields.NormalizeAadhaar(in.CompanyAadhaarCard)
	in.CompanyPan = strings.ToUpper(strings.TrimSpace(in.CompanyPan))
	in.CompanyAddress = strings.TrimSpace(in.CompanyAddress)
	in.CompanyPincode = strings.TrimSpace(in.CompanyPincode)
	in.TokenName = strings.TrimSpace(in.TokenName)
	in.TokenSymbol = strings.ToUpper(strings.TrimSpace(in.TokenSymbol))
	in.AdminName = strings.TrimSpace(in.AdminName)
}

func (in *AddInput) validate(base string) error {
	var v apperr.Validation
	in.Domains = normDomains(&v, in.Domains, base, in.TokenSymbol)
	checkName(&v, in.CompanyName)
	checkEmail(&v, in.Email)
	in.Mobile = checkMobile(&v, in.Mobile)
	if !fields.AadhaarShape(in.CompanyAadhaarCard) {
		v.Field("Aadhaar number must be 12 digits.", "companyAadhaarCard")
	} else {
		v.CheckField(fields.VerhoeffValid(in.CompanyAadhaarCard), "companyAadhaarCard", fields.MsgAadhaarChecksum)
	}
	v.CheckField(fields.PAN(in.CompanyPan), "companyPan", "Please enter a valid PAN (e.g. ABCDE1234F).")
	checkAddress(&v, in.CompanyAddress)
	checkPincode(&v, in.CompanyPincode)
	v.CheckField(in.TokenName != "" && len(in.TokenName) <= 60, "tokenName", "Token name is required (at most 60 characters).")
	v.CheckField(fields.OneLine(in.TokenName), "tokenName", fields.MsgControl("Token name"))
	v.CheckField(symbolRE.MatchString(in.TokenSymbol), "tokenSymbol", "Token symbol must be 2 to 10 letters or digits.")
	v.CheckField(in.TokenPrice.IsPositive(), "tokenPrice", "Token price must be greater than 0.")
	v.CheckField(in.TokenPrice.Exponent() >= -4 || in.TokenPrice.Equal(in.TokenPrice.Round(4)), "tokenPrice", "Token price may have at most 4 decimals.")
	v.CheckField(in.TokenPrice.LessThan(decimal.NewFromInt(100_000_000_000_000)), "tokenPrice", "Token price is too large.")
	v.CheckField(len(in.AdminName) <= 100, "adminName", "Admin name must be at most 100 characters.")
	v.CheckField(fields.OneLine(in.AdminName), "adminName", fields.MsgControl("Admin name"))
	v.CheckField(fields.Password(in.AdminPassword), "adminPassword", "Admin password must be 8 to 72 characters long.")
	return v.Err()
}

// The rules of a company's details, for company/add and company/update alike.

func checkName(v *apperr.Validation, s string) {
	v.CheckField(s != "" && len(s) <= 120, "companyName", "Company name is required (at most 120 characters).")
	v.CheckField(fields.OneLine(s), "companyName", fields.MsgControl("Company name"))
}

func checkEmail(v *apperr.Validation, s string) {
	if s == "" {
		v.Field("Email is required.", "email")
		return
	}
	v.CheckField(fields.Email(s), "email", "Please enter a valid email address.")
}

// checkMobile checks a company's mobile by the one rule (fields.E164) and returns its stored form.
func checkMobile(v *apperr.Validation, s string) string {
	if s == "" {
		v.Field("Mobile is required.", "mobile")
		return s
	}
	e164, ok := fields.E164(s)
	v.CheckField(ok, "mobile", fields.MsgMobile)
	return e164
}

func checkAddress(v *apperr.Validation, s string) {
	v.CheckField(s != "" && len(s) <= 300, "companyAddress", "Company address is required (at most 300 characters).")
	v.CheckField(fields.OneLine(s), "companyAddress", fields.MsgControl("Company address"))
}

func checkPincode(v *apperr.Validation, s string) {
	v.CheckField(fields.Pincode(s), "companyPincode", "PIN code must be 6 digits.")
}

// Add creates a company, its token (default configuration and supply) and its owner admin
// (approved and active; they sign in with email and adminPassword) in one transaction, with an
// audit row. The beneficiary is left for the admin to fill in.
func (s *Service) Add(ctx context.Context, actor audit.Actor, in AddInput) (string, error) {
	in.normalise()
	if err := in.validate(s.Links.BaseDomain); err != nil {
		return "", err
	}
	if in.AdminName == "" {
		in.AdminName = in.CompanyName
	}
	hash, err := auth.HashPassword(ctx, in.AdminPassword)
	if err != nil {
		return "", err
	}
	var id string
	err = s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		c := &Company{Name: in.CompanyName, Email: in.Email, Mobile: in.Mobile,
			AadhaarLast4: fields.AadhaarLast4(in.CompanyAadhaarCard), AadhaarHash: fields.AadhaarHash(s.PIIKey, in.CompanyAadhaarCard),
			PAN: in.CompanyPan, Address: in.CompanyAddress, Pincode: in.CompanyPincode, Require2FA: in.Require2FA}
		if _, err := tx.NewInsert().Model(c).Returning("id, created_at").Exec(ctx); err != nil {
			return fmt.Errorf("insert company: %w", err)
		}
		if err := sale.Create(ctx, tx, sale.DefaultToken(c.ID, in.TokenName, in.TokenSymbol, in.TokenPrice)); err != nil {
			return err
		}
		if s.CreateOwner == nil {
			return errors.New("company: CreateOwner is not wired")
		}
		owner := Owner{CompanyID: c.ID, Name: in.AdminName, Email: in.Email, Mobile: in.Mobile, PasswordHash: hash}
		ownerID, err := s.CreateOwner(ctx, tx, owner)
		if err != nil {
			return fmt.Errorf("insert owner admin: %w", err)
		}
		if _, err := tx.NewRaw("UPDATE companies SET owner_id = ? WHERE id = ?", ownerID, c.ID).Exec(ctx); err != nil {
			return fmt.Errorf("set owner admin: %w", err)
		}
		if err := saveDomains(ctx, tx, c.ID, in.Domains); err != nil {
			return err
		}
		id = c.ID
		after := map[string]any{"companyName": c.Name, "email": c.Email, "mobile": c.Mobile, "pan": c.PAN,
			"aadhaar": fields.MaskLast4(c.AadhaarLast4), "address": c.Address, "pincode": c.Pincode, "tokenName": in.TokenName,
			"tokenSymbol": in.TokenSymbol, "tokenPrice": in.TokenPrice, "ownerAdminId": ownerID, "ownerAdminEmail": owner.Email,
			"domains": []string(in.Domains), "require2fa": c.Require2FA}
		return audit.Write(ctx, tx, actor, "company.create", "company", c.ID, nil, after)
	})
	if err == nil && s.Sites != nil {
		s.Sites.Forget()
	}
	return id, err
}

// Owner is the owner admin company/add makes with a company: approved and active, signing in with
// the company's email and the super admin's adminPassword (its PasswordHash).
type Owner struct {
	CompanyID, Name, Email, Mobile, PasswordHash string
}

// ListRecord is a company as the super admin's Company Manage table and detail show it, with the
// domains, status, two-factor rule, site address and figures.
type ListRecord struct {
	ID                 string    `json:"id" bun:"id"`
	CompanyName        string    `json:"companyName" bun:"company_name"`
	Email              string    `json:"email" bun:"email"`
	Mobile             string    `json:"mobile" bun:"mobile"`
	CompanyAadhaarCard string    `json:"companyAadhaarCard" bun:"aadhaar_last4"` // masked: "XXXX XXXX 1234"
	CompanyPan         string    `json:"companyPan" bun:"pan"`                   // masked: "XXXXXX234F"
	CompanyAddress     string    `json:"companyAddress" bun:"address"`
	CompanyPincode     string    `json:"companyPincode" bun:"pincode"`
	TokenName          string    `json:"tokenName" bun:"token_name"`
	TokenSymbol        string    `json:"tokenSymbol" bun:"token_symbol"`
	Domains            []string  `json:"domains" bun:"domains,array"`
	Status             string    `json:"status" bun:"status"`
	SuspensionReason   string    `json:"suspensionReason" bun:"suspension_reason"`
	Require2FA         bool      `json:"require2fa" bun:"require_2fa"`
	SiteURL            *string   `json:"siteUrl" bun:"-"`
	Figures            Figures   `json:"figures" bun:"embed:fig_"`
	CreatedAt          time.Time `json:"createdAt" bun:"created_at"`
	// Affected (company/get and company/update only) is what a suspension touches now, for the super
	// admin's suspend dialog.
	Affected *Affected `json:"affected,omitempty" bun:"-"`
}

// Affected counts a company's purchases a suspension catches midway: pendingPayments are
// submitted payments waiting for an admin's decision (PENDING), openOrders are orders still
// waiting to be paid (INITIATED, not yet expired). Both stay as they are; the admins cannot decide
// and the buyers cannot pay while the company is suspended.
type Affected struct {
	PendingPayments int64 `json:"pendingPayments"`
	OpenOrders      int64 `json:"openOrders"`
}

// Figures are a company's totals, from the trigger-kept company_stat_deltas (core/stats).
type Figures struct {
	Buyers         int64           `json:"buyers" bun:"buyers"`
	ApprovedAmount decimal.Decimal `json:"approvedAmount" bun:"approved_amount"`
	TokensSold     decimal.Decimal `json:"tokensSold" bun:"tokens_sold"`
}

// Finish masks the record's identity numbers and sets its site address (readmodel reads the
// record, the company's rules shape it).
func (r *ListRecord) Finish(links Links) {
	r.CompanyAadhaarCard = fields.MaskLast4(r.CompanyAadhaarCard) // only the last 4 digits are kept
	r.CompanyPan = fields.MaskPAN(r.CompanyPan)                   // masked like the Aadhaar number
	if r.Domains == nil {
		r.Domains = []string{}
	}
	if u := links.SiteURL(r.TokenSymbol, r.Domains); u != "" {
		r.SiteURL = &u
	}
}

var (
	// ErrBadStatus refuses a company list status filter that is neither ACTIVE nor SUSPENDED.
	ErrBadStatus       = apperr.Invalid("bad_status", "Status must be ACTIVE or SUSPENDED.")
	errCompanyNotFound = apperr.NotFound("company_not_found", "Company not found.")
)

// Get is company/get: one company as ListRecord.
func (s *Service) Get(ctx context.Context, id string) (*ListRecord, error) {
	id = strings.TrimSpace(id)
	if id == "" {
		return nil, apperr.Invalid("id_required", "Company ID is required.")
	}
	if !fields.UUID(id) {
		return nil, errCompanyNotFound
	}
	if s.Record == nil {
		return nil, errors.New("company: Record is not wired")
	}
	rec, err := s.Record(ctx, id)
	if err != nil {
		return nil, err
	}
	if rec == nil {
		return nil, errCompanyNotFound
	}
	var a Affected
	if s.CountAffected == nil {
		return nil, errors.New("company: CountAffected is not wired")
	}
	if a.PendingPayments, a.OpenOrders, err = s.CountAffected(ctx, s.DB, id); err != nil {
		return nil, err
	}
	rec.Affected = &a
	return rec, nil
}

// Suspension answers whether the company is SUSPENDED and the super admin's reason.
func (s *Service) Suspension(ctx context.Context, companyID string) (reason string, suspended bool, err error) {
	var c Company
	err = s.DB.NewSelect().Model(&c).Column("status", "suspension_reason").Where("id = ?", companyID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	return c.SuspensionReason, c.Status == StatusSuspended, nil
}

// UpdateInput is the body of PUT /superadmin/company/update: only the fields sent change.
type UpdateInput struct {
	ID             string   `json:"id"`
	CompanyName    *string  `json:"companyName"`
	Email          *string  `json:"email"`
	Mobile         *string  `json:"mobile"`
	CompanyAddress *string  `json:"companyAddress"`
	CompanyPincode *string  `json:"companyPincode"`
	Domains        *Domains `json:"domains"`
	Status         *string  `json:"status"`
	// Reason is required when status becomes SUSPENDED (one line, at most 300 characters); it may
	// be sent again while suspended to change it. Reactivating empties it.
	Reason     *string `json:"reason"`
	Require2FA *bool   `json:"require2fa"`
}

// ReasonMax is the longest suspension reason, in characters.
const ReasonMax = 300

func checkReason(v *apperr.Validation, s string) {
	v.Check(s != "" && utf8.RuneCountInString(s) <= ReasonMax, fmt.Sprintf("A reason is required to suspend a company (at most %d characters).", ReasonMax))
	v.Check(fields.OneLine(s), fields.MsgControl("Reason"))
}

// Update is company/update. Suspending a company revokes its admins' tokens; its
// buyer site answers 423 from the next refresh of each server's resolver (at most SiteTTL).
func (s *Service) Update(ctx context.Context, actor audit.Actor, in UpdateInput) (*ListRecord, error) {
	in.ID = strings.TrimSpace(in.ID)
	if in.ID == "" {
		return nil, apperr.Invalid("id_required", "Company ID is required.")
	}
	if !fields.UUID(in.ID) {
		return nil, errCompanyNotFound
	}
	rule := false // the two-factor rule changed
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var c Company
		err := tx.NewSelect().Model(&c).Relation("Token").Where("c.id = ?", in.ID).For("UPDATE OF c").Scan(ctx)
		if errors.Is(err, sql.ErrNoRows) {
			return errCompanyNotFound
		}
		if err != nil {
			return err
		}
		symbol := ""
		if c.Token != nil {
			symbol = c.Token.Symbol
		}
		oldDomains, err := loadDomains(ctx, tx, []string{c.ID})
		if err != nil {
			return err
		}
		before := companyAudit(&c, oldDomains[c.ID])
		var v apperr.Validation
		if in.CompanyName != nil {
			c.Name = strings.TrimSpace(*in.CompanyName)
			checkName(&v, c.Name)
		}
		if in.Email != nil {
			c.Email = fields.NormEmail(*in.Email)
			checkEmail(&v, c.Email)
		}
		if in.Mobile != nil {
			c.Mobile = strings.TrimSpace(*in.Mobile)
			c.Mobile = checkMobile(&v, c.Mobile)
		}
		if in.CompanyAddress != nil {
			c.Address = strings.TrimSpace(*in.CompanyAddress)
			checkAddress(&v, c.Address)
		}
		if in.CompanyPincode != nil {
			c.Pincode = strings.TrimSpace(*in.CompanyPincode)
			checkPincode(&v, c.Pincode)
		}
		wasStatus := c.Status
		if in.Status != nil {
			c.Status = strings.ToUpper(strings.TrimSpace(*in.Status))
			if c.Status != StatusActive && c.Status != StatusSuspended {
				v.Field("Status must be ACTIVE or SUSPENDED.", "status")
			}
		}
		switch {
		case c.Status == StatusActive:
			c.SuspensionReason = ""
		case in.Reason != nil:
			c.SuspensionReason = strings.TrimSpace(*in.Reason)
			checkReason(&v, c.SuspensionReason)
		case wasStatus != StatusSuspended && c.Status == StatusSuspended:
			checkReason(&v, "")
		}
		if in.Require2FA != nil {
			rule = c.Require2FA != *in.Require2FA
			c.Require2FA = *in.Require2FA
		}
		domains := oldDomains[c.ID]
		if in.Domains != nil {
			domains = normDomains(&v, *in.Domains, s.Links.BaseDomain, symbol)
		}
		if err := v.Err(); err != nil {
			return err
		}
		if _, err := tx.NewUpdate().Model(&c).Column("name", "email", "mobile", "address", "pincode", "status", "suspension_reason", "require_2fa").
			Set("updated_at = now()").WherePK().Exec(ctx); err != nil {
			return fmt.Errorf("update company: %w", err)
		}
		if in.Domains != nil {
			if err := saveDomains(ctx, tx, c.ID, domains); err != nil {
				return err
			}
		}
		if c.Status == StatusSuspended && wasStatus != StatusSuspended {
			// Its admins are signed out: every token issued before now stops working.
			if s.OnSuspend == nil {
				return errors.New("company: OnSuspend is not wired")
			}
			if err := s.OnSuspend(ctx, tx, c.ID); err != nil {
				return fmt.Errorf("revoke admins: %w", err)
			}
		}
		return audit.Write(ctx, tx, actor, "company.update", "company", c.ID, before, companyAudit(&c, domains))
	})
	if err != nil {
		return nil, err
	}
	if rule && s.Revoker != nil {
		s.Revoker.Revoke(auth.CompanyUsers(in.ID))
	}
	if s.Sites != nil {
		s.Sites.Forget()
	}
	return s.Get(ctx, in.ID)
}

func companyAudit(c *Company, domains []string) map[string]any {
	if domains == nil {
		domains = []string{}
	}
	return map[string]any{"companyName": c.Name, "email": c.Email, "mobile": c.Mobile, "address": c.Address,
		"pincode": c.Pincode, "status": c.Status, "suspensionReason": c.SuspensionReason, "require2fa": c.Require2FA, "domains": domains}
}
