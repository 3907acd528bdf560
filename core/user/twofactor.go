package user

import (
	"context"
	"database/sql"
	"errors"
	"prelaunch/core/company"
	"strings"
	"sync"
	"time"

	"github.com/uptrace/bun"

	"prelaunch/core/audit"
	"prelaunch/core/auth"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/prepared"
	"prelaunch/core/infra/ratelimit"
	"prelaunch/core/sale"
	"prelaunch/core/twofactor"
)

// Admin two-factor sign-in. An admin starts the set-up (a pending secret), turns it
// on with a code of that secret (ten recovery codes), and from then on company/auth/login asks
// for a code through a challenge. A company with require2fa restricts its admins without it to
// the set-up calls (RequireEnrolled).

// ErrTwoFactorRequired answers every other admin call of an admin who must enrol first.
var ErrTwoFactorRequired = apperr.Forbidden("two_factor_required", "Your company requires two-factor sign-in. Set it up to continue.")

var (
	errTwoFactorOn       = apperr.Conflict("two_factor_on", "Two-factor sign-in is already on.")
	errTwoFactorOff      = apperr.Conflict("two_factor_off", "Two-factor sign-in is off.")
	errTwoFactorPending  = apperr.Conflict("two_factor_not_started", "Start the two-factor set-up first.")
	errCodeMissing       = "Please enter the code."
	errLoginCodeInvalid  = apperr.Unauthorized("bad_code", "The code is not valid. Please try again.")
	errChallengeExpired  = apperr.Unauthorized("challenge_expired", "Your sign-in has expired. Please log in again.")
	errChallengeMissing  = "The sign-in challenge is missing. Please log in again."
	errPasswordMissing   = "Please enter your current password."
	twoFactorCheckPrefix = "2fa:"
)

// twoFactor is an admin's row of admin_two_factor.
type twoFactor struct {
	bun.BaseModel `bun:"table:admin_two_factor,alias:tf"`

	UserID        string     `bun:"user_id,pk,type:uuid"`
	Secret        []byte     `bun:"secret"`
	PendingSecret []byte     `bun:"pending_secret"`
	EnabledAt     *time.Time `bun:"enabled_at"`
	LastStep      int64      `bun:"last_step,notnull"`
	FailedCodes   int        `bun:"failed_codes,notnull"`
	LockedAt      *time.Time `bun:"locked_at"`
	UpdatedAt     time.Time  `bun:"updated_at,notnull"`
}

// recoveryCode is a row of admin_recovery_codes (the code itself is never stored).
type recoveryCode struct {
	bun.BaseModel `bun:"table:admin_recovery_codes,alias:rc"`

	ID       int64      `bun:"id,pk,autoincrement"`
	UserID   string     `bun:"user_id,type:uuid,notnull"`
	CodeHash string     `bun:"code_hash,notnull"`
	UsedAt   *time.Time `bun:"used_at"`
}

// TwoFactorState is what the Security screen shows: whether the admin signs in with a code, and
// whether their company requires it.
func TwoFactorState(ctx context.Context, db bun.IDB, userID, companyID string) (enabled, required bool, err error) {
	err = db.NewRaw(`SELECT EXISTS (SELECT 1 FROM admin_two_factor WHERE user_id = ? AND enabled_at IS NOT NULL)`,
		userID).Scan(ctx, &enabled)
	if err != nil {
		return false, false, err
	}
	required, err = company.RequiresTwoFactor(ctx, db, companyID)
	return enabled, required, err
}

// twoFactorEnabledSQL is whether the user aliased u has two-factor sign-in on.
const twoFactorEnabledSQL = "EXISTS (SELECT 1 FROM admin_two_factor AS tfe WHERE tfe.user_id = u.id AND tfe.enabled_at IS NOT NULL)"

