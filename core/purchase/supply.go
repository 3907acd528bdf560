package purchase

import (
	"context"

	"github.com/uptrace/bun"

	"prelaunch/core/sale"
)

// release gives an order's tokens back to the private supply and to its round.
func release(ctx context.Context, tx bun.IDB, p *Purchase) error {
	if err := sale.ReleaseSupply(ctx, tx, p.CompanyID, p.Quantity); err != nil {
		return err
	}
	if p.RoundID != nil {
		return sale.ReleaseRound(ctx, tx, *p.RoundID, p.Quantity)
	}
	return nil
}
