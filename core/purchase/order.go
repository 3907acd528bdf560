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

	"prelaunch/core/allocation"
	"prelaunch/core/auth"
	"prelaunch/core/company"
	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/media"
	"prelaunch/core/infra/metrics"
	"prelaunch/core/infra/pgerr"
	"prelaunch/core/infra/prepared"
	"prelaunch/core/infra/tasks"
	"prelaunch/core/infra/ttl"
	"prelaunch/core/kyc"
	"prelaunch/core/sale"
	"prelaunch/core/user"
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
	// Bought keeps each buyer's running total (price/get's limits.boughtSoFar) for its TTL
	// (company.SiteTTL in runtime; zero reads it every time). This process's own orders and
	// cancellations forget it at once; orders never use it (they sum under the buyer's lock).
	Bought ttl.Cache[string, decimal.Decimal]
	// From keeps what the decision emails say of each company (token and company names, sender)
	// for its TTL (company.SiteTTL in runtime; zero reads it for every decision): a rename reaches
	// the emails within that time.
	From ttl.Cache[string, NoticeFrom]
	// Links says where each company's buyer site is, for the decision emails' link.
	Links company.Links
	// Window is how long a new order stays open (config PAYMENT_WINDOW); zero is PaymentWindow.
	Window time.Duration

	// stmts are the buyer list's pages, prepared (list.go).
	stmts prepared.Statements
}

func (s *Service) window() time.Duration {
	if s.Window > 0 {
		return s.Window
	}
	return PaymentWindow
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

// OrderView is an order as the buyer app reads it.
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

// Quote prices an order for the amount the buyer typed, whole tokens only:
// quantity = floor(typed / price); the order charges for what it buys, amount = quantity × price
// (to the paisa, rounded up: never above typed, which has at most 2 decimals); fee = amount ×
// percent / 100 to 2 decimals; final = amount + fee. ₹1,005 at ₹10 is 100 tokens for ₹1,000.
func Quote(typed, price, percent decimal.Decimal) (qty, amount, fee, final decimal.Decimal) {
	qty, _ = typed.QuoRem(price, 0)
	amount = qty.Mul(price).RoundCeil(2)
	fee = amount.Mul(percent).Div(decimal.NewFromInt(100)).Round(2)
	return qty, amount, fee, amount.Add(fee)
}

// CreateOrder places an INITIATED order for amount INR: it prices the order, reserves its
// quantity from the remaining private supply (409 when short) and schedules the expiry of its
// 15-minute window. It is CreateOrderAt without a site to price from.
func (s *Service) CreateOrder(ctx context.Context, b user.Buyer, amount Amount) (*Purchase, error) {
	return s.CreateOrderAt(ctx, nil, b, amount)
}

// CreateOrderAt is CreateOrder priced first from site, the buyer's site as the request found it
// (company.Resolver, at most company.SiteTTL old; nil reads the token row). The price is only a
// proposal: the reservation takes it only if the token still has that settings version, price
// and fee, and a refused proposal (sale.ErrPriceMoved) is priced again from the database.
//
// The order is one transaction on a connection of its own, in four round trips: BEGIN with the
// buyer's advisory lock, the open-order count, the insert, and the reservation sent with the
// COMMIT (sale.ReserveAndCommit), so the supply row it takes from — one of the token's slices,
// which the orders and cancellations of the company share (docs/decisions/0016) — is locked only
// while the server commits.
func (s *Service) CreateOrderAt(ctx context.Context, site *company.Site, b user.Buyer, amount Amount) (*Purchase, error) {
	amt, err := ParseAmount(amount)
	if err != nil {
		return nil, err
	}
	if site != nil && (site.CompanyID != b.CompanyID || site.Token == nil) {
		site = nil
	}
	var p *Purchase
	err = retryOnNumberClash(func() error {
		defer func() { site = nil }() // a retry prices from the database
		return s.inOneTrip(ctx, "order:"+b.UserID, func(ctx context.Context, conn bun.IDB) error {
			var err error
			p, err = s.placeInTx(ctx, conn, b, amt, site, true)
			return err
		})
	})
	if err != nil {
		return nil, err
	}
	metrics.OrdersCreated.Inc()
	s.Bought.Forget(b.UserID)
	s.scheduleExpiry(ctx, p)
	return p, nil
}

// createInTx places an order inside tx (bun.Tx), which the caller commits: createAndSubmit
// submits it in the same transaction.
func (s *Service) createInTx(ctx context.Context, tx bun.Tx, b user.Buyer, amt decimal.Decimal) (*Purchase, error) {
	// The buyer's own orders serialise on an advisory lock of their id (the open-order cap);
	// the company's token row is locked only by the reservation below, so it is held for one
	// insert and the commit instead of the whole transaction (approvals queue on that row too).
	if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", "order:"+b.UserID); err != nil {
		return nil, fmt.Errorf("lock buyer orders: %w", err)
	}
	return s.placeInTx(ctx, tx, b, amt, nil, false)
}

