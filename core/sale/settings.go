package sale

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"prelaunch/core/audit"
	"prelaunch/core/beneficiary"
	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/media"
)

// Token settings: the admin's GET /admin/token/get and PUT /admin/token/update.

// TokenSettings is the token as the admin's Token Settings screen reads and writes it.
type TokenSettings struct {
	Name                  string          `json:"name"`
	Symbol                string          `json:"symbol"`
	Price                 decimal.Decimal `json:"price"`
	PlatformChargePercent decimal.Decimal `json:"platformChargePercent"`
	ReferralPercent       decimal.Decimal `json:"referralPercent"`
	Supply                SupplyView      `json:"supply"`
	Sale                  SaleView        `json:"sale"`
	Limits                LimitsView      `json:"limits"`
	Rounds                []RoundView     `json:"rounds"`
	Branding              BrandingView    `json:"branding"`
	Tax                   TaxView         `json:"tax"`
}

// TaxView is the company's GST registration: invoices of the platform charge are issued only
// while gstin is set.
type TaxView struct {
	GSTIN          string          `json:"gstin"`
	LegalName      string          `json:"legalName"`
	Address        string          `json:"address"`
	GSTRatePercent decimal.Decimal `json:"gstRatePercent"`
	InvoicesOn     bool            `json:"invoicesOn"`
}

type SupplyView struct {
	TotalSupply            decimal.Decimal `json:"totalSupply"`
	PrivateSupply          decimal.Decimal `json:"privateSupply"`
	RemainingPrivateSupply decimal.Decimal `json:"remainingPrivateSupply"`
	PublicCellSupply       decimal.Decimal `json:"publicCellSupply"`
	AngelInvestorSupply    decimal.Decimal `json:"angelInvestorSupply"`
	FounderTeamSupply      decimal.Decimal `json:"founderTeamSupply"`
	AirdropSupply          decimal.Decimal `json:"airdropSupply"`
	ReferralSupply         decimal.Decimal `json:"referralSupply"`
}

// Supply is the token's supply figures as the admin's token settings and dashboard show them.
func (t *Token) Supply() SupplyView {
	return SupplyView{TotalSupply: t.TotalSupply, PrivateSupply: t.PrivateSupply,
		RemainingPrivateSupply: t.RemainingPrivateSupply, PublicCellSupply: t.PublicCellSupply,
		AngelInvestorSupply: t.AngelInvestorSupply, FounderTeamSupply: t.FounderTeamSupply,
		AirdropSupply: t.AirdropSupply, ReferralSupply: t.ReferralSupply}
}

type SaleView struct {
	StartsAt *time.Time `json:"startsAt"`
	EndsAt   *time.Time `json:"endsAt"`
	Paused   bool       `json:"paused"`
	Status   string     `json:"status"`
}

type LimitsView struct {
	MinOrder         *decimal.Decimal `json:"minOrder"`
	MaxOrder         *decimal.Decimal `json:"maxOrder"`
	MaxPerBuyer      *decimal.Decimal `json:"maxPerBuyer"`
	KYCRequiredAbove *decimal.Decimal `json:"kycRequiredAbove"`
	// KYCNameMatchMin is the company's name match threshold (NameMatchMin), the default filled in.
	KYCNameMatchMin int `json:"kycNameMatchMin"`
}

type RoundView struct {
	ID         string          `json:"id"`
	Position   int             `json:"position"`
	Name       string          `json:"name"`
	Price      decimal.Decimal `json:"price"`
	Allocation decimal.Decimal `json:"allocation"`
	Sold       decimal.Decimal `json:"sold"`
	Closed     bool            `json:"closed"`
	StartsAt   *time.Time      `json:"startsAt"`
	EndsAt     *time.Time      `json:"endsAt"`
	// Sold by requests: the mode, the request window, the payment hours, the draw's commitment
	// (SHA-256 of its seed, public from the start), its state and when it was allocated.
	Mode            string     `json:"mode"`
	RequestStartsAt *time.Time `json:"requestStartsAt"`
	RequestEndsAt   *time.Time `json:"requestEndsAt"`
	PaymentHours    int        `json:"paymentHours"`
	Commitment      *string    `json:"commitment"`
	DrawStatus      string     `json:"drawStatus"`
	AllocatedAt     *time.Time `json:"allocatedAt"`
}

// RoundViewOf is a round as the admin reads it.
func RoundViewOf(r *Round) RoundView {
	return RoundView{ID: r.ID, Position: r.Position, Name: r.Name, Price: r.Price,
		Allocation: r.Allocation, Sold: r.Sold, Closed: r.Closed, StartsAt: utc(r.StartsAt), EndsAt: utc(r.EndsAt),
		Mode: r.Mode, RequestStartsAt: utc(r.RequestStartsAt), RequestEndsAt: utc(r.RequestEndsAt),
		PaymentHours: r.PaymentHours, Commitment: r.DrawCommitment, DrawStatus: r.DrawStatus, AllocatedAt: utc(r.AllocatedAt)}
}

