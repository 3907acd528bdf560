package sale

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"hash/fnv"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/driver/pgdriver"

	"prelaunch/core/infra/apperr"
)

// Supply rules shared by the buyer API (orders, expiry) and the admin review (rejection).
//
// A token's remaining private supply is spread over several rows (docs/decisions/0016): the token
// row's remaining_private_supply (the unsliced pool) and up to Slices rows of token_supply_slices
// (migration 20261701000100_supply_slices). Every reader folds them (token_remaining; Token's
// RemainingPrivateSupply as loaded here is the fold); the rules that move them live once, in the
// SQL functions sale_reserve, sale_release, sale_take and sale_fold, which the Go functions
// below call.
//
// Lock order, to stay deadlock-free: the token row, then slices in slot order, then rounds. An
// order on its fast path locks only its slice, then its round; falling back to the token row it
// first lets its slice go (sale_reserve). A use case that creates an order takes the buyer's
// advisory lock, inserts the purchase and then reserves (sale_reserve), its last statement. A use
// case that moves an existing purchase (cancel, expire, reject, approve) updates the purchase row
// first (one conditional UPDATE), then user rows (approve), then the supply — one slice
// (cancellation), or the token row (ReleaseSupply, or LockToken for a referral reward) — then
// its round (ReleaseRound). A token's rounds are always locked after its supply rows: orders
// reserve supply then the round, the admin's settings lock the token and fold the slices first.

// Slices is how many rows a token's remaining supply is spread over (K of docs/decisions/0016):
// orders of one company wait for each other only when they draw from the same slice. 32 rather
// than 8: in make bench-rush (64 workers) 32 gave 20–25 % more requests/s than 8 in the same run,
// and a sweep of 32 small rows near sold-out is still one short statement.
const Slices = 32

// SlotOf is the slice an order draws from and gives back to: a hash of its id, so that orders
// spread evenly and a cancellation returns its tokens where they came from.
func SlotOf(orderID string) int16 {
	h := fnv.New32a()
	_, _ = h.Write([]byte(orderID))
	return int16(h.Sum32() % Slices)
}

// FoldRemaining makes q, a select of Token models (alias t), read the remaining private supply
// folded over the token row and its slices (token_remaining) in place of the token row's pool.
func FoldRemaining(q *bun.SelectQuery) *bun.SelectQuery {
	return q.ExcludeColumn("remaining_private_supply").ColumnExpr("token_remaining(t.id) AS remaining_private_supply")
}

// ErrSoldOut is the answer when the private sale cannot cover an order.
func ErrSoldOut() error {
	return apperr.Conflict("sold_out", "Not enough tokens left in the private sale.")
}

// LockToken loads the company's token row FOR UPDATE inside tx (its remaining private supply
// folded as it is now: orders and cancellations keep moving the slices). Call it first in a
// transaction that writes the token row (a referral reward, a release to the pool).
func LockToken(ctx context.Context, tx bun.IDB, companyID string) (*Token, error) {
	var t Token
	err := FoldRemaining(tx.NewSelect().Model(&t)).Where("company_id = ?", companyID).For("UPDATE").Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.NotFound("token_not_found", "Please select a token to proceed.")
	}
	if err != nil {
		return nil, fmt.Errorf("lock token: %w", err)
	}
	return &t, nil
}

// LockSupply is LockToken that also folds every slice back into the token row (sale_fold), so
// the whole remaining supply is locked and exact until the commit: what a use case that shares
// out the supply itself reads (allocation by requests). Orders meanwhile wait for it.
func LockSupply(ctx context.Context, tx bun.IDB, companyID string) (*Token, error) {
	t, err := LockToken(ctx, tx, companyID)
	if err != nil {
		return nil, err
	}
	if err := tx.NewRaw("SELECT sale_fold(?, ?)", t.ID, t.SettingsVersion).Scan(ctx, &t.RemainingPrivateSupply); err != nil {
		return nil, fmt.Errorf("fold supply: %w", err)
	}
	return t, nil
}

// ErrPriceMoved says the token's settings (price, fee, sale, limits or rounds) changed between
// pricing an order and reserving its supply, or its round sold out meanwhile; the order's
// transaction is rolled back and placed again at the settings as they are now (retryOnNumberClash).
var ErrPriceMoved = errors.New("token settings changed while ordering")

// Reserve takes qty tokens for the order orderID from the remaining private supply (its slice,
// SlotOf), provided the token still has the price, fee and settings version the order was priced
// at (an admin change moves the version on the token and every slice under the token row's lock,
// so an order never takes a price that was never set), and adds qty to round when not nil; one
// statement (function sale_reserve), the last of the caller's transaction, which commits it.
// Errors: ErrSoldOut, ErrPriceMoved, ErrRoundRemaining — the transaction is then aborted.
func Reserve(ctx context.Context, tx bun.IDB, priced *Token, round *Round, orderID string, qty decimal.Decimal) error {
	return reserve(ctx, tx, "", priced, round, orderID, qty)
}

