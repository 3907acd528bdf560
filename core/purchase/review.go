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

	"prelaunch/core/audit"
	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/media"
	"prelaunch/core/infra/metrics"
	"prelaunch/core/invoice"
	"prelaunch/core/sale"
	"prelaunch/core/user"
)

// The admin review of purchases: PENDING -> APPROVED | REJECTED, each one
// conditional UPDATE, so two admins racing have exactly one effect and the loser gets 409.

func errPurchaseNotFound() error { return apperr.NotFound("purchase_not_found", "Purchase not found.") }

// AdminUserRef is the buyer as the admin purchase list shows them.
type AdminUserRef struct {
	ID           string `json:"id"`
	ReferralCode string `json:"referralCode"`
	Name         string `json:"name"`
	Mobile       string `json:"mobile"`
	Email        string `json:"email"`
	// The buyer's verification, for the review: the account's and the KYC's.
	IsApproved bool   `json:"isApproved"`
	KYCStatus  string `json:"kycStatus"`
}

type AdminCompanyRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// AdminRecord is a purchase as the admin screens show it.
type AdminRecord struct {
	ID              string           `json:"id"`
	OrderNumber     string           `json:"orderNumber"`
	TransactionID   string           `json:"transactionId"`
	User            AdminUserRef     `json:"user"`
	Company         *AdminCompanyRef `json:"company,omitempty"`
	PaymentMethod   *string          `json:"paymentMethod"`
	Price           decimal.Decimal  `json:"price"`
	TotalQuantity   decimal.Decimal  `json:"totalQuantity"`
	Amount          decimal.Decimal  `json:"amount"`
	EnteredAmount   decimal.Decimal  `json:"enteredAmount"`
	PaidAmount      *decimal.Decimal `json:"paidAmount"`
	Fee             decimal.Decimal  `json:"fee"`
	FinalAmount     decimal.Decimal  `json:"finalAmount"`
	Status          string           `json:"status"`
	ReferenceNumber *string          `json:"referenceNumber"`
	BankName        string           `json:"bankName"`
	Receipt         *media.Ref       `json:"receipt"`
	SubmittedAt     *time.Time       `json:"submittedAt"`
	DecidedAt       *time.Time       `json:"decidedAt"`
	CreatedAt       time.Time        `json:"createdAt"`
	RejectReason    *string          `json:"rejectReason"`
	RefundReference *string          `json:"refundReference"`
	RefundedAt      *time.Time       `json:"refundedAt"`
}

// ReviewFilter is the query of the admin and super admin purchase lists.
type ReviewFilter struct {
	Page, Limit, Status, Search, CompanyID string
	// Sort is date (newest first, the default) or amount (the final amount, largest first); Dir
	// asc or desc.
	Sort, Dir string
}

// reviewable are the statuses an admin lists and exports; INITIATED, EXPIRED and CANCELLED orders
// never reached review.
var reviewable = []string{StatusPending, StatusApproved, StatusRejected, StatusRefunded}

// BadReviewStatus is the 422 of a status filter that is none of them.
const BadReviewStatus = "status must be PENDING, APPROVED, REJECTED or REFUNDED."

// ReviewStatuses is the status filter of the admin lists and exports: the one status s names (any
// case), or all of them when s is empty; ok is false for anything else.
func ReviewStatuses(s string) (statuses []string, ok bool) {
	st := strings.ToUpper(strings.TrimSpace(s))
	if st == "" {
		return reviewable, true
	}
	for _, r := range reviewable {
		if st == r {
			return []string{st}, true
		}
	}
	return nil, false
}

// RefundedCount is how many REFUNDED purchases the company has (every company's when companyID is "").
func RefundedCount(ctx context.Context, db bun.IDB, companyID string) (int64, error) {
	q := db.NewSelect().Table("purchases").Where("status = ?", StatusRefunded)
	if companyID != "" {
		q = q.Where("company_id = ?", companyID)
	}
	n, err := q.Count(ctx)
	return int64(n), err
}

// ReviewDecision is what a review did, for the caller and the tests.
type ReviewDecision struct {
	Purchase       Purchase
	RewardQuantity decimal.Decimal // tokens paid to the referrer (approval only)
}

type decisionAudit struct {
	Status         string          `json:"status"`
	Quantity       decimal.Decimal `json:"quantity"`
	UserID         string          `json:"userId"`
	ReferrerID     string          `json:"referrerId,omitempty"`
	ReferralReward decimal.Decimal `json:"referralReward"`
	ReleasedSupply decimal.Decimal `json:"releasedSupply"`
	// ImportID names the bank statement import whose bulk approval this was.
	ImportID string `json:"importId,omitempty"`
	Reason   string `json:"reason,omitempty"` // a rejection's reason
	// Invoice is the number of the tax invoice the approval issued (core/invoice).
	Invoice string `json:"invoice,omitempty"`
}

type reviewBuyer = user.Reviewed