type BrandingView struct {
	Title             string       `json:"title"`
	IconURL           string       `json:"iconUrl"`
	HeaderLogo        string       `json:"headerLogo"`
	DefaultLogo       string       `json:"defaultLogo"`
	ChartImg          string       `json:"chartImg"`
	FooterNote        string       `json:"footerNote"`
	MetaData          MetaData     `json:"metaData"`
	TokenDistribution []string     `json:"tokenDistribution"`
	SocialLinks       []SocialLink `json:"socialLinks"`
}

// Settings is the token's settings at now.
func Settings(t *Token, rounds []Round, now time.Time) *TokenSettings {
	v := &TokenSettings{Name: t.Name, Symbol: t.Symbol, Price: t.Price, PlatformChargePercent: t.PlatformChargePercent,
		ReferralPercent: t.ReferralPercent,
		Supply:          t.Supply(),
		Sale: SaleView{StartsAt: utc(t.SaleStartsAt), EndsAt: utc(t.SaleEndsAt), Paused: t.SalePaused,
			Status: SaleStatus(t, rounds, now)},
		Limits: LimitsView{MinOrder: t.MinOrderINR, MaxOrder: t.MaxOrderINR, MaxPerBuyer: t.MaxPerBuyerINR,
			KYCRequiredAbove: t.KYCRequiredAboveINR, KYCNameMatchMin: nameMatchMin(t.KYCNameMatchMin)},
		Rounds: make([]RoundView, 0, len(rounds))}
	for i := range rounds {
		v.Rounds = append(v.Rounds, RoundViewOf(&rounds[i]))
	}
	tv := t.View()
	v.Branding = BrandingView{Title: t.Title, IconURL: t.IconURL, HeaderLogo: t.HeaderLogo, DefaultLogo: t.DefaultLogo,
		ChartImg: t.ChartImg, FooterNote: t.FooterNote, MetaData: tv.MetaData, TokenDistribution: tv.TokenDistribution,
		SocialLinks: tv.SocialLinks}
	v.Tax = TaxView{GSTIN: t.GSTIN, LegalName: t.TaxLegalName, Address: t.TaxAddress,
		GSTRatePercent: t.GSTRatePercent, InvoicesOn: t.GSTIN != ""}
	return v
}

// Num is a number as the client sent it (fields.Num).
type Num = fields.Num

// SettingsInput is the body of PUT /admin/token/update: any of the top-level keys; an object
// given replaces the old one whole; rounds is the full list.
type SettingsInput struct {
	Name                  *string        `json:"name"`
	Symbol                *string        `json:"symbol"`
	Price                 *Num           `json:"price"`
	PlatformChargePercent *Num           `json:"platformChargePercent"`
	ReferralPercent       *Num           `json:"referralPercent"`
	Supply                *SupplyInput   `json:"supply"`
	Sale                  *SaleInput     `json:"sale"`
	Limits                *LimitsInput   `json:"limits"`
	Rounds                *[]RoundInput  `json:"rounds"`
	Branding              *BrandingInput `json:"branding"`
	Tax                   *TaxInput      `json:"tax"`
}

// TaxInput is the tax section: an empty gstin turns invoicing off; gstRatePercent is 18 when
// not sent.
type TaxInput struct {
	GSTIN          string `json:"gstin"`
	LegalName      string `json:"legalName"`
	Address        string `json:"address"`
	GSTRatePercent Num    `json:"gstRatePercent"`
}

type SupplyInput struct {
	TotalSupply         Num `json:"totalSupply"`
	PrivateSupply       Num `json:"privateSupply"`
	PublicCellSupply    Num `json:"publicCellSupply"`
	AngelInvestorSupply Num `json:"angelInvestorSupply"`
	FounderTeamSupply   Num `json:"founderTeamSupply"`
	AirdropSupply       Num `json:"airdropSupply"`
	ReferralSupply      Num `json:"referralSupply"`
}

type SaleInput struct {
	StartsAt *string `json:"startsAt"`
	EndsAt   *string `json:"endsAt"`
	Paused   bool    `json:"paused"`
}

type LimitsInput struct {
	MinOrder         Num `json:"minOrder"`
	MaxOrder         Num `json:"maxOrder"`
	MaxPerBuyer      Num `json:"maxPerBuyer"`
	KYCRequiredAbove Num `json:"kycRequiredAbove"`
	// KYCNameMatchMin: 1-100; absent or null is the default (fields.NameMatchThreshold).
	KYCNameMatchMin Num `json:"kycNameMatchMin"`
}

type RoundInput struct {
	ID         *string `json:"id"`
	Position   Num     `json:"position"`
	Name       string  `json:"name"`
	Price      Num     `json:"price"`
	Allocation Num     `json:"allocation"`
	StartsAt   *string `json:"startsAt"`
	EndsAt     *string `json:"endsAt"`
	// Mode is FCFS when not sent; REQUESTS needs the request window (paymentHours 48 when not sent).
	Mode            *string `json:"mode"`
	RequestStartsAt *string `json:"requestStartsAt"`
	RequestEndsAt   *string `json:"requestEndsAt"`
	PaymentHours    Num     `json:"paymentHours"`
}

type BrandingInput struct {
	Title             string       `json:"title"`
	IconURL           string       `json:"iconUrl"`
	HeaderLogo        string       `json:"headerLogo"`
	DefaultLogo       string       `json:"defaultLogo"`
	ChartImg          string       `json:"chartImg"`
	FooterNote        string       `json:"footerNote"`
	MetaData          MetaData     `json:"metaData"`
	TokenDistribution []string     `json:"tokenDistribution"`
	SocialLinks       []SocialLink `json:"socialLinks"`
}

