package sale

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"regexp"

	"github.com/uptrace/bun"
)

var addressRe = regexp.MustCompile(`^0x[0-9a-fA-F]{40}$`)

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

// SetTokenAddress records where a company's token contract is deployed (the development chain's
// `prelaunch chain-dev`, or an operator after deploying on a public chain).
func SetTokenAddress(ctx context.Context, db bun.IDB, companyID, address string) error {
	if !addressRe.MatchString(address) {
		return fmt.Errorf("sale: %q is not a contract address", address)
	}
	res, err := db.NewRaw(`UPDATE tokens SET address = ?, updated_at = now() WHERE company_id = ?`, address, companyID).Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("sale: company %s has no token", companyID)
	}
	return nil
}
