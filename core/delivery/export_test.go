package delivery

import (
	"context"

	"github.com/uptrace/bun"
)

// Tests outside the package (they import testkit, which imports runtime, which imports this).

func (d *Distributor) SetHook(f func(point string)) { d.hook = f }

func Sending(ctx context.Context, db bun.IDB, companyID string) (bool, error) {
	return sending(ctx, db, companyID)
}
