package user

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
)

// Named is how a list names a buyer: their name and Member ID.
type Named struct {
	ID           string `bun:"id"`
	Name         string `bun:"name"`
	ReferralCode string `bun:"referral_code"`
}

// Names reads the users of ids, keyed by id (an unknown id is left out).
func Names(ctx context.Context, db bun.IDB, ids []string) (map[string]Named, error) {
	out := make(map[string]Named, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []Named
	if err := db.NewRaw(`SELECT id, name, referral_code FROM users WHERE id = ANY(?::uuid[])`,
		pgdialect.Array(ids)).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("read users: %w", err)
	}
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, nil
}