// SocialMedia are the media names allows in socialLinks.
var SocialMedia = []string{"youtube", "facebook", "instagram", "telegram", "whatsApp", "X"}

// LogoLinkTTL is how long the link stored for an uploaded logo works: the site serves it to anyone.
const LogoLinkTTL = 10 * 365 * 24 * time.Hour

var maxDigits = decimal.New(1, 36) // numeric(38,0) and numeric(18,x) both fit below this

func parseNum(n Num) (decimal.Decimal, bool) {
	if !n.Set {
		return decimal.Zero, false
	}
	d, err := decimal.NewFromString(n.Raw)
	if err != nil || strings.ContainsAny(n.Raw, "eE") {
		return decimal.Zero, false
	}
	return d, true
}

func decimals(d decimal.Decimal) int32 {
	if e := d.Exponent(); e < 0 {
		return -d.Normalize().Exponent()
	}
	return 0
}

func parseTime(s *string) (*time.Time, bool) {
	if s == nil || strings.TrimSpace(*s) == "" {
		return nil, true
	}
	t, err := time.Parse(time.RFC3339, strings.TrimSpace(*s))
	if err != nil {
		return nil, false
	}
	t = t.UTC()
	return &t, true
}

// TokenSettings is GET /admin/token/get: the settings of the admin's company's token.
func (s *Service) TokenSettings(ctx context.Context, companyID string) (*TokenSettings, error) {
	var t Token
	err := FoldRemaining(s.DB.NewSelect().Model(&t)).Where("company_id = ?", companyID).Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.NotFound("token_not_found", "Please select a token to proceed.")
	}
	if err != nil {
		return nil, err
	}
	rounds, err := LoadRounds(ctx, s.DB, t.ID)
	if err != nil {
		return nil, err
	}
	return Settings(&t, rounds, s.now()), nil
}

