package purchase

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"
)

// OpenCounts counts a company's purchases still under way: submitted payments waiting for a
// decision (PENDING) and unpaid orders whose window is still open (INITIATED, not yet expired).
// company.Service answers them beside a company (CountAffected, wired by runtime), for the super
// admin's suspend dialog.
func OpenCounts(ctx context.Context, db bun.IDB, companyID string) (pending, open int64, err error) {
	if err := db.NewRaw(`SELECT count(*) FILTER (WHERE status = ?) AS pending_payments,
		count(*) FILTER (WHERE status = ? AND expires_at > now()) AS open_orders
		FROM purchases WHERE company_id = ? AND status IN (?, ?)`, StatusPending, StatusInitiated, companyID,
		StatusPending, StatusInitiated).Scan(ctx, &pending, &open); err != nil {
		return 0, 0, fmt.Errorf("count open purchases: %w", err)
	}
	return pending, open, nil
}

// OpenOf counts one buyer's purchases still under way at now: payments waiting for a decision
// (PENDING) and unpaid orders whose window is still open (INITIATED). A buyer with one cannot
// close their account (user.Service.OpenOrders, wired by runtime): the payment would have nobody
// to go back to.
func OpenOf(ctx context.Context, db bun.IDB, userID string, now time.Time) (int64, error) {
	var n int64
	if err := db.NewRaw(`SELECT count(*) FROM purchases WHERE user_id = ?
		AND (status = ? OR (status = ? AND expires_at > ?))`, userID, StatusPending, StatusInitiated, now).
		Scan(ctx, &n); err != nil {
		return 0, fmt.Errorf("count open purchases: %w", err)
	}
	return n, nil
}
