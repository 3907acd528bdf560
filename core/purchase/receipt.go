package purchase

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"prelaunch/core/company"
	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/receipt"
	"prelaunch/core/sale"
	"prelaunch/core/user"
)

// ReceiptFile is a receipt ready to send.
type ReceiptFile struct {
	Name string // receipt-000042.pdf
	Body []byte // the PDF
}

type receiptRow struct {
	ID             string          `bun:"id"`
	Status         string          `bun:"status"`
	ReceiptNumber  *int64          `bun:"receipt_number"`
	CompanyID      string          `bun:"company_id"`
	UserID         string          `bun:"user_id"`
	OrderNumber    string          `bun:"order_number"`
	DecidedAt      *time.Time      `bun:"decided_at"`
	CreatedAt      time.Time       `bun:"created_at"`
	Method         *string         `bun:"payment_method"`
	Reference      *string         `bun:"reference_number"`
	Amount         decimal.Decimal `bun:"amount"`
	Fee            decimal.Decimal `bun:"fee"`
	FeePercent     decimal.Decimal `bun:"platform_charge_percent"`
	Total          decimal.Decimal `bun:"final_amount"`
	Price          decimal.Decimal `bun:"price"`
	Quantity       decimal.Decimal `bun:"quantity"`
	Company        string          `bun:"-"`
	CompanyAddress string          `bun:"-"`
	CompanyPincode string          `bun:"-"`
	Token          string          `bun:"-"`
	Symbol         string          `bun:"-"`
	BuyerName      string          `bun:"-"`
	BuyerEmail     string          `bun:"-"`
	MemberID       string          `bun:"-"`
}

// Receipt is the PDF receipt of the buyer's APPROVED purchase. Its number comes
// from the company's sequence at the first download and stays the same ever after: numbers are
// given under the purchase's row lock and the company counter's, in one transaction, so two
// downloads at once never give one purchase two numbers nor two purchases one number, and a
// failed transaction leaves no gap. Unknown or another buyer's: 404; not APPROVED: 409.
func (s *Service) Receipt(ctx context.Context, b user.Buyer, id string) (*ReceiptFile, error) {
	id = strings.TrimSpace(id)
	if id == "" {
		return nil, apperr.Invalid("id_required", "id is required.")
	}
	if !fields.UUID(id) {
		return nil, errPurchaseNotFound()
	}
	r, err := s.receiptRow(ctx, s.DB, b, id, false)
	if err != nil {
		return nil, err
	}
	if r.ReceiptNumber == nil {
		err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			locked, err := s.receiptRow(ctx, tx, b, id, true)
			if err != nil {
				return err
			}
			if locked.ReceiptNumber == nil { // else another download numbered it meanwhile
				var n int64
				if err := tx.NewRaw(`INSERT INTO receipt_counters AS c (company_id, last) VALUES (?, 1)
					ON CONFLICT (company_id) DO UPDATE SET last = c.last + 1 RETURNING last`, locked.CompanyID).Scan(ctx, &n); err != nil {
					return fmt.Errorf("next receipt number: %w", err)
				}
				if _, err := tx.NewUpdate().Table("purchases").Set("receipt_number = ?", n).Where("id = ?", id).Exec(ctx); err != nil {
					return fmt.Errorf("number receipt: %w", err)
				}
				locked.ReceiptNumber = &n
			}
			r = locked
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	d := receipt.Data{Number: *r.ReceiptNumber, Company: r.Company, CompanyAddress: r.CompanyAddress,
		CompanyPincode: r.CompanyPincode, Token: r.Token, Symbol: r.Symbol, BuyerName: r.BuyerName,
		BuyerEmail: r.BuyerEmail, MemberID: r.MemberID, OrderNumber: r.OrderNumber, Method: deref(r.Method),
		Reference: deref(r.Reference), Amount: r.Amount, Fee: r.Fee, FeePercent: r.FeePercent, Total: r.Total,
		Price: r.Price, Tokens: r.Quantity, OrderedAt: r.CreatedAt}
	if r.DecidedAt != nil {
		d.ApprovedAt = *r.DecidedAt
	}
	body, err := receipt.Render(d)
	if err != nil {
		return nil, err
	}
	return &ReceiptFile{Name: "receipt-" + receipt.NumberText(*r.ReceiptNumber) + ".pdf", Body: body}, nil
}

// receiptRow reads what the receipt shows, the purchase's row locked when lock is set.
func (s *Service) receiptRow(ctx context.Context, db bun.IDB, b user.Buyer, id string, lock bool) (*receiptRow, error) {
	var r receiptRow
	q := db.NewSelect().TableExpr("purchases AS p").
		ColumnExpr("p.id, p.status, p.receipt_number, p.company_id, p.user_id, p.order_number, p.decided_at, p.created_at, p.payment_method").
		ColumnExpr("p.reference_number, p.amount, p.fee, p.platform_charge_percent, p.final_amount, p.price, p.quantity").
		Where("p.id = ?", id).Where("p.user_id = ?", b.UserID).Where("p.company_id = ?", b.CompanyID)
	if lock {
		q = q.For("UPDATE OF p")
	}
	err := q.Scan(ctx, &r)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errPurchaseNotFound()
	}
	if err != nil {
		return nil, err
	}
	// The company, its token and the buyer through their owners' reads; a purchase without any
	// of them is not found, as it was when they were joined.
	c, err := company.PostalOf(ctx, db, r.CompanyID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errPurchaseNotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("receipt company: %w", err)
	}
	brands, err := sale.Brands(ctx, db, []string{r.CompanyID})
	if err != nil {
		return nil, fmt.Errorf("receipt token: %w", err)
	}
	tok, ok := brands[r.CompanyID]
	if !ok {
		return nil, errPurchaseNotFound()
	}
	u, err := user.BilledOf(ctx, db, r.UserID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errPurchaseNotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("receipt buyer: %w", err)
	}
	r.Company, r.CompanyAddress, r.CompanyPincode = c.Name, c.Address, c.Pincode
	r.Token, r.Symbol = tok.Name, tok.Symbol
	r.BuyerName, r.BuyerEmail, r.MemberID = u.Name, u.Email, u.ReferralCode
	if r.Status != StatusApproved {
		return nil, apperr.Conflict("not_approved", "A receipt is only available for an approved purchase.")
	}
	return &r, nil
}