// UpdateTokenSettings is PUT /admin/token/update. It locks the token row, checks every field
// (422 naming each failure), writes the token and its rounds, moves the settings version (orders
// priced from the old settings are placed again at the new ones) and audits before and after.
// Existing orders never change.
func (s *Service) UpdateTokenSettings(ctx context.Context, actor audit.Actor, in SettingsInput) (*TokenSettings, error) {
	var out *TokenSettings
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var t Token
		err := tx.NewSelect().Model(&t).Where("company_id = ?", actor.CompanyID).For("UPDATE").Limit(1).Scan(ctx)
		if errors.Is(err, sql.ErrNoRows) {
			return apperr.NotFound("token_not_found", "Please select a token to proceed.")
		}
		if err != nil {
			return fmt.Errorf("lock token: %w", err)
		}
		// Every slice back into the token row, stamped with the version this change moves to
		// (sale_fold): an order priced at the old settings can no longer take from a slice, and
		// the supply figures below are exact. Orders and cancellations change a round's sold only
		// while holding a slice or the token row, so the rounds read next stay as they are until
		// the commit.
		if err := tx.NewRaw("SELECT sale_fold(?, ?)", t.ID, t.SettingsVersion+1).Scan(ctx, &t.RemainingPrivateSupply); err != nil {
			return fmt.Errorf("fold supply: %w", err)
		}
		rounds, err := LoadRounds(ctx, tx, t.ID)
		if err != nil {
			return err
		}
		now := s.now()
		before := Settings(&t, rounds, now)
		next := t
		plan, err := s.apply(ctx, tx, actor, &next, rounds, in)
		if err != nil {
			return err
		}
		if t.SalePaused && !next.SalePaused {
			if err := requirePaymentDetails(ctx, tx, actor.CompanyID); err != nil {
				return err
			}
		}
		next.SettingsVersion = t.SettingsVersion + 1
		next.UpdatedAt = now
		if _, err := tx.NewUpdate().Model(&next).WherePK().Exec(ctx); err != nil {
			return fmt.Errorf("update token: %w", err)
		}
		if plan != nil {
			if err := plan.write(ctx, tx, t.ID, now); err != nil {
				return err
			}
		}
		after, err := LoadRounds(ctx, tx, t.ID)
		if err != nil {
			return err
		}
		out = Settings(&next, after, now)
		return audit.Write(ctx, tx, actor, "token.update", "token", t.ID, before, out)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// MsgPaymentDetailsFirst is the 409 of opening a paused sale that buyers could not pay into.
const MsgPaymentDetailsFirst = "Add the bank account or UPI id buyers pay to (Beneficiary Manage) before opening the sale."

// requirePaymentDetails refuses to open a sale while the company has no way to be paid: neither
// a bank account (number and IFSC) nor a UPI id (beneficiary.HasPaymentDetails).
func requirePaymentDetails(ctx context.Context, db bun.IDB, companyID string) error {
	ok, err := beneficiary.HasPaymentDetails(ctx, db, companyID)
	if err != nil {
		return err
	}
	if !ok {
		return apperr.Conflict("payment_details_required", MsgPaymentDetailsFirst)
	}
	return nil
}

// roundsPlan is the full list of rounds to keep (by id), to add and to delete.
type roundsPlan struct {
	keep   []Round
	add    []Round
	delete []string
}

func (p *roundsPlan) write(ctx context.Context, tx bun.IDB, tokenID string, now time.Time) error {
	if len(p.delete) > 0 {
		if _, err := tx.NewDelete().Model((*Round)(nil)).Where("id IN (?)", bun.List(p.delete)).Exec(ctx); err != nil {
			return fmt.Errorf("delete rounds: %w", err)
		}
	}
	for i := range p.keep {
		r := &p.keep[i]
		r.UpdatedAt = now
		if _, err := tx.NewUpdate().Model(r).Column("position", "name", "price", "allocation", "starts_at", "ends_at", "updated_at",
			"mode", "request_starts_at", "request_ends_at", "payment_hours", "draw_commitment", "draw_status").
			WherePK().Exec(ctx); err != nil {
			return fmt.Errorf("update round: %w", err)
		}
		if err := r.writeSeed(ctx, tx); err != nil {
			return err
		}
	}
	for i := range p.add {
		r := &p.add[i]
		r.TokenID, r.Sold, r.CreatedAt, r.UpdatedAt = tokenID, decimal.Zero, now, now
		if _, err := tx.NewInsert().Model(r).Returning("id").Exec(ctx); err != nil {
			return fmt.Errorf("insert round: %w", err)
		}
		if err := r.writeSeed(ctx, tx); err != nil {
			return err
		}
	}
	return nil
}

// writeSeed stores the seed drawn when the round was set to REQUESTS (none: nothing to write; back
// to FCFS: cleared). The seed is only ever read back by BeginDraw and Seed.
func (r *Round) writeSeed(ctx context.Context, tx bun.IDB) error {
	var seed any
	switch {
	case r.seed != nil:
		seed = hex.EncodeToString(r.seed)
	case r.Mode == ModeFCFS:
		seed = nil
	default:
		return nil
	}
	if _, err := tx.NewRaw("UPDATE token_rounds SET draw_seed = ? WHERE id = ?", seed, r.ID).Exec(ctx); err != nil {
		return fmt.Errorf("store draw seed: %w", err)
	}
	return nil
}

// apply checks in against the locked token t and its rounds, and writes the accepted values into
// t; it returns the rounds to write when in has them. Every failing field is named in one 422.
func (s *Service) apply(ctx context.Context, db bun.IDB, actor audit.Actor, t *Token, rounds []Round, in SettingsInput) (*roundsPlan, error) {
	var v apperr.Validation
	if in.Name != nil {
		name := strings.TrimSpace(*in.Name)
		v.CheckField(name != "", "name", "Token name is required.")
		v.CheckField(len([]rune(name)) <= 100, "name", "Token name must be at most 100 characters.")
		v.CheckField(fields.OneLine(name), "name", fields.MsgControl("Token name"))
		t.Name = name
	}
	if in.Symbol != nil && !strings.EqualFold(strings.TrimSpace(*in.Symbol), t.Symbol) {
		v.Field("The token symbol cannot be changed.", "symbol")
	}
	if in.Price != nil {
		if d, ok := price(&v, "price", "Price", *in.Price); ok {
			t.Price = d
		}
	}
	if in.PlatformChargePercent != nil {
		if d, ok := percent(&v, "platformChargePercent", "Platform charge percent", *in.PlatformChargePercent); ok {
			t.PlatformChargePercent = d
		}
	}
	if in.ReferralPercent != nil {
		if d, ok := percent(&v, "referralPercent", "Referral percent", *in.ReferralPercent); ok {
			t.ReferralPercent = d
		}
	}
	if in.Supply != nil {
		supply(&v, t, *in.Supply)
	}
	if in.Sale != nil {
		start, ok1 := parseTime(in.Sale.StartsAt)
		v.CheckField(ok1, "sale.startsAt", "Sale start must be a date and time (RFC 3339).")
		end, ok2 := parseTime(in.Sale.EndsAt)
		v.CheckField(ok2, "sale.endsAt", "Sale end must be a date and time (RFC 3339).")
		if ok1 && ok2 {
			v.CheckField(start == nil || end == nil || end.After(*start), "sale.endsAt", "The sale end must be after its start.")
		}
		t.SaleStartsAt, t.SaleEndsAt, t.SalePaused = start, end, in.Sale.Paused
	}
	if in.Limits != nil {
		t.MinOrderINR = limit(&v, "limits.minOrder", "Minimum order", in.Limits.MinOrder)
		t.MaxOrderINR = limit(&v, "limits.maxOrder", "Maximum order", in.Limits.MaxOrder)
		t.MaxPerBuyerINR = limit(&v, "limits.maxPerBuyer", "Maximum per buyer", in.Limits.MaxPerBuyer)
		t.KYCRequiredAboveINR = limit(&v, "limits.kycRequiredAbove", "KYC required above", in.Limits.KYCRequiredAbove)
		t.KYCNameMatchMin = nil
		if n := in.Limits.KYCNameMatchMin; n.Set {
			d, ok := parseNum(n)
			if !ok || decimals(d) > 0 || d.LessThan(decimal.NewFromInt(1)) || d.GreaterThan(decimal.NewFromInt(100)) {
				v.Field("The KYC name match threshold must be a whole number from 1 to 100.", "limits.kycNameMatchMin")
			} else {
				m := int(d.IntPart())
				t.KYCNameMatchMin = &m
			}
		}
		if t.MinOrderINR != nil && t.MaxOrderINR != nil {
			v.CheckField(!t.MinOrderINR.GreaterThan(*t.MaxOrderINR), "limits.minOrder", "Minimum order cannot be more than the maximum order.")
		}
	}
	var plan *roundsPlan
	if in.Rounds != nil {
		var err error
		if plan, err = planRounds(&v, rounds, *in.Rounds, s.now()); err != nil {
			return nil, err
		}
	}
	// Allocations against the private supply (the new one when both change).
	all := rounds
	if plan != nil {
		all = append(append([]Round(nil), plan.keep...), plan.add...)
	}
	sum := decimal.Zero
	for _, r := range all {
		sum = sum.Add(r.Allocation)
	}
	if sum.GreaterThan(t.PrivateSupply) {
		v.Field(fmt.Sprintf("Round allocations (%s) cannot exceed the private supply (%s).", Grouped(sum, 0), Grouped(t.PrivateSupply, 0)),
			allocationFields(in)...)
	}
	if in.Tax != nil {
		tax(&v, t, *in.Tax)
	}
	if in.Branding != nil {
		if err := s.branding(ctx, db, &v, actor, t, *in.Branding); err != nil {
			return nil, err
		}
	}
	return plan, v.Err()
}

// allocationFields is where the sum of the rounds' allocations is refused: the rounds list when
// it is sent, else the private supply the sum is measured against.
func allocationFields(in SettingsInput) []string {
	if in.Rounds != nil {
		return []string{"rounds"}
	}
	return []string{"supply.privateSupply"}
}

func price(v *apperr.Validation, field, label string, n Num) (decimal.Decimal, bool) {
	d, ok := parseNum(n)
	if !ok || !d.IsPositive() || d.GreaterThanOrEqual(maxDigits) {
		v.Field(label+" must be greater than 0.", field)
		return d, false
	}
	if decimals(d) > 4 {
		v.Field(label+" can have at most 4 decimals.", field)
		return d, false
	}
	return d, true
}

func percent(v *apperr.Validation, field, label string, n Num) (decimal.Decimal, bool) {
	d, ok := parseNum(n)
	if !ok || d.IsNegative() || d.GreaterThan(decimal.NewFromInt(100)) {
		v.Field(label+" must be between 0 and 100.", field)
		return d, false
	}
	if decimals(d) > 2 {
		v.Field(label+" can have at most 2 decimals.", field)
		return d, false
	}
	return d, true
}

func whole(v *apperr.Validation, field, label string, n Num) (decimal.Decimal, bool) {
	if !n.Set {
		v.Field(label+" is required.", field)
		return decimal.Zero, false
	}
	d, ok := parseNum(n)
	if !ok || d.IsNegative() || decimals(d) > 0 || d.GreaterThanOrEqual(maxDigits) {
		v.Field(label+" must be a whole number of at least 0.", field)
		return d, false
	}
	return d, true
}

func limit(v *apperr.Validation, field, label string, n Num) *decimal.Decimal {
	if !n.Set {
		return nil
	}
	d, ok := parseNum(n)
	if !ok || !d.IsPositive() || d.GreaterThanOrEqual(decimal.New(1, 15)) {
		v.Field(label+" must be greater than 0.", field)
		return nil
	}
	if decimals(d) > 2 {
		v.Field(label+" can have at most 2 decimals.", field)
		return nil
	}
	return &d
}

// supply writes the supply figures into t: remaining private supply is recomputed from what is
// sold or reserved (private − remaining, under the token lock), and likewise the referral rewards.
func supply(v *apperr.Validation, t *Token, in SupplyInput) {
	set := func(field, label string, n Num, dst *decimal.Decimal) {
		if d, ok := whole(v, "supply."+field, label, n); ok {
			*dst = d
		}
	}
	taken := t.PrivateSupply.Sub(t.RemainingPrivateSupply)
	rewarded := t.ReferralSupply.Sub(t.RemainingReferralSupply)
	set("totalSupply", "Total supply", in.TotalSupply, &t.TotalSupply)
	set("publicCellSupply", "Public cell supply", in.PublicCellSupply, &t.PublicCellSupply)
	set("angelInvestorSupply", "Angel investor supply", in.AngelInvestorSupply, &t.AngelInvestorSupply)
	set("founderTeamSupply", "Founder team supply", in.FounderTeamSupply, &t.FounderTeamSupply)
	set("airdropSupply", "Airdrop supply", in.AirdropSupply, &t.AirdropSupply)
	if d, ok := whole(v, "supply.privateSupply", "Private supply", in.PrivateSupply); ok {
		if d.LessThan(taken) {
			v.Field(fmt.Sprintf("Private supply cannot be less than the %s tokens already sold or reserved.", Grouped(taken, 0)), "supply.privateSupply")
		} else {
			t.PrivateSupply, t.RemainingPrivateSupply = d, d.Sub(taken)
		}
	}
	if d, ok := whole(v, "supply.referralSupply", "Referral supply", in.ReferralSupply); ok {
		if d.LessThan(rewarded) {
			v.Field(fmt.Sprintf("Referral supply cannot be less than the %s tokens already given as referral rewards.", Grouped(rewarded, 0)), "supply.referralSupply")
		} else {
			t.ReferralSupply, t.RemainingReferralSupply = d, d.Sub(rewarded)
		}
	}
}

// planRounds checks the full list of rounds sent against the token's rounds: a round with the id
// of one of them keeps its sold count; any other is new; a round left out is deleted unless it
// has sold tokens.
//
// A round sold by requests whose request window has opened keeps its mode, window, payment hours
// and price: a change is 409 (the requests were made against them), and so is its removal.
func planRounds(v *apperr.Validation, old []Round, in []RoundInput, now time.Time) (*roundsPlan, error) {
	byID := make(map[string]Round, len(old))
	for _, r := range old {
		byID[r.ID] = r
	}
	plan := &roundsPlan{}
	seen := map[string]bool{}
	positions := map[int]bool{}
	distinct := true
	for i, ri := range in {
		n := fmt.Sprintf("Round %d: ", i+1)
		f := fmt.Sprintf("rounds[%d].", i)
		var r Round
		if ri.ID != nil {
			if o, ok := byID[strings.TrimSpace(*ri.ID)]; ok && !seen[o.ID] {
				r = o
				seen[o.ID] = true
			}
		}
		r.Name = strings.TrimSpace(ri.Name)
		v.CheckField(r.Name != "", f+"name", n+"name is required.")
		v.CheckField(fields.OneLine(r.Name), f+"name", n+fields.MsgControl("name"))
		v.CheckField(len([]rune(r.Name)) <= 100, f+"name", n+"name must be at most 100 characters.")
		pos, ok := parseNum(ri.Position)
		if !ok || decimals(pos) > 0 || pos.LessThan(decimal.NewFromInt(1)) || pos.GreaterThan(decimal.NewFromInt(10000)) {
			v.Field(n+"position must be a whole number of at least 1.", f+"position")
		} else {
			r.Position = int(pos.IntPart())
			if positions[r.Position] {
				distinct = false
			}
			positions[r.Position] = true
		}
		if d, ok := price(v, f+"price", n+"price", ri.Price); ok {
			r.Price = d
		}
		alloc, ok := parseNum(ri.Allocation)
		switch {
		case ok && r.Closed && alloc.Equal(r.Allocation):
			// A closed round's allocation, sent back unchanged (0 once all it gave back moved on).
		case !ok || !alloc.IsPositive() || decimals(alloc) > 0 || alloc.GreaterThanOrEqual(maxDigits):
			v.Field(n+"allocation must be a whole number greater than 0.", f+"allocation")
		case alloc.LessThan(r.Sold):
			v.Field(fmt.Sprintf("%sallocation cannot be less than the %s tokens it has sold.", n, Grouped(r.Sold, 0)), f+"allocation")
		default:
			r.Allocation = alloc
		}
		start, ok1 := parseTime(ri.StartsAt)
		v.CheckField(ok1, f+"startsAt", n+"start must be a date and time (RFC 3339).")
		end, ok2 := parseTime(ri.EndsAt)
		v.CheckField(ok2, f+"endsAt", n+"end must be a date and time (RFC 3339).")
		if ok1 && ok2 {
			v.CheckField(start == nil || end == nil || end.After(*start), f+"endsAt", n+"the end must be after its start.")
		}
		r.StartsAt, r.EndsAt = start, end
		if err := requestsMode(v, &r, ri, n, f, now); err != nil {
			return nil, err
		}
		if r.ID != "" {
			plan.keep = append(plan.keep, r)
		} else {
			plan.add = append(plan.add, r)
		}
	}
	v.CheckField(distinct, "rounds", "Round positions must be distinct.")
	for _, o := range old {
		if seen[o.ID] {
			continue
		}
		if o.WindowOpened(now) {
			return nil, apperr.Conflict("round_requests_opened", fmt.Sprintf(
				"Round %s is sold by requests and its request window has opened: it cannot be removed.", o.Name))
		}
		if o.Sold.IsPositive() {
			v.Field(fmt.Sprintf("Round %s has sold %s tokens and cannot be removed.", o.Name, Grouped(o.Sold, 0)), "rounds")
			continue
		}
		plan.delete = append(plan.delete, o.ID)
	}
	return plan, nil
}

// MaxPaymentHours is the longest payment time a round sold by requests may give (30 days).
const MaxPaymentHours = 720

// requestsMode checks and writes a round's mode, request window and payment hours into r (which
// holds the stored round, or a new one). Setting a round to REQUESTS draws its seed (r.seed, written
// by roundsPlan.write) and its commitment; back to FCFS forgets them. Once the request window has
// opened, nothing of this (nor the price) changes: 409.
func requestsMode(v *apperr.Validation, r *Round, ri RoundInput, n, f string, now time.Time) error {
	old := *r
	mode := ModeFCFS
	if ri.Mode != nil {
		mode = strings.ToUpper(strings.TrimSpace(*ri.Mode))
	}
	if mode != ModeFCFS && mode != ModeRequests {
		v.Field(n+"mode must be FCFS or REQUESTS.", f+"mode")
		mode = old.Mode
	}
	start, ok1 := parseTime(ri.RequestStartsAt)
	v.CheckField(ok1, f+"requestStartsAt", n+"request start must be a date and time (RFC 3339).")
	end, ok2 := parseTime(ri.RequestEndsAt)
	v.CheckField(ok2, f+"requestEndsAt", n+"request end must be a date and time (RFC 3339).")
	hours := DefaultPaymentHours
	if ri.PaymentHours.Set {
		d, ok := parseNum(ri.PaymentHours)
		if !ok || decimals(d) > 0 || d.LessThan(decimal.NewFromInt(1)) || d.GreaterThan(decimal.NewFromInt(MaxPaymentHours)) {
			v.Field(fmt.Sprintf("%spayment hours must be a whole number from 1 to %d.", n, MaxPaymentHours), f+"paymentHours")
		} else {
			hours = int(d.IntPart())
		}
	}
	if mode == ModeFCFS {
		start, end, hours = nil, nil, DefaultPaymentHours
	}
	if old.ID != "" && old.WindowOpened(now) {
		if mode != old.Mode || !sameTime(start, old.RequestStartsAt) || !sameTime(end, old.RequestEndsAt) ||
			hours != old.PaymentHours || !r.Price.Equal(old.Price) {
			return apperr.Conflict("round_requests_opened", fmt.Sprintf(
				"Round %s: its request window opened on %s, so its mode, request window, payment hours and price can no longer change.",
				old.Name, old.RequestStartsAt.In(clock.IST).Format("2 Jan 2006, 15:04 IST")))
		}
		return nil
	}
	r.Mode, r.PaymentHours = mode, hours
	r.RequestStartsAt, r.RequestEndsAt = start, end
	if mode == ModeFCFS {
		r.DrawStatus, r.DrawCommitment, r.seed = DrawNone, nil, nil
		return nil
	}
	if ok1 && ok2 {
		v.CheckField(start != nil, f+"requestStartsAt", n+"a round sold by requests needs its request start.")
		v.CheckField(end != nil, f+"requestEndsAt", n+"a round sold by requests needs its request end.")
		if start != nil && end != nil {
			v.CheckField(end.After(*start), f+"requestEndsAt", n+"the request end must be after its start.")
		}
		if start != nil && !sameTime(start, old.RequestStartsAt) {
			v.CheckField(start.After(now), f+"requestStartsAt", n+"the request start must be in the future.")
		}
		if end != nil && !sameTime(end, old.RequestEndsAt) {
			v.CheckField(end.After(now), f+"requestEndsAt", n+"the request end must be in the future.")
		}
		if r.EndsAt != nil && end != nil {
			v.CheckField(r.EndsAt.After(*end), f+"endsAt", n+"the round's end must be after its request window (buyers pay after it).")
		}
	}
	if old.Mode != ModeRequests || old.DrawCommitment == nil {
		seed := make([]byte, 32)
		if _, err := rand.Read(seed); err != nil {
			return fmt.Errorf("draw seed: %w", err)
		}
		sum := sha256.Sum256(seed)
		c := hex.EncodeToString(sum[:])
		r.seed, r.DrawCommitment = seed, &c
	}
	r.DrawStatus = DrawOpen
	return nil
}

func sameTime(a, b *time.Time) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Truncate(time.Second).Equal(b.Truncate(time.Second))
}