// ReserveRound adds qty to the round's sold count, after ReserveSupply in the allocation's
// transaction (LockSupply first: rounds are only rewritten under the token row's lock with every
// slice folded, so no order is between its slice and its round meanwhile). More than the
// round has left is 409 round_remaining naming what it has left; a round that sold out meanwhile
// is ErrPriceMoved (the order is placed again in the next round).
func ReserveRound(ctx context.Context, tx bun.IDB, r *Round, qty decimal.Decimal) error {
	var left decimal.Decimal
	err := tx.NewRaw(`UPDATE token_rounds SET sold = sold + ?, updated_at = now()
		WHERE id = ? AND NOT closed AND sold + ? <= allocation RETURNING allocation - sold`, qty, r.ID, qty).Scan(ctx, &left)
	if err == nil {
		return closeEarlierRounds(ctx, tx, r)
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("reserve round: %w", err)
	}
	var now Round
	if err := tx.NewSelect().Model(&now).Where("id = ?", r.ID).Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return ErrPriceMoved
		}
		return fmt.Errorf("read round: %w", err)
	}
	if now.Closed || !now.Remaining().IsPositive() {
		return ErrPriceMoved
	}
	return ErrRoundRemaining(&now)
}

// closeEarlierRounds closes for good every round before r once r has sold (the price
// never goes back to an earlier round). It runs in the order's transaction under the token row's
// lock, like every write of a token's rounds.
func closeEarlierRounds(ctx context.Context, tx bun.IDB, r *Round) error {
	if _, err := tx.NewRaw(`UPDATE token_rounds SET closed = true, updated_at = now()
		WHERE token_id = ? AND position < ? AND NOT closed`, r.TokenID, r.Position).Exec(ctx); err != nil {
		return fmt.Errorf("close earlier rounds: %w", err)
	}
	return nil
}

// ReleaseRound gives qty tokens back from the round an order came from. Call it after ReleaseSupply
// in the transaction that moved the order out of INITIATED or PENDING, so it happens exactly once
// and under the token row's lock. An open round takes them back; a closed round (a later one has
// sold) gives them, with as much of its allocation, to the token's current round: the first round
// not closed whose window is not over (else the last one not closed), so they sell at today's
// price, never at the earlier one. The rounds' allocations keep their sum.
func ReleaseRound(ctx context.Context, tx bun.IDB, roundID string, qty decimal.Decimal) error {
	if !qty.IsPositive() {
		return nil
	}
	var from Round
	if err := tx.NewRaw(`UPDATE token_rounds SET sold = sold - ?,
		allocation = CASE WHEN closed THEN allocation - ? ELSE allocation END, updated_at = now()
		WHERE id = ? RETURNING token_id, position, closed`, qty, qty, roundID).
		Scan(ctx, &from.TokenID, &from.Position, &from.Closed); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil // a deleted round: only settled orders name one (migration …0100_sale_rounds_limits)
		}
		return fmt.Errorf("release round: %w", err)
	}
	if !from.Closed {
		return nil
	}
	res, err := tx.NewRaw(`UPDATE token_rounds SET allocation = allocation + ?, updated_at = now()
		WHERE id = (SELECT id FROM token_rounds WHERE token_id = ? AND position > ? AND NOT closed
		            ORDER BY (ends_at IS NOT NULL AND ends_at <= now()), position LIMIT 1)`,
		qty, from.TokenID, from.Position).Exec(ctx)
	if err != nil {
		return fmt.Errorf("move released tokens to the current round: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("round %s is closed but no later round is open", roundID)
	}
	return nil
}

// ReserveSupply takes qty tokens from the company's remaining private supply under the token
// row's lock (from the pool, folding the slices in when it is short: sale_take), or answers 409
// (ErrSoldOut) without changing the figures. It never lets the remaining supply go below zero.
func ReserveSupply(ctx context.Context, tx bun.IDB, companyID string, qty decimal.Decimal) error {
	if !qty.IsPositive() {
		return apperr.Invalid("bad_quantity", "The amount is too small to buy one token.")
	}
	var ok bool
	if err := tx.NewRaw("SELECT sale_take(?, ?)", companyID, qty).Scan(ctx, &ok); err != nil {
		return fmt.Errorf("reserve supply: %w", err)
	}
	if !ok {
		return ErrSoldOut()
	}
	return nil
}

