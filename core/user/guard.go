package user

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"prelaunch/core/audit"
	"prelaunch/core/company"
	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/mail"
	"prelaunch/core/infra/ratelimit"
	"prelaunch/core/sale"
	"prelaunch/core/twofactor"
)

// What guards an account's takeover: an email change needs the acting admin's password (and
// two-factor code), another admin's email is the owner's to change, and wrong two-factor codes
// lock the account (docs/security.md, "Account takeover and two-factor").

var (
	errNotOwner = apperr.Forbidden("not_owner", "Only the company's owner can change another admin's email.")
	// errOwnerProtected: no other admin may delete or demote the company's owner.
	errOwnerProtected        = apperr.Forbidden("owner_protected", "The company's owner cannot be deleted or demoted.")
	errEmailChangedMeanwhile = apperr.Conflict("email_changed", "This user's email changed meanwhile. Please reload and try again.")
	errOwnerOnlyReset        = apperr.Forbidden("not_owner", "Only the company's owner can reset another admin's two-factor sign-in.")
	// ErrTwoFactorLocked answers every code of an account locked by MaxWrongCodes wrong codes.
	ErrTwoFactorLocked = apperr.Forbidden("two_factor_locked",
		"Two-factor sign-in is locked after too many wrong codes. Ask your company's owner to reset it.")
	errOwnCodeMissing = "Please enter the code from your authenticator app."
	errNotLocked      = apperr.Conflict("two_factor_not_locked", "This admin's two-factor sign-in is not locked.")
)

// MaxWrongCodes wrong two-factor codes in a row (sign-in, turning it off, an email change) lock the
// account's two-factor sign-in until the company's owner or the super admin resets it.
const MaxWrongCodes = 10

// companyOwner is the id of the company's owner (companies.owner_id; "" when it has none).
func companyOwner(ctx context.Context, db bun.IDB, companyID string) (string, error) {
	return company.OwnerID(ctx, db, companyID)
}

// IsOwner reports whether userID owns companyID (the admin profile shows the owner's controls).
func IsOwner(ctx context.Context, db bun.IDB, companyID, userID string) (bool, error) {
	owner, err := companyOwner(ctx, db, companyID)
	return owner != "" && owner == userID, err
}

// authoriseEmailChange checks an admin's email change of user in.ID before it is made: another
// admin's email only by the company's owner, and always with the acting admin's current password
// and, when they have two-factor on, a code. It returns the user's email as it was (no checks
// when the email does not change).
func (s *Service) authoriseEmailChange(ctx context.Context, actor audit.Actor, companyID string, in UpdateUserInput) (string, error) {
	if !fields.UUID(in.ID) {
		return "", errUserNotFound
	}
	var target User
	err := s.DB.NewSelect().Model(&target).Column("id", "role", "email").Where("id = ?", in.ID).
		Where("company_id = ?", companyID).Where("deleted_at IS NULL").Scan(ctx)
	if err != nil {
		return "", notFoundOr(err, "user_not_found", "User not found.")
	}
	old := fields.NormEmail(target.Email)
	if old == *in.Email {
		return old, nil
	}
	if target.Role == RoleAdmin && target.ID != actor.ID {
		owner, err := companyOwner(ctx, s.DB, companyID)
		if err != nil {
			return "", err
		}
		if owner == "" || owner != actor.ID {
			return "", errNotOwner
		}
	}
	if err := s.ConfirmAdmin(ctx, actor.ID, companyID, in.CurrentPassword, in.Code); err != nil {
		return "", err
	}
	return old, nil
}

// ConfirmAdmin is the proof a signed-in admin gives before a sensitive change (another account's
// email, the company's payout details): their current password (422 when missing or wrong; the
// account's wrong passwords are limited, 429 after ratelimit.PasswordFailPerSubject) and, when
// they have two-factor on, a code of it (422 when missing or wrong; wrong codes count towards the
// lock of MaxWrongCodes).
func (s *Service) ConfirmAdmin(ctx context.Context, userID, companyID, password, code string) error {
	if password == "" {
		return apperr.InvalidField("missing_password", "currentPassword", errPasswordMissing)
	}
	var me User
	if err := s.DB.NewSelect().Model(&me).Column("id", "password_hash").Where("id = ?", userID).
		Where("company_id = ?", companyID).Where("deleted_at IS NULL").Scan(ctx); err != nil {
		return notFoundOr(err, "user_not_found", "User not found.")
	}
	if err := s.checkCurrentPassword(ctx, &me, password, "currentPassword"); err != nil {
		return err
	}
	return s.checkOwnCode(ctx, userID, code)
}