// LiveWithTwoFactor reads a live (not deleted) user's row and, for an admin, their two-factor
// state (TwoFactorState) in the same statement: what the token check needs of an account. On the
// pool (*bun.DB) it is a prepared statement: each cache miss of the token check (every buyer's
// next call after an approval credits them) would otherwise plan it afresh, 0.2 ms of the
// server's time on the users table's indexes.
func LiveWithTwoFactor(ctx context.Context, db bun.IDB, id string) (*User, auth.TwoFactor, error) {
	var rows []liveRow
	var err error
	if pool, ok := db.(*bun.DB); ok {
		liveOnce.Do(func() { liveSQL = liveQuery(pool, bun.Safe("$1")).String() })
		err = liveStmts.Scan(ctx, pool, &rows, liveSQL, id)
	} else {
		err = liveQuery(db, id).Scan(ctx, &rows)
	}
	if err != nil {
		return nil, auth.TwoFactor{}, err
	}
	if len(rows) == 0 {
		return nil, auth.TwoFactor{}, sql.ErrNoRows
	}
	r := rows[0]
	return &r.User, auth.TwoFactor{Enabled: r.Enabled, Required: r.Required}, nil
}

type liveRow struct {
	User     `bun:",extend"`
	Enabled  bool `bun:"tf_enabled,scanonly"`
	Required bool `bun:"tf_required,scanonly"`
}

var (
	liveStmts prepared.Statements
	liveOnce  sync.Once
	liveSQL   string
)

func liveQuery(db bun.IDB, id any) *bun.SelectQuery {
	return db.NewSelect().Model((*liveRow)(nil)).ColumnExpr("?TableColumns").
		ColumnExpr("u.role = ? AND "+twoFactorEnabledSQL+" AS tf_enabled", RoleAdmin).
		ColumnExpr("u.role = ? AND "+company.RequiresTwoFactorSQL+" AS tf_required", RoleAdmin).
		Where("u.id = ?", id).Where("u.deleted_at IS NULL")
}

// RequireEnrolled refuses (403 two_factor_required) an admin whose company requires two-factor
// sign-in while they have not turned it on. The token check reads both with the account
// (LiveWithTwoFactor) and keeps them in its cache, evicted like a revoked token: in the process
// that made the change after its commit, in every other copy of the server as the notification
// of migration 20261711000100 arrives. So enrolling (or the super admin changing require2fa)
// takes effect on the next call. A principal without them (p.TwoFactor nil) is read here.
func (s *Service) RequireEnrolled(ctx context.Context, p *auth.Principal) error {
	var tf auth.TwoFactor
	if p.TwoFactor != nil {
		tf = *p.TwoFactor
	} else {
		var err error
		if tf.Enabled, tf.Required, err = TwoFactorState(ctx, s.DB, p.ID, p.CompanyID); err != nil {
			return err
		}
	}
	if tf.Required && !tf.Enabled {
		return ErrTwoFactorRequired
	}
	return nil
}

// TwoFactorSetup is the pending secret for the authenticator app.
type TwoFactorSetup struct {
	Secret     string `json:"secret"`
	OtpauthURL string `json:"otpauthUrl"`
}

// SetupTwoFactor makes a new pending secret (replacing any earlier pending one).
func (s *Service) SetupTwoFactor(ctx context.Context, p *auth.Principal) (*TwoFactorSetup, error) {
	issuer, err := company.NameOf(ctx, s.DB, p.CompanyID)
	if err != nil {
		return nil, err
	}
	if name, err := sale.TokenName(ctx, s.DB, p.CompanyID); err != nil {
		return nil, err
	} else if name != "" {
		issuer = name
	}
	secret, url, err := twofactor.NewSecret(issuer, p.Email)
	if err != nil {
		return nil, err
	}
	sealed, err := s.Sealer.Seal(p.ID, secret)
	if err != nil {
		return nil, err
	}
	var ids []string
	err = s.DB.NewRaw(`INSERT INTO admin_two_factor (user_id, pending_secret, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET pending_secret = EXCLUDED.pending_secret, updated_at = EXCLUDED.updated_at
		WHERE admin_two_factor.enabled_at IS NULL RETURNING user_id`, p.ID, sealed, s.Clock.Now()).Scan(ctx, &ids)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, errTwoFactorOn
	}
	return &TwoFactorSetup{Secret: secret, OtpauthURL: url}, nil
}

