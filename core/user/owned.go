package user

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"
)

// The changes other nouns make to a user row, each in the caller's transaction (db): an approved
// purchase credits its buyer and the buyer's referrer (purchase), an approved KYC verifies the
// buyer (kyc). The users table is written only here, in package user (docs/architecture.md).

// Credit adds qty tokens to the user's stock balance (an approved purchase's buyer).
func Credit(ctx context.Context, db bun.IDB, userID string, qty decimal.Decimal) error {
	if _, err := db.NewUpdate().Model((*User)(nil)).
		Set("stock_balance = stock_balance + ?", qty).Set("updated_at = now()").
		Where("id = ?", userID).Exec(ctx); err != nil {
		return fmt.Errorf("credit buyer: %w", err)
	}
	return nil
}

// CreditMember adds qty tokens to the stock balance of a user of companyID who is not deleted (a
// referrer's reward); false when there is no such user and nothing changed.
func CreditMember(ctx context.Context, db bun.IDB, companyID, userID string, qty decimal.Decimal) (bool, error) {
	res, err := db.NewUpdate().Model((*User)(nil)).
		Set("stock_balance = stock_balance + ?", qty).Set("updated_at = now()").
		Where("id = ?", userID).Where("company_id = ?", companyID).Where("deleted_at IS NULL").Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("credit referrer: %w", err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// LockApproval locks the row of a user of companyID who is not deleted and says whether the
// account is verified (users.is_approved); found is false when there is no such user.
func LockApproval(ctx context.Context, db bun.IDB, companyID, userID string) (approved, found bool, err error) {
	err = db.NewSelect().Model((*User)(nil)).Column("is_approved").Where("id = ?", userID).
		Where("company_id = ?", companyID).Where("deleted_at IS NULL").For("UPDATE").Scan(ctx, &approved)
	if errors.Is(err, sql.ErrNoRows) {
		return false, false, nil
	}
	if err != nil {
		return false, false, fmt.Errorf("lock buyer: %w", err)
	}
	return approved, true, nil
}

// Verify marks the user's account verified (users.is_approved), as an approved KYC does.
func Verify(ctx context.Context, db bun.IDB, userID string) error {
	if _, err := db.NewUpdate().Model((*User)(nil)).Set("is_approved = true").Set("updated_at = now()").
		Where("id = ?", userID).Exec(ctx); err != nil {
		return fmt.Errorf("verify buyer: %w", err)
	}
	return nil
}

// AdminEmails are the email addresses of the company's admins (not deleted), oldest first: the
// people told of a change to the company's payout details.
func AdminEmails(ctx context.Context, db bun.IDB, companyID string) ([]string, error) {
	var emails []string
	if err := db.NewSelect().Model((*User)(nil)).Column("email").Where("company_id = ?", companyID).
		Where("role = ?", RoleAdmin).Where("deleted_at IS NULL").OrderExpr("created_at").Scan(ctx, &emails); err != nil {
		return nil, fmt.Errorf("list admins: %w", err)
	}
	return emails, nil
}

// NameAndEmail answers a user's name and email, for a notice naming who acted.
func NameAndEmail(ctx context.Context, db bun.IDB, userID string) (name, email string, err error) {
	var u User
	if err := db.NewSelect().Model(&u).Column("name", "email").Where("id = ?", userID).Scan(ctx); err != nil {
		return "", "", fmt.Errorf("read user: %w", err)
	}
	return u.Name, u.Email, nil
}
