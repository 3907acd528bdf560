package audit

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"
)

// FoldCountsAbove is how many counter rows one branch's count may spread over before a reader
// folds them into one.
const FoldCountsAbove = 64

// Counted is the number of records of the company's activity list without a filter — its own
// records and the super admin's on the company — or, with companyID empty, of the whole log, as
// the triggers of migration 20261703000200_audit_log_counts keep them: exact, and a read of a
// few rows instead of a count of up to millions of records. A branch spread over more than
// FoldCountsAbove rows (one per writing backend) is folded (best effort: a skipped or failed
// fold changes no sum; the next reader tries again).
func Counted(ctx context.Context, db bun.IDB, companyID string) (int64, error) {
	var branches []struct {
		Scope string `bun:"scope"`
		Key   string `bun:"key"`
		Rows  int    `bun:"rows"`
		N     int64  `bun:"n"`
	}
	q := db.NewSelect().Table("audit_log_counts").Column("scope", "key").
		ColumnExpr("count(*) AS rows, sum(n) AS n").Group("scope", "key")
	if companyID != "" {
		q = q.Where("(scope, key) IN (('company', ?0), ('on_company', ?0))", companyID)
	}
	if err := q.Scan(ctx, &branches); err != nil {
		return 0, fmt.Errorf("audit counts: %w", err)
	}
	var total int64
	for _, b := range branches {
		total += b.N
		if b.Rows > FoldCountsAbove {
			_, _ = db.ExecContext(ctx, `SELECT audit_log_counts_fold(?, ?)`, b.Scope, b.Key)
		}
	}
	return total, nil
}