// TwoFactorEnabled is what turning two-factor on answers: the recovery codes, shown once, and a
// fresh token for the caller (every other session of the account has ended).
type TwoFactorEnabled struct {
	RecoveryCodes []string `json:"recoveryCodes"`
	Token         string   `json:"token"`
}

// EnableTwoFactor turns two-factor on with the current password and a current code of the
// pending secret. Every other session of the account ends (a stolen session cannot keep going
// without the code); the caller gets a fresh token.
func (s *Service) EnableTwoFactor(ctx context.Context, actor audit.Actor, p *auth.Principal, code, password string) (*TwoFactorEnabled, error) {
	code = twofactor.NormCode(code)
	var v apperr.Validation
	v.CheckField(code != "", "code", errCodeMissing)
	v.CheckField(password != "", "password", errPasswordMissing)
	if err := v.Err(); err != nil {
		return nil, err
	}
	if err := s.Limiter.Allow(ctx, ratelimit.OTPCheckPerSubject, twoFactorCheckPrefix+p.ID); err != nil {
		return nil, err
	}
	var u User
	if err := s.DB.NewSelect().Model(&u).Column("id", "company_id", "password_hash").Where("id = ?", p.ID).
		Where("deleted_at IS NULL").Scan(ctx); err != nil {
		return nil, notFoundOr(err, "user_not_found", "User not found.")
	}
	if err := s.checkCurrentPassword(ctx, &u, password, "password"); err != nil {
		return nil, err
	}
	codes, err := twofactor.NewRecoveryCodes()
	if err != nil {
		return nil, err
	}
	var version int
	defer s.revoke(p.ID)
	err = s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var row twoFactor
		err := tx.NewSelect().Model(&row).Where("user_id = ?", p.ID).For("UPDATE").Scan(ctx)
		if errors.Is(err, sql.ErrNoRows) {
			return errTwoFactorPending
		}
		if err != nil {
			return err
		}
		if row.EnabledAt != nil {
			return errTwoFactorOn
		}
		if row.PendingSecret == nil {
			return errTwoFactorPending
		}
		secret, err := s.Sealer.Open(p.ID, row.PendingSecret)
		if err != nil {
			return err
		}
		step := twofactor.Match(secret, code, s.Clock.Now())
		if step == 0 {
			return errCodeInvalid()
		}
		now := s.Clock.Now()
		if _, err := tx.NewUpdate().Model((*twoFactor)(nil)).Where("user_id = ?", p.ID).
			Set("secret = pending_secret").Set("pending_secret = NULL").Set("enabled_at = ?", now).
			Set("last_step = ?", step).Set("updated_at = ?", now).Exec(ctx); err != nil {
			return err
		}
		if _, err := tx.NewDelete().Model((*recoveryCode)(nil)).Where("user_id = ?", p.ID).Exec(ctx); err != nil {
			return err
		}
		rows := make([]recoveryCode, len(codes))
		for i, c := range codes {
			rows[i] = recoveryCode{UserID: p.ID, CodeHash: twofactor.HashRecovery(p.ID, c)}
		}
		if _, err := tx.NewInsert().Model(&rows).Exec(ctx); err != nil {
			return err
		}
		if err := tx.NewUpdate().Model((*User)(nil)).Set("token_version = token_version + 1").Set("updated_at = ?", now).
			Where("id = ?", p.ID).Returning("token_version").Scan(ctx, &version); err != nil {
			return err
		}
		return audit.Write(ctx, tx, actor, "admin.2fa.enable", "user", p.ID,
			map[string]bool{"twoFactor": false}, map[string]bool{"twoFactor": true})
	})
	if err != nil {
		return nil, err
	}
	tok, err := s.Tokens.Issue(p.ID, u.CompanyID, RoleAdmin, auth.AudienceAdmin, version)
	if err != nil {
		return nil, err
	}
	return &TwoFactorEnabled{RecoveryCodes: codes, Token: tok}, nil
}

