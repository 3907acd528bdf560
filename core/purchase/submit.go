package purchase

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hibiken/asynq"
	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/media"
	"prelaunch/core/infra/metrics"
	"prelaunch/core/infra/pgerr"
	"prelaunch/core/infra/tasks"
	"prelaunch/core/user"
)

// SubmitInput is the proof of payment. Amount is only used when PurchaseID is empty
// (create and submit in one step); otherwise the order's own amount is charged.
type SubmitInput struct {
	PurchaseID      string
	PaymentMethod   string
	ReferenceNumber string
	ReceiptID       string
	BankName        string
	Amount          Amount
	// PaidAmount is the amount the buyer says they paid (the proof form's "Enter Amount");
	// optional, kept for the admin's review beside the amount due.
	PaidAmount Amount
}

func errDuplicateUTR() error {
	return apperr.Conflict("duplicate_reference", "This UTR / transaction number has already been submitted.")
}

const errImplausibleUTR = "Please enter the bank's reference: a UPI RRN or IMPS reference of 12 digits, or a NEFT/RTGS UTR of 16 to 22 letters and digits."

func errReceiptReused() error {
	return apperr.Conflict("duplicate_receipt", "This transaction file is already attached to another purchase.")
}

func errWindowOver() error {
	return apperr.Gone("window_over", "The payment window for this order is over. Please place a new order.")
}

func errAlreadySubmitted() error {
	return apperr.Conflict("already_submitted", "This order has already been submitted.")
}

type proof struct {
	method, ref, bank string
	receipt           *string
	paid              *decimal.Decimal
	receiptSum        *string // the receipt's SHA-256 (nil for an upload older than the sums)
}

func (s *Service) checkProof(ctx context.Context, b user.Buyer, in SubmitInput) (proof, error) {
	var pr proof
	var v apperr.Validation
	pr.method = strings.ToUpper(strings.TrimSpace(in.PaymentMethod))
	pr.ref = strings.TrimSpace(in.ReferenceNumber)
	pr.bank = strings.TrimSpace(in.BankName)
	receipt := strings.TrimSpace(in.ReceiptID)
	switch pr.method {
	case MethodUPI, MethodBank:
		v.CheckField(pr.ref != "", "referenceNumber", "Please enter UTR or Transaction Number.")
		v.CheckField(receipt != "", "receiptId", "Please upload a transaction file before submitting.")
	case MethodManual:
	default:
		v.Field("Please choose a payment method: UPI, BANK or MANUAL.", "paymentMethod")
	}
	if pr.ref != "" {
		switch {
		case !validReference(pr.ref):
			v.Field("The UTR or transaction number must be 4 to 64 letters, digits, '-', '/' or '_'.", "referenceNumber")
		case pr.method == MethodUPI || pr.method == MethodBank:
			// The bank's own reference: "0000" or "UTR1001" is no payment, and an empty normal
			// form would claim every other implausible reference with it.
			v.CheckField(fields.PlausibleUTR(fields.NormalUTR(pr.ref)), "referenceNumber", errImplausibleUTR)
		default:
			// MANUAL has no bank reference: any note of 4 characters that are not padding.
			v.CheckField(len(fields.NormalUTR(pr.ref)) >= 4, "referenceNumber", "The transaction number must have at least 4 letters or digits besides leading zeros.")
		}
	}
	v.CheckField(len(pr.bank) <= 120, "bankName", "The bank name is too long.")
	if in.PaidAmount.Set && strings.TrimSpace(in.PaidAmount.Raw) != "" {
		if paid, err := ParseAmount(in.PaidAmount); err != nil {
			v.Field("Please enter the amount you paid (up to 2 decimals).", "paidAmount")
		} else {
			pr.paid = &paid
		}
	}
	if err := v.Err(); err != nil {
		return pr, err
	}
	if receipt != "" {
		if err := media.CheckOwned(ctx, s.DB, receipt, "user", b.UserID, false); err != nil {
			return pr, apperr.InvalidField("bad_receipt", "receiptId", "The transaction file was not found. Please upload it again.")
		}
		pr.receipt = &receipt
		sum, err := media.SHA256(ctx, s.DB, receipt)
		if err != nil {
			return pr, fmt.Errorf("receipt sum: %w", err)
		}
		pr.receiptSum = sum
	}
	return pr, nil
}

func validReference(s string) bool {
	if len(s) < 4 || len(s) > 64 {
		return false
	}
	for _, r := range s {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '-' || r == '/' || r == '_') {
			return false
		}
	}
	return true
}

// Submit moves the buyer's INITIATED order to PENDING with its proof, in one conditional UPDATE.
// Unknown or another buyer's order: 404; window over: 410; not INITIATED: 409; a UTR already
// submitted in the company: 409. Without PurchaseID it creates the order and submits it in one
// transaction.
func (s *Service) Submit(ctx context.Context, b user.Buyer, in SubmitInput) (*Purchase, error) {
	pr, err := s.checkProof(ctx, b, in)
	if err != nil {
		return nil, err
	}
	id := strings.TrimSpace(in.PurchaseID)
	if id == "" {
		return s.createAndSubmit(ctx, b, in.Amount, pr)
	}
	if !fields.UUID(id) {
		return nil, errOrderNotFound()
	}
	now := s.Clock.Now()
	var p Purchase
	// One conditional UPDATE, atomic on its own: sent without BEGIN and COMMIT, one round trip.
	err = submitUpdate(ctx, s.DB, &p, id, b, pr, now)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, s.whyNotSubmitted(ctx, b, id, now)
	}
	if err != nil {
		return nil, s.receiptUsed(ctx, b, pr, err)
	}
	s.cancelExpiry(p.ID)
	return &p, nil
}

