package purchase

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"prelaunch/core/apperr"
	"prelaunch/core/company"
)

// Supply rules shared by the buyer API (orders, expiry) and the admin review (rejection).
//
// Lock order, to stay deadlock-free: a use case that creates an order takes the buyer's advisory
// lock, inserts the purchase and then reserves with one conditional UPDATE of the token row
// (reservePriced), its last statement; it waits for no row lock after the token's. A use case that moves an
// existing purchase (expire, reject, approve) updates the purchase row first (one conditional
// UPDATE), then user rows (approve), then the token row (ReleaseSupply, or LockToken for a
// referral reward).

// ErrSoldOut is the answer when the private sale cannot cover an order.
func ErrSoldOut() error {
	return apperr.Conflict("sold_out", "Not enough tokens left in the private sale.")
}

// LockToken loads the company's token row FOR UPDATE inside tx. Call it first in a transaction
// that reserves supply, so concurrent orders of the same company serialise on this row.
func LockToken(ctx context.Context, tx bun.IDB, companyID string) (*company.Token, error) {
	var t company.Token
	err := tx.NewSelect().Model(&t).Where("company_id = ?", companyID).For("UPDATE").Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.NotFound("token_not_found", "Please select a token to proceed.")
	}
	if err != nil {
		return nil, fmt.Errorf("lock token: %w", err)
	}
	return &t, nil
}

// errPriceMoved says the token's price or fee changed between pricing an order and reserving
// its supply; the order's transaction is rolled back and placed again (retryOnNumberClash).
var errPriceMoved = errors.New("token price changed while ordering")

// reservePriced takes qty tokens from the remaining private supply in one conditional UPDATE,
// provided the token still has the price and fee the order was priced at. It is an order's last
// statement before the commit, so the token row is locked only that long. 409 (ErrSoldOut) when
// the supply is short; errPriceMoved when the price or fee changed meanwhile.
func reservePriced(ctx context.Context, tx bun.IDB, companyID string, qty, price, percent decimal.Decimal) error {
	var now company.Token
	err := tx.NewRaw(`UPDATE tokens SET remaining_private_supply = remaining_private_supply - ?, updated_at = now()
		WHERE company_id = ? AND remaining_private_supply >= ? RETURNING price, platform_charge_percent`,
		qty, companyID, qty).Scan(ctx, &now.Price, &now.PlatformChargePercent)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrSoldOut()
	}
	if err != nil {
		return fmt.Errorf("reserve supply: %w", err)
	}
	if !now.Price.Equal(price) || !now.PlatformChargePercent.Equal(percent) {
		return errPriceMoved
	}
	return nil
}

// ReserveSupply takes qty tokens from the company's remaining private supply, or answers 409
// (ErrSoldOut) without changing anything. It never lets the remaining supply go below zero.
func ReserveSupply(ctx context.Context, tx bun.IDB, companyID string, qty decimal.Decimal) error {
	if !qty.IsPositive() {
		return apperr.Invalid("bad_quantity", "The amount is too small to buy one token.")
	}
	res, err := tx.NewUpdate().Model((*company.Token)(nil)).
		Set("remaining_private_supply = remaining_private_supply - ?", qty).
		Set("updated_at = now()").
		Where("company_id = ?", companyID).
		Where("remaining_private_supply >= ?", qty).
		Exec(ctx)
	if err != nil {
		return fmt.Errorf("reserve supply: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrSoldOut()
	}
	return nil
}

// ReleaseSupply gives qty tokens back to the company's remaining private supply. Call it in the
// same transaction as the conditional UPDATE that moved the purchase out of INITIATED or PENDING
// (expiry, rejection), so a purchase's reservation is released exactly once. It never raises
// the remaining supply above the private supply (the table's CHECK refuses that).
func ReleaseSupply(ctx context.Context, tx bun.IDB, companyID string, qty decimal.Decimal) error {
	if !qty.IsPositive() {
		return nil
	}
	res, err := tx.NewUpdate().Model((*company.Token)(nil)).
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
