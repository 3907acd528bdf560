package sale

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"prelaunch/core/infra/apperr"
)

// TokenName is the name of the company's token, "" when it has none (a brand's fallback is the
// caller's).
func TokenName(ctx context.Context, db bun.IDB, companyID string) (string, error) {
	var name string
	err := db.NewRaw("SELECT name FROM tokens WHERE company_id = ? LIMIT 1", companyID).Scan(ctx, &name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return name, err
}

// Brand is how a notice names a company's token.
type Brand struct {
	CompanyID string `bun:"company_id"`
	Name      string `bun:"name"`
	Symbol    string `bun:"symbol"`
}

// Brands reads the tokens of the companies of companyIDs, keyed by company (a company with no
// token is left out).
func Brands(ctx context.Context, db bun.IDB, companyIDs []string) (map[string]Brand, error) {
	out := make(map[string]Brand, len(companyIDs))
	if len(companyIDs) == 0 {
		return out, nil
	}
	var rows []Brand
	if err := db.NewRaw(`SELECT company_id, name, symbol FROM tokens WHERE company_id IN (?)`, bun.List(companyIDs)).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.CompanyID] = r
	}
	return out, nil
}

// Pricing reads what an order is priced from: the company's token row as it is now, unlocked, its
// remaining supply folded (the reservation, sale_reserve, checks the settings still hold). 404
// "Please select a token to proceed." when the company has no token.
func Pricing(ctx context.Context, db bun.IDB, companyID string) (*Token, error) {
	var tok Token
	err := db.NewSelect().Model(&tok).Column("id", "company_id", "price", "platform_charge_percent",
		"sale_starts_at", "sale_ends_at", "sale_paused", "min_order_inr", "max_order_inr", "max_per_buyer_inr", "kyc_required_above_inr",
		"settings_version").ColumnExpr("token_remaining(t.id) AS remaining_private_supply").
		Where("company_id = ?", companyID).Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.NotFound("token_not_found", "Please select a token to proceed.")
	}
	if err != nil {
		return nil, fmt.Errorf("read token: %w", err)
	}
	return &tok, nil
}
