// Package export writes the CSV exports of an admin's purchases and users and the
// super admin's purchases across companies. Rows are read through a server-side cursor, a batch
// at a time, and written out as they come: an export of millions of rows never holds more than
// one batch in memory.
package export

import (
	"bufio"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/clock"
	"prelaunch/core/purchase"
)

// BatchRows is how many rows one FETCH reads from the cursor.
const BatchRows = 2000

// cursorName is the cursor an export declares in its own transaction.
const cursorName = "prelaunch_export"

// Service opens exports.
type Service struct {
	DB    *bun.DB
	Clock clock.Clock
}

// PurchaseFilter is the query of the purchase exports. Status is PENDING, APPROVED, REJECTED or REFUNDED
// (empty: all four); From and To are IST days as yyyy-mm-dd, both inclusive (empty: no bound).
type PurchaseFilter struct {
	Status, From, To string
}

// Export is an export whose query is running: the file name, then Stream writes it. The caller
// must Close it (after Stream or instead of it).
type Export struct {
	Name   string
	ctx    context.Context
	tx     bun.Tx
	header []string
	row    func(rows *sql.Rows, w *csvWriter) error
	cancel context.CancelFunc
	closed bool
}

// Stream writes the file into w: the BOM, the header row, then every row, one FETCH of
// BatchRows at a time, flushing w after each batch. It returns how many rows it wrote and the
// first error (of the database or of w: a client that went away stops the export).
func (e *Export) Stream(w *bufio.Writer) (int, error) {
	if _, err := w.WriteString(bom); err != nil {
		return 0, err
	}
	cw := newCSV(w)
	for _, h := range e.header {
		cw.plain(h)
	}
	if err := cw.end(); err != nil {
		return 0, err
	}
	n := 0
	fetch := fmt.Sprintf("FETCH FORWARD %d FROM %s", BatchRows, cursorName)
	for {
		rows, err := e.tx.QueryContext(e.ctx, fetch)
		if err != nil {
			return n, err
		}
		got := 0
		for rows.Next() {
			if err := e.row(rows, cw); err != nil {
				_ = rows.Close()
				return n, err
			}
			got++
		}
		err = rows.Err()
		_ = rows.Close()
		if err != nil {
			return n, err
		}
		n += got
		if err := w.Flush(); err != nil {
			return n, err
		}
		if got < BatchRows {
			return n, nil
		}
	}
}

// Close ends the export's transaction (and so its cursor).
func (e *Export) Close() error {
	if e.closed {
		return nil
	}
	e.closed = true
	err := e.tx.Rollback()
	e.cancel()
	if errors.Is(err, sql.ErrTxDone) {
		return nil
	}
	return err
}

// streamPurchases plans the purchase exports for their first rows: their order is that of
// purchases_company_review_idx. Planned for the whole result, the cursor joined and
// sorted every purchase before its first row — 7.8 s for a company's 1.3M purchases and past the
// 15 s read limit for the super admin's 5M; read from the index, the first 2,000 rows take
// 0.13 s and the rest stream at the same rate (docs/performance.md).
const streamPurchases = true

// MaxDuration bounds an export's transaction: one still running after it is cut.
const MaxDuration = 30 * time.Minute

// open begins a read-only transaction and declares the cursor over query (one statement: one
// snapshot). ctx must last until the export is closed (not a request's context that ends when
// the handler returns: the file is written after). stream plans the cursor for its first rows
// (an index gives them in the file's order), otherwise for the whole result.
func (s *Service) open(parent context.Context, name string, header []string, query string, args []any, stream bool,
	row func(*sql.Rows, *csvWriter) error) (*Export, error) {
	ctx, cancel := context.WithTimeout(parent, MaxDuration)
	tx, err := s.DB.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		cancel()
		return nil, err
	}
	// The cursor is read to its end: plan for the whole result, not for its first rows — except
	// where an index gives the rows in the file's order (stream).
	fraction := "1.0"
	if stream {
		fraction = "0.01"
	}
	if _, err := tx.ExecContext(ctx, "SET LOCAL cursor_tuple_fraction = "+fraction); err != nil {
		_ = tx.Rollback()
		cancel()
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, "DECLARE "+cursorName+" NO SCROLL CURSOR FOR "+query, args...); err != nil {
		_ = tx.Rollback()
		cancel()
		return nil, err
	}
	return &Export{Name: name, ctx: ctx, tx: tx, header: header, row: row, cancel: cancel}, nil
}

// fileName is the export's name with today's IST date, e.g. purchases-2026-11-23.csv.
func (s *Service) fileName(kind string) string {
	return kind + "-" + s.Clock.Now().In(IST).Format("2006-01-02") + ".csv"
}

// PurchaseHeader is the header row of an admin's purchase export; the super
// admin's has Company first.
var PurchaseHeader = []string{"Order Number", "Created", "Buyer Name", "Email", "Mobile", "Member ID", "Method",
	"UTR", "Amount", "Fee", "Final Amount", "Price", "Tokens", "Status", "Decided At"}

// UserHeader is the header row of the user export.
var UserHeader = []string{"Name", "Email", "Mobile", "Member ID", "Referred By", "Status", "Verified",
	"Stock Balance", "Created"}

// Purchases opens the export of company companyID's purchases.
func (s *Service) Purchases(ctx context.Context, companyID string, f PurchaseFilter) (*Export, error) {
	return s.purchases(ctx, companyID, false, f)
}