// ReleaseSupply gives qty tokens back to the company's remaining private supply (the token row's
// pool). Call it in the same transaction as the conditional UPDATE that moved the purchase out of
// INITIATED or PENDING (expiry, rejection), so a purchase's reservation is released exactly once.
// It never raises the remaining supply above the private supply (the table's CHECK refuses that
// for the pool; the supply invariant for the fold).
func ReleaseSupply(ctx context.Context, tx bun.IDB, companyID string, qty decimal.Decimal) error {
	if !qty.IsPositive() {
		return nil
	}
	res, err := tx.NewUpdate().Model((*Token)(nil)).
		Set("remaining_private_supply = remaining_private_supply + ?", qty).
		Set("updated_at = now()").
		Where("company_id = ?", companyID).
		Exec(ctx)
	if err != nil {
		return fmt.Errorf("release supply: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("release supply: no token row for company %s", companyID)
	}
	return nil
}

// ReferralPercent reads the company's referral percent without locking the token row (an
// approval that pays no reward need not queue behind orders on that row).
func ReferralPercent(ctx context.Context, db bun.IDB, companyID string) (decimal.Decimal, error) {
	var percent decimal.Decimal
	if err := db.NewSelect().Model((*Token)(nil)).Column("referral_percent").
		Where("company_id = ?", companyID).Limit(1).Scan(ctx, &percent); err != nil {
		return decimal.Zero, fmt.Errorf("read referral percent: %w", err)
	}
	return percent, nil
}

// TakeReferralSupply takes a referral reward of qty tokens from the token's remaining referral
// supply. Call it after LockToken in the approval's transaction (the reward is capped by what
// that lock read).
func TakeReferralSupply(ctx context.Context, db bun.IDB, tokenID string, qty decimal.Decimal) error {
	if _, err := db.NewUpdate().Model((*Token)(nil)).
		Set("remaining_referral_supply = remaining_referral_supply - ?", qty).Set("updated_at = now()").
		Where("id = ?", tokenID).Exec(ctx); err != nil {
		return fmt.Errorf("take referral supply: %w", err)
	}
	return nil
}

// ReserveAndCommit is Reserve sent with the COMMIT of the caller's transaction in one round trip
// (docs/decisions/0015): the supply row it takes from (a slice, or the token row on the slow
// path) is locked only while the server commits, not while the answer travels back and the
// COMMIT comes. db must be a connection the caller opened the transaction on (BEGIN), not a
// bun.Tx. On nil the transaction is committed; on an error it is still open and aborted, and the
// caller rolls it back.
func ReserveAndCommit(ctx context.Context, db bun.IDB, priced *Token, round *Round, orderID string, qty decimal.Decimal) error {
	return reserve(ctx, db, "; COMMIT", priced, round, orderID, qty)
}

func reserve(ctx context.Context, db bun.IDB, then string, priced *Token, round *Round, orderID string, qty decimal.Decimal) error {
	var roundID *string
	if round != nil {
		roundID = &round.ID
	}
	_, err := db.ExecContext(ctx, `SELECT sale_reserve(?, ?, ?, ?, ?, ?, ?, ?)`+then, priced.CompanyID, qty,
		priced.SettingsVersion, priced.Price, priced.PlatformChargePercent, roundID, SlotOf(orderID), Slices)
	if err == nil {
		return nil
	}
	var pe pgdriver.Error
	if !errors.As(err, &pe) || pe.Field('C') != "P0001" {
		return fmt.Errorf("reserve supply: %w", err)
	}
	switch pe.Field('M') {
	case "sale:sold_out":
		return ErrSoldOut()
	case "sale:price_moved":
		return ErrPriceMoved
	case "sale:round_remaining":
		left, derr := decimal.NewFromString(pe.Field('D'))
		if round == nil || derr != nil {
			return ErrPriceMoved
		}
		return ErrRoundRemaining(&Round{Name: round.Name, Allocation: left})
	}
	return fmt.Errorf("reserve supply: %w", err)
}

// ReleaseAndCommit gives back the qty tokens of the order orderID to the slice it drew from
// (SlotOf; the pool when the token has no such slice) and to its round (when roundID is not nil),
// as the last statement of the caller's transaction, sent with its COMMIT in one round trip
// (function sale_release), like ReserveAndCommit: on nil the transaction is committed; on an
// error the caller rolls it back. The token row is not locked.
func ReleaseAndCommit(ctx context.Context, db bun.IDB, companyID, orderID string, roundID *string, qty decimal.Decimal) error {
	if _, err := db.ExecContext(ctx, `SELECT sale_release(?, ?, ?, ?); COMMIT`, companyID, qty, roundID, SlotOf(orderID)); err != nil {
		return fmt.Errorf("release supply: %w", err)
	}
	return nil
}
