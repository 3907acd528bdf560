package user

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
)

// The changes other nouns make to a user row, each in the caller's transaction (db): an approved
// purchase credits its buyer and the buyer's referrer (purchase), an approved KYC verifies the
// buyer (kyc). The users table is written only here, in package user (docs/architecture.md).

// ChangedChannel is the Postgres channel a changed users row is announced on (its id; "*" for
// every user), for the processes that keep users in memory (core/session). The users trigger
// (migrations …0500, …0501, 20261702000100) sends it as the change commits, except for a change
// of the balance alone: Credit and CreditMember leave that to AnnounceBalance after the commit.
const ChangedChannel = "user_auth"

// Credit adds qty tokens to the user's stock balance (an approved purchase's buyer) and returns
// the buyer as the decision needs them (ReviewedOf's fields, from the same statement: one round
// trip for the approval instead of two); sql.ErrNoRows when the user is not there. The change is
// not announced: call AnnounceBalance once the transaction has committed.
func Credit(ctx context.Context, db bun.IDB, userID string, qty decimal.Decimal) (Reviewed, error) {
	var r Reviewed
	if err := db.NewUpdate().Model((*User)(nil)).
		Set("stock_balance = stock_balance + ?", qty).Set("updated_at = now()").
		Where("id = ?", userID).Returning(reviewedColumns).Scan(ctx, &r); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return r, err
		}
		return r, fmt.Errorf("credit buyer: %w", err)
	}
	return r, nil
}

// CreditMember adds qty tokens to the stock balance of a user of companyID who is not deleted (a
// referrer's reward); false when there is no such user and nothing changed. As with Credit, call
// AnnounceBalance after the commit.
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

// AnnounceBalance tells the other processes that the balances of ids changed, after the
// transaction that changed them (Credit, CreditMember) committed. Notifying from inside that
// transaction would take Postgres's notification lock at its COMMIT and hold it through the
// commit's WAL flush, so that every approval committed behind every other; this statement
// writes no WAL and holds the lock only while it queues the notifications. If it is lost (the
// process stops between the two), the other processes show the old balance until their entry
// ages out (session.PrincipalCache, 60 s); what a token may do never depends on the balance.
func AnnounceBalance(ctx context.Context, db bun.IDB, ids ...string) error {
	if len(ids) == 0 {
		return nil
	}
	if _, err := db.ExecContext(ctx, "SELECT pg_notify(?, id) FROM unnest(?::text[]) AS id", ChangedChannel, pgdialect.Array(ids)); err != nil {
		return fmt.Errorf("announce balance: %w", err)
	}
	return nil
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
