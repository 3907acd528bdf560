package purchase

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"strings"
	"time"

	"github.com/hibiken/asynq"
	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/driver/pgdriver"

	"prelaunch/core/apperr"
	"prelaunch/core/auth"
	"prelaunch/core/clock"
	"prelaunch/core/company"
	"prelaunch/core/fields"
	"prelaunch/core/media"
	"prelaunch/core/tasks"
)

// MaxOpenOrders caps the unpaid (INITIATED, in-window) orders a buyer may hold at once, so one
// account cannot lock up the private sale by placing orders it never pays.
const MaxOpenOrders = 5

// Service is the purchase state machine and every purchase query: create an order (reserving
// supply), submit proof (INITIATED → PENDING), approve or reject (PENDING → APPROVED | REJECTED),
// expire windows, queue decision notices, and the buyer, admin and super admin lists, the stock
// lists included.
type Service struct {
	DB        *bun.DB
	Tasks     tasks.Enqueuer   // schedules purchase:expire and queues decision emails
	Inspector *asynq.Inspector // optional: deletes the expire task once proof arrives
	Media     *media.Signer
	Clock     clock.Clock
	Log       *slog.Logger
	// Revoker, when set, is told whose balance an approval changed, after the commit, so this
	// process's cached user rows see it at once.
	Revoker auth.Revoker
}

func (s *Service) revoke(ids ...string) {
	if s.Revoker != nil {
		s.Revoker.Revoke(ids...)
	}
}

func (s *Service) logError(msg string, args ...any) {
	if s.Log != nil {
		s.Log.Error(msg, args...)
	}
}

// Buyer identifies the caller: every rule here is scoped to one user of one company.
type Buyer struct {
	UserID    string
	CompanyID string
}

// OrderView is an order as the buyer app reads it (DESIGN §6).
type OrderView struct {
	ID                    string          `json:"id"`
	OrderNumber           string          `json:"orderNumber"`
	TransactionID         string          `json:"transactionId"`
	Amount                decimal.Decimal `json:"amount"`
	EnteredAmount         decimal.Decimal `json:"enteredAmount"`
	Price                 decimal.Decimal `json:"price"`
	Quantity              decimal.Decimal `json:"quantity"`
	PlatformChargePercent decimal.Decimal `json:"platformChargePercent"`
	Fee                   decimal.Decimal `json:"fee"`
	FinalAmount           decimal.Decimal `json:"finalAmount"`
	ExpiresAt             string          `json:"expiresAt"`
	Status                string          `json:"status"`
	PaymentMethod         *string         `json:"paymentMethod"`
	ReferenceNumber       *string         `json:"referenceNumber"`
	CreatedAt             string          `json:"createdAt"`
}

func (p *Purchase) View() OrderView {
	return OrderView{ID: p.ID, OrderNumber: p.OrderNumber, TransactionID: p.TransactionID, Amount: p.Amount,
		EnteredAmount: p.EnteredAmount, Price: p.Price, Quantity: p.Quantity, PlatformChargePercent: p.PlatformChargePercent, Fee: p.Fee,
		FinalAmount: p.FinalAmount, ExpiresAt: p.ExpiresAt.UTC().Format(time.RFC3339), Status: p.Status,
		PaymentMethod: p.PaymentMethod, ReferenceNumber: p.ReferenceNumber,
		CreatedAt: p.CreatedAt.UTC().Format(time.RFC3339)}
}

// Quote prices an order for the amount the buyer typed, whole tokens only (DESIGN §16):
// quantity = floor(typed / price); the order charges for what it buys, amount = quantity × price
// (to the paisa, rounded up: never above typed, which has at most 2 decimals); fee = amount ×
// percent / 100 to 2 decimals; final = amount + fee. ₹1,005 at ₹10 is 100 tokens for ₹1,000.
func Quote(typed, price, percent decimal.Decimal) (qty, amount, fee, final decimal.Decimal) {
	qty, _ = typed.QuoRem(price, 0)
	amount = qty.Mul(price).RoundCeil(2)
	fee = amount.Mul(percent).Div(decimal.NewFromInt(100)).Round(2)
	return qty, amount, fee, amount.Add(fee)
}

// CreateOrder places an INITIATED order for amount INR: it locks the token row, prices the order,
// reserves its quantity from the remaining private supply (409 when short) and schedules the
// expiry of its 15-minute window.
func (s *Service) CreateOrder(ctx context.Context, b Buyer, amount Amount) (*Purchase, error) {
	amt, err := ParseAmount(amount)
	if err != nil {
		return nil, err
	}
	var p *Purchase
	err = retryOnNumberClash(func() error {
		return s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			var err error
			p, err = s.createInTx(ctx, tx, b, amt)
			return err
		})
	})
	if err != nil {
		return nil, err
	}
	s.scheduleExpiry(ctx, p)
	return p, nil
}

