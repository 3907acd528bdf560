package purchase

import (
	"context"
	"fmt"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
)

// The reads another noun (reconcile) makes of purchases, in its own transaction or connection:
// purchases are read here, by their owner, and in the read-only packages.

// RefMatch is the purchase a payment reference points at.
type RefMatch struct {
	ID          string          `bun:"id"`
	Norm        string          `bun:"norm"` // the reference's normal form (fields.NormalUTR)
	Status      string          `bun:"status"`
	OrderNumber string          `bun:"order_number"`
	FinalAmount decimal.Decimal `bun:"final_amount"`
}

// MatchReferences finds, for each normal form of norms, the company's purchase with that payment
// reference: the PENDING one first, then an approved one, then the newest (EXPIRED ones never).
// The forms are joined as a set, one probe of purchases_company_ref_norm_idx each: as
// "= ANY(array)" the planner costed 100,000 forms into a trigram bitmap over the company's
// purchases and the match of a 100,000-line statement ran past 50 s at 5M purchases
// (docs/performance.md).
func MatchReferences(ctx context.Context, db bun.IDB, companyID string, norms []string) ([]RefMatch, error) {
	var out []RefMatch
	if len(norms) == 0 {
		return out, nil
	}
	if err := db.NewRaw(`SELECT DISTINCT ON (ref_norm(reference_number)) id, ref_norm(reference_number) AS norm,
	       status, order_number, final_amount
	  FROM purchases
	 WHERE company_id = ? AND reference_number IS NOT NULL AND ref_norm(reference_number) IN (SELECT unnest(?::text[]))
	   AND status IN (?, ?, ?, ?)
	 ORDER BY ref_norm(reference_number), status = ? DESC, status = ? DESC, created_at DESC`,
		companyID, pgdialect.Array(norms), StatusPending, StatusApproved, StatusRejected,
		StatusRefunded, StatusPending, StatusApproved).Scan(ctx, &out); err != nil {
		return nil, fmt.Errorf("match purchases: %w", err)
	}
	return out, nil
}

// Brief is what a statement line shows of its purchase.
type Brief struct {
	ID          string          `bun:"id"`
	OrderNumber string          `bun:"order_number"`
	Status      string          `bun:"status"`
	FinalAmount decimal.Decimal `bun:"final_amount"`
	UserID      string          `bun:"user_id"`
}

// Briefs reads the purchases of ids, keyed by id (an unknown id is left out).
func Briefs(ctx context.Context, db bun.IDB, ids []string) (map[string]Brief, error) {
	out := make(map[string]Brief, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []Brief
	if err := db.NewRaw(`SELECT id, order_number, status, final_amount, user_id FROM purchases WHERE id = ANY(?::uuid[])`,
		pgdialect.Array(ids)).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("read purchases: %w", err)
	}
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, nil
}