// submitUpdate is Submit's UPDATE, on db: the pool (a statement of its own) or a transaction.
func submitUpdate(ctx context.Context, tx bun.IDB, p *Purchase, id string, b user.Buyer, pr proof, now time.Time) error {
	q := tx.NewUpdate().Model(p).
		Set("status = ?", StatusPending).
		Set("payment_method = ?", pr.method).
		Set("reference_number = ?", nullable(pr.ref)).
		Set("receipt_id = ?", pr.receipt).
		Set("receipt_sha256 = ?", pr.receiptSum).
		Set("bank_name = ?", pr.bank).
		Set("paid_amount = ?", pr.paid).
		Set("submitted_at = ?", now).
		Set("updated_at = ?", now).
		Where("id = ?", id).Where("user_id = ?", b.UserID).Where("company_id = ?", b.CompanyID).
		Where("status = ?", StatusInitiated).Where("expires_at > ?", now).
		Returning("*")
	res, err := q.Exec(ctx)
	if claim := claimErr(err); claim != nil {
		return claim
	}
	if err != nil {
		return fmt.Errorf("submit purchase: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return sql.ErrNoRows
	}
	return nil
}

// whyNotSubmitted tells apart the reasons a conditional submit matched nothing.
func (s *Service) whyNotSubmitted(ctx context.Context, b user.Buyer, id string, now time.Time) error {
	var p Purchase
	err := s.DB.NewSelect().Model(&p).Column("id", "user_id", "company_id", "status", "expires_at").
		Where("id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && (p.UserID != b.UserID || p.CompanyID != b.CompanyID)) {
		return errOrderNotFound()
	}
	if err != nil {
		return err
	}
	switch {
	case p.Status == StatusExpired:
		return errWindowOver()
	case p.Status == StatusCancelled:
		return apperr.Conflict("order_cancelled", "This order was cancelled. Please place a new order.")
	case p.Status == StatusInitiated && !p.ExpiresAt.After(now):
		// The window is over but the worker has not expired it yet: do it now.
		if _, err := s.Expire(ctx, id, now); err != nil && s.Log != nil {
			s.Log.Warn("expire on late submit failed", "purchase", id, "err", err)
		}
		return errWindowOver()
	default:
		return errAlreadySubmitted()
	}
}

func (s *Service) createAndSubmit(ctx context.Context, b user.Buyer, amount Amount, pr proof) (*Purchase, error) {
	amt, err := ParseAmount(amount)
	if err != nil {
		return nil, err
	}
	var p *Purchase
	err = retryOnNumberClash(func() error {
		return s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			created, err := s.createInTx(ctx, tx, b, amt)
			if err != nil {
				return err
			}
			var sub Purchase
			if err := submitUpdate(ctx, tx, &sub, created.ID, b, pr, s.Clock.Now()); err != nil {
				if errors.Is(err, sql.ErrNoRows) {
					return fmt.Errorf("submit just-created order %s: no row", created.ID)
				}
				return err
			}
			p = &sub
			return nil
		})
	})
	if err != nil {
		return nil, s.receiptUsed(ctx, b, pr, err)
	}
	metrics.OrdersCreated.Inc()
	s.Bought.Forget(b.UserID)
	return p, nil
}

// cancelExpiry deletes the scheduled purchase:expire task; not-found is fine (it may have run,
// or never been scheduled), and the expire handler is idempotent anyway.
func (s *Service) cancelExpiry(id string) {
	if s.Inspector == nil {
		return
	}
	err := s.Inspector.DeleteTask(tasks.QueueDefault, tasks.ExpireTaskID(id))
	if err != nil && !errors.Is(err, asynq.ErrTaskNotFound) && !errors.Is(err, asynq.ErrQueueNotFound) && s.Log != nil {
		s.Log.Warn("delete expire task failed", "purchase", id, "err", err)
	}
}

// claimErr turns a violation of "one payment, one claim" into its 409: the
// database's unique indexes of migration …0300_refund_receipt_claims decide, so two claims racing
// cannot both pass a read made before either writes. nil when err is not such a violation.
func claimErr(err error) error {
	switch {
	case pgerr.IsUnique(err, "purchases_company_ref_claim_key"):
		return errDuplicateUTR()
	case pgerr.IsUnique(err, "purchases_receipt_claim_key"):
		return errReceiptReused()
	case pgerr.IsUnique(err, "purchases_receipt_content_claim_key"):
		return errReceiptContentUsed
	}
	return nil
}

// errReceiptContentUsed stands for a violation of purchases_receipt_content_claim_key inside a
// transaction; receiptUsed names the order once the transaction is over.
var errReceiptContentUsed = errors.New("receipt content already claimed")

// receiptUsed turns errReceiptContentUsed into its 409 naming the purchase the same receipt
// (the same bytes, whatever its file id) backs; any other err is returned as it is.
func (s *Service) receiptUsed(ctx context.Context, b user.Buyer, pr proof, err error) error {
	if !errors.Is(err, errReceiptContentUsed) {
		return err
	}
	var order string
	if pr.receiptSum != nil {
		_ = s.DB.NewSelect().Table("purchases").Column("order_number").
			Where("company_id = ?", b.CompanyID).Where("receipt_sha256 = ?", *pr.receiptSum).
			Where("status IN (?)", bun.List([]string{StatusPending, StatusApproved, StatusRefunded})).
			Where("NOT claim_repeat").Limit(1).Scan(ctx, &order)
	}
	return errReceiptAlreadyUsed(order)
}

func errReceiptAlreadyUsed(order string) error {
	if order == "" {
		return apperr.Conflict("receipt_used", "This receipt was already used for another order.")
	}
	return apperr.Conflict("receipt_used", fmt.Sprintf("This receipt was already used for order %s.", order))
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
