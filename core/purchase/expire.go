package purchase

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"prelaunch/core/infra/metrics"
	"prelaunch/core/sale"
)

// Expire moves one INITIATED order whose window is over to EXPIRED and releases its reservation,
// in one transaction. It is idempotent: a submitted, already expired or still-open order is left
// alone and Expire reports false.
func (s *Service) Expire(ctx context.Context, id string, now time.Time) (bool, error) {
	expired := false
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var rows []Purchase
		_, err := tx.NewUpdate().Model((*Purchase)(nil)).
			Set("status = ?", StatusExpired).Set("updated_at = ?", now).
			Where("id = ?", id).Where("status = ?", StatusInitiated).Where("expires_at <= ?", now).
			Returning("id, company_id, quantity, round_id").Exec(ctx, &rows)
		if err != nil {
			return fmt.Errorf("expire purchase: %w", err)
		}
		if len(rows) == 0 {
			return nil
		}
		expired = true
		return release(ctx, tx, &rows[0])
	})
	if err == nil && expired {
		metrics.Expiries.Inc()
	}
	return expired, err
}

// SweepBatch is how many orders one sweep transaction expires.
const SweepBatch = 500

// Sweep expires every INITIATED order whose window is over (the orders whose expire task was
// lost), releasing their reservations, and returns how many it expired. Concurrent sweeps and
// expire tasks never double-release: rows are claimed with FOR UPDATE SKIP LOCKED and moved by a
// conditional UPDATE.
func (s *Service) Sweep(ctx context.Context, now time.Time) (int, error) {
	total := 0
	for {
		n := 0
		err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			var rows []Purchase
			sub := tx.NewSelect().Model((*Purchase)(nil)).Column("id").
				Where("status = ?", StatusInitiated).Where("expires_at <= ?", now).
				OrderExpr("expires_at").Limit(SweepBatch).For("UPDATE SKIP LOCKED")
			_, err := tx.NewUpdate().Model((*Purchase)(nil)).
				Set("status = ?", StatusExpired).Set("updated_at = ?", now).
				Where("id IN (?)", sub).Where("status = ?", StatusInitiated).
				Returning("id, company_id, quantity, round_id").Exec(ctx, &rows)
			if err != nil {
				return fmt.Errorf("sweep purchases: %w", err)
			}
			n = len(rows)
			perCompany := map[string]decimal.Decimal{}
			perRound := map[string]decimal.Decimal{}
			for _, r := range rows {
				perCompany[r.CompanyID] = perCompany[r.CompanyID].Add(r.Quantity)
				if r.RoundID != nil {
					perRound[*r.RoundID] = perRound[*r.RoundID].Add(r.Quantity)
				}
			}
			ids := make([]string, 0, len(perCompany))
			for id := range perCompany {
				ids = append(ids, id)
			}
			sort.Strings(ids) // a fixed order of token locks across sweeps
			for _, cid := range ids {
				if err := sale.ReleaseSupply(ctx, tx, cid, perCompany[cid]); err != nil {
					return err
				}
			}
			// Rounds after every token row (the lock order of supply.go), in a fixed order too.
			rids := make([]string, 0, len(perRound))
			for id := range perRound {
				rids = append(rids, id)
			}
			sort.Strings(rids)
			for _, rid := range rids {
				if err := sale.ReleaseRound(ctx, tx, rid, perRound[rid]); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return total, err
		}
		total += n
		metrics.Expiries.Add(float64(n))
		if n < SweepBatch {
			return total, nil
		}
	}
}

// Deadline is when an INITIATED order's window ends; ok is false for any other order (paid,
// decided, expired or unknown).
func (s *Service) Deadline(ctx context.Context, id string) (at time.Time, ok bool, err error) {
	var due []time.Time
	err = s.DB.NewSelect().Model((*Purchase)(nil)).Column("expires_at").
		Where("id = ?", id).Where("status = ?", StatusInitiated).Scan(ctx, &due)
	if err != nil || len(due) != 1 {
		return time.Time{}, false, err
	}
	return due[0], true, nil
}
