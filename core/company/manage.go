package company

import (
	"context"
	"errors"
	"fmt"
	"prelaunch/core/clock"
	"prelaunch/core/media"
	"regexp"
	"strings"
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/driver/pgdriver"

	"prelaunch/core/apperr"
	"prelaunch/core/audit"
	"prelaunch/core/auth"
	"prelaunch/core/fields"
	"prelaunch/core/pagination"
	"prelaunch/core/user"
)

var symbolRE = regexp.MustCompile(`^[A-Z0-9]{2,10}$`)

// Service holds companies and their tokens: the public site, the super admin's company
// management, and the admin's view of their own company.
type Service struct {
	DB *bun.DB
	// Symbol is the token (and so the company) the servers sell.
	Symbol string
	Clock  clock.Clock   // the sale's status is computed at its now (time.Now when nil)
	Media  *media.Signer // signs the links of uploaded logos
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

func (in *AddInput) validate() error {
	var v apperr.Validation
	v.Check(in.CompanyName != "" && len(in.CompanyName) <= 120, "Company name is required (at most 120 characters).")
	if in.Email == "" {
		v.Add("Email is required.")
	} else {
		v.Check(fields.Email(in.Email), "Please enter a valid email address.")
	}
	v.Check(in.Mobile != "" && len(in.Mobile) <= 20, "Mobile is required (at most 20 characters).")
	if !fields.AadhaarShape(in.CompanyAadhaarCard) {
		v.Add("Aadhaar number must be 12 digits.")
	} else {
		v.Check(fields.VerhoeffValid(in.CompanyAadhaarCard), fields.MsgAadhaarChecksum)
	}
	v.Check(fields.PAN(in.CompanyPan), "Please enter a valid PAN (e.g. ABCDE1234F).")
	v.Check(in.CompanyAddress != "" && len(in.CompanyAddress) <= 300, "Company address is required (at most 300 characters).")
	v.Check(fields.Pincode(in.CompanyPincode), "PIN code must be 6 digits.")
	v.Check(in.TokenName != "" && len(in.TokenName) <= 60, "Token name is required (at most 60 characters).")
	v.Check(symbolRE.MatchString(in.TokenSymbol), "Token symbol must be 2 to 10 letters or digits.")
	v.Check(in.TokenPrice.IsPositive(), "Token price must be greater than 0.")
	v.Check(in.TokenPrice.Exponent() >= -4 || in.TokenPrice.Equal(in.TokenPrice.Round(4)), "Token price may have at most 4 decimals.")
	v.Check(in.TokenPrice.LessThan(decimal.NewFromInt(100_000_000_000_000)), "Token price is too large.")
	v.Check(len(in.AdminName) <= 100, "Admin name must be at most 100 characters.")
	v.Check(fields.Password(in.AdminPassword), "Admin password must be 8 to 72 characters long.")
	return v.Err()
}

// DefaultToken is a new company's token: the shape and supply of the demo ACW configuration
// (SPEC §3) with the company's name, symbol and price. Branding is generic until edited.
func DefaultToken(companyID, name, symbol string, price decimal.Decimal) *Token {
	d := decimal.RequireFromString
	return &Token{
		CompanyID: companyID, Symbol: symbol, Name: name, Decimals: 18,
		IconURL: "/token-icon.svg", DefaultLogo: "/token-icon.svg", HeaderLogo: "/token-icon.svg",
		Title: fmt.Sprintf("%s (%s) — token pre-launch", name, symbol),
		TokenDistribution: []string{
			"51.3% Public Cell", "28.6% Referral Programme", "5.8% Angel Investor", "5.8% Founder Team", "8.5% Airdrop",
		},
		SocialLinks:     []SocialLink{},
		ChartImg:        "/token-chart.svg",
		FooterNote:      fmt.Sprintf("%s is a utility token. Crypto assets are volatile; buy only what you can afford to hold.", name),
		MetaTitle:       fmt.Sprintf("%s (%s) — pre-launch token sale", name, symbol),
		MetaDescription: fmt.Sprintf("Buy %s (%s) tokens in the pre-launch private sale.", name, symbol),
		MetaKeywords:    fmt.Sprintf("%s, %s, crypto token, pre-launch, pre-sale", name, symbol),
		Price:           price, PlatformChargePercent: d("2"),
		TotalSupply: d("100000000"), PrivateSupply: d("10000000"), RemainingPrivateSupply: d("10000000"),
		PublicCellSupply: d("51300000"), AngelInvestorSupply: d("5800000"), FounderTeamSupply: d("5800000"),
		AirdropSupply: d("8500000"), ReferralSupply: d("28600000"), RemainingReferralSupply: d("28600000"),
		ReferralPercent: d("5"),
	}
}

var errDuplicateSymbol = apperr.Conflict("duplicate_symbol", "A token with this symbol already exists.")

// Add creates a company, its token (default configuration and supply) and its owner admin
// (approved and active; they sign in with email and adminPassword) in one transaction, with an
// audit row. The beneficiary is left for the admin to fill in.
func (s *Service) Add(ctx context.Context, actor audit.Actor, in AddInput) (string, error) {
	in.normalise()
	if err := in.validate(); err != nil {
		return "", err
	}
	if in.AdminName == "" {
		in.AdminName = in.CompanyName
	}
	hash, err := auth.HashPassword(in.AdminPassword)
	if err != nil {
		return "", err
	}
	var id string
	err = s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		exists, err := tx.NewSelect().Model((*Token)(nil)).Where("upper(symbol) = ?", in.TokenSymbol).Exists(ctx)
		if err != nil {
			return err
		}
		if exists {
			return errDuplicateSymbol
		}
		c := &Company{Name: in.CompanyName, Email: in.Email, Mobile: in.Mobile, Aadhaar: in.CompanyAadhaarCard,
			PAN: in.CompanyPan, Address: in.CompanyAddress, Pincode: in.CompanyPincode}
		if _, err := tx.NewInsert().Model(c).Returning("id, created_at").Exec(ctx); err != nil {
			return fmt.Errorf("insert company: %w", err)
		}
		if _, err := tx.NewInsert().Model(DefaultToken(c.ID, in.TokenName, in.TokenSymbol, in.TokenPrice)).Exec(ctx); err != nil {
			var pe pgdriver.Error
			if errors.As(err, &pe) && pe.Field('C') == "23505" {
				return errDuplicateSymbol
			}
			return fmt.Errorf("insert token: %w", err)
		}
		owner := &user.User{CompanyID: c.ID, Role: user.RoleAdmin, Name: in.AdminName, Email: in.Email, Mobile: in.Mobile,
			PasswordHash: hash, Status: user.StatusActive, IsApproved: true, StockBalance: decimal.Zero}
		if err := user.Insert(ctx, tx, owner); err != nil {
			return fmt.Errorf("insert owner admin: %w", err)
		}
		id = c.ID
		after := map[string]any{"companyName": c.Name, "email": c.Email, "mobile": c.Mobile, "pan": c.PAN,
			"aadhaar": c.Aadhaar, "address": c.Address, "pincode": c.Pincode, "tokenName": in.TokenName,
			"tokenSymbol": in.TokenSymbol, "tokenPrice": in.TokenPrice, "ownerAdminId": owner.ID, "ownerAdminEmail": owner.Email}
		return audit.Write(ctx, tx, actor, "company.create", "company", c.ID, nil, after)
	})
	return id, err
}

