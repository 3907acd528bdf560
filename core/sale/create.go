package sale

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/pgerr"
)

// DefaultToken is a new company's token: the shape and supply of the demo ACW configuration
// with the company's name, symbol and price. Branding is generic until edited. Its sale starts
// paused: it opens once the company has payment details (UpdateTokenSettings).
func DefaultToken(companyID, name, symbol string, price decimal.Decimal) *Token {
	d := decimal.RequireFromString
	return &Token{
		CompanyID: companyID, Symbol: symbol, Name: name, Decimals: 18, GSTRatePercent: DefaultGSTRate,
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
		ReferralPercent: d("5"), SalePaused: true,
	}
}

// ErrDuplicateSymbol is the refusal of a token symbol another company's token has.
var ErrDuplicateSymbol = apperr.Conflict("duplicate_symbol", "A token with this symbol already exists.")

// Create inserts a new company's token in the caller's transaction (company.Service.Add); 409
// ErrDuplicateSymbol when another token has its symbol (any case).
func Create(ctx context.Context, db bun.IDB, t *Token) error {
	exists, err := db.NewSelect().Model((*Token)(nil)).Where("upper(symbol) = upper(?)", t.Symbol).Exists(ctx)
	if err != nil {
		return fmt.Errorf("check token symbol: %w", err)
	}
	if exists {
		return ErrDuplicateSymbol
	}
	if _, err := db.NewInsert().Model(t).Exec(ctx); err != nil {
		if pgerr.IsUnique(err, "") {
			return ErrDuplicateSymbol
		}
		return fmt.Errorf("insert token: %w", err)
	}
	return nil
}

// ForCompany reads the company's token; 404 token_not_found when it has none.
func ForCompany(ctx context.Context, db bun.IDB, companyID string) (*Token, error) {
	var t Token
	err := FoldRemaining(db.NewSelect().Model(&t)).Where("company_id = ?", companyID).Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.NotFound("token_not_found", "This company has no token configured.")
	}
	if err != nil {
		return nil, fmt.Errorf("read token: %w", err)
	}
	return &t, nil
}