// DisableTwoFactor turns two-factor off with a code (or a recovery code) and the current password.
func (s *Service) DisableTwoFactor(ctx context.Context, actor audit.Actor, p *auth.Principal, code, password string) error {
	code = twofactor.NormCode(code)
	var v apperr.Validation
	v.CheckField(code != "", "code", errCodeMissing)
	v.CheckField(password != "", "password", errPasswordMissing)
	if err := v.Err(); err != nil {
		return err
	}
	if err := s.Limiter.Allow(ctx, ratelimit.OTPCheckPerSubject, twoFactorCheckPrefix+p.ID); err != nil {
		return err
	}
	var u User
	if err := s.DB.NewSelect().Model(&u).Column("id", "password_hash").Where("id = ?", p.ID).
		Where("deleted_at IS NULL").Scan(ctx); err != nil {
		return notFoundOr(err, "user_not_found", "User not found.")
	}
	if err := s.checkCurrentPassword(ctx, &u, password, "password"); err != nil {
		return err
	}
	wrong := false
	defer func() {
		if wrong {
			s.codeFailed(ctx, p.ID)
		}
	}()
	defer s.revoke(p.ID) // the cached two-factor state (the other processes: the notification)
	return s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		row, err := lockEnabled(ctx, tx, p.ID)
		if err != nil {
			return err
		}
		if row == nil {
			return errTwoFactorOff
		}
		ok, err := s.spendCode(ctx, tx, row, code)
		if err != nil {
			return err
		}
		if !ok {
			wrong = true
			return errCodeInvalid()
		}
		if _, err := tx.NewDelete().Model((*twoFactor)(nil)).Where("user_id = ?", p.ID).Exec(ctx); err != nil {
			return err
		}
		if _, err := tx.NewDelete().Table("admin_recovery_codes").Where("user_id = ?", p.ID).Exec(ctx); err != nil {
			return err
		}
		return audit.Write(ctx, tx, actor, "admin.2fa.disable", "user", p.ID,
			map[string]bool{"twoFactor": true}, map[string]bool{"twoFactor": false})
	})
}

// lockEnabled reads and locks an admin's enabled two-factor row; nil when it is off.
func lockEnabled(ctx context.Context, tx bun.Tx, userID string) (*twoFactor, error) {
	var row twoFactor
	err := tx.NewSelect().Model(&row).Where("user_id = ?", userID).Where("enabled_at IS NOT NULL").For("UPDATE").Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &row, nil
}

// spendCode accepts a TOTP code of a time step after the last one accepted, or an unused
// recovery code, and records it as used (in tx, with the row locked), so each works once. A
// right code clears the count of wrong ones; a locked account takes no code at all (the caller
// counts a wrong one with codeFailed, outside its transaction, which rolls back).
func (s *Service) spendCode(ctx context.Context, tx bun.Tx, row *twoFactor, code string) (bool, error) {
	if row.LockedAt != nil {
		return false, ErrTwoFactorLocked
	}
	ok, err := s.matchCode(ctx, tx, row, code)
	if ok && err == nil && row.FailedCodes > 0 {
		_, err = tx.NewUpdate().Model((*twoFactor)(nil)).Where("user_id = ?", row.UserID).Set("failed_codes = 0").Exec(ctx)
	}
	return ok && err == nil, err
}

