package user

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"prelaunch/core/audit"
	"prelaunch/core/infra/apperr"
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

// CloseInput is POST /user/auth/account/close: the buyer's current password, their proof that
// they mean it.
type CloseInput struct {
	Password string `json:"password" form:"password"`
}

func errOpenOrders() error {
	return apperr.Conflict("open_orders", "You have an order that is not finished: a payment waiting for review or "+
		"an order waiting for payment. Cancel the order, or wait for the payment's review, then close your account.")
}

// Close is the buyer closing their own account (Profile → Close my account): the rules of the
// admin's Delete for a buyer (closeBuyer: anonymised at once, signed out, the records kept 5
// years, docs/compliance.md), after the buyer's current password (checkCurrentPassword, with its
// attempt limits), and refused with 409 while an order of theirs is still under way
// (OpenOrders: a payment waiting for a decision, or an order waiting for payment). Audited as
// user.close. Signing in afterwards fails: the email is no longer theirs.
func (s *Service) Close(ctx context.Context, actor audit.Actor, b Buyer, in CloseInput) error {
	if in.Password == "" {
		return apperr.InvalidField("missing_fields", "password", "Please enter your current password.")
	}
	u, err := s.loadUser(ctx, b)
	if err != nil {
		return err
	}
	if u.Role != RoleUser {
		return errUserNotFound
	}
	if err := s.checkCurrentPassword(ctx, u, in.Password, "password"); err != nil {
		return err
	}
	now := s.Clock.Now()
	err = s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		u, err := lockUser(ctx, tx, b.CompanyID, b.UserID)
		if err != nil {
			return err
		}
		if s.OpenOrders != nil {
			n, err := s.OpenOrders(ctx, tx, u.ID, now)
			if err != nil {
				return err
			}
			if n > 0 {
				return errOpenOrders()
			}
		}
		before := auditOf(u)
		if err := closeBuyer(ctx, tx, u, now); err != nil {
			return err
		}
		return audit.Write(ctx, tx, actor, "user.close", "user", u.ID, before, auditOf(u))
	})
	if err != nil {
		return err
	}
	s.revoke(b.UserID)
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
