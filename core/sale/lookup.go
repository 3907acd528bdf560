package sale

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"
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