func (s *Service) matchCode(ctx context.Context, tx bun.Tx, row *twoFactor, code string) (bool, error) {
	if twofactor.IsTOTP(code) {
		secret, err := s.Sealer.Open(row.UserID, row.Secret)
		if err != nil {
			return false, err
		}
		step := twofactor.Match(secret, code, s.Clock.Now())
		if step == 0 || step <= row.LastStep {
			return false, nil
		}
		_, err = tx.NewUpdate().Model((*twoFactor)(nil)).Where("user_id = ?", row.UserID).
			Set("last_step = ?", step).Set("updated_at = ?", s.Clock.Now()).Exec(ctx)
		return err == nil, err
	}
	if len(code) > 32 {
		return false, nil
	}
	res, err := tx.NewUpdate().Model((*recoveryCode)(nil)).Set("used_at = ?", s.Clock.Now()).
		Where("user_id = ?", row.UserID).Where("code_hash = ?", twofactor.HashRecovery(row.UserID, code)).
		Where("used_at IS NULL").Exec(ctx)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// AdminLoginTwoFactor finishes a sign-in with the challenge and a code: 5 wrong codes burn the
// challenge, a right one consumes it and answers the admin token.
func (s *Service) AdminLoginTwoFactor(ctx context.Context, challenge, code, ip string) (string, error) {
	challenge = strings.TrimSpace(challenge)
	code = twofactor.NormCode(code)
	var v apperr.Validation
	v.CheckField(challenge != "", "challenge", errChallengeMissing)
	v.CheckField(code != "", "code", errCodeMissing)
	if err := v.Err(); err != nil {
		return "", err
	}
	if err := s.Limiter.Allow(ctx, ratelimit.OTPCheckPerIP, twoFactorCheckPrefix+ip); err != nil {
		return "", err
	}
	ch, err := s.Challenges.Get(ctx, challenge)
	if errors.Is(err, twofactor.ErrNoChallenge) {
		return "", errChallengeExpired
	}
	if err != nil {
		return "", errRedis(err)
	}
	if err := s.Limiter.Allow(ctx, ratelimit.OTPCheckPerSubject, twoFactorCheckPrefix+ch.UserID); err != nil {
		return "", err
	}
	wrong := false
	var u User
	err = s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		row, err := lockEnabled(ctx, tx, ch.UserID)
		if err != nil {
			return err
		}
		if row == nil { // turned off since the password step
			return errChallengeExpired
		}
		ok, err := s.spendCode(ctx, tx, row, code)
		if err != nil {
			return err
		}
		if !ok {
			wrong = true
			return errLoginCodeInvalid
		}
		if err := tx.NewSelect().Model(&u).Column("id", "company_id", "role", "status", "token_version").
			Where("id = ?", ch.UserID).Where("company_id = ?", ch.CompanyID).Where("deleted_at IS NULL").Scan(ctx); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return errChallengeExpired
			}
			return err
		}
		if u.Status != StatusActive || u.Role != RoleAdmin {
			return errChallengeExpired
		}
		status, err := company.StatusOf(ctx, tx, u.CompanyID)
		if err != nil {
			return err
		}
		if status == company.StatusSuspended {
			return ErrCompanySuspended
		}
		// Last: only one request signs in with a challenge; a loser's transaction rolls back,
		// so its code is not spent.
		won, err := s.Challenges.Consume(ctx, challenge)
		if err != nil {
			return errRedis(err)
		}
		if !won {
			return errChallengeExpired
		}
		return nil
	})
	if wrong {
		s.codeFailed(ctx, ch.UserID)
		if ferr := s.Challenges.Fail(ctx, challenge); ferr != nil {
			return "", errRedis(ferr)
		}
	}
	if err != nil {
		return "", err
	}
	return s.Tokens.Issue(u.ID, u.CompanyID, RoleAdmin, auth.AudienceAdmin, u.TokenVersion)
}

func errRedis(err error) error {
	return apperr.Unavailable("redis_unavailable", "This action is temporarily unavailable. Please try again shortly.", err)
}

// errCodeInvalid is the 422 of a wrong two-factor code, beside the request's "code".
func errCodeInvalid() error {
	return apperr.InvalidField("bad_code", "code", "The code is not valid. Please try again.")
}
