package allocation

import (
	"context"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/tasks"
	"prelaunch/core/kyc"
	"prelaunch/core/sale"
	"prelaunch/core/user"
)

// Service is the buyer's requests, the allocation at the window's close (the worker's Tick), the
// lapse of unpaid allocations, the admin's view and second pass, and the result emails.
type Service struct {
	DB    *bun.DB
	Clock clock.Clock
	Tasks tasks.Enqueuer // the result emails
	Log   *slog.Logger
	// SiteURL is the buyer site of a company's token (company.Links.SiteURL), for the emails.
	SiteURL func(symbol string, domains []string) string
	// Bought is the buyer's INR of INITIATED, PENDING and APPROVED orders (purchase.BoughtSoFar),
	// for the per-buyer limit and the KYC threshold a request meets as an order would.
	Bought func(ctx context.Context, db bun.IDB, b user.Buyer) (decimal.Decimal, error)
}

func (s *Service) now() time.Time {
	if s.Clock != nil {
		return s.Clock.Now()
	}
	return time.Now()
}

// RoundBrief is the round a buyer requests in: its price, its window, the payment hours, the
// commitment (SHA-256 of the seed) from the start and the seed once allocated.
type RoundBrief struct {
	ID              string          `json:"id"`
	Name            string          `json:"name"`
	Price           decimal.Decimal `json:"price"`
	RequestStartsAt *time.Time      `json:"requestStartsAt"`
	RequestEndsAt   *time.Time      `json:"requestEndsAt"`
	PaymentHours    int             `json:"paymentHours"`
	Status          string          `json:"status"` // SCHEDULED, OPEN (taking requests), CLOSING (window over, not allocated yet), ALLOCATED
	Commitment      string          `json:"commitment"`
	Seed            *string         `json:"seed"`
}

// RequestView is a buyer's request.
type RequestView struct {
	Amount    decimal.Decimal `json:"amount"`
	Quantity  decimal.Decimal `json:"quantity"`
	UpdatedAt time.Time       `json:"updatedAt"`
}

// AllocationView is what the buyer was given: amount is what to order (INR, the fee on top).
type AllocationView struct {
	Amount     decimal.Decimal `json:"amount"`
	Quantity   decimal.Decimal `json:"quantity"`
	PayBy      time.Time       `json:"payBy"`
	Status     string          `json:"status"`
	Pass       int             `json:"pass"`
	PurchaseID *string         `json:"purchaseId"`
}

// BuyerView is GET package/request/get.
type BuyerView struct {
	Round      RoundBrief      `json:"round"`
	Request    *RequestView    `json:"request"`
	Allocation *AllocationView `json:"allocation"`
}

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC().Truncate(time.Second)
	return &u
}

func roundStatus(r *sale.Round, now time.Time) string {
	switch {
	case r.DrawStatus == sale.DrawAllocated:
		return "ALLOCATED"
	case r.RequestsOpen(now):
		return "OPEN"
	case r.RequestEndsAt != nil && !now.Before(*r.RequestEndsAt):
		return "CLOSING"
	}
	return "SCHEDULED"
}

func (s *Service) brief(ctx context.Context, db bun.IDB, r *sale.Round, now time.Time) (RoundBrief, error) {
	b := RoundBrief{ID: r.ID, Name: r.Name, Price: r.Price, RequestStartsAt: utc(r.RequestStartsAt),
		RequestEndsAt: utc(r.RequestEndsAt), PaymentHours: r.PaymentHours, Status: roundStatus(r, now)}
	if r.DrawCommitment != nil {
		b.Commitment = *r.DrawCommitment
	}
	if r.DrawStatus == sale.DrawAllocated {
		seed, err := sale.Seed(ctx, db, r.ID)
		if err != nil {
			return b, err
		}
		if seed != "" {
			b.Seed = &seed
		}
	}
	return b, nil
}

func errNotByRequests(r *sale.Round) error {
	return apperr.Conflict("round_not_by_requests", fmt.Sprintf("Round %s is not sold by requests.", r.Name))
}

func istTime(t time.Time) string { return t.In(clock.IST).Format("2 Jan 2006, 15:04 IST") }

// errWindow is the refusal of a request outside the round's request window.
func errWindow(r *sale.Round, now time.Time) error {
	switch {
	case r.DrawStatus == sale.DrawAllocated:
		return apperr.Conflict("requests_closed", fmt.Sprintf(
			"Requests for %s closed on %s and the round has been allocated.", r.Name, istTime(*r.RequestEndsAt)))
	case r.RequestEndsAt != nil && !now.Before(*r.RequestEndsAt):
		return apperr.Conflict("requests_closed", fmt.Sprintf(
			"Requests for %s closed on %s; the allocation follows shortly.", r.Name, istTime(*r.RequestEndsAt)))
	case r.RequestStartsAt != nil:
		return apperr.Conflict("requests_not_open", fmt.Sprintf(
			"Requests for %s open on %s.", r.Name, istTime(*r.RequestStartsAt)))
	}
	return apperr.Conflict("requests_not_open", fmt.Sprintf("Requests for %s are not open.", r.Name))
}

