package kyc

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"
)

// FoldCountsAbove is how many counter rows a company's submission counts may spread over before
// a reader folds them into one row per status.
const FoldCountsAbove = 64

// StatusCounts is a company's submissions by status, buyers' closed accounts included (the list
// subtracts those itself), as the triggers of migration 20261703000100_kyc_status_counts keep
// them: exact, and a read of a few rows instead of a count of the company's submissions.
type StatusCounts struct {
	Pending, Approved, Rejected int64
}

// All is the number of the company's submissions.
func (c StatusCounts) All() int64 { return c.Pending + c.Approved + c.Rejected }

// Of is the number of submissions with status st.
func (c StatusCounts) Of(st string) int64 {
	switch st {
	case StatusPending:
		return c.Pending
	case StatusApproved:
		return c.Approved
	case StatusRejected:
		return c.Rejected
	}
	return 0
}

// CountByStatus reads the company's kept counts and, when they have spread over more than
// FoldCountsAbove rows (one per status and writing backend), folds them (best effort: a skipped
// or failed fold changes no sum; the next reader tries again).
func CountByStatus(ctx context.Context, db bun.IDB, companyID string) (StatusCounts, error) {
	var c StatusCounts
	var rows int
	err := db.NewRaw(`SELECT count(*), COALESCE(sum(n) FILTER (WHERE status = 'PENDING'), 0),
			COALESCE(sum(n) FILTER (WHERE status = 'APPROVED'), 0), COALESCE(sum(n) FILTER (WHERE status = 'REJECTED'), 0)
		FROM kyc_status_counts WHERE company_id = ?`, companyID).Scan(ctx, &rows, &c.Pending, &c.Approved, &c.Rejected)
	if err != nil {
		return c, fmt.Errorf("kyc counts: %w", err)
	}
	if rows > FoldCountsAbove {
		_, _ = db.ExecContext(ctx, `SELECT kyc_status_counts_fold(?)`, companyID)
	}
	return c, nil
}
