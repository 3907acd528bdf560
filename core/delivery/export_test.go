package delivery

import (
	"context"

	"github.com/uptrace/bun"

	"prelaunch/core/infra/chain"
)

// Tests outside the package (they import testkit, which imports runtime, which imports this).

func (d *Distributor) SetHook(f func(point string)) { d.hook = f }

// SetFees prices the transactions the worker signs (a fee spike); nil is the node's suggestion.
func (d *Distributor) SetFees(f func(ctx context.Context, b chain.Backend) (chain.Fees, error)) {
	d.fees = f
}

func Sending(ctx context.Context, db bun.IDB, companyID string) (bool, error) {
	return sending(ctx, db, companyID)
}