func (s *Service) createInTx(ctx context.Context, tx bun.Tx, b Buyer, amt decimal.Decimal) (*Purchase, error) {
	// The buyer's own orders serialise on an advisory lock of their id (the open-order cap);
	// the company's token row is locked only by the reservation below, so it is held for one
	// insert and the commit instead of the whole transaction (approvals queue on that row too).
	if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", "order:"+b.UserID); err != nil {
		return nil, fmt.Errorf("lock buyer orders: %w", err)
	}
	now := s.Clock.Now()
	open, err := tx.NewSelect().Model((*Purchase)(nil)).Where("user_id = ?", b.UserID).
		Where("status = ?", StatusInitiated).Where("expires_at > ?", now).Count(ctx)
	if err != nil {
		return nil, err
	}
	if open >= MaxOpenOrders {
		return nil, apperr.Conflict("too_many_open_orders", fmt.Sprintf(
			"You already have %d unpaid orders. Pay for one or wait for it to expire before placing another.", open))
	}
	// Price the order from the token row as it is now (no lock), insert it, and reserve its
	// quantity last, so the token row stays locked only from that UPDATE to the commit.
	var tok company.Token
	err = tx.NewSelect().Model(&tok).Column("price", "platform_charge_percent").Where("company_id = ?", b.CompanyID).Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.NotFound("token_not_found", "Please select a token to proceed.")
	}
	if err != nil {
		return nil, fmt.Errorf("read token: %w", err)
	}
	qty, charged, fee, final := Quote(amt, tok.Price, tok.PlatformChargePercent)
	if !qty.IsPositive() {
		return nil, apperr.Invalid("amount_too_small",
			fmt.Sprintf("The amount is too small to buy one token (price ₹%s).", tok.Price.StringFixed(2)))
	}
	p := &Purchase{CompanyID: b.CompanyID, UserID: b.UserID, OrderNumber: "PUR-" + randomDigits(12),
		TransactionID: "TXN" + randomDigits(16), Status: StatusInitiated, Amount: charged, EnteredAmount: amt, Price: tok.Price,
		Quantity: qty, PlatformChargePercent: tok.PlatformChargePercent, Fee: fee, FinalAmount: final,
		ExpiresAt: now.Add(PaymentWindow), CreatedAt: now, UpdatedAt: now}
	if _, err := tx.NewInsert().Model(p).Returning("id").Exec(ctx); err != nil {
		return nil, fmt.Errorf("insert purchase: %w", err)
	}
	if err := reservePriced(ctx, tx, b.CompanyID, qty, tok.Price, tok.PlatformChargePercent); err != nil {
		return nil, err
	}
	return p, nil
}

// scheduleExpiry enqueues purchase:expire at the end of the window. A failure is only logged:
// the worker's periodic sweep expires the order anyway.
func (s *Service) scheduleExpiry(ctx context.Context, p *Purchase) {
	if s.Tasks == nil {
		return
	}
	task, opts, err := tasks.NewPurchaseExpireTask(p.ID, p.ExpiresAt)
	if err == nil {
		_, err = s.Tasks.EnqueueContext(ctx, task, opts...)
	}
	if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) && s.Log != nil {
		s.Log.Warn("schedule purchase expiry failed; the sweep will expire it", "purchase", p.ID, "err", err)
	}
}

func errOrderNotFound() error { return apperr.NotFound("order_not_found", "Order not found.") }

// GetOrder returns one of the buyer's own orders; anything else is 404.
func (s *Service) GetOrder(ctx context.Context, b Buyer, id string) (*Purchase, error) {
	id = strings.TrimSpace(id)
	if !fields.UUID(id) {
		return nil, errOrderNotFound()
	}
	var p Purchase
	err := s.DB.NewSelect().Model(&p).Where("id = ?", id).Where("user_id = ?", b.UserID).
		Where("company_id = ?", b.CompanyID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errOrderNotFound()
	}
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// isUnique reports whether err is a unique violation of the named constraint (any when empty).
func isUnique(err error, constraint string) bool {
	var pe pgdriver.Error
	if !errors.As(err, &pe) || pe.Field('C') != "23505" {
		return false
	}
	return constraint == "" || pe.Field('n') == constraint
}

// retryOnNumberClash retries fn when a random order number or transaction id collides, or when
// the token's price or fee changed while the order was being placed (errPriceMoved).
func retryOnNumberClash(fn func() error) error {
	var err error
	for i := 0; i < 3; i++ {
		err = fn()
		if !isUnique(err, "purchases_order_number_key") && !isUnique(err, "purchases_transaction_id_key") &&
			!errors.Is(err, errPriceMoved) {
			return err
		}
	}
	return err
}

func randomDigits(n int) string {
	var sb strings.Builder
	ten := big.NewInt(10)
	for i := 0; i < n; i++ {
		d, err := rand.Int(rand.Reader, ten)
		if err != nil {
			panic(err)
		}
		sb.WriteByte(byte('0' + d.Int64()))
	}
	return sb.String()
}
