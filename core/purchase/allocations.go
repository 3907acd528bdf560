package purchase

import (
	"context"
	"fmt"
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"
)

// Allocation is tokens a buyer holds and is to receive on chain: an APPROVED purchase (kind
// "purchase", RoundID the round that priced it) or a referral reward credited to them (kind
// "referral", no round). Quantity is whole tokens.
type Allocation struct {
	ID        string          `bun:"id"`
	UserID    string          `bun:"user_id"`
	Kind      string          `bun:"kind"`
	RoundID   *string         `bun:"round_id"`
	Quantity  decimal.Decimal `bun:"quantity"`
	CreatedAt time.Time       `bun:"created_at"`
}

// Allocations are the company's allocations (every buyer's when userID is ""), each buyer's
// oldest first. core/delivery unlocks them by its vesting schedules.
func Allocations(ctx context.Context, db bun.IDB, companyID, userID string) ([]Allocation, error) {
	var out []Allocation
	err := db.NewRaw(`
	SELECT p.id::text AS id, p.user_id::text AS user_id, 'purchase' AS kind, p.round_id::text AS round_id, p.quantity, p.created_at
	  FROM purchases p
	 WHERE p.company_id = ?0 AND p.status = 'APPROVED' AND (?1 = '' OR p.user_id::text = ?1)
	UNION ALL
	SELECT rr.id::text, rr.referrer_id::text, 'referral', NULL, rr.quantity, rr.created_at
	  FROM referral_rewards rr
	 WHERE rr.company_id = ?0 AND rr.quantity > 0 AND (?1 = '' OR rr.referrer_id::text = ?1)
	 ORDER BY user_id, created_at, id`, companyID, userID).Scan(ctx, &out)
	if err != nil {
		return nil, fmt.Errorf("read allocations: %w", err)
	}
	return out, nil
}
