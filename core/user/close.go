package user

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"
)

// ClosedName is the name a closed buyer's account reads from the moment it is closed.
const ClosedName = "Closed account"

// ClosedEmail is a closed buyer's email: unique to the account and never deliverable (.invalid),
// so the address is free for a new account and nothing is ever mailed to the person again.
func ClosedEmail(id string) string { return "closed-" + id + "@closed.invalid" }

// closeBuyer closes a buyer's account in tx (docs/compliance.md, "Records for 5 years"): it is
// signed out (token_version) and everything about the person that the kept records do not need
// goes at once — name, email, mobile, password, date of birth, gender, PIN code, state, the
// profile's Aadhaar number and photo. The row stays (its id is what the purchases, the KYC record
// and the audit log point to) until the retention job purges those 5 years later.
func closeBuyer(ctx context.Context, tx bun.Tx, u *User, now time.Time) error {
	_, err := tx.NewUpdate().Model(u).
		Set("name = ?", ClosedName).Set("email = ?", ClosedEmail(u.ID)).Set("mobile = ''").Set("mobile_repeat = false").
		Set("password_hash = '!'").Set("date_of_birth = NULL").Set("gender = ''").Set("pincode = ''").Set("state = ''").
		Set("kyc_document_last4 = ''").Set("kyc_document_hash = ''").Set("profile_image_id = NULL").
		Set("deleted_at = ?", now).Set("updated_at = now()").Set("token_version = token_version + 1").
		WherePK().Returning("name, email, mobile, deleted_at").Exec(ctx)
	if err != nil {
		return fmt.Errorf("close account: %w", err)
	}
	return nil
}

// ClosedBefore lists up to limit buyers whose account closed at or before cutoff and whose
// records the retention job has not purged yet, oldest first.
func ClosedBefore(ctx context.Context, db bun.IDB, cutoff time.Time, limit int) ([]string, error) {
	var ids []string
	err := db.NewSelect().Model((*User)(nil)).Column("id").Where("role = ?", RoleUser).
		Where("deleted_at IS NOT NULL").Where("deleted_at <= ?", cutoff).Where("retention_purged_at IS NULL").
		OrderExpr("deleted_at, id").Limit(int64(limit)).Scan(ctx, &ids)
	if err != nil {
		return nil, fmt.Errorf("closed accounts: %w", err)
	}
	return ids, nil
}

// MarkPurged records that the retention job purged these accounts' records (in its transaction).
func MarkPurged(ctx context.Context, db bun.IDB, ids []string, now time.Time) error {
	if len(ids) == 0 {
		return nil
	}
	_, err := db.NewUpdate().Model((*User)(nil)).Set("retention_purged_at = ?", now).
		Where("id IN (?)", bun.List(ids)).Where("retention_purged_at IS NULL").Exec(ctx)
	if err != nil {
		return fmt.Errorf("mark purged: %w", err)
	}
	return nil
}
