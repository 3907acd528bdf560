package otp

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"prelaunch/core/apperr"
)

const (
	// TTL is how long a code lives; the super admin's lives 3 minutes (DESIGN §8).
	TTL           = 10 * time.Minute
	SuperAdminTTL = 3 * time.Minute
	// MaxAttempts wrong tries burn a code.
	MaxAttempts = 5
)

// TTLFor is the life of a code of this purpose.
func TTLFor(purpose string) time.Duration {
	if purpose == PurposeSuperAdminLogin {
		return SuperAdminTTL
	}
	return TTL
}

// Service issues and checks codes. Pepper is mixed into the hash so a leaked table of hashes of
// six-digit codes cannot be reversed offline without the server secret.
type Service struct {
	Pepper []byte
	Now    func() time.Time
}

var errInvalid = apperr.Invalid("otp_invalid", "The code is invalid or has expired. Please request a new one.")

// ErrInvalid is the single answer for a wrong, expired, used or burnt code.
func ErrInvalid() error { return errInvalid }

// Issue creates a new code for (purpose, subject, company), voiding any earlier live one, and
// returns the plain code for the email. It runs on db, which may be a transaction.
func (s *Service) Issue(ctx context.Context, db bun.IDB, purpose, subject string, companyID *string) (string, error) {
	code, err := newCode()
	if err != nil {
		return "", err
	}
	subject = normalise(subject)
	now := s.Now()
	q := db.NewUpdate().Model((*OTP)(nil)).Set("consumed_at = ?", now).
		Where("purpose = ?", purpose).Where("subject = ?", subject).Where("consumed_at IS NULL")
	q = whereCompany(q, companyID)
	if _, err := q.Exec(ctx); err != nil {
		return "", fmt.Errorf("void old codes: %w", err)
	}
	o := &OTP{Purpose: purpose, Subject: subject, CompanyID: companyID, CodeHash: s.hash(purpose, subject, code),
		ExpiresAt: now.Add(TTLFor(purpose)), CreatedAt: now}
	if _, err := db.NewInsert().Model(o).Exec(ctx); err != nil {
		return "", fmt.Errorf("insert code: %w", err)
	}
	return code, nil
}

// Verify consumes the live code if it matches. A wrong code counts an attempt; the fifth wrong
// attempt burns the code. Every failure is the same 422, so the answer tells an attacker nothing.
func (s *Service) Verify(ctx context.Context, db bun.IDB, purpose, subject string, companyID *string, code string) error {
	subject = normalise(subject)
	code = strings.TrimSpace(code)
	now := s.Now()
	var o OTP
	q := db.NewSelect().Model(&o).Where("purpose = ?", purpose).Where("subject = ?", subject).
		Where("consumed_at IS NULL").Where("expires_at > ?", now).OrderExpr("created_at DESC").Limit(1).For("UPDATE")
	q = whereCompanySel(q, companyID)
	if err := q.Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return errInvalid
		}
		return err
	}
	if len(code) != 6 || !hmac.Equal([]byte(o.CodeHash), []byte(s.hash(purpose, subject, code))) {
		upd := db.NewUpdate().Model((*OTP)(nil)).Set("attempts = attempts + 1").
			Set("consumed_at = CASE WHEN attempts + 1 >= ? THEN ?::timestamptz ELSE consumed_at END", MaxAttempts, now).
			Where("id = ?", o.ID)
		if _, err := upd.Exec(ctx); err != nil {
			return err
		}
		return errInvalid
	}
	res, err := db.NewUpdate().Model((*OTP)(nil)).Set("consumed_at = ?", now).
		Where("id = ?", o.ID).Where("consumed_at IS NULL").Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errInvalid
	}
	return nil
}

func (s *Service) hash(purpose, subject, code string) string {
	m := hmac.New(sha256.New, s.Pepper)
	m.Write([]byte(purpose + "\x00" + subject + "\x00" + code))
	return hex.EncodeToString(m.Sum(nil))
}

func newCode() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

func normalise(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

func whereCompany(q *bun.UpdateQuery, companyID *string) *bun.UpdateQuery {
	if companyID == nil {
		return q.Where("company_id IS NULL")
	}
	return q.Where("company_id = ?", *companyID)
}

func whereCompanySel(q *bun.SelectQuery, companyID *string) *bun.SelectQuery {
	if companyID == nil {
		return q.Where("company_id IS NULL")
	}
	return q.Where("company_id = ?", *companyID)
}