func (s *Service) branding(ctx context.Context, db bun.IDB, v *apperr.Validation, actor audit.Actor, t *Token, in BrandingInput) error {
	title := strings.TrimSpace(in.Title)
	v.CheckField(title != "", "branding.title", "Title is required.")
	v.CheckField(fields.OneLine(title), "branding.title", fields.MsgControl("Title"))
	v.CheckField(fields.OneLine(in.MetaData.Title), "branding.metaData.title", fields.MsgControl("Meta title"))
	v.CheckField(fields.OneLine(in.MetaData.Keywords), "branding.metaData.keywords", fields.MsgControl("Meta keywords"))
	v.CheckField(fields.OneLine(in.MetaData.Description), "branding.metaData.description", fields.MsgControl("Meta description"))
	v.CheckField(fields.OneLine(in.FooterNote), "branding.footerNote", fields.MsgControl("Footer note"))
	t.Title = title
	t.FooterNote = strings.TrimSpace(in.FooterNote)
	t.MetaTitle = strings.TrimSpace(in.MetaData.Title)
	t.MetaDescription = strings.TrimSpace(in.MetaData.Description)
	t.MetaKeywords = strings.TrimSpace(in.MetaData.Keywords)
	dist := make([]string, 0, len(in.TokenDistribution))
	for i, line := range in.TokenDistribution {
		v.CheckField(fields.OneLine(line), fmt.Sprintf("branding.tokenDistribution[%d]", i), fields.MsgControl(fmt.Sprintf("Token distribution line %d", i+1)))
		if line = strings.TrimSpace(line); line != "" {
			dist = append(dist, line)
		}
	}
	t.TokenDistribution = dist
	links := make([]SocialLink, 0, len(in.SocialLinks))
	for i, l := range in.SocialLinks {
		n := fmt.Sprintf("Social link %d: ", i+1)
		name := strings.TrimSpace(l.MediaName)
		known := false
		for _, m := range SocialMedia {
			if strings.EqualFold(name, m) {
				name, known = m, true
			}
		}
		f := fmt.Sprintf("branding.socialLinks[%d].", i)
		v.CheckField(known, f+"mediaName", n+"media must be one of "+strings.Join(SocialMedia, ", ")+".")
		link := strings.TrimSpace(l.Link)
		v.CheckField(isHTTPS(link), f+"link", n+"the link must be an https URL.")
		links = append(links, SocialLink{MediaName: name, Link: link})
	}
	t.SocialLinks = links
	for _, f := range []struct {
		field string
		label string
		in    string
		dst   *string
	}{{"iconUrl", "Icon", in.IconURL, &t.IconURL}, {"headerLogo", "Header logo", in.HeaderLogo, &t.HeaderLogo},
		{"defaultLogo", "Default logo", in.DefaultLogo, &t.DefaultLogo}, {"chartImg", "Chart image", in.ChartImg, &t.ChartImg}} {
		val, ok, err := s.logo(ctx, db, actor, strings.TrimSpace(f.in), *f.dst)
		if err != nil {
			return err
		}
		if !ok {
			v.Field(f.label+" must be an uploaded file or an https URL.", "branding."+f.field)
			continue
		}
		*f.dst = val
	}
	return nil
}