// AllPurchases opens the super admin's export: every company's purchases, or one company's
// (companyID, which must then be a valid id), with the company's name first; grouped by company,
// newest first within each.
func (s *Service) AllPurchases(ctx context.Context, companyID string, f PurchaseFilter) (*Export, error) {
	companyID = strings.TrimSpace(companyID)
	if companyID != "" && !fields.UUID(companyID) {
		return nil, apperr.Invalid("bad_company", "companyId is not a valid id.")
	}
	return s.purchases(ctx, companyID, true, f)
}

func (s *Service) purchases(ctx context.Context, companyID string, withCompany bool, f PurchaseFilter) (*Export, error) {
	var v apperr.Validation
	statuses, ok := purchase.ReviewStatuses(f.Status)
	if !ok {
		v.Add(purchase.BadReviewStatus)
	}
	from, to := days(&v, f.From, f.To)
	if err := v.Err(); err != nil {
		return nil, err
	}

	cols := "p.order_number, p.created_at, u.name, u.email, u.mobile, u.referral_code, p.payment_method, " +
		"p.reference_number, p.amount, p.fee, p.final_amount, p.price, p.quantity, p.status, p.decided_at"
	tables := "purchases AS p JOIN users AS u ON u.id = p.user_id"
	header := PurchaseHeader
	if withCompany {
		cols = "c.name, " + cols
		tables += " JOIN companies AS c ON c.id = p.company_id"
		header = append([]string{"Company"}, PurchaseHeader...)
	}
	where := []string{"p.status IN (?)"}
	args := []any{bun.List(statuses)}
	if companyID != "" {
		where = append(where, "p.company_id = ?")
		args = append(args, companyID)
	}
	if !from.IsZero() {
		where = append(where, "p.created_at >= ?")
		args = append(args, from)
	}
	if !to.IsZero() {
		where = append(where, "p.created_at < ?")
		args = append(args, to)
	}
	// Newest first. Across companies, grouped by company first: that is the order of
	// purchases_company_review_idx, so the rows stream from the index as they are read instead of
	// waiting for a sort of every company's purchases (millions at scale) before the first one.
	orderBy := " ORDER BY p.created_at DESC, p.id DESC"
	if withCompany {
		orderBy = " ORDER BY p.company_id, p.created_at DESC, p.id DESC"
	}
	query := "SELECT " + cols + " FROM " + tables + " WHERE " + strings.Join(where, " AND ") + orderBy

	var (
		company, order, name, email, mobile, member string
		method, utr                                 sql.NullString
		amount, fee, final, unitPrice, qty, status  string
		created                                     time.Time
		decided                                     sql.NullTime
	)
	dest := []any{&order, &created, &name, &email, &mobile, &member, &method, &utr, &amount, &fee, &final,
		&unitPrice, &qty, &status, &decided}
	if withCompany {
		dest = append([]any{&company}, dest...)
	}
	kind := "purchases"
	if withCompany {
		kind = "all-purchases"
	}
	return s.open(ctx, s.fileName(kind), header, query, args, streamPurchases, func(rows *sql.Rows, w *csvWriter) error {
		decided = sql.NullTime{}
		if err := rows.Scan(dest...); err != nil {
			return err
		}
		if withCompany {
			w.text(company)
		}
		w.text(order)
		w.time(created)
		w.text(name)
		w.text(email)
		w.text(mobile)
		w.text(member)
		w.text(method.String)
		w.text(utr.String)
		w.plain(money(amount))
		w.plain(money(fee))
		w.plain(money(final))
		w.plain(price(unitPrice))
		w.plain(qty)
		w.plain(status)
		w.time(decided.Time)
		return w.end()
	})
}

// Users opens the export of company companyID's live users, optionally only the verified
// (isApproved "true") or the waiting ones ("false").
func (s *Service) Users(ctx context.Context, companyID, isApproved string) (*Export, error) {
	where := "u.company_id = ? AND u.deleted_at IS NULL"
	switch strings.ToLower(strings.TrimSpace(isApproved)) {
	case "":
	case "true":
		where += " AND u.is_approved"
	case "false":
		where += " AND NOT u.is_approved"
	default:
		return nil, apperr.Invalid("bad_filter", "isApproved must be true or false.")
	}
	query := ("SELECT u.name, u.email, u.mobile, u.referral_code, r.referral_code, u.status, " +
		"u.is_approved, u.stock_balance, u.created_at FROM users AS u LEFT JOIN users AS r ON r.id = u.referred_by WHERE " +
		where + " ORDER BY u.created_at DESC, u.id DESC")
	var (
		name, email, mobile, member, status, balance string
		referrer                                     sql.NullString
		approved                                     bool
		created                                      time.Time
	)
	dest := []any{&name, &email, &mobile, &member, &referrer, &status, &approved, &balance, &created}
	return s.open(ctx, s.fileName("users"), UserHeader, query, []any{companyID}, false, func(rows *sql.Rows, w *csvWriter) error {
		if err := rows.Scan(dest...); err != nil {
			return err
		}
		w.text(name)
		w.text(email)
		w.text(mobile)
		w.text(member)
		w.text(referrer.String)
		w.plain(status)
		if approved {
			w.plain("Yes")
		} else {
			w.plain("No")
		}
		w.plain(balance)
		w.time(created)
		return w.end()
	})
}

// days reads the from/to filter (fields.DayRange); a bad value is added to v.
func days(v *apperr.Validation, fromS, toS string) (from, to time.Time) {
	from, to, problems := fields.DayRange(fromS, toS)
	for _, p := range problems {
		v.Add(p)
	}
	return from, to
}