// placeInTx checks the open-order cap, prices the order (from site when given and its sale is
// open there, else from the token row and its rounds as they are now, without a lock), checks the
// limits, inserts the order and reserves its quantity last (token row, then round). With commit,
// the reservation goes with the transaction's COMMIT (sale.ReserveAndCommit); without, the caller
// commits. The buyer's advisory lock is already held.
func (s *Service) placeInTx(ctx context.Context, tx bun.IDB, b user.Buyer, amt decimal.Decimal, site *company.Site, commit bool) (*Purchase, error) {
	now := s.Clock.Now()
	// The buyer's INITIATED count, which the purchases triggers keep, is never below their open
	// (INITIATED and in-window) orders: under the cap it settles the check without counting the
	// buyer's purchases; at the cap, windows that ended and await the worker are told apart.
	open, err := BuyerCount(ctx, tx, b.UserID, StatusInitiated)
	if err != nil {
		return nil, err
	}
	if open >= MaxOpenOrders {
		if open, err = tx.NewSelect().Model((*Purchase)(nil)).Where("user_id = ?", b.UserID).
			Where("status = ?", StatusInitiated).Where("expires_at > ?", now).Count(ctx); err != nil {
			return nil, err
		}
	}
	if open >= MaxOpenOrders {
		return nil, apperr.Conflict("too_many_open_orders", fmt.Sprintf(
			"You already have %d unpaid orders. Pay for one or wait for it to expire before placing another.", open))
	}
	// The settings version read here must still hold when the supply is reserved.
	var tok *sale.Token
	var offer sale.Offer
	var siteRounds []sale.Round
	if site != nil {
		siteRounds = site.Rounds
		if siteRounds == nil {
			siteRounds = []sale.Round{}
		}
		tok = site.Token
		if offer = sale.OfferAt(tok, site.Rounds, now); offer.Status != sale.SaleOpen {
			tok = nil // closed or sold out a moment ago: ask the database
		}
	}
	if tok == nil {
		if tok, err = sale.Pricing(ctx, tx, b.CompanyID); err != nil {
			return nil, err
		}
		rounds, err := sale.LoadRounds(ctx, tx, tok.ID)
		if err != nil {
			return nil, err
		}
		offer = sale.OfferAt(tok, rounds, now)
	}
	// A buyer with an allocation still to order (a round sold by requests) orders exactly it.
	// Allocations exist only in rounds sold by requests, whose mode is fixed and which cannot be
	// removed once their window opened, long before any allocation: a site (≤ 1 s old) with no
	// such round has none to look up, and a first-come rush saves the round trip.
	var due *allocation.Due
	if siteRounds == nil || anyByRequests(siteRounds) {
		if due, err = allocation.DueFor(ctx, tx, b, now); err != nil {
			return nil, err
		}
	}
	if due != nil {
		p, err := s.createForAllocation(ctx, tx, b, amt, tok, due, now)
		if err != nil {
			return nil, err
		}
		if commit {
			if _, err := tx.ExecContext(ctx, "COMMIT"); err != nil {
				return nil, fmt.Errorf("commit allocation order: %w", err)
			}
		}
		return p, nil
	}
	if offer.Status == sale.SaleOpen && offer.Round != nil && offer.Round.ByRequests() {
		return nil, allocation.ErrRequestsOnly(offer.Round, now)
	}
	switch offer.Status {
	case sale.SaleOpen:
	case sale.SaleSoldOut:
		return nil, sale.ErrSoldOut()
	default:
		return nil, sale.ErrSaleNotOpen()
	}
	p, err := s.checkAndInsert(ctx, tx, b, amt, tok, offer, now)
	if err != nil {
		var ae *apperr.Error
		if site != nil && errors.As(err, &ae) {
			// A refusal from cached settings (a limit, KYC, the round's remainder) is confirmed
			// against the row: the settings may have changed within the cache's second.
			return nil, sale.ErrPriceMoved
		}
		return nil, err
	}
	if commit {
		if err := sale.ReserveAndCommit(ctx, tx, tok, offer.Round, p.ID, p.Quantity); err != nil {
			return nil, err
		}
		return p, nil
	}
	if err := sale.Reserve(ctx, tx, tok, offer.Round, p.ID, p.Quantity); err != nil {
		return nil, err
	}
	return p, nil
}