func isHTTPS(s string) bool {
	u, err := url.Parse(s)
	return err == nil && u.Scheme == "https" && u.Host != "" && !strings.ContainsAny(s, " \t\n\"'<>")
}

// logo accepts a logo as sent: empty (cleared), the current value unchanged, an https URL, or an
// image this admin uploaded (its id, or its /api/v1/media/file/{id} link), which is stored as a
// link that works for LogoLinkTTL.
func (s *Service) logo(ctx context.Context, db bun.IDB, actor audit.Actor, in, current string) (string, bool, error) {
	switch {
	case in == "" || in == current:
		return in, true, nil
	case isHTTPS(in):
		return in, true, nil
	}
	id := in
	if strings.HasPrefix(in, media.FilePath) {
		id = strings.TrimPrefix(in, media.FilePath)
		if i := strings.IndexByte(id, '?'); i >= 0 {
			id = id[:i]
		}
	}
	if !fields.UUID(id) || s.Media == nil {
		return "", false, nil
	}
	m, err := media.FindOwned(ctx, db, id, actor.Kind, actor.ID)
	if err != nil {
		return "", false, err
	}
	if m == nil || !media.IsImage(m.ContentType) {
		return "", false, nil
	}
	return s.Media.URL(id, LogoLinkTTL), true, nil
}

