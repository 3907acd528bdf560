package purchase

import (
	"context"
	"strings"
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/media"
	"prelaunch/core/infra/pagination"
	"prelaunch/core/invoice"
	"prelaunch/core/user"
)

// TxRecord is one row of the buyer's payment history.
type TxRecord struct {
	ID              string          `json:"id"`
	OrderNumber     string          `json:"orderNumber"`
	CreatedAt       string          `json:"createdAt"`
	PaymentMethod   *string         `json:"paymentMethod"`
	ReferenceNumber *string         `json:"referenceNumber"`
	TransactionID   string          `json:"transactionId"`
	Amount          decimal.Decimal `json:"amount"`
	EnteredAmount   decimal.Decimal `json:"enteredAmount"`
	FinalAmount     decimal.Decimal `json:"finalAmount"`
	Quantity        decimal.Decimal `json:"quantity"`
	Price           decimal.Decimal `json:"price"`
	Fee             decimal.Decimal `json:"fee"`
	Status          string          `json:"status"`
	ExpiresAt       string          `json:"expiresAt"`
	Receipt         *media.Ref      `json:"receipt"`
	RejectReason    *string         `json:"rejectReason"`
	RefundReference *string         `json:"refundReference"`
	RefundedAt      *time.Time      `json:"refundedAt"`
	// Invoice is the number of the purchase's tax invoice, when one was issued.
	Invoice string `json:"invoice,omitempty"`
}

// ParseStatus accepts one of the seven statuses (any case) or empty for all; else 422.
func ParseStatus(s string) (string, error) {
	s = strings.ToUpper(strings.TrimSpace(s))
	switch s {
	case "", StatusInitiated, StatusPending, StatusApproved, StatusRejected, StatusRefunded, StatusExpired, StatusCancelled:
		return s, nil
	}
	return "", apperr.Invalid("bad_status", "status must be one of PENDING, APPROVED, REJECTED, REFUNDED, INITIATED, EXPIRED or CANCELLED.")
}

// ListForBuyer is the buyer's own purchases, newest first, filtered by status and by a search
// over reference number, transaction id, order number and payment method.
func (s *Service) ListForBuyer(ctx context.Context, b user.Buyer, status, search string, pg pagination.Page) (pagination.List[TxRecord], error) {
	st, err := ParseStatus(status)
	if err != nil {
		return pagination.List[TxRecord]{}, err
	}
	var rows []buyerRow
	like := pagination.SearchPattern(search)
	// The page's ids come from an index-only scan (purchases_user_created_idx, or
	// purchases_user_status_idx with a status) and only those rows are read: a deep page does
	// not fetch every row it skips. The same statement brings each row's invoice number and,
	// without a search, the buyer's total from the counts the triggers keep: one round trip per
	// page instead of three. Without a search it is a prepared statement (planning it was half
	// of its cost; docs/performance.md).
	ids := s.DB.NewSelect().Model((*Purchase)(nil)).Column("id").Where("user_id = ?", b.UserID).Where("company_id = ?", b.CompanyID)
	if st != "" {
		ids = ids.Where("status = ?", st)
	}
	if like == "" {
		q, args := buyerPageSQL, []any{b.UserID, b.CompanyID, pg.Probe(), pg.Offset()}
		if st != "" {
			q, args = buyerStatusPageSQL, append(args, st)
		}
		if err := s.stmts.Scan(ctx, s.DB, &rows, q, args...); err != nil {
			return pagination.List[TxRecord]{}, err
		}
	} else {
		ids = ids.Where("(reference_number ILIKE ? OR transaction_id ILIKE ? OR order_number ILIKE ? OR payment_method ILIKE ?)",
			like, like, like, like)
		page := ids.OrderExpr("created_at DESC, id DESC").Limit(int64(pg.Probe())).Offset(int64(pg.Offset()))
		if err := s.DB.NewSelect().Model(&rows).ColumnExpr(buyerColumns).ColumnExpr(invoice.NumberSQL+" AS invoice_number").
			Where("p.id IN (?)", page).OrderExpr("p.created_at DESC, p.id DESC").Scan(ctx); err != nil {
			return pagination.List[TxRecord]{}, err
		}
	}
	count := func() (int64, error) { return ids.Count(ctx) }
	if like == "" {
		count = func() (int64, error) {
			if len(rows) > 0 {
				return rows[0].ListTotal, nil
			}
			return BuyerCount(ctx, s.DB, b.UserID, st)
		}
	}
	total, err := pg.Total(len(rows), count)
	if err != nil {
		return pagination.List[TxRecord]{}, err
	}
	rows = pagination.Trim(rows, pg)
	recs := make([]TxRecord, 0, len(rows))
	for i := range rows {
		r := s.record(&rows[i].Purchase)
		r.Invoice = rows[i].InvoiceNumber
		recs = append(recs, r)
	}
	return pagination.NewList(recs, int(total), pg), nil
}

