package sale

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"
)

// SetContract records the token's ERC-20 contract: its address (EIP-55, "" while not deployed)
// and decimals. core/delivery calls it inside its settings transaction, before the TGE only.
func SetContract(ctx context.Context, db bun.IDB, companyID, address string, decimals int, now time.Time) error {
	_, err := db.NewUpdate().Model((*Token)(nil)).Set("address = ?", address).Set("decimals = ?", decimals).
		Set("updated_at = ?", now).Where("company_id = ?", companyID).Exec(ctx)
	if err != nil {
		return fmt.Errorf("set token contract: %w", err)
	}
	return nil
}