// Approve moves a PENDING purchase of the company to APPROVED, credits the buyer's stock
// balance and, when the buyer was referred, pays the referrer floor(quantity × referral% / 100)
// from the token's remaining referral supply (if that supply is short, what remains is paid; if
// the referrer has been deleted, nothing is paid). Everything happens in one transaction; the
// buyer is emailed after commit.
func (s *Service) Approve(ctx context.Context, actor audit.Actor, companyID, id string) (*ReviewDecision, error) {
	return s.decide(ctx, actor, companyID, id, StatusApproved, "", nil)
}

// ApproveImported is Approve on behalf of a bank statement import's bulk approval:
// the very same conditional transition, credit, referral reward and notice, with an audit row
// naming the import. Racing a manual approval, exactly one of them has the effect; the other
// gets the same 409 a second click would.
func (s *Service) ApproveImported(ctx context.Context, actor audit.Actor, companyID, id, importID string) (*ReviewDecision, error) {
	return s.decide(ctx, actor, companyID, id, StatusApproved, importID, nil)
}

// MaxRejectReason is the longest reason a rejection may give, in characters.
const MaxRejectReason = fields.MaxReason

// Reject moves a PENDING purchase of the company to REJECTED and releases its reservation back
// to the private supply, in one transaction; the buyer is emailed after commit. reason is
// optional: one line, trimmed, at most MaxRejectReason characters; the buyer reads it
// in their history and the email.
func (s *Service) Reject(ctx context.Context, actor audit.Actor, companyID, id, reason string) (*ReviewDecision, error) {
	reason = strings.TrimSpace(reason)
	if err := checkRejectReason(reason); err != nil {
		return nil, err
	}
	return s.decide(ctx, actor, companyID, id, StatusRejected, "", nullable(reason))
}

// checkRejectReason is the rule of a rejection's reason (single and bulk).
func checkRejectReason(reason string) error {
	var v apperr.Validation
	if msg := fields.ReasonProblem(reason, false); msg != "" {
		v.Add(msg)
	}
	return v.Err()
}

func (s *Service) decide(ctx context.Context, actor audit.Actor, companyID, id, to, importID string, reason *string) (*ReviewDecision, error) {
	id = strings.TrimSpace(id)
	if id == "" {
		return nil, apperr.Invalid("id_required", "id is required.")
	}
	if !fields.UUID(id) {
		return nil, errPurchaseNotFound()
	}
	var dec ReviewDecision
	var b reviewBuyer
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		dec = ReviewDecision{RewardQuantity: decimal.Zero}
		p := &dec.Purchase
		q := tx.NewUpdate().Model(p).
			Set("status = ?", to).Set("decided_at = now()").Set("updated_at = now()").
			Where("id = ?", id).Where("company_id = ?", companyID).Where("status = ?", StatusPending).
			Returning("*")
		if actor.ID != "" {
			q = q.Set("decided_by = ?", actor.ID)
		}
		if reason != nil {
			q = q.Set("reject_reason = ?", *reason)
		}
		if err := q.Scan(ctx); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return notPendingErr(ctx, tx, companyID, id)
			}
			return fmt.Errorf("decide purchase: %w", err)
		}
		var err error
		if to == StatusApproved { // the credit returns the buyer: one statement for both
			b, err = user.Credit(ctx, tx, p.UserID, p.Quantity)
		} else {
			b, err = user.ReviewedOf(ctx, tx, p.UserID)
		}
		if err != nil {
			return fmt.Errorf("load buyer: %w", err)
		}
		after := decisionAudit{Status: to, Quantity: p.Quantity, UserID: p.UserID,
			ReferralReward: decimal.Zero, ReleasedSupply: decimal.Zero, ImportID: importID, Reason: deref(reason)}
		if to == StatusApproved {
			if b.ReferredBy != nil {
				paid, err := payReferral(ctx, tx, p, *b.ReferredBy)
				if err != nil {
					return err
				}
				dec.RewardQuantity = paid
				after.ReferrerID = *b.ReferredBy
				after.ReferralReward = paid
			}
		} else {
			if err := release(ctx, tx, p); err != nil {
				return err
			}
			after.ReleasedSupply = p.Quantity
		}
		if to == StatusApproved {
			// The tax invoice of the platform charge, numbered in this transaction: last, so
			// the counter row is held only for its insert (docs/architecture.md, lock order).
			inv, err := invoice.Issue(ctx, tx, s.Clock.Now(), invoice.Charge{CompanyID: companyID, PurchaseID: p.ID,
				UserID: p.UserID, Fee: p.Fee})
			if err != nil {
				return err
			}
			if inv != nil {
				after.Invoice = inv.Number
			}
		}
		action := "purchase.approve"
		if to == StatusRejected {
			action = "purchase.reject"
		}
		return audit.Write(ctx, tx, actor, action, "purchase", p.ID, map[string]string{"status": StatusPending}, after)
	})
	if err != nil {
		return nil, err
	}
	if to == StatusRejected {
		metrics.Rejections.Inc()
	}
	if to == StatusApproved { // balances changed: this process's user cache sees it at once, the others once announced
		metrics.Approvals.Inc()
		credited := []string{dec.Purchase.UserID}
		if b.ReferredBy != nil && dec.RewardQuantity.IsPositive() {
			credited = append(credited, *b.ReferredBy)
		}
		s.revoke(credited...)
		if err := user.AnnounceBalance(ctx, s.DB, credited...); err != nil {
			s.logError("balance change not announced; other processes show the old balance for up to a minute", "purchase", dec.Purchase.ID, "err", err)
		}
	}
	// The notice's company and token, read after the commit (at most a second old): the decision
	// does not wait on them, and without them the sweep queues the notice later.
	from, err := s.noticeFrom(ctx, companyID)
	if err != nil {
		s.logError("decision mail not queued, company not read; the sweep will retry", "purchase", dec.Purchase.ID, "err", err)
		return &dec, nil
	}
	n := Notice{PurchaseID: dec.Purchase.ID, OrderNumber: dec.Purchase.OrderNumber, Reference: deref(dec.Purchase.ReferenceNumber),
		Status: to, Quantity: dec.Purchase.Quantity, Email: b.Email, Name: b.Name, Deleted: b.Deleted,
		Brand: from.Brand.Name, Symbol: from.Brand.Symbol, Company: from.Sender.Name, CompanyMail: from.Sender.Email,
		Domain: from.Sender.Domain, Reason: deref(reason)}
	if err := s.SendNotice(ctx, n); err != nil {
		// The decision stands; the worker's sweep queues the notice once Redis answers again.
		s.logError("decision mail not queued; the sweep will retry", "purchase", dec.Purchase.ID, "err", err)
	}
	return &dec, nil
}