// checkOwnCode asks a signed-in admin who has two-factor on for a code (a TOTP code or a recovery
// code; each works once) before a sensitive change; an admin without two-factor passes.
func (s *Service) checkOwnCode(ctx context.Context, userID, code string) error {
	var enabled bool
	if err := s.DB.NewRaw("SELECT EXISTS (SELECT 1 FROM admin_two_factor WHERE user_id = ? AND enabled_at IS NOT NULL)", userID).
		Scan(ctx, &enabled); err != nil || !enabled {
		return err
	}
	code = twofactor.NormCode(code)
	if code == "" {
		return apperr.InvalidField("missing_code", "code", errOwnCodeMissing)
	}
	if err := s.Limiter.Allow(ctx, ratelimit.OTPCheckPerSubject, twoFactorCheckPrefix+userID); err != nil {
		return err
	}
	wrong := false
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		row, err := lockEnabled(ctx, tx, userID)
		if err != nil || row == nil {
			return err
		}
		ok, err := s.spendCode(ctx, tx, row, code)
		if err != nil {
			return err
		}
		if !ok {
			wrong = true
			return errCodeInvalid()
		}
		return nil
	})
	if wrong {
		s.codeFailed(ctx, userID)
	}
	return err
}

// codeFailed counts a wrong two-factor code of userID; the MaxWrongCodes-th in a row locks the
// account and emails its holder (one email: only the update that reaches the limit sends it).
func (s *Service) codeFailed(ctx context.Context, userID string) {
	ctx = context.WithoutCancel(ctx)
	var n int
	var email, companyID string
	err := s.DB.NewRaw(`UPDATE admin_two_factor AS tf SET failed_codes = failed_codes + 1,
			locked_at = CASE WHEN failed_codes + 1 >= ? THEN coalesce(locked_at, ?) ELSE locked_at END
		FROM users AS u WHERE tf.user_id = ? AND u.id = tf.user_id AND tf.enabled_at IS NOT NULL
		RETURNING tf.failed_codes, u.email, u.company_id`, MaxWrongCodes, s.Clock.Now(), userID).Scan(ctx, &n, &email, &companyID)
	if err != nil {
		if !errors.Is(err, sql.ErrNoRows) && s.Log != nil {
			s.Log.Error("count a wrong two-factor code", "user", userID, "err", err)
		}
		return
	}
	if n == MaxWrongCodes {
		s.notify(ctx, companyID, email, "Your %s two-factor sign-in is locked",
			fmt.Sprintf("%d wrong two-factor codes were entered for your admin account in a row, so its two-factor sign-in is now locked. "+
				"Ask your company's owner to reset it. If it was not you, someone knows your password: change it once you are back in.", MaxWrongCodes))
	}
}

// ResetTwoFactorLock unlocks the two-factor sign-in of admin targetID, locked by wrong codes.
// The company's owner may (actor an admin of companyID; not their own: they would be locked out
// of the admin site), and so may the super admin (companyID ""). Audited.
func (s *Service) ResetTwoFactorLock(ctx context.Context, actor audit.Actor, companyID, targetID string) error {
	if !fields.UUID(targetID) {
		return errUserNotFound
	}
	if companyID != "" {
		owner, err := companyOwner(ctx, s.DB, companyID)
		if err != nil {
			return err
		}
		if owner == "" || owner != actor.ID {
			return errOwnerOnlyReset
		}
	}
	return s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		q := tx.NewSelect().Model((*User)(nil)).Column("id").Where("id = ?", targetID).Where("role = ?", RoleAdmin).Where("deleted_at IS NULL")
		if companyID != "" {
			q = q.Where("company_id = ?", companyID)
		}
		if ok, err := q.Exists(ctx); err != nil {
			return err
		} else if !ok {
			return errUserNotFound
		}
		res, err := tx.NewRaw(`UPDATE admin_two_factor SET failed_codes = 0, locked_at = NULL, updated_at = ?
			WHERE user_id = ? AND locked_at IS NOT NULL`, s.Clock.Now(), targetID).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return errNotLocked
		}
		return audit.Write(ctx, tx, actor, "admin.2fa.reset", "user", targetID,
			map[string]bool{"twoFactorLocked": true}, map[string]bool{"twoFactorLocked": false})
	})
}

// noticeEmailChanged tells the old address that the account's email changed (after the commit:
// a failure to queue it is logged, the change stands).
func (s *Service) noticeEmailChanged(ctx context.Context, companyID, oldEmail, newEmail string) {
	s.notify(ctx, companyID, oldEmail, "The email of your %s account was changed",
		"The email of your account was changed to "+newEmail+" by an admin, and every session of the account was signed out. "+
			"If you did not expect this, contact the company at once.")
}

// notify queues a security notice to one address, signed by companyID's token and name.
func (s *Service) notify(ctx context.Context, companyID, to, subject, body string) {
	var from mail.From
	if name, err := company.NameOf(ctx, s.DB, companyID); err == nil {
		from.Company = name
		from.Brand, _ = sale.TokenName(ctx, s.DB, companyID)
	}
	if err := mail.Enqueue(context.WithoutCancel(ctx), s.Tasks, mail.SecurityMessage(to, subject, body, from)); err != nil && s.Log != nil {
		s.Log.Error("queue a security notice", "to", to, "err", err)
	}
}