// DefaultGSTRate is the GST rate of the platform charge when the admin names none (18%).
var DefaultGSTRate = decimal.NewFromInt(18)

// tax checks the tax section and writes it into t: a GSTIN (fields.GSTINProblem) with a legal
// name, or no GSTIN at all; a rate of 0–28 with at most 2 decimals.
func tax(v *apperr.Validation, t *Token, in TaxInput) {
	gstin := strings.ToUpper(strings.Join(strings.Fields(in.GSTIN), ""))
	name := strings.TrimSpace(in.LegalName)
	addr := strings.TrimSpace(in.Address)
	if gstin != "" {
		if msg := fields.GSTINProblem(gstin); msg != "" {
			v.Field(msg, "tax.gstin")
		}
		v.CheckField(name != "", "tax.legalName", "Legal name is required with a GSTIN.")
	}
	v.CheckField(len([]rune(name)) <= 200, "tax.legalName", "Legal name must be at most 200 characters.")
	v.CheckField(fields.OneLine(name), "tax.legalName", fields.MsgControl("Legal name"))
	v.CheckField(len([]rune(addr)) <= 300, "tax.address", "Address must be at most 300 characters.")
	v.CheckField(fields.OneLine(addr), "tax.address", fields.MsgControl("Address"))
	rate := DefaultGSTRate
	if in.GSTRatePercent.Set {
		d, ok := parseNum(in.GSTRatePercent)
		switch {
		case !ok || d.IsNegative() || d.GreaterThan(decimal.NewFromInt(28)):
			v.Field("GST rate must be between 0 and 28.", "tax.gstRatePercent")
		case decimals(d) > 2:
			v.Field("GST rate can have at most 2 decimals.", "tax.gstRatePercent")
		default:
			rate = d
		}
	}
	t.GSTIN, t.TaxLegalName, t.TaxAddress, t.GSTRatePercent = gstin, name, addr, rate
}

// Tax is a company's GST registration as an invoice is issued under it (in the caller's
// transaction); GSTIN "" means the company issues no invoices.
type Tax struct {
	GSTIN          string
	LegalName      string
	Address        string
	GSTRatePercent decimal.Decimal
}

// TaxOf reads the company's GST registration from its token.
func TaxOf(ctx context.Context, db bun.IDB, companyID string) (Tax, error) {
	var t Tax
	err := db.NewSelect().Model((*Token)(nil)).
		ColumnExpr("gstin, tax_legal_name AS legal_name, tax_address AS address, gst_rate_percent").
		Where("company_id = ?", companyID).Limit(1).Scan(ctx, &t.GSTIN, &t.LegalName, &t.Address, &t.GSTRatePercent)
	if errors.Is(err, sql.ErrNoRows) {
		return Tax{}, nil
	}
	return t, err
}