// parseAmount accepts 0 (withdraw) or an INR amount with at most 2 decimals, up to ₹1,00,00,00,000.
func parseAmount(n fields.Num) (decimal.Decimal, error) {
	s := strings.TrimSpace(n.Raw)
	bad := apperr.InvalidField("bad_amount", "amount", "Please enter a valid amount (0 withdraws your request).")
	if !n.Set || s == "" || strings.ContainsAny(s, "eE+- ") {
		return decimal.Zero, bad
	}
	d, err := decimal.NewFromString(s)
	if err != nil || d.IsNegative() {
		return decimal.Zero, bad
	}
	if d.Exponent() < -2 && !d.Equal(d.Round(2)) {
		return decimal.Zero, apperr.InvalidField("bad_amount", "amount", "Please enter an amount with at most 2 decimals.")
	}
	if d.GreaterThan(decimal.RequireFromString("1000000000")) {
		return decimal.Zero, apperr.InvalidField("amount_too_large", "amount", "The amount is too large for one request.")
	}
	return d, nil
}

// RequestInput is the body of POST package/request.
type RequestInput struct {
	RoundID string     `json:"roundId"`
	Amount  fields.Num `json:"amount"`
}

// Request makes, changes or (amount 0) withdraws the buyer's request in a round during its request
// window: the amount meets the order limits (minimum, maximum, per buyer with what they bought so
// far) and the KYC threshold as an order would (403 kyc_required). Outside the window 409. The
// round is held FOR SHARE until the commit, so the allocation either sees this request or refuses it.
func (s *Service) Request(ctx context.Context, b user.Buyer, in RequestInput) (*BuyerView, error) {
	roundID := strings.TrimSpace(in.RoundID)
	if !fields.UUID(roundID) {
		return nil, apperr.InvalidField("bad_round", "roundId", "Choose a round.")
	}
	amt, err := parseAmount(in.Amount)
	if err != nil {
		return nil, err
	}
	err = s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		// The buyer's orders and requests serialise on the same advisory lock (their limits).
		if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", "order:"+b.UserID); err != nil {
			return fmt.Errorf("lock buyer: %w", err)
		}
		r, err := sale.ShareRound(ctx, tx, b.CompanyID, roundID)
		if err != nil {
			return err
		}
		if !r.ByRequests() {
			return errNotByRequests(r)
		}
		now := s.now()
		if !r.RequestsOpen(now) {
			return errWindow(r, now)
		}
		if amt.IsZero() {
			_, err := tx.NewDelete().Model((*Request)(nil)).Where("round_id = ?", r.ID).Where("user_id = ?", b.UserID).Exec(ctx)
			return err
		}
		tok, err := sale.Pricing(ctx, tx, b.CompanyID)
		if err != nil {
			return err
		}
		qty := amt.Div(r.Price).Floor()
		if !qty.IsPositive() {
			return apperr.InvalidField("amount_too_small", "amount",
				fmt.Sprintf("The amount is too small to buy one token (price ₹%s).", r.Price.StringFixed(2)))
		}
		charged := AmountOf(qty, r.Price)
		if tok.MinOrderINR != nil || tok.MaxOrderINR != nil || tok.MaxPerBuyerINR != nil || tok.KYCRequiredAboveINR != nil {
			bought := decimal.Zero
			if s.Bought != nil {
				if bought, err = s.Bought(ctx, tx, b); err != nil {
					return err
				}
			}
			if err := sale.CheckLimits(tok, charged, bought); err != nil {
				return err
			}
			if t := tok.KYCRequiredAboveINR; t != nil && bought.Add(charged).GreaterThan(*t) {
				ok, err := kyc.Approved(ctx, tx, b.UserID, now)
				if err != nil {
					return err
				}
				if !ok {
					return kyc.ErrRequired(*t)
				}
			}
		}
		req := &Request{RoundID: r.ID, CompanyID: b.CompanyID, UserID: b.UserID, Amount: amt, Quantity: qty, CreatedAt: now, UpdatedAt: now}
		_, err = tx.NewInsert().Model(req).
			On("CONFLICT (round_id, user_id) DO UPDATE").Set("amount = EXCLUDED.amount, quantity = EXCLUDED.quantity, updated_at = EXCLUDED.updated_at").
			Exec(ctx)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, b, roundID)
}