// ListRecord is a company as the super admin's Company Manage table shows it (SPEC §3).
type ListRecord struct {
	ID                 string    `json:"id" bun:"id"`
	CompanyName        string    `json:"companyName" bun:"company_name"`
	Email              string    `json:"email" bun:"email"`
	Mobile             string    `json:"mobile" bun:"mobile"`
	CompanyAadhaarCard string    `json:"companyAadhaarCard" bun:"aadhaar"` // masked: "XXXX XXXX 1234"
	CompanyPan         string    `json:"companyPan" bun:"pan"`
	CompanyAddress     string    `json:"companyAddress" bun:"address"`
	CompanyPincode     string    `json:"companyPincode" bun:"pincode"`
	TokenName          string    `json:"tokenName" bun:"token_name"`
	TokenSymbol        string    `json:"tokenSymbol" bun:"token_symbol"`
	CreatedAt          time.Time `json:"createdAt" bun:"created_at"`
}

// List lists companies newest first, searched over name, email and mobile (trigram-indexed
// companies.search_text) and the token's name and symbol.
func (s *Service) List(ctx context.Context, page, limit, search string) (pagination.List[ListRecord], error) {
	var empty pagination.List[ListRecord]
	pg, err := pagination.Parse(page, limit, pagination.DefaultLimit)
	if err != nil {
		return empty, err
	}
	where, args := "", []any{}
	if term := pagination.SearchPattern(search); term != "" {
		where = ` WHERE c.search_text LIKE ? OR lower(t.name) LIKE ? OR lower(t.symbol) LIKE ?`
		args = []any{term, term, term}
	}
	from := ` FROM companies AS c LEFT JOIN tokens AS t ON t.company_id = c.id` + where
	var total int
	if err := s.DB.NewRaw(`SELECT count(*)`+from, args...).Scan(ctx, &total); err != nil {
		return empty, err
	}
	recs := []ListRecord{}
	q := `SELECT c.id, c.name AS company_name, c.email, c.mobile, c.aadhaar, c.pan, c.address, c.pincode,
		COALESCE(t.name, '') AS token_name, COALESCE(t.symbol, '') AS token_symbol, c.created_at` + from +
		` ORDER BY c.created_at DESC, c.id DESC LIMIT ? OFFSET ?`
	if err := s.DB.NewRaw(q, append(args, pg.Limit, pg.Offset())...).Scan(ctx, &recs); err != nil {
		return empty, err
	}
	for i := range recs { // never the whole number on screen (DESIGN §16)
		recs[i].CompanyAadhaarCard = fields.MaskAadhaar(recs[i].CompanyAadhaarCard)
	}
	return pagination.NewList(recs, total, pg), nil
}