// notPendingErr explains why the conditional update matched nothing: 404 when the purchase is
// unknown or another company's, 409 when it is no longer (or not yet) awaiting review.
func notPendingErr(ctx context.Context, tx bun.Tx, companyID, id string) error {
	status, err := statusOf(ctx, tx, companyID, id)
	if err != nil {
		return err
	}
	if status == StatusApproved || status == StatusRejected || status == StatusRefunded {
		return apperr.Conflict("already_processed", "This purchase has already been processed.")
	}
	return apperr.Conflict("not_pending", "This purchase is not awaiting review.")
}

// statusOf is the purchase's status after a conditional update matched nothing: 404 when the
// purchase is unknown or another company's.
func statusOf(ctx context.Context, tx bun.Tx, companyID, id string) (string, error) {
	var status string
	err := tx.NewSelect().Table("purchases").Column("status").
		Where("id = ?", id).Where("company_id = ?", companyID).Scan(ctx, &status)
	if errors.Is(err, sql.ErrNoRows) {
		return "", errPurchaseNotFound()
	}
	return status, err
}

// payReferral credits the referrer their reward from the referral supply, once per purchase
// (referral_rewards.purchase_id is unique), and returns what was paid.
func payReferral(ctx context.Context, tx bun.Tx, p *Purchase, referrerID string) (decimal.Decimal, error) {
	// Most approvals pay no reward (small orders floor to 0): find that out without the token
	// row's lock, so they do not queue behind orders and other approvals on that single row. A
	// percent changed meanwhile is the same race as the change committing just after this read.
	percent, err := sale.ReferralPercent(ctx, tx, p.CompanyID)
	if err != nil {
		return decimal.Zero, err
	}
	if !p.Quantity.Mul(percent).Div(decimal.NewFromInt(100)).Floor().IsPositive() {
		return decimal.Zero, nil
	}
	tok, err := sale.LockToken(ctx, tx, p.CompanyID)
	if err != nil {
		return decimal.Zero, err
	}
	reward := p.Quantity.Mul(tok.ReferralPercent).Div(decimal.NewFromInt(100)).Floor()
	if reward.GreaterThan(tok.RemainingReferralSupply) {
		reward = tok.RemainingReferralSupply
	}
	if !reward.IsPositive() {
		return decimal.Zero, nil
	}
	credited, err := user.CreditMember(ctx, tx, p.CompanyID, referrerID, reward)
	if err != nil || !credited {
		return decimal.Zero, err
	}
	if err := sale.TakeReferralSupply(ctx, tx, tok.ID, reward); err != nil {
		return decimal.Zero, err
	}
	rr := &ReferralReward{CompanyID: p.CompanyID, PurchaseID: p.ID, ReferrerID: referrerID,
		ReferredUserID: p.UserID, Quantity: reward, Percent: tok.ReferralPercent}
	if _, err := tx.NewInsert().Model(rr).Exec(ctx); err != nil {
		return decimal.Zero, fmt.Errorf("record referral reward: %w", err)
	}
	return reward, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