// checkAndInsert applies the amount, limit, KYC and round rules to the order priced at offer and
// inserts it.
func (s *Service) checkAndInsert(ctx context.Context, tx bun.IDB, b user.Buyer, amt decimal.Decimal, tok *sale.Token,
	offer sale.Offer, now time.Time) (*Purchase, error) {
	qty, charged, fee, final := Quote(amt, offer.Price, tok.PlatformChargePercent)
	if !qty.IsPositive() {
		return nil, apperr.InvalidField("amount_too_small", "amount",
			fmt.Sprintf("The amount is too small to buy one token (price ₹%s).", offer.Price.StringFixed(2)))
	}
	if tok.MinOrderINR != nil || tok.MaxOrderINR != nil || tok.MaxPerBuyerINR != nil || tok.KYCRequiredAboveINR != nil {
		bought, err := boughtSoFar(ctx, tx, b)
		if err != nil {
			return nil, err
		}
		if err := sale.CheckLimits(tok, charged, bought); err != nil {
			return nil, err
		}
		// An order that takes the buyer's total above the threshold needs an
		// APPROVED KYC. Read in this transaction, after the buyer's lock.
		if t := tok.KYCRequiredAboveINR; t != nil && bought.Add(charged).GreaterThan(*t) {
			ok, err := kyc.Approved(ctx, tx, b.UserID, now)
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, kyc.ErrRequired(*t)
			}
		}
	}
	if offer.Round != nil && qty.GreaterThan(offer.Round.Remaining()) {
		return nil, sale.ErrRoundRemaining(offer.Round)
	}
	p := &Purchase{CompanyID: b.CompanyID, UserID: b.UserID, OrderNumber: OrderNumber(now),
		TransactionID: TransactionID(now), Status: StatusInitiated, Amount: charged, EnteredAmount: amt, Price: offer.Price,
		Quantity: qty, PlatformChargePercent: tok.PlatformChargePercent, Fee: fee, FinalAmount: final,
		ExpiresAt: now.Add(s.window()), CreatedAt: now, UpdatedAt: now}
	if offer.Round != nil {
		p.RoundID = &offer.Round.ID
	}
	if _, err := tx.NewInsert().Model(p).Returning("id").Exec(ctx); err != nil {
		return nil, fmt.Errorf("insert purchase: %w", err)
	}
	return p, nil
}

// createForAllocation places the order of the buyer's allocation: exactly its amount (else 409
// naming the amount due), its quantity at the round's price, open until the allocation's pay-by.
// Its tokens were reserved by the allocation, so it reserves nothing; the allocation moves to
// ORDERED in this transaction. An order that then expires, is cancelled or rejected gives its
// tokens back to the round as any order does (for a second pass).
func (s *Service) createForAllocation(ctx context.Context, tx bun.IDB, b user.Buyer, amt decimal.Decimal, tok *sale.Token,
	due *allocation.Due, now time.Time) (*Purchase, error) {
	if !amt.Equal(due.Amount) {
		return nil, allocation.ErrAmountDue(due)
	}
	fee := due.Amount.Mul(tok.PlatformChargePercent).Div(decimal.NewFromInt(100)).Round(2)
	p := &Purchase{CompanyID: b.CompanyID, UserID: b.UserID, OrderNumber: OrderNumber(now),
		TransactionID: TransactionID(now), Status: StatusInitiated, Amount: due.Amount, EnteredAmount: amt, Price: due.Price,
		Quantity: due.Quantity, PlatformChargePercent: tok.PlatformChargePercent, Fee: fee, FinalAmount: due.Amount.Add(fee),
		RoundID: &due.RoundID, ExpiresAt: due.PayBy, CreatedAt: now, UpdatedAt: now}
	if _, err := tx.NewInsert().Model(p).Returning("id").Exec(ctx); err != nil {
		return nil, fmt.Errorf("insert purchase: %w", err)
	}
	if err := allocation.MarkOrdered(ctx, tx, due.ID, p.ID, now); err != nil {
		return nil, err
	}
	return p, nil
}