func (s *Service) record(p *Purchase) TxRecord {
	v := p.View()
	r := TxRecord{ID: p.ID, OrderNumber: p.OrderNumber, CreatedAt: v.CreatedAt, PaymentMethod: p.PaymentMethod,
		ReferenceNumber: p.ReferenceNumber, TransactionID: p.TransactionID, Amount: p.Amount,
		EnteredAmount: p.EnteredAmount, FinalAmount: p.FinalAmount, Quantity: p.Quantity, Price: p.Price, Fee: p.Fee, Status: p.Status,
		ExpiresAt: v.ExpiresAt, RejectReason: p.RejectReason, RefundReference: p.RefundReference, RefundedAt: p.RefundedAt}
	if p.ReceiptID != nil && s.Media != nil {
		r.Receipt = s.Media.Ref(*p.ReceiptID)
	}
	return r
}

// BuyerCount is how many purchases the buyer has (with status st, or all when st is empty), from
// the counts the purchases triggers keep (migration …0600_user_purchase_counts).
func BuyerCount(ctx context.Context, db bun.IDB, userID, st string) (int64, error) {
	var n int64
	err := buyerCountQuery(db, userID, st).Scan(ctx, &n)
	return n, err
}

func buyerCountQuery(db bun.IDB, userID, st string) *bun.SelectQuery {
	q := db.NewSelect().Table("user_purchase_counts").ColumnExpr("COALESCE(sum(n), 0)").Where("user_id = ?", userID)
	if st != "" {
		q = q.Where("status = ?", st)
	}
	return q
}

// buyerColumns are the columns of a purchase the buyer's list shows (record).
const buyerColumns = "p.id, p.order_number, p.created_at, p.payment_method, p.reference_number, p.transaction_id, p.amount, " +
	"p.entered_amount, p.final_amount, p.quantity, p.price, p.fee, p.status, p.expires_at, p.receipt_id, p.reject_reason, " +
	"p.refund_reference, p.refunded_at"

// buyerPageSQL is a page of the buyer's list without a search ($1 buyer, $2 company, $3 limit,
// $4 offset), each row with its invoice number and the list's total; buyerStatusPageSQL is the
// same for the purchases with status $5.
var (
	buyerPageSQL = "SELECT " + buyerColumns + ", " + invoice.NumberSQL + " AS invoice_number, " +
		"(SELECT COALESCE(sum(n), 0) FROM user_purchase_counts WHERE user_id = $1) AS list_total " +
		"FROM purchases AS p WHERE p.id IN (SELECT id FROM purchases WHERE user_id = $1 AND company_id = $2 " +
		"ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4) ORDER BY p.created_at DESC, p.id DESC"
	buyerStatusPageSQL = "SELECT " + buyerColumns + ", " + invoice.NumberSQL + " AS invoice_number, " +
		"(SELECT COALESCE(sum(n), 0) FROM user_purchase_counts WHERE user_id = $1 AND status = $5) AS list_total " +
		"FROM purchases AS p WHERE p.id IN (SELECT id FROM purchases WHERE user_id = $1 AND company_id = $2 AND status = $5 " +
		"ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4) ORDER BY p.created_at DESC, p.id DESC"
)

// buyerRow is a row of the buyer's list: the purchase, its invoice number (empty without one) and
// the list's total (without a search).
type buyerRow struct {
	Purchase      `bun:",extend"`
	InvoiceNumber string `bun:"invoice_number"`
	ListTotal     int64  `bun:"list_total"`
}
