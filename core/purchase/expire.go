package purchase

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"
)

// Expire moves one INITIATED order whose window is over to EXPIRED and releases its reservation,
// in one transaction. It is idempotent: a submitted, already expired or still-open order is left
// alone and Expire reports false.
func Expire(ctx context.Context, db *bun.DB, id string, now time.Time) (bool, error) {
	expired := false
	err := db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var rows []Purchase
		_, err := tx.NewUpdate().Model((*Purchase)(nil)).
			Set("status = ?", StatusExpired).Set("updated_at = ?", now).
			Where("id = ?", id).Where("status = ?", StatusInitiated).Where("expires_at <= ?", now).
			Returning("id, company_id, quantity").Exec(ctx, &rows)
		if err != nil {
			return fmt.Errorf("expire purchase: %w", err)
		}
		if len(rows) == 0 {
			return nil
		}
		expired = true
		return ReleaseSupply(ctx, tx, rows[0].CompanyID, rows[0].Quantity)
	})
	return expired, err
}

// SweepBatch is how many orders one sweep transaction expires.
const SweepBatch = 500

// Sweep expires every INITIATED order whose window is over (the orders whose expire task was
// lost), releasing their reservations, and returns how many it expired. Concurrent sweeps and
// expire tasks never double-release: rows are claimed with FOR UPDATE SKIP LOCKED and moved by a
// conditional UPDATE.
func Sweep(ctx context.Context, db *bun.DB, now time.Time) (int, error) {
	total := 0
	for {
		n := 0
		err := db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			var rows []Purchase
			sub := tx.NewSelect().Model((*Purchase)(nil)).Column("id").
				Where("status = ?", StatusInitiated).Where("expires_at <= ?", now).
				OrderExpr("expires_at").Limit(SweepBatch).For("UPDATE SKIP LOCKED")
			_, err := tx.NewUpdate().Model((*Purchase)(nil)).
				Set("status = ?", StatusExpired).Set("updated_at = ?", now).
				Where("id IN (?)", sub).Where("status = ?", StatusInitiated).
				Returning("id, company_id, quantity").Exec(ctx, &rows)
			if err != nil {
				return fmt.Errorf("sweep purchases: %w", err)
			}
			n = len(rows)
			perCompany := map[string]decimal.Decimal{}
			for _, r := range rows {
				perCompany[r.CompanyID] = perCompany[r.CompanyID].Add(r.Quantity)
			}
			ids := make([]string, 0, len(perCompany))
			for id := range perCompany {
				ids = append(ids, id)
			}
			sort.Strings(ids) // a fixed order of token locks across sweeps
			for _, cid := range ids {
				if err := ReleaseSupply(ctx, tx, cid, perCompany[cid]); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return total, err
		}
		total += n
		if n < SweepBatch {
			return total, nil
		}
	}
}
