package sale

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"
)

// ChainToken is what token delivery needs of a company's token row.
type ChainToken struct {
	Symbol   string `bun:"symbol"`
	Name     string `bun:"name"`
	Decimals int    `bun:"decimals"`
	Address  string `bun:"address"`
	Supply   string `bun:"total_supply"`
}

// TokenOnChain reads a company's token: its symbol, name, decimals, contract address (” before
// it is deployed) and whole supply in whole tokens.
func TokenOnChain(ctx context.Context, db bun.IDB, companyID string) (*ChainToken, error) {
	var t ChainToken
	err := db.NewRaw(`SELECT symbol, name, decimals, address, total_supply::text AS total_supply FROM tokens WHERE company_id = ?`, companyID).Scan(ctx, &t)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("sale: company %s has no token", companyID)
	}
	return &t, err
}
