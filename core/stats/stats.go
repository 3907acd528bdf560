// Package stats reads the per-company figures kept in step by the triggers of migration
// 20261121000300_perf_stats: live buyers by status and approval, the stock balance of every
// account, and APPROVED purchases (count, final amount, quantity) in total and by payment method.
// The figures are exact — the triggers run in the same transaction as each change — and reading
// them touches a handful of rows instead of the company's users and purchases.
package stats

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"
)

// CompactAbove is how many delta rows a company may gather before a reader folds them into one.
const CompactAbove = 64

// Company is one company's figures.
type Company struct {
	// live buyers (role USER, not deleted)
	UsersTotal, UsersActive, UsersInactive, UsersBlocked, UsersApproved, UsersWaiting int64
	// live accounts of any role, and the approved ones among them
	AccountsTotal, AccountsApproved int64
	// every account's stock balance, deleted ones included
	StockBalance decimal.Decimal
	// purchases by review status; APPROVED ones also summed (final amount, quantity) and by method
	PendingCount, RejectedCount, ApprovedCount        int64
	ApprovedAmount, ApprovedQuantity                  decimal.Decimal
	BankCount, UPICount, ManualCount, CryptoCount     int64
	BankAmount, UPIAmount, ManualAmount, CryptoAmount decimal.Decimal
}

// For returns the company's figures (zero for a company without users or approved purchases).
func For(ctx context.Context, db bun.IDB, companyID string) (*Company, error) {
	return read(ctx, db, companyID)
}

// Platform returns the figures of every company together (the super admin's lists).
func Platform(ctx context.Context, db bun.IDB) (*Company, error) { return read(ctx, db, "") }

func read(ctx context.Context, db bun.IDB, companyID string) (*Company, error) {
	var c Company
	var rows int64
	where := "company_id = ?"
	var args []any
	if companyID != "" {
		args = append(args, companyID)
	} else {
		where = "true"
	}
	err := db.NewRaw(`SELECT count(*),
			COALESCE(sum(users_total), 0), COALESCE(sum(users_active), 0), COALESCE(sum(users_inactive), 0),
			COALESCE(sum(users_blocked), 0), COALESCE(sum(users_approved), 0), COALESCE(sum(users_waiting), 0),
			COALESCE(sum(accounts_total), 0), COALESCE(sum(accounts_approved), 0),
			COALESCE(sum(stock_balance), 0), COALESCE(sum(pending_count), 0), COALESCE(sum(rejected_count), 0), COALESCE(sum(approved_count), 0), COALESCE(sum(approved_amount), 0),
			COALESCE(sum(approved_quantity), 0), COALESCE(sum(bank_count), 0), COALESCE(sum(bank_amount), 0),
			COALESCE(sum(upi_count), 0), COALESCE(sum(upi_amount), 0), COALESCE(sum(manual_count), 0),
			COALESCE(sum(manual_amount), 0), COALESCE(sum(crypto_count), 0), COALESCE(sum(crypto_amount), 0)
		FROM company_stat_deltas WHERE `+where, args...).
		Scan(ctx, &rows, &c.UsersTotal, &c.UsersActive, &c.UsersInactive, &c.UsersBlocked, &c.UsersApproved, &c.UsersWaiting,
			&c.AccountsTotal, &c.AccountsApproved, &c.StockBalance, &c.PendingCount, &c.RejectedCount, &c.ApprovedCount, &c.ApprovedAmount, &c.ApprovedQuantity, &c.BankCount, &c.BankAmount,
			&c.UPICount, &c.UPIAmount, &c.ManualCount, &c.ManualAmount, &c.CryptoCount, &c.CryptoAmount)
	if err != nil {
		return nil, fmt.Errorf("company stats: %w", err)
	}
	if companyID != "" && rows > CompactAbove {
		// Best effort: a failed or skipped fold changes nothing, the next reader tries again.
		if _, err := db.ExecContext(ctx, `SELECT company_stats_compact(?)`, companyID); err == nil {
			vacuumSoon(db)
		}
	}
	return &c, nil
}

// Rebuild recomputes a company's figures from its users and purchases. Only for bulk loads that
// bypass the triggers (tools/perf); never concurrently with writes to the company.
func Rebuild(ctx context.Context, db execer, companyID string) error {
	_, err := db.ExecContext(ctx, `SELECT company_stats_rebuild(?)`, companyID)
	return err
}

type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// vacuumDelay is how long after a fold this process vacuums company_stat_deltas.
var vacuumDelay = 250 * time.Millisecond

// vacuums is this process's vacuum schedule for company_stat_deltas: one pending at most, again
// set when a fold came after the pending one was scheduled, and the database of the latest fold.
var vacuums struct {
	mu             sync.Mutex
	pending, again bool
	db             *bun.DB
}

// vacuumSoon vacuums the delta table at least vacuumDelay after every fold, with at most one
// vacuum pending per process. Every fold leaves the rows it replaced dead, and a reader's scan
// walks their dead index entries until a vacuum removes them; autovacuum may be off (it is off on
// the CI machine) or a minute away, while approvals fold hundreds of rows a second. Not at once: the
// folded rows stay visible to reads that began before the fold committed, and a VACUUM then keeps
// them — under 64 concurrent readers it removed nothing, the table kept 55,000 dead rows for
// good, and every read of the figures walked them (admin auth/list fell from ~2.7k to ~0.4k
// req/s). A fold made while a vacuum is pending gets one more vacuum after it. The table is a few
// pages, so a vacuum takes a millisecond. Outside a *bun.DB (a transaction) nothing is scheduled.
func vacuumSoon(db bun.IDB) {
	d, ok := db.(*bun.DB)
	if !ok {
		return
	}
	vacuums.mu.Lock()
	defer vacuums.mu.Unlock()
	vacuums.db = d
	if vacuums.pending {
		vacuums.again = true
		return
	}
	vacuums.pending = true
	var run func()
	run = func() {
		vacuums.mu.Lock()
		d := vacuums.db
		vacuums.mu.Unlock()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_, _ = d.ExecContext(ctx, `VACUUM (SKIP_LOCKED) company_stat_deltas`)
		cancel()
		vacuums.mu.Lock()
		defer vacuums.mu.Unlock()
		if vacuums.again {
			vacuums.again = false
			time.AfterFunc(vacuumDelay, run)
			return
		}
		vacuums.pending = false
	}
	time.AfterFunc(vacuumDelay, run)
}