// Get is GET package/request/get: the round, the buyer's request and their allocation (null until
// allocated; the one still to order, else the latest).
func (s *Service) Get(ctx context.Context, b user.Buyer, roundID string) (*BuyerView, error) {
	roundID = strings.TrimSpace(roundID)
	if !fields.UUID(roundID) {
		return nil, apperr.InvalidField("bad_round", "roundId", "Choose a round.")
	}
	r, err := sale.RoundOf(ctx, s.DB, b.CompanyID, roundID)
	if err != nil {
		return nil, err
	}
	if !r.ByRequests() {
		return nil, errNotByRequests(r)
	}
	v := &BuyerView{}
	if v.Round, err = s.brief(ctx, s.DB, r, s.now()); err != nil {
		return nil, err
	}
	var req Request
	err = s.DB.NewSelect().Model(&req).Where("round_id = ?", r.ID).Where("user_id = ?", b.UserID).Scan(ctx)
	switch {
	case err == nil:
		v.Request = &RequestView{Amount: req.Amount, Quantity: req.Quantity, UpdatedAt: req.UpdatedAt.UTC().Truncate(time.Second)}
	case !errors.Is(err, sql.ErrNoRows):
		return nil, err
	}
	var rows []Allocation
	if err := s.DB.NewSelect().Model(&rows).Where("round_id = ?", r.ID).Where("user_id = ?", b.UserID).
		OrderExpr("(status = 'ALLOCATED') DESC, pass DESC").Limit(1).Scan(ctx); err != nil {
		return nil, err
	}
	if len(rows) == 1 {
		a := rows[0]
		v.Allocation = &AllocationView{Amount: a.Amount, Quantity: a.Quantity, PayBy: a.PayBy.UTC().Truncate(time.Second),
			Status: a.Status, Pass: a.Pass, PurchaseID: a.PurchaseID}
	}
	return v, nil
}

// Due is an allocation the buyer has still to order, for purchase.CreateOrder.
type Due struct {
	ID        string
	RoundID   string
	RoundName string
	Quantity  decimal.Decimal
	Price     decimal.Decimal
	Amount    decimal.Decimal
	PayBy     time.Time
}

// DueFor answers the buyer's oldest allocation still to order by now (nil for none), in the
// order's transaction.
func DueFor(ctx context.Context, db bun.IDB, b user.Buyer, now time.Time) (*Due, error) {
	var rows []Allocation
	if err := db.NewSelect().Model(&rows).Where("user_id = ?", b.UserID).Where("company_id = ?", b.CompanyID).
		Where("status = ?", StatusAllocated).Where("pay_by > ?", now).OrderExpr("pay_by, pass").Limit(1).Scan(ctx); err != nil {
		return nil, fmt.Errorf("due allocation: %w", err)
	}
	if len(rows) == 0 {
		return nil, nil
	}
	a := rows[0]
	name := ""
	if r, err := sale.RoundOf(ctx, db, b.CompanyID, a.RoundID); err == nil {
		name = r.Name
	}
	return &Due{ID: a.ID, RoundID: a.RoundID, RoundName: name, Quantity: a.Quantity, Price: a.Price, Amount: a.Amount, PayBy: a.PayBy}, nil
}

// ErrAmountDue is the refusal of an order of another amount than the buyer's allocation.
func ErrAmountDue(d *Due) error {
	return apperr.Conflict("allocation_amount", fmt.Sprintf(
		"You were allocated %s tokens in %s: order exactly %s (the fee is added) by %s.",
		sale.Grouped(d.Quantity, 0), d.RoundName, sale.Rupees(d.Amount), istTime(d.PayBy)))
}

// MarkOrdered records the order placed for the allocation, in the order's transaction: ALLOCATED →
// ORDERED before pay_by, once. 409 when it lapsed or was ordered meanwhile.
func MarkOrdered(ctx context.Context, tx bun.IDB, allocationID, purchaseID string, now time.Time) error {
	res, err := tx.NewUpdate().Model((*Allocation)(nil)).Set("status = ?", StatusOrdered).Set("purchase_id = ?", purchaseID).
		Set("updated_at = ?", now).Where("id = ?", allocationID).Where("status = ?", StatusAllocated).Where("pay_by > ?", now).Exec(ctx)
	if err != nil {
		return fmt.Errorf("mark allocation ordered: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return apperr.Conflict("allocation_gone", "Your allocation was already ordered or its time to pay is over.")
	}
	return nil
}

// ErrRequestsOnly refuses a first-come order priced in a round sold by requests.
func ErrRequestsOnly(r *sale.Round, now time.Time) error {
	if r.RequestsOpen(now) {
		return apperr.Conflict("round_by_requests", fmt.Sprintf(
			"%s is sold by requests: place your request before %s; orders follow the allocation.", r.Name, istTime(*r.RequestEndsAt)))
	}
	if r.DrawStatus != sale.DrawAllocated && r.RequestStartsAt != nil && now.Before(*r.RequestStartsAt) {
		return apperr.Conflict("round_by_requests", fmt.Sprintf(
			"%s is sold by requests: requests open on %s.", r.Name, istTime(*r.RequestStartsAt)))
	}
	return apperr.Conflict("round_by_requests", fmt.Sprintf(
		"%s is sold by requests: only buyers with an allocation can order in it.", r.Name))
}

func decodeSeed(s string) ([]byte, error) {
	b, err := hex.DecodeString(s)
	if err != nil || len(b) == 0 {
		return nil, fmt.Errorf("round draw seed unreadable")
	}
	return b, nil
}
