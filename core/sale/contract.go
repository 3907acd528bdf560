package sale

import (
	"context"
	"fmt"
	"regexp"
	"time"

	"github.com/uptrace/bun"
)

var addressRe = regexp.MustCompile(`^0x[0-9a-fA-F]{40}$`)

// SetContract is the one writer of a token's ERC-20 contract: its address ("" while not
// deployed, else 0x and 40 hex digits) and decimals. core/delivery calls it inside its settings
// transaction, before the TGE only; `prelaunch chain-dev` after deploying on the development chain.
func SetContract(ctx context.Context, db bun.IDB, companyID, address string, decimals int, now time.Time) error {
	if address != "" && !addressRe.MatchString(address) {
		return fmt.Errorf("sale: %q is not a contract address", address)
	}
	if decimals < 0 || decimals > 36 {
		return fmt.Errorf("sale: %d decimals is out of range", decimals)
	}
	res, err := db.NewUpdate().Model((*Token)(nil)).Set("address = ?", address).Set("decimals = ?", decimals).
		Set("updated_at = ?", now).Where("company_id = ?", companyID).Exec(ctx)
	if err != nil {
		return fmt.Errorf("set token contract: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("sale: company %s has no token", companyID)
	}
	return nil
}