// BoughtSoFar is the INR of the buyer's INITIATED, PENDING and APPROVED orders (the per-buyer
// limit a request in a round sold by requests meets too).
func BoughtSoFar(ctx context.Context, db bun.IDB, b user.Buyer) (decimal.Decimal, error) {
	return boughtSoFar(ctx, db, b)
}

// boughtSoFar is the INR of the buyer's INITIATED, PENDING and APPROVED orders.
func boughtSoFar(ctx context.Context, db bun.IDB, b user.Buyer) (decimal.Decimal, error) {
	var sum decimal.NullDecimal
	err := db.NewSelect().Model((*Purchase)(nil)).ColumnExpr("sum(amount)").Where("user_id = ?", b.UserID).
		Where("company_id = ?", b.CompanyID).Where("status IN (?)", bun.List([]string{StatusInitiated, StatusPending, StatusApproved})).
		Scan(ctx, &sum)
	if err != nil {
		return decimal.Zero, fmt.Errorf("bought so far: %w", err)
	}
	if !sum.Valid {
		return decimal.Zero, nil
	}
	return sum.Decimal, nil
}

// Price is package/price/get for the buyer: the site's price view (at most company.SiteTTL old)
// with the buyer's running total (at most Bought.TTL old).
func (s *Service) Price(ctx context.Context, site *company.Site, b user.Buyer) (*sale.PriceView, error) {
	bought, err := s.Bought.Get(b.UserID, func() (decimal.Decimal, error) { return boughtSoFar(ctx, s.DB, b) })
	if err != nil {
		return nil, err
	}
	return site.Price(s.Clock.Now(), bought), nil
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
func (s *Service) GetOrder(ctx context.Context, b user.Buyer, id string) (*Purchase, error) {
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

// retryOnNumberClash retries fn when a new order number or transaction id collides, or when the
// token's settings changed (or its round sold out) while the order was being placed
// (sale.ErrPriceMoved): up to 8 times for each, counted apart, so that a burst of price changes
// cannot leave a clash as the last answer (the random digits of one second clash now and then:
// docs/decisions/0017).
func retryOnNumberClash(fn func() error) error {
	var err error
	for moved, clashed := 0, 0; moved < 8 && clashed < 8; {
		err = fn()
		switch {
		case pgerr.IsUnique(err, "purchases_order_number_key") || pgerr.IsUnique(err, "purchases_transaction_id_key"):
			clashed++
		case errors.Is(err, sale.ErrPriceMoved):
			moved++
		default:
			return err
		}
	}
	if errors.Is(err, sale.ErrPriceMoved) {
		return apperr.Conflict("price_moved", "The price changed while your order was being placed. Please try again.")
	}
	return err
}

// numberEpoch is where an order number's seconds count from.
var numberEpoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// OrderNumber is a new order's number, "PUR-" and 12 digits: the seconds since 2026-01-01 UTC
// modulo 10^7 (7 digits, one turn every 115 days), then 5 random digits. TransactionID is "TXN"
// and 16 digits: the Unix time in seconds (10 digits), then 6 random digits.
//
// Both are unique (a unique index each; a clash retries the order, retryOnNumberClash). Led by the
// time, a new number's index entry goes among the entries of the last second, on the index's
// last pages, instead of on a random page of an index of millions: that random page was written
// to the WAL whole (a full-page image) after nearly every checkpoint, 40 % of an approval
// cycle's WAL (docs/decisions/0017-time-led-order-numbers.md). Neither number was ever a secret:
// every read checks the buyer or the company, and the time is the order's createdAt, shown next
// to it.
func OrderNumber(now time.Time) string {
	secs := int64(now.Sub(numberEpoch)/time.Second) % 10_000_000
	if secs < 0 {
		secs += 10_000_000
	}
	return fmt.Sprintf("PUR-%07d", secs) + randomDigits(5)
}

// TransactionID is a new order's transaction id (see OrderNumber).
func TransactionID(now time.Time) string {
	return fmt.Sprintf("TXN%010d", now.Unix()%10_000_000_000) + randomDigits(6)
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

// anyByRequests reports whether one of rounds is sold by requests.
func anyByRequests(rounds []sale.Round) bool {
	for i := range rounds {
		if rounds[i].ByRequests() {
			return true
		}
	}
	return false
}
